/**
 * The page quota, in one place: a job reserves pages once it knows its page count (the most
 * it reserves is what it is charged), gives them back if it fails or is cancelled, and
 * keeps them when it succeeds.
 */
import { ProcessingError } from '../errors.js';

export class PageQuota {
  private used = 0;
  private readonly held = new Map<string, number>();

  constructor(private readonly total: number) {}

  get remaining(): number {
    return Math.max(0, this.total - this.used);
  }

  /** Raises the job's reservation to `pages` (never lowers it); throws when the quota cannot cover it. */
  reserve(jobId: string, pages: number): void {
    const had = this.held.get(jobId) ?? 0;
    if (pages <= had) return;
    if (pages - had > this.remaining) throw new ProcessingError('processing_error', `Insufficient page quota: the job needs ${pages} pages, ${this.remaining + had} remain.`);
    this.used += pages - had;
    this.held.set(jobId, pages);
  }

  /** The pages the job holds now (what it will have used if it succeeds). */
  reserved(jobId: string): number {
    return this.held.get(jobId) ?? 0;
  }

  /** The job succeeded: its reservation is spent. Returns the credits it used. */
  commit(jobId: string): number {
    const n = this.held.get(jobId) ?? 0;
    this.held.delete(jobId);
    return n;
  }

  /** The job failed or was cancelled: its pages come back. */
  release(jobId: string): void {
    this.used -= this.held.get(jobId) ?? 0;
    this.held.delete(jobId);
  }
}
