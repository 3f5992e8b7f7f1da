/**
 * The one page runner: every operation that walks the pages of a PDF or an image (parse,
 * tables, and next extraction, classification, splitting) counts its pages, selects them,
 * and spreads them over the worker pool here, in batches, with one set of rules for
 * failures:
 * - `Fail`: the first page that fails (an error, a time limit, a worker that died) fails the
 *   job at once; the job's other batches are aborted, so the workers are free the moment
 *   the job has failed (issue 21 item 1).
 * - `Continue` (the spec's default): a batch that errs or loses its worker is run again
 *   page by page, and a page that fails alone is skipped with its reason; a batch over its
 *   time limit has its pages skipped with that reason (rerunning them could multiply the
 *   job's time); the job goes on (issue 29 item 4). Only when every page fails does it fail.
 */
import { ProcessingError, errorMessage } from '../../errors.js';
import type { PageLayout } from '../../model/layout.js';
import { selectPages, type PageRange } from '../../options/page-range.js';
import type { WorkerPool } from '../../workers/pool.js';
import type { PageTasks } from './page-tasks.js';
import type { AnalyzeOptions } from '../analyze-page.js';

/** The worker task payload of a batch, less its pages (see pipeline/pages/pdf-pages.ts). */
export interface PageTaskSettings {
  options: AnalyzeOptions;
  ocr: { ocrMode: 'auto_ocr' | 'full_ocr'; ocrEngine: string; highResolution: boolean; cropDir: string | null; tableOcr?: boolean; agenticOcr?: 'standard' | 'advanced' | null };
  layout: unknown;
  /**
   * false: the pages' word lists (each line's `words`, the segments' `ocr` entries) are dropped
   * in the worker before the layouts are sent back, so a caller that shows only text (the v3
   * markdown) does not pay to copy and rebuild them. Default (absent): kept.
   */
  wordLists?: boolean;
}

/**
 * A default parse's page settings (automatic OCR with the default engine, no crops, layout
 * analysis without page-by-page or reading-order repair), with `layout` as given: the tables
 * operation, the v3 markdown windows and the office rendering's alignment each run pages this
 * way, and wrote the same literal three times.
 */
export function defaultPageSettings(layout: PageTaskSettings['layout']): PageTaskSettings {
  return {
    options: { pageByPage: false, fixReadingOrder: false },
    ocr: { ocrMode: 'auto_ocr', ocrEngine: 'ServiceHawk', highResolution: false, cropDir: null },
    layout,
  };
}

export interface PagedSource {
  /** 'pdf' pages are read by pdf.js, 'image' pages (TIFF frames, PNG, JPEG…) by sharp. */
  kind: 'pdf' | 'image';
  /** Key of the job (or any id unique to these bytes + password). */
  key: string;
  data: SharedArrayBuffer;
  password?: string;
}

export interface PageRunRequest {
  source: PagedSource;
  pages: readonly number[];
  settings: PageTaskSettings;
  errorHandling: 'Continue' | 'Fail';
  signal: AbortSignal;
  progress(done: number, total: number): void;
  /**
   * Called with each batch's layouts as they come back, before the rest are done (the parse
   * prepares its document items meanwhile: operations/parse/run-parse.ts). It must not change
   * them; what it throws is ignored.
   */
  onLayouts?(layouts: readonly PageLayout[]): void;
}

/** Extra time a batch gets per page beyond its first: roughly one slow OCR page. */
export const OCR_PAGE_ALLOWANCE_MS = 20_000;

/** One shared copy of the input for every worker and batch of a job. */
export function pagedSource(kind: 'pdf' | 'image', key: string, bytes: Uint8Array, password?: string): PagedSource {
  const data = new SharedArrayBuffer(bytes.length);
  new Uint8Array(data).set(bytes);
  return { kind, key, data, password };
}

/**
 * A PDF's page count, asked of every worker of an idle pool at once: each worker keeps the
 * document it opened (pdf-pages.ts), so the workers that would otherwise wait for the count
 * and then open the document for their first batch open it meanwhile (the same CPU, off the
 * job's critical path). The first answer is the count; the others only warm their worker
 * (their errors are the same document's). A busy pool gets one task, as before: its workers
 * may hold other jobs' documents, and a count must not wait behind another job's page.
 */
async function pdfPageCount(pool: WorkerPool<PageTasks>, source: PagedSource, signal: AbortSignal): Promise<number> {
  const readers = pool.idle ? pool.threads : 1;
  const counts = Array.from({ length: readers }, () => pool.run('pdf.inspect', source, { signal }));
  for (const c of counts) c.catch(() => undefined);
  return (await Promise.race(counts)).pageCount;
}

/**
 * Counts the pages (in a worker), refuses documents over the page limit before any page
 * work, and selects the pages of `page_range`.
 */
