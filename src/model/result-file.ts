/**
 * A job result that was written to a file instead of being returned as an object: what a
 * worker (or an operation's run) hands back for a result too large to copy between threads
 * and keep in memory (issue 21: a 1M-formula workbook's result is ~118 M characters, and each
 * copy of it — worker, structured clone, cache, read-back — cost hundreds of MB). The job
 * layer records the file as the job's result (`resultKey`) without reading it; views read it
 * lazily (render/chunk-lines.ts). A plain object, so it survives structured cloning.
 */

export const RESULT_FILE_KIND = 'quire.result-file';

export interface ResultFileRef {
  kind: typeof RESULT_FILE_KIND;
  /** Absolute path of the file (inside the job's folder). */
  path: string;
  /** Characters of JSON written. */
  chars: number;
  /** Number of chunks in the file. */
  chunkCount: number;
  /** Every member of the result except `chunks` (page_count, notes, skipped_pages, …). */
  header: Record<string, unknown>;
}

/** Where a job may write its result file, and from what size it should (RunContext, task payloads). */
export interface ResultFileTarget {
  path: string;
  /** A result of fewer JSON characters stays an object (copying it is cheaper than a file round trip). */
  minChars: number;
}

export function isResultFileRef(v: unknown): v is ResultFileRef {
  return typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === RESULT_FILE_KIND && typeof (v as { path?: unknown }).path === 'string';
}
