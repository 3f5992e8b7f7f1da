/**
 * One PDF page → PageContent (text runs, rules, rectangles, images, vector paths), the
 * format-independent input of the pipeline stages.
 */
import type { PageContent } from '../../model/page.js';
import { walkGraphics, type OpCodes } from './graphics.js';
import { loadPdfJs, type PDFPageProxy } from './open-document.js';
import { extractTextRuns } from './text-runs.js';

let opCodes: OpCodes | undefined;

async function getOpCodes(): Promise<OpCodes> {
  if (opCodes) return opCodes;
  const { OPS } = await loadPdfJs();
  opCodes = OPS as unknown as OpCodes;
  return opCodes;
}

export interface PageExtractOptions {
  /** Skip the operator list (no graphics, weaker bold detection) — page_by_page text only. */
  textOnly?: boolean;
}

export async function extractPageContent(page: PDFPageProxy, opts: PageExtractOptions = {}): Promise<PageContent> {
  const viewport = page.getViewport({ scale: 1 });
  const base = viewport.transform;
  const pageBox = { left: 0, top: 0, width: viewport.width, height: viewport.height };
  let graphics = { rules: [] as PageContent['rules'], rects: [] as PageContent['rects'], images: [] as PageContent['images'], paths: [] as PageContent['graphics'] };
  if (!opts.textOnly) {
    // The operator list also loads fonts into commonObjs, which text-runs uses for names.
    const ops = await getOpCodes();
    const list = await page.getOperatorList();
    graphics = walkGraphics(list.fnArray, list.argsArray, ops, base, pageBox);
  }
  const runs = await extractTextRuns(page, base);
  return {
    pageNumber: page.pageNumber,
    width: viewport.width,
    height: viewport.height,
    runs,
    rules: graphics.rules,
    rects: graphics.rects,
    images: graphics.images,
    graphics: graphics.paths,
    textSource: runs.length > 0 ? 'text' : 'none',
  };
}
