/**
 * Views of a split job (`POST /splitter/split-pdf-v1`, `GET /splitter/{job_id}`): status,
 * progress, the original's `file_url` and `file_name`, the `parameters` used (`classes`,
 * `category_descriptions`), `result` ({success, message, files}) only when completed,
 * `error`, `quota_remaining`.
 */
import { pathToFileURL } from 'node:url';
import type { JobRecord, ReadOptions } from '../../model/job.js';
import type { SplitOptions } from './options.js';
import { pageClassProgress, threeState } from '../../render/page-class-status.js';

export interface SplitCreationResponse {
  job_id: string;
  status: 'processing';
  message: string;
  quota_remaining: number;
}

export interface SplitJobView {
  job_id: string;
  status: 'processing' | 'completed' | 'failed';
  progress: string;
  file_url: string | null;
  file_name: string;
  parameters: { classes: string[]; category_descriptions: Record<string, string> };
  result: unknown;
  error: string | null;
  quota_remaining: number;
}

export function splitJobView(rec: JobRecord, o: SplitOptions | undefined, quotaRemaining: number): SplitJobView {
  const status = threeState(rec);
  const progress = pageClassProgress(rec, 'Split');
  return {
    job_id: rec.id,
    status,
    progress,
    file_url: rec.location && !/^[a-z][a-z0-9+.-]*:/i.test(rec.location) ? pathToFileURL(rec.location).href : rec.location,
    file_name: rec.fileName,
    parameters: { classes: o?.classes ?? [], category_descriptions: o?.descriptions ?? {} },
    result: status === 'completed' ? rec.result : null,
    error: status === 'failed' ? (rec.message ?? 'Split failed') : null,
    quota_remaining: quotaRemaining,
  };
}

export const splitViews = {
    created: (job: JobRecord, _o: unknown, quotaRemaining: number): SplitCreationResponse => ({
      job_id: job.id,
      status: 'processing',
      message: 'Split job created. Poll GET /splitter/{job_id} (engine.wait(job_id)) until the status is completed or failed.',
      quota_remaining: quotaRemaining,
    }),
    status: (job: JobRecord, o: SplitOptions, read: ReadOptions) => splitJobView(job, o, read.quotaRemaining ?? 0),
    succeeded: (v: SplitJobView) => v.status === 'completed',
    failure: (v: SplitJobView) => `split failed: ${v.error ?? 'unknown reason'}`,
};
