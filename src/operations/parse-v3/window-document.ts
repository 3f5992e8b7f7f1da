/**
 * The lean document of one v3 page window: the parse pipeline with a default parse's
 * settings (smart layout detection with the engine's layout model, auto OCR, no crops, no
 * merged tables, Continue on page errors), run straight on the page runner, without the
 * parse operation around it. Why not `ctx.parseDocument` per window (as before): that path
 * counts the pages of the PDF again, copies its bytes into a new shared buffer and re-reserves
 * the window's pages for every window, and the workers send back every line's word list
 * (a box per word: ~40% of a layout's bytes on a book) that the main thread then copied into
 * the document's `words`, none of which markdown shows. Here the input is shared and counted
 * once per PDF, and the workers drop the word lists before replying (`wordLists: false`).
 *
 * The settings below are the parse options' defaults (operations/parse/options.ts), written
 * out because sibling operations do not import each other; test/v3/markdown-equals-parse.test.ts
 * checks that a page's v3 markdown still equals its segments' markdown in a default v1 parse.
 */
import type { RunContext } from '../operation.js';
import type { QuireDocument } from '../../model/quire-document.js';
import { defaultPageSettings, runPages, type PagedSource, type PageTaskSettings } from '../../pipeline/pages/run-pages.js';
import { classifyDocument } from '../../pipeline/classify/document-types.js';
import { buildDocument } from '../../pipeline/assemble/build-document.js';

/** A default parse's page settings, less word lists (see the top). */
export function markdownPageSettings(ctx: Pick<RunContext<unknown>, 'layoutModel'>): PageTaskSettings {
  return { ...defaultPageSettings(ctx.layoutModel ? { ...ctx.layoutModel, advanced: false } : null), wordLists: false };
}

/**
 * The document of `pages` (a window of the PDF in `source`): per-page stages in the pool,
 * then the document-level typing (headers and footers, title, heading levels, footnotes).
 * `progress` gets the window's pages done.
 */
export async function windowDocument(ctx: RunContext<unknown>, source: PagedSource, pages: readonly number[], progress: (done: number) => void): Promise<QuireDocument> {
  const layouts = await runPages(ctx.pool, {
    source,
    pages,
    settings: markdownPageSettings(ctx),
    errorHandling: 'Continue',
    signal: ctx.signal,
    progress: (done) => progress(done),
  });
  const failed = layouts.filter((l) => l.error);
  const ok = layouts.filter((l) => !l.error);
  classifyDocument(ok);
  return buildDocument(ok, failed, ctx.jobId, { fileName: ctx.input.fileName, mimeType: ctx.input.mimeType, unit: 'pt' }, new Map());
}
