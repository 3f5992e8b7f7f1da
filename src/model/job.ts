/**
 * The job record: what a job store keeps about one job. It lives in model/ (the lowest
 * room) because every floor reads it: the job layer writes it, each operation's views turn
 * it into that operation's response shapes, and stores persist it.
 */
export type JobState = 'starting' | 'processing' | 'succeeded' | 'failed' | 'cancelled';

export interface JobRecord {
  id: string;
  /** Registry name of the operation (operations/registry.ts). */
  operation: string;
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
  /**
   * The validated options, as the operation's validate() returned them at submission; views
   * read these instead of validating the configuration again.
   */
  options: unknown;
  creditUsed: number;
  /** SHA-256 of the input bytes, once loaded. */
  inputHash: string | null;
  message: string | null;
  /**
   * Operation result (e.g. chunks) when held in the record; the engine keeps results in the
   * blob store instead (`resultKey`) and fills this in when a job is read.
   */
  result: unknown;
  /** Blob key of the input copy made at submission (bytes inputs); null otherwise. */
  inputKey?: string | null;
  /** Blob key of the stored result (JSON), once succeeded. */
  resultKey?: string | null;
  progress: { done: number; total: number } | null;
  /**
   * The submitted options as given (before validation), kept so that after a restart a
   * durable store's unfinished jobs can be validated and queued again (Engine.recover).
   */
  request?: { options: Record<string, unknown> };
  /** Who submitted the job (the HTTP server's API key name); absent for library calls. */
  owner?: string;
}

/** How a reader wants a finished job shown (parse family; other operations may ignore it). */
export interface ReadOptions {
  /** Include the `chunks` array (default true). */
  includeChunks: boolean;
  /** Segment images as data URIs instead of file URLs (default false). */
  base64Images: boolean;
  /** Page credits left to the engine, for views that show `quota_remaining` (set by the engine). */
  quotaRemaining?: number;
}

export const TERMINAL_STATES: ReadonlySet<JobState> = new Set(['succeeded', 'failed', 'cancelled']);
