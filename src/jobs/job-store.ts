/**
 * Where job records live. The engine talks only to this interface, so a durable store
 * (or a distributed queue's backing store) can replace the in-memory one.
 */
export type JobState = 'starting' | 'processing' | 'succeeded' | 'failed' | 'cancelled';

export type OperationName = 'parse' | 'parse_excel' | 'tables' | 'classify' | 'split';

export interface JobRecord {
  id: string;
  operation: OperationName;
  state: JobState;
  fileName: string;
  mimeType: string | null;
  /** Path or URL of the original input; null for bytes. */
  location: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** The options used (public form, no secrets). */
  configuration: Record<string, unknown>;
  creditUsed: number;
  /** SHA-256 of the input bytes, once loaded. */
  inputHash: string | null;
  message: string | null;
  /** Operation result (e.g. chunks); present once succeeded. */
  result: unknown;
  progress: { done: number; total: number } | null;
}

export interface JobStore {
  create(rec: JobRecord): Promise<void>;
  get(id: string): Promise<JobRecord | undefined>;
  update(id: string, patch: Partial<JobRecord>): Promise<JobRecord>;
  list(): Promise<JobRecord[]>;
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
}
