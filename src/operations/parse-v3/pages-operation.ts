/**
 * The lean parse behind one PDF of a v3 job: the parse pipeline's document (no crops, no
 * word lists: window-document.ts) rendered straight to markdown per page. Unlike a v1 parse
 * job it keeps no segments, word lists or boxes, and it does not hold the document: the pages
 * go through the pipeline in windows of `V3_WINDOW_PAGES`, and each window's pages are
 * appended to a JSON-lines file in the job folder (page-file.ts). Two windows are in flight
 * at a time (the next one's batches queue in the pool behind this one's, so the workers never
 * wait on a window's document-level steps), so memory holds at most two windows, whatever
 * the PDF's length. The job's result is only
 * `{page_count, pages_file, lines, bytes}`; the v3 job reads or streams the file.
 *
 * Trade-off: the pipeline's document-level steps (heading levels from the font census,
 * repeated headers and footers, tables merged across pages) see one window at a time, so
 * a PDF longer than a window may type a few items differently from a v1 parse of it; up to
 * a window's length the markdown equals the v1 segments' markdown (same renderer).
 * Registered at run time by the engine's v3 jobs (`registerOperation`), not in the
 * built-in list: it is no spec endpoint and no CLI command of its own.
 */
import type { Operation } from '../operation.js';
import { segmentsOf } from '../../render/segments.js';
import type { JobRecord } from '../../model/job.js';
import type { QuireDocument } from '../../model/quire-document.js';
import { pagedSource, planPages } from '../../pipeline/pages/run-pages.js';
import { parsePageRange } from '../../options/page-range.js';
import { PageFileWriter, type PageFile } from './page-file.js';
import { windowDocument } from './window-document.js';

export const V3_PAGES_OPERATION = 'parse_v3_pages';

/** Pages per pipeline window: up to this length the markdown equals a v1 parse's (see the top). */
export const V3_WINDOW_PAGES = 256;

/** One page of a v3 result: its segments' markdown in reading order, joined by blank lines. */
export interface V3Page {
  page: number;
  markdown: string;
}

export interface V3PagesResult extends PageFile {
  page_count: number;
}

export interface V3PagesView {
  job_id: string;
  state: JobRecord['state'];
  result?: V3PagesResult;
  message?: string;
}

/** Each selected page's markdown ('' where it has none or was skipped), ascending. */
export function pagesMarkdown(doc: QuireDocument): V3Page[] {
  const byPage = new Map<number, string[]>(doc.pages.map((p) => [p.pageNumber, []]));
  for (const w of doc.warnings) if (w.code === 'page_skipped' && w.pageNumber) byPage.set(w.pageNumber, []);
  for (const s of segmentsOf(doc)) {
    const md = s.markdown.trim();
    if (md) byPage.get(s.page_number)?.push(md);
  }
  return [...byPage.entries()].sort((a, b) => a[0] - b[0]).map(([page, parts]) => ({ page, markdown: parts.join('\n\n') }));
}

export const v3PagesOperation: Operation<Record<string, unknown>, V3PagesResult> = {
  name: V3_PAGES_OPERATION,
  description: 'v3: markdown per page of one PDF (internal to the v3 markdown jobs)',
  genericType: 'markdown',
  family: 'parse_v3',
  // Its options are `page_range` (checked by planPages) and `password`, set by the v3 jobs.
  validate: (raw) => ({ ...raw }),
  publicConfig: (o) => ({ ...o }),
  run: async (ctx) => {
    const password = typeof ctx.options.password === 'string' ? ctx.options.password : undefined;
    // One shared copy of the input and one page count for the whole PDF (every window reads it).
    const source = pagedSource('pdf', ctx.jobId, ctx.input.bytes, password);
    const selected = await planPages(ctx.pool, source, parsePageRange('page_range', ctx.options.page_range), ctx.maxPages, ctx.signal);
    ctx.reservePages(selected.length);
    const writer = new PageFileWriter(ctx.jobDir);
    await writer.open();
    const windows: number[][] = [];
    for (let i = 0; i < selected.length; i += V3_WINDOW_PAGES) windows.push(selected.slice(i, i + V3_WINDOW_PAGES));
    // Progress over the whole selection: the pages done in each window, summed.
    const doneIn = windows.map(() => 0);
    const parse = (k: number) =>
      windowDocument(ctx, source, windows[k]!, (done) => {
        doneIn[k] = done;
        ctx.progress(doneIn.reduce((a, b) => a + b, 0), selected.length);
      });
    // Two windows in flight: the next window's batches queue in the pool behind this one's, so
    // the workers go on from one window to the next with no gap (they would otherwise idle
    // through this window's last batches, its document-level steps and its rendering).
    const inFlight: Array<Promise<QuireDocument>> = [];
    let launched = 0;
    const launch = () => {
      if (launched >= windows.length) return;
      const p = parse(launched++);
      p.catch(() => undefined); // awaited in turn; a failure there fails the job then
      inFlight.push(p);
    };
    launch();
    launch();
    for (let k = 0; k < windows.length; k++) {
      const doc = await inFlight.shift()!;
      await writer.append(pagesMarkdown(doc));
      launch(); // after this window's pages are written: memory holds at most two windows
    }
    return { page_count: selected.length, ...writer.done() };
  },
  views: {
    created: (job: JobRecord) => ({ job_id: job.id }),
    status: (job: JobRecord): V3PagesView => ({
      job_id: job.id,
      state: job.state,
      ...(job.state === 'succeeded' ? { result: job.result as V3PagesResult } : {}),
      ...(job.message ? { message: job.message } : {}),
    }),
    succeeded: (v: V3PagesView) => v.state === 'succeeded',
    failure: (v: V3PagesView) => v.message ?? v.state,
  },
};
