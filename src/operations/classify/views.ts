/**
 * The classification job as the spec shows it (`GET /classify/{job_id}`): status
 * `processing` / `completed` / `failed`, a human-readable `progress`, `error`, and `result`
 * only when completed. Reads a job record through a structural type so this room does not
 * import the job layer above it.
 */

export interface JobLike {
  id: string;
  state: 'starting' | 'processing' | 'succeeded' | 'failed' | 'cancelled';
  message: string | null;
  result: unknown;
  progress: { done: number; total: number } | null;
}

export type ThreeStateStatus = 'processing' | 'completed' | 'failed';

export interface ClassificationJobView {
  job_id: string;
  status: ThreeStateStatus;
  progress: string;
  error: string | null;
  result: unknown;
}

export function threeState(rec: JobLike): ThreeStateStatus {
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