export async function planPages(pool: WorkerPool<PageTasks>, source: PagedSource, pageRange: PageRange | null | undefined, maxPages: number, signal: AbortSignal): Promise<number[]> {
  const pageCount = source.kind === 'image' ? (await pool.run('image.inspect', { ...source, maxPages }, { signal })).pageCount : await pdfPageCount(pool, source, signal);
  if (pageCount === 0) throw new ProcessingError('corrupt_document', 'The document has no pages.');
  if (pageCount > maxPages) {
    throw new ProcessingError('page_limit_exceeded', `The document has ${pageCount} pages; the limit is ${maxPages}. Split it or select pages with page_range.`);
  }
  const pages = selectPages(pageRange ?? undefined, pageCount);
  if (pages.length === 0) throw new ProcessingError('no_pages_selected', `page_range selects no page of this ${pageCount}-page document.`);
  return pages;
}

/**
 * Batches small enough to balance the workers, large enough to amortise task overhead. The
 * first page goes alone: it is the page most often a scanned cover, and a worker reading a
 * page by OCR would otherwise hold the rest of its batch back (and run them cold, beside the
 * OCR) while the other workers run out of pages. OCR-every-page inputs go one page a task.
 *
 * Batches shrink towards the end (guided scheduling: each is at most the pages left over four
 * times the workers), down to one page: the workers take batches as they free up, so the last
 * batch is what one worker still reads while the others have nothing left. With eight-page
 * batches to the end, the first worker done waited 3–82 ms (mean ~40) for the other on
 * freeculture.pdf's CLI parse; see pipeline/pages/README.md.
 */
export function batches(pages: readonly number[], threads: number, onePagePerTask: boolean): number[][] {
  const cap = onePagePerTask ? 1 : Math.max(1, Math.min(8, Math.ceil(pages.length / (threads * 4))));
  const out: number[][] = cap > 1 && pages.length > 1 ? [pages.slice(0, 1)] : [];
  for (let i = out.length; i < pages.length; ) {
    const size = Math.max(1, Math.min(cap, Math.ceil((pages.length - i) / (threads * 4))));
    out.push(pages.slice(i, i + size));
    i += size;
  }
  return out;
}

/** The layout of a page that was skipped: no content, the reason in `error`. */
function skipped(pageNumber: number, reason: string): PageLayout {
  return { pageNumber, width: 0, height: 0, blocks: [], fontHistogram: {}, textSource: 'none', warnings: [], error: reason };
}

/** Runs the pages; returns their layouts in page order (failed pages carry `error`). */
export async function runPages(pool: WorkerPool<PageTasks>, req: PageRunRequest): Promise<PageLayout[]> {
  const { source, settings, pages } = req;
  const failFast = req.errorHandling === 'Fail';
  // Aborted by the job (cancel) or, under Fail, by the first failure.
  const stop = new AbortController();
  const signal = AbortSignal.any([req.signal, stop.signal]);
  let firstFailure: unknown;
  const fail = (err: unknown): never => {
    if (firstFailure === undefined) {
      firstFailure = err;
      stop.abort(err);
    }
    throw firstFailure;
  };
  let done = 0;
  req.progress(0, pages.length);

  const runBatch = async (batch: number[]): Promise<PageLayout[]> => {
    let layouts: PageLayout[];
    try {
      // Pages may need OCR (seconds each), so a batch's time limit grows with its size.
      const timeoutMs = pool.taskTimeoutMs + (batch.length - 1) * OCR_PAGE_ALLOWANCE_MS;
      const task = { ...source, pages: batch, ...settings } as never;
      layouts = source.kind === 'image' ? await pool.run('image.analyzePages', task, { signal, timeoutMs }) : await pool.run('pdf.analyzePages', task, { signal, timeoutMs });
    } catch (err) {
      if (req.signal.aborted || firstFailure !== undefined) throw firstFailure ?? err;
      if (failFast) return fail(err);
      // Continue: an error or a crash is found by running the batch's pages one by one (they
      // fail fast); a batch over its time limit has its pages skipped, not rerun, so a job's
      // time stays bounded by its batches' limits.
      const timedOut = err instanceof ProcessingError && err.kind === 'timeout';
      if (batch.length > 1 && !timedOut) return (await Promise.all(batch.map((p) => runBatch([p])))).flat();
      layouts = batch.map((p) => skipped(p, errorMessage(err)));
    }
    const bad = layouts.find((l) => l.error);
    if (bad && failFast) fail(new ProcessingError('corrupt_document', `Page ${bad.pageNumber} could not be processed: ${bad.error}`));
    done += layouts.length;
    req.progress(done, pages.length);
    try {
      req.onLayouts?.(layouts);
    } catch {
      // (an optimisation's hook: the pages stand without it)
    }
    return layouts;
  };

  const results = await Promise.all(batches(pages, pool.threads, source.kind === 'image').map(runBatch));
  const layouts = results.flat().sort((a, b) => a.pageNumber - b.pageNumber);
  const failed = layouts.filter((l) => l.error);
  if (failed.length > 0 && failed.length === layouts.length) {
    const f = failed[0]!;
    throw new ProcessingError('corrupt_document', `Page ${f.pageNumber} could not be processed: ${f.error}`);
  }
  return layouts;
}
