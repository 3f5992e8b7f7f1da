/**
 * Where job records live. The engine talks only to this interface, so a durable store
 * (or a distributed queue's backing store) can replace the in-memory one.
 */
import type { JobRecord, JobState } from '../model/job.js';

export type { JobRecord, JobState };
/** An operation's registry name (operations/registry.ts). */
export type OperationName = string;

export interface JobStore {
  create(rec: JobRecord): Promise<void>;
  get(id: string): Promise<JobRecord | undefined>;
  update(id: string, patch: Partial<JobRecord>): Promise<JobRecord>;
  list(): Promise<JobRecord[]>;
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

  async update(id: string, patch: Partial<JobRecord>): Promise<JobRecord> {
    const r = this.jobs.get(id);
    if (!r) throw new Error(`unknown job ${id}`);
    Object.assign(r, patch);
    return { ...r };
  }

  async list(): Promise<JobRecord[]> {
    return [...this.jobs.values()].map((r) => ({ ...r }));
  }

  async delete(id: string): Promise<void> {
    this.jobs.delete(id);
  }
}
