/**
 * Where job records live. The engine talks only to this interface, so a durable store
 * (or a distributed queue's backing store) can replace the in-memory one. State changes
 * are compare-and-set (`expect`): a runner moves a job to processing only if it is still
 * starting, and a finish never overwrites a cancel, whichever process made it.
 */
import type { JobRecord, JobState } from '../model/job.js';

export type { JobRecord, JobState };
/** An operation's registry name (operations/registry.ts). */
export type OperationName = string;

/** A compare-and-set update found the job in another state than expected. */
export class JobConflictError extends Error {
  constructor(
    readonly jobId: string,
    readonly actual: JobState,
    readonly expected: JobState,
  ) {
    super(`job ${jobId} is ${actual}, not ${expected}`);
  }
}

export interface JobFilter {
  operation?: OperationName;
  state?: JobState;
  /** At most this many, in creation order. */
  limit?: number;
}

export interface UpdateOptions {
  /**
   * The new version is applied only once this resolves; a rejection fails the update and
   * changes nothing. Meanwhile a store may prepare the write (the file store writes and
   * fsyncs the new record beside the old one): the engine's finishing write of a job whose
   * result file is still being written (result-cache.ts) then costs no fsync after it.
   */
  after?: Promise<unknown> | (() => Promise<unknown>);
}

/**
 * An update's `after` as a promise. A function is called by the store once its own
 * preparation no longer needs this thread (the file store: its new record's fsync issued), so
 * that work done by the function (serializing a result) runs beside that fsync; a store that
 * prepares nothing calls it at once, here.
 */
export function startAfter(after: UpdateOptions['after']): Promise<unknown> | undefined {
  if (typeof after !== 'function') return after;
  try {
    return after();
  } catch (err) {
    return Promise.reject(err);
  }
}

export interface JobStore {
  /**
   * True when create() makes the record readable (get) at once, before its write resolves,
   * and applies the job's later updates only after that write: a job on a process-local
   * queue may then start while its record is still being made durable (jobs/start-early.ts).
   */
  readonly createVisibleAtOnce?: boolean;
  create(rec: JobRecord): Promise<void>;
  get(id: string): Promise<JobRecord | undefined>;
  /** Applies the patch; with `expect`, only if the job is in that state (else JobConflictError). */
  update(id: string, patch: Partial<JobRecord>, expect?: { state: JobState }, opts?: UpdateOptions): Promise<JobRecord>;
  list(filter?: JobFilter): Promise<JobRecord[]>;
  /** Forget a job (its files are the engine's to remove). */
  delete(id: string): Promise<void>;
}

/** Records kept in process memory. Copies on read so callers cannot mutate the store. */
export class MemoryJobStore implements JobStore {
  // No createVisibleAtOnce: its create is instant, so starting a job before it resolves gains
  // nothing, and the library keeps its old order (a job submitted is queued until the next turn).
  private readonly jobs = new Map<string, JobRecord>();

  async create(rec: JobRecord): Promise<void> {
    if (this.jobs.has(rec.id)) throw new Error(`duplicate job id ${rec.id}`);
    this.jobs.set(rec.id, { ...rec });
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const r = this.jobs.get(id);
    return r ? { ...r } : undefined;
  }

  async update(id: string, patch: Partial<JobRecord>, expect?: { state: JobState }, opts: UpdateOptions = {}): Promise<JobRecord> {
    if (opts.after) await startAfter(opts.after);
    const r = this.jobs.get(id);
    if (!r) throw new Error(`unknown job ${id}`);
    if (expect && r.state !== expect.state) throw new JobConflictError(id, r.state, expect.state);
    Object.assign(r, patch);
    return { ...r };
  }

  async list(filter: JobFilter = {}): Promise<JobRecord[]> {
    const out: JobRecord[] = [];
    for (const r of this.jobs.values()) {
      if (filter.operation !== undefined && r.operation !== filter.operation) continue;
      if (filter.state !== undefined && r.state !== filter.state) continue;
      out.push({ ...r });
      if (filter.limit !== undefined && out.length >= filter.limit) break;
    }
    return out;
  }

  async delete(id: string): Promise<void> {
    this.jobs.delete(id);
  }
}
