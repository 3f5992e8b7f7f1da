/**
 * Status words the spec gives classification and split jobs alike (`processing`, `completed`,
 * `failed`, and a human-readable `progress`). Both operations walk pages the same way, so the
 * wording lives here once, one floor below the two sibling operations.
 */
import type { JobRecord } from '../model/job.js';

export type ThreeStateStatus = 'processing' | 'completed' | 'failed';

type StateLike = Pick<JobRecord, 'state' | 'progress'>;

export function threeState(rec: Pick<JobRecord, 'state'>): ThreeStateStatus {
  if (rec.state === 'succeeded') return 'completed';
  if (rec.state === 'failed' || rec.state === 'cancelled') return 'failed';
  return 'processing';
}

/** `progress`: "<noun> completed" / "<noun> failed", else the page counter or the stage. */
export function pageClassProgress(rec: StateLike, noun: string): string {
  const status = threeState(rec);
  if (status === 'completed') return `${noun} completed`;
  if (status === 'failed') return `${noun} failed`;
  if (rec.progress && rec.progress.total > 0) return `Classifying page ${Math.max(1, rec.progress.done)} of ${rec.progress.total}`;
  return rec.state === 'starting' ? 'Queued' : 'Reading document';
}
