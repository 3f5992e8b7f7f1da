/**
 * Views of a classification job (`POST /classify`, `GET /classify/{job_id}`): status
 * `processing` / `completed` / `failed`, a human-readable `progress` ("Classifying page 2 of
 * 5", "Classification completed", "Classification failed"), `error`, and `result` only when
 * completed (README.md documents the result object).
 */
import type { JobRecord } from '../../model/job.js';
import { pageClassProgress, threeState, type ThreeStateStatus } from '../../render/page-class-status.js';

export type { ThreeStateStatus };

export interface ClassificationCreationResponse {
  job_id: string;
  status: 'processing';
  message: string;
  quota_remaining: number;
}

export interface ClassificationJobView {
  job_id: string;
  status: ThreeStateStatus;
  progress: string;
  error: string | null;
  result: unknown;
}

type JobLike = Pick<JobRecord, 'id' | 'state' | 'message' | 'result' | 'progress'>;

export function classificationJobView(rec: JobLike): ClassificationJobView {
  const status = threeState(rec);
  const progress = pageClassProgress(rec, 'Classification');
  return {
    job_id: rec.id,
    status,
    progress,
    error: status === 'failed' ? (rec.message ?? 'Classification failed') : null,
    result: status === 'completed' ? rec.result : null,
  };
}

export const classifyViews = {
  created: (job: JobRecord, _o: unknown, quotaRemaining: number): ClassificationCreationResponse => ({
    job_id: job.id,
    status: 'processing',
    message: 'Classification job created. Poll GET /classify/{job_id} (engine.wait(job_id)) until the status is completed or failed.',
    quota_remaining: quotaRemaining,
  }),
  status: (job: JobRecord) => classificationJobView(job),
  succeeded: (v: ClassificationJobView) => v.status === 'completed',
  failure: (v: ClassificationJobView) => `classification failed: ${v.error ?? 'unknown reason'}`,
};
