/**
 * The tables operation (`POST /tables`): the parse operation's per-page stage runs in the
 * pool (text layer, or OCR for scanned pages and page images, then table detection), and
 * the table blocks of every page become the spec's table extraction result. Inputs are
 * routed exactly as parse routes them, so `tables` finds every table `parse` finds.
 */
import { ProcessingError } from '../../errors.js';
import type { LoadedInput } from '../../input/resolve-input.js';
import type { PageLayout } from '../../model/layout.js';
import { defaultPageSettings, pagedSource, planPages, runPages } from '../../pipeline/pages/run-pages.js';
import { stableId } from '../../model/ids.js';
import { sniffImageType } from '../../formats/image/sniff-image-type.js';
import type { WorkerPool } from '../../workers/pool.js';
import type { TaskHandlers } from '../tasks.js';
import type { TablesOptions } from './options.js';
import { tableEntry, type TableEntry } from './table-result.js';

export interface TablesContext {
  jobId: string;
  input: LoadedInput;
  options: TablesOptions;
  pool: WorkerPool<TaskHandlers>;
  signal: AbortSignal;
  maxPages: number;
  reservePages(count: number): void;
  progress(done: number, total: number): void;
}

/** What the job stores; the status view wraps it as `results`. */
export interface TablesResult {
  tables: TableEntry[];
  summary: {
    total_tables: number;
    pages_processed: number;
    /** How tables were found: always the local detector in this build. */
    extraction_method: string;
    /** Seconds. */
    processing_time: number;
  };
}

export const EXTRACTION_METHOD = 'local: vector rules, text alignment, OCR for scanned pages';

export async function runTables(ctx: TablesContext): Promise<TablesResult> {
  const started = performance.now();
  const { input, options, pool, signal } = ctx;
  // Images (PNG, JPEG, TIFF pages…) take parse's path: OCR, then the same table detection.
  const isImage = input.type !== 'pdf' && sniffImageType(input.bytes) !== null;
  if (input.type !== 'pdf' && !isImage) throw new ProcessingError('unsupported_format', `Table extraction reads PDFs and images; ${input.fileName} is neither.`);
  const source = pagedSource(isImage ? 'image' : 'pdf', ctx.jobId, input.bytes, options.password);
  const pages = await planPages(pool, source, options.page_range, ctx.maxPages, signal);
  ctx.reservePages(pages.length);

  const defaults = defaultPageSettings(null);
  // use_table_ocr: ruled cells of OCRed pages read from their own crops, as in parse.
  const settings = options.use_table_ocr ? { ...defaults, ocr: { ...defaults.ocr, tableOcr: true } } : defaults;
  // Tables have no error_handling option: a page that fails is skipped (the spec's default).
  const layouts = await runPages(pool, { source, pages, settings, errorHandling: 'Continue', signal, progress: ctx.progress });
  const failed = layouts.filter((l) => l.error);
  const tables: TableEntry[] = [];
  for (const l of layouts) {
    l.blocks
      .filter((b) => b.table)
      .sort((a, b) => a.bbox.top - b.bbox.top || a.bbox.left - b.bbox.left)
      .forEach((b, i) => tables.push(tableEntry(b.table!, l.pageNumber, stableId(ctx.jobId, 'table', l.pageNumber, i))));
  }
  return {
    tables,
    summary: {
      total_tables: tables.length,
      pages_processed: layouts.length - failed.length,
      extraction_method: options.use_table_ocr ? `${EXTRACTION_METHOD}; ruled cells of OCRed pages read cell by cell (use_table_ocr)` : EXTRACTION_METHOD,
      processing_time: Math.round(performance.now() - started) / 1000,
    },
  };
}
