/**
 * A JobStore that writes one structured log line (pino, JSON) per state change it makes,
 * with the job id, so a worker's log shows which jobs it started and how each ended — and a
 * test (or an operator) can count, across workers, how many times a job ran to completion.
 */
import type { Logger } from 'pino';
import type { JobFilter, JobRecord, JobState, JobStore, UpdateOptions } from '../job-store.js';

export class LoggedJobStore implements JobStore {
  constructor(
    private readonly inner: JobStore,
    private readonly log: Logger,
  ) {}

  create(rec: JobRecord): Promise<void> {
    return this.inner.create(rec);
  }

  get(id: string): Promise<JobRecord | undefined> {
    return this.inner.get(id);
  }

  async update(id: string, patch: Partial<JobRecord>, expect?: { state: JobState }, opts?: UpdateOptions): Promise<JobRecord> {
    try {
      const rec = await this.inner.update(id, patch, expect, opts);
      if (patch.state) this.log.info({ job_id: id, state: patch.state, ...(patch.message ? { message: patch.message } : {}) }, `job ${patch.state}`);
      return rec;
    } catch (err) {
      if (patch.state) this.log.warn({ job_id: id, state: patch.state, err: (err as Error).message }, 'job state change refused');
      throw err;
    }
  }

  list(filter?: JobFilter): Promise<JobRecord[]> {
    return this.inner.list(filter);
  }

  delete(id: string): Promise<void> {
    return this.inner.delete(id);
  }
}
