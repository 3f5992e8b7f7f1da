/**
 * The operations the engine can run as jobs. Each entry validates its options at
 * submission, says what configuration to echo, and runs the job.
 */
import type { LoadedInput } from '../input/resolve-input.js';
import type { WorkerPool } from '../workers/pool.js';
import { publicConfiguration, validateParseOptions, type ParseOptions } from '../operations/parse/options.js';
import { runParse } from '../operations/parse/run-parse.js';
import { officeInputKind, runOfficeParse } from '../operations/parse-office/run-office-parse.js';
import { writeExports } from '../operations/export/write-exports.js';
import type { LayoutModelRef } from '../engines/layout/model-ref.js';
import fs from 'node:fs';
import { ValidationError } from '../errors.js';
import { sniffContainer } from '../formats/xlsx/sniff-container.js';
import type { InputDescriptor } from '../input/resolve-input.js';
import { validateParseExcelOptions, type ParseExcelOptions } from '../operations/parse-excel/options.js';
import type { ChunkedResult } from '../model/document.js';
import type { OperationName } from './job-store.js';
import { precheckTablesInput, tablesConfiguration, validateTablesOptions, type TablesOptions } from '../operations/tables/options.js';
import { runTables } from '../operations/tables/run-tables.js';

export interface RunContext<O> {
  jobId: string;
  input: LoadedInput;
  options: O;
  pool: WorkerPool;
  signal: AbortSignal;
  maxPages: number;
  /** The layout model the workers use (null: none). */
  layoutModel: LayoutModelRef | null;
  /** file:// URL of the kept copy of the input. */
  storedInputUrl: string;
  /** Folder for files the job generates (segment images, exports). */
  jobDir: string;
  reservePages(count: number): void;
  progress(done: number, total: number): void;
}

export interface OperationSpec<O> {
  validate(raw: Record<string, unknown>): O;
  /** Optional submission-time check of the input itself (throws ValidationError). */
  precheck?(input: InputDescriptor): void;
  configuration(o: O): Record<string, unknown>;
  mergeTables(o: O): boolean;
  run(ctx: RunContext<O>): Promise<unknown>;
}

const parse: OperationSpec<ParseOptions> = {
  validate: validateParseOptions,
  configuration: publicConfiguration,
  mergeTables: (o) => o.merge_tables,
  run: async (ctx) => {
    // Office documents and HTML take their own path (operations/parse-office); PDFs and images the page pipeline.
    const office = officeInputKind(ctx.input);
    const result = office ? await runOfficeParse(ctx, office) : { ...(await runParse(ctx)), pdf_url: ctx.input.type === 'pdf' ? ctx.storedInputUrl : null };
    const exports = await writeExports(result.chunks, ctx.options.export_format, ctx.jobDir, ctx.input.fileName);
    return exports ? { ...result, exports } : result;
  },
};

/** First bytes of a local input (bytes or path); undefined for URLs. */
function head(input: InputDescriptor): Uint8Array | undefined {
  if (input.kind === 'bytes') return input.data!.subarray(0, 16);
  if (input.kind !== 'path') return undefined;
  try {
    const fd = fs.openSync(input.path!, 'r');
    try {
      const buf = Buffer.alloc(16);
      return buf.subarray(0, fs.readSync(fd, buf, 0, 16, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined; // unreadable: the job reports it
  }
}

const NOT_EXCEL = 'is not an Excel workbook (.xlsx, .xlsm, .xls); use the parse operation for PDFs, images and other documents';

const parseExcel: OperationSpec<ParseExcelOptions> = {
  validate: validateParseExcelOptions,
  // The spec rejects non-Excel uploads with a 400 before any job exists.
  precheck: (input) => {
    const bytes = head(input);
    if (bytes && bytes.length > 0 && sniffContainer(bytes) === 'other') throw new ValidationError('file', `${input.fileName} ${NOT_EXCEL}`);
  },
  configuration: (o) => ({ ...o }),
  mergeTables: () => false,
  run: async (ctx) => {
    const result = (await ctx.pool.run('excel.parse', { data: ctx.input.bytes, fileName: ctx.input.fileName, options: ctx.options }, { signal: ctx.signal })) as ChunkedResult;
    // A sheet plays the role of a page, for credits as for page_count.
    ctx.reservePages(Math.max(1, result.page_count));
    return { ...result, pdf_url: null };
  },
};

const tables: OperationSpec<TablesOptions> = {
  validate: validateTablesOptions,
  precheck: precheckTablesInput,
  configuration: tablesConfiguration,
  mergeTables: () => false,
  run: (ctx) => runTables(ctx),
};

export const operations: Record<OperationName, OperationSpec<any>> = {
  parse,
  parse_excel: parseExcel,
  tables,
};
