/**
 * The tables operation (`POST /tables`): the parse operation's per-page stage runs in the
 * pool (text layer, or OCR for scanned pages, then table detection), and the table blocks
 * of every page become the spec's table extraction result.
 */
import { ProcessingError } from '../../errors.js';
import type { LoadedInput } from '../../input/resolve-input.js';
import type { PageLayout } from '../../model/layout.js';
import { selectPages } from '../../options/page-range.js';
import { stableId } from '../../model/ids.js';
import type { WorkerPool } from '../../workers/pool.js';
import type { TablesOptions } from './options.js';
import { tableEntry, type TableEntry } from './table-result.js';

export interface TablesContext {
  jobId: string;
  input: LoadedInput;
  options: TablesOptions;
  pool: WorkerPool;
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

/** A scanned page costs an OCR call: give each task time for it. */
const OCR_PAGE_ALLOWANCE_MS = 20_000;

function batches(pages: number[], threads: number): number[][] {
  const size = Math.max(1, Math.min(8, Math.ceil(pages.length / (threads * 4))));
  const out: number[][] = [];
  for (let i = 0; i < pages.length; i += size) out.push(pages.slice(i, i + size));
  return out;
}

export async function runTables(ctx: TablesContext): Promise<TablesResult> {
  const started = performance.now();
  const { input, options, pool, signal } = ctx;
  if (input.type !== 'pdf') throw new ProcessingError('unsupported_format', `Table extraction reads PDFs; ${input.fileName} is not a PDF.`);
  const shared = new SharedArrayBuffer(input.bytes.length);
  new Uint8Array(shared).set(input.bytes);
  const source = { key: ctx.jobId, data: shared, password: options.password };
  const { pageCount } = await pool.run('pdf.inspect', source, { signal });
  if (pageCount === 0) throw new ProcessingError('corrupt_document', 'The PDF has no pages.');
  if (pageCount > ctx.maxPages) {
    throw new ProcessingError('page_limit_exceeded', `The document has ${pageCount} pages; the limit is ${ctx.maxPages}. Select pages with page_range.`);
  }
  const pages = selectPages(options.page_range ?? undefined, pageCount);
  if (pages.length === 0) throw new ProcessingError('no_pages_selected', `page_range selects no page of this ${pageCount}-page document.`);
  ctx.reservePages(pages.length);

  const analyze = { pageByPage: false, fixReadingOrder: false };
  const ocr = { ocrMode: 'auto_ocr' as const, ocrEngine: 'ServiceHawk', highResolution: false, cropDir: null };
  let done = 0;
  ctx.progress(0, pages.length);
  const results = await Promise.all(
    batches(pages, pool.threads).map(async (batch) => {
      const timeoutMs = pool.taskTimeoutMs + (batch.length - 1) * OCR_PAGE_ALLOWANCE_MS;
      const layouts = await pool.run('pdf.analyzePages', { ...source, pages: batch, options: analyze, ocr, layout: null }, { signal, timeoutMs });
      done += batch.length;
      ctx.progress(done, pages.length);
      return layouts;
    }),
  );
  const layouts: PageLayout[] = results.flat().sort((a, b) => a.pageNumber - b.pageNumber);
  const failed = layouts.filter((l) => l.error);
  if (failed.length === layouts.length) throw new ProcessingError('corrupt_document', `Page ${failed[0]!.pageNumber} could not be processed: ${failed[0]!.error}`);
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
      extraction_method: EXTRACTION_METHOD,
      processing_time: Math.round(performance.now() - started) / 1000,
    },
  };
}
