/**
 * What an operation is to the job layer, the CLI and (later) the HTTP routes: everything
 * about it lives in its own folder (`operations/<op>/operation.ts` with its options, run and
 * views) and the registry (registry.ts) lists it. The engine and the CLI are generic over
 * this interface, so adding an operation never touches them.
 */
import type { LayoutModelRef } from '../engines/layout/model-ref.js';
import type { InputDescriptor, LoadedInput } from '../input/resolve-input.js';
import type { JobRecord, ReadOptions } from '../model/job.js';
import type { LlmEndpoint } from '../model/llm-endpoint.js';
import type { QuireDocument } from '../model/quire-document.js';
import type { ResultFileTarget } from '../model/result-file.js';
import type { WorkerPool } from '../workers/pool.js';
import type { TaskHandlers } from './tasks.js';

/** What a running job gets from the engine: its input, options and capabilities. */
export interface RunContext<O> {
  jobId: string;
  input: LoadedInput;
  options: O;
  pool: WorkerPool<TaskHandlers>;
  signal: AbortSignal;
  maxPages: number;
  /** The layout model the workers use (null: none). */
  layoutModel: LayoutModelRef | null;
  /** The engine's language-model endpoint for extraction (EngineConfig.extractionLlm; null/absent: none). */
  extractionLlm?: LlmEndpoint | null;
  /** file:// URL of the kept copy of the input. */
  storedInputUrl: string;
  /** Folder for files the job generates (segment images, exports). */
  jobDir: string;
  /**
   * Where `run` may write a large result instead of returning it (render/chunk-lines.ts);
   * it then returns the ResultFileRef. Absent: results are returned as objects.
   */
  resultFile?: ResultFileTarget;
  /** Called once the page count is known; throws to refuse (quota). */
  reservePages(count: number): void;
  progress(done: number, total: number): void;
  /**
   * The input parsed into the neutral document (the parse operation's pipeline, run inside
   * this job: its pages count toward this job's credits once). `options` are parse options
   * (spec names; e.g. `{ output_fields: '{"image":false}' }` skips segment crops).
   */
  parseDocument(options?: Record<string, unknown>): Promise<QuireDocument>;
}

export interface Operation<O = any, R = any> {
  /** Registry key, used by engine.submit(name, …) and as the CLI command unless `command` says otherwise. */
  name: string;
  /** CLI command name (default: `name`). */
  command?: string;
  /** One line for `quire --help` and `quire <command> --help`. */
  description: string;
  /** GET /jobs `type` (the generic job view). */
  genericType: string;
  /**
   * The spec's resource family whose readers may read this job: 'parse' jobs answer
   * getParseJob (GET /parse/{id}), 'tables' jobs getTablesJob (GET /jobs/{id}/results).
   * A reader of one family answers "job not found" for the others.
   */
  family: string;
  /** Option names accepted besides the keys of publicConfig() (aliases, secrets such as `password`). */
  extraOptionNames?: readonly string[];
  /**
   * The public options with their defaults, for operations whose validate({}) refuses because
   * an option is required (extract's `schema_data`); otherwise publicConfig(validate({})).
   */
  optionDefaults?: Record<string, unknown>;
  /** Validates raw options (ValidationError naming the field: a 400 before any job exists). */
  validate(raw: Record<string, unknown>): O;
  /** Optional submission-time check of the input itself (throws ValidationError). */
  precheck?(input: InputDescriptor): void;
  /**
   * Optional submission-time check that reads the input's bytes (jobs/presubmit.ts loads them
   * only when `wants(options)`): throws to refuse before any job exists (extract's PII pre-flight).
   */
  presubmit?: { wants(o: O): boolean; check(input: LoadedInput, o: O, pool: WorkerPool<TaskHandlers>): Promise<void> };
  /** The options as echoed in the job's configuration (no secrets). Its keys on validate({}) are the option list of `--help`. */
  publicConfig(o: O): Record<string, unknown>;
  run(ctx: RunContext<O>): Promise<R>;
  /** Operations that turn an input into the neutral document offer it here (parse does; ctx.parseDocument uses it). */
  toDocument?(ctx: RunContext<O>): Promise<QuireDocument>;
  views: {
    /** The creation response. */
    created(job: JobRecord, o: O, quotaRemaining: number): unknown;
    /** The status view, in the operation's own status words; `job.result` is set once succeeded. */
    status(job: JobRecord, o: O, read: ReadOptions): unknown;
    /** Whether a terminal view reports success (the CLI's exit status). */
    succeeded(view: any): boolean;
    /** The failure message of a terminal view that did not succeed. */
    failure(view: any): string;
  };
}

/** The option names an operation accepts (canonical names and extras), for the CLI's typo check. */
export function optionNames(op: Operation): string[] {
  return [...new Set([...Object.keys(defaultOptions(op)), ...(op.extraOptionNames ?? [])])];
}

/** The public options with their defaults (`--help`). */
export function defaultOptions(op: Operation): Record<string, unknown> {
  return op.optionDefaults ?? op.publicConfig(op.validate({}));
}
