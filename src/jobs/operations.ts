/**
 * The operations the engine can run as jobs. Each entry validates its options at
 * submission, says what configuration to echo, and runs the job.
 */
import type { LoadedInput } from '../input/resolve-input.js';
import type { WorkerPool } from '../workers/pool.js';
import { publicConfiguration, validateParseOptions, type ParseOptions } from '../operations/parse/options.js';
import { runParse } from '../operations/parse/run-parse.js';
import type { OperationName } from './job-store.js';

export interface RunContext<O> {
  jobId: string;
  input: LoadedInput;
  options: O;
  pool: WorkerPool;
  signal: AbortSignal;
  maxPages: number;
  /** file:// URL of the kept copy of the input. */
  storedInputUrl: string;
  /** Folder for files the job generates (segment images, exports). */
  jobDir: string;
  reservePages(count: number): void;
  progress(done: number, total: number): void;
}

export interface OperationSpec<O> {
  validate(raw: Record<string, unknown>): O;
  configuration(o: O): Record<string, unknown>;
  mergeTables(o: O): boolean;
  run(ctx: RunContext<O>): Promise<unknown>;
}

const parse: OperationSpec<ParseOptions> = {
  validate: validateParseOptions,
  configuration: publicConfiguration,
  mergeTables: (o) => o.merge_tables,
  run: async (ctx) => ({ ...(await runParse(ctx)), pdf_url: ctx.input.type === 'pdf' ? ctx.storedInputUrl : null }),
};

export const operations: Record<OperationName, OperationSpec<any>> = {
  parse,
  parse_excel: parse, // replaced by the spreadsheet pipeline
};
