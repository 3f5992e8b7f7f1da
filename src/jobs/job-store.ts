/**
 * Where job records live. The engine talks only to this interface, so a durable store
 * (or a distributed queue's backing store) can replace the in-memory one.
 */
import type { JobRecord, JobState } from '../model/job.js';

export type { JobRecord, JobState };
/** An operation's registry name (operations/registry.ts). */
export type OperationName = string;

/** Filter of JobStore.list: only records in one of these states. */
export interface JobFilter {
  states?: JobState[];
}

/** A compare-and-set update found the record in another state than expected. */
export class JobStateConflictError extends Error {
  constructor(id: string, expected: JobState, actual: JobState) {
    super(`job ${id} is ${actual}, expected ${expected}`);
    this.name = 'JobStateConflictError';
  }
}

export interface JobStore {
  create(rec: JobRecord): Promise<void>;
  get(id: string): Promise<JobRecord | undefined>;
  /** Merge `patch` into the record; with `expect`, only if its state is still `expect.state` (else JobStateConflictError). */
  update(id: string, patch: Partial<JobRecord>, expect?: { state: JobState }): Promise<JobRecord>;
  list(filter?: JobFilter): Promise<JobRecord[]>;
  /** Forget a job (its files are the engine's to remove). */
  delete(id: string): Promise<void>;
}

/** Records kept in process memory. Copies on read so callers cannot mutate the store. */
export class MemoryJobStore implements JobStore {
  private readonly jobs = new Map<string, JobRecord>();

  async create(rec: JobRecord): Promise<void> {
    if (this.jobs.has(rec.id)) throw new Error(`duplicate job id ${rec.id}`);
    this.jobs.set(rec.id, { ...rec });
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const r = this.jobs.get(id);
    return r ? { ...r } : undefined;
  }

  async update(id: string, patch: Partial<JobRecord>, expect?: { state: JobState }): Promise<JobRecord> {
    const r = this.jobs.get(id);
    if (!r) throw new Error(`unknown job ${id}`);
    if (expect && r.state !== expect.state) throw new JobStateConflictError(id, expect.state, r.state);
    Object.assign(r, patch);
    return { ...r };
  }

  async list(filter: JobFilter = {}): Promise<JobRecord[]> {
    return [...this.jobs.values()].filter((r) => !filter.states || filter.states.includes(r.state)).map((r) => ({ ...r }));
  }

  async delete(id: string): Promise<void> {
    this.jobs.delete(id);
  }
}
