/**
 * The lean parse behind one PDF of a v3 job: the parse pipeline's document (no crops:
 * `output_fields.image` off) rendered straight to markdown per page. Unlike a v1 parse job
 * it stores only `{page_count, pages}`: no segments, no word lists, no boxes, so the
 * result written to and read from the blob store is the markdown alone (freeculture:
 * ~1 MB instead of the v1 result's word lists). Registered at run time by the engine's
 * v3 jobs (`registerOperation`), not in the built-in list: it is no spec endpoint and no
 * CLI command of its own.
 */
import type { Operation } from '../operation.js';
import { segmentsOf } from '../../render/segments.js';
import type { JobRecord } from '../../model/job.js';

export const V3_PAGES_OPERATION = 'parse_v3_pages';

/** One page of a v3 result: its segments' markdown in reading order, joined by blank lines. */
export interface V3Page {
  page: number;
  markdown: string;
}

export interface V3PagesResult {
  page_count: number;
  pages: V3Page[];
}

export interface V3PagesView {
  job_id: string;
  state: JobRecord['state'];
  result?: V3PagesResult;
  message?: string;
}

export const v3PagesOperation: Operation<Record<string, unknown>, V3PagesResult> = {
  name: V3_PAGES_OPERATION,
  description: 'v3: markdown per page of one PDF (internal to the v3 markdown jobs)',
  genericType: 'markdown',
  family: 'parse_v3',
  // Parse options, checked by the parse operation itself when ctx.parseDocument runs (a
  // sibling operation's options module is not imported: architecture/layers.test.ts).
  validate: (raw) => ({ ...raw, output_fields: { image: false, ocr: false } }),
  publicConfig: (o) => ({ ...o }),
  run: async (ctx) => {
    const doc = await ctx.parseDocument(ctx.options);
    const byPage = new Map<number, string[]>(doc.pages.map((p) => [p.pageNumber, []]));
    for (const w of doc.warnings) if (w.code === 'page_skipped' && w.pageNumber) byPage.set(w.pageNumber, []);
    for (const s of segmentsOf(doc)) {
      const md = s.markdown.trim();
      if (md) byPage.get(s.page_number)?.push(md);
    }
    const pages = [...byPage.entries()].sort((a, b) => a[0] - b[0]).map(([page, parts]) => ({ page, markdown: parts.join('\n\n') }));
    return { page_count: pages.length, pages };
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
