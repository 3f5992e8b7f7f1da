/**
 * Views of a classification job (`POST /classify`, `GET /classify/{job_id}`): status
 * `processing` / `completed` / `failed`, a human-readable `progress` ("Classifying page 2 of
 * 5", "Classification completed", "Classification failed"), `error`, and `result` only when
 * completed (README.md documents the result object).
 */
import type { JobRecord } from '../../model/job.js';

export type ThreeStateStatus = 'processing' | 'completed' | 'failed';

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

function threeState(rec: JobLike): ThreeStateStatus {
  if (rec.state === 'succeeded') return 'completed';
  if (rec.state === 'failed' || rec.state === 'cancelled') return 'failed';
  return 'processing';
}

export function classificationJobView(rec: JobLike): ClassificationJobView {
  const status = threeState(rec);
  const progress =
    status === 'completed'
      ? 'Classification completed'
      : status === 'failed'
        ? 'Classification failed'
        : rec.progress && rec.progress.total > 0
          ? `Classifying page ${Math.max(1, rec.progress.done)} of ${rec.progress.total}`
          : rec.state === 'starting'
            ? 'Queued'
            : 'Reading document';
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
