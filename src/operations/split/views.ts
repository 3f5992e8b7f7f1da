/**
 * The split job as the spec shows it (`GET /splitter/{job_id}`): status, progress, the
 * original's `file_url` and `file_name`, the `parameters` used, `result` only when
 * completed, `error`, `quota_remaining`.
 */
import { pathToFileURL } from 'node:url';
import { threeState, type JobLike } from '../classify/views.js';

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

export function splitJobView(rec: JobLike & { fileName: string; location: string | null; configuration: Record<string, unknown> }, quotaRemaining: number): SplitJobView {
  const status = threeState(rec);
  const progress =
    status === 'completed'
      ? 'Split completed'
      : status === 'failed'
        ? 'Split failed'
        : rec.progress && rec.progress.total > 0
          ? `Classifying page ${Math.max(1, rec.progress.done)} of ${rec.progress.total}`
          : rec.state === 'starting'
            ? 'Queued'
            : 'Reading document';
  return {
    job_id: rec.id,
    status,
    progress,
    file_url: rec.location && !/^[a-z][a-z0-9+.-]*:/i.test(rec.location) ? pathToFileURL(rec.location).href : rec.location,
    file_name: rec.fileName,
    parameters: {
      classes: (rec.configuration.classes as string[] | undefined) ?? [],
      category_descriptions: (rec.configuration.category_descriptions as Record<string, string> | undefined) ?? {},
    },
    result: status === 'completed' ? rec.result : null,
    error: status === 'failed' ? (rec.message ?? 'Split failed') : null,
    quota_remaining: quotaRemaining,
  };
}
