/**
 * One PDF page → PageContent (text runs, rules, rectangles, images, vector paths), the
 * format-independent input of the pipeline stages. One operator-list pass gives both the
 * text and the graphics.
 */
import type { PageContent } from '../../model/page.js';
import { walkGraphics, type OpCodes } from './graphics.js';
import { drawnListMarks } from './drawn-list-marks.js';
import { dropOverprintedRuns } from './overprint.js';
import { loadPdfJs, type PDFPageProxy } from './open-document.js';
import { clearDecodeLimitHit, throwIfDecodeLimitHit } from './decode-limits.js';
import { enableDirectOperatorLists } from './oplist-worker.js';
import { describeFont, type FontFace } from './text-state.js';
import { readLinkAreas } from './link-annotations.js';

/** Text-layer facts read only on request (they cost time and change no default output). */
export interface TextLayerExtras {
  /** Fill colour of each run (`TextRun.color`). */
  color?: boolean;
  /** Link annotations (`PageContent.links`). */
  links?: boolean;
}

let opCodes: OpCodes | undefined;
let annotationModeDisable = 0;

async function getOpCodes(): Promise<OpCodes> {
  if (opCodes) return opCodes;
  const pdfjs = await loadPdfJs();
  opCodes = pdfjs.OPS as unknown as OpCodes;
  annotationModeDisable = pdfjs.AnnotationMode.DISABLE;
  return opCodes;
}

export async function extractPageContent(page: PDFPageProxy, isVisible?: (props: unknown) => boolean, extras?: TextLayerExtras): Promise<PageContent> {
  const ops = await getOpCodes();
  const viewport = page.getViewport({ scale: 1 });
  const pageBox = { left: 0, top: 0, width: viewport.width, height: viewport.height };
  enableDirectOperatorLists(page);
  // Annotations (form widgets, stamps) are left out, as in text extraction tools.
  clearDecodeLimitHit();
  const list = await page.getOperatorList({ annotationMode: annotationModeDisable });
  // A stream or image over the decode limits was cut short: the page fails, not half-read.
  throwIfDecodeLimitHit();
  const fonts = new Map<string, FontFace>();
  const fontOf = (name: string): FontFace => {
    let f = fonts.get(name);
    if (!f) {
      let obj: Record<string, unknown> | undefined;
      try {
        obj = page.commonObjs.has(name) ? (page.commonObjs.get(name) as Record<string, unknown>) : undefined;
      } catch {
        obj = undefined; // a font that failed to load still has text; defaults apply
      }
      f = describeFont(name, obj);
      fonts.set(name, f);
    }
    return f;
  };
  const g = walkGraphics(list.fnArray, list.argsArray, ops, viewport.transform, pageBox, fontOf, isVisible, extras?.color === true);
  // Content outside the crop box is not on the page (spreads cut into pages, bleed).
  const onPage = (b: { left: number; top: number; width: number; height: number }) => {
    const cx = b.left + b.width / 2;
    const cy = b.top + b.height / 2;
    return cx >= 0 && cy >= 0 && cx <= viewport.width && cy <= viewport.height;
  };
  const printed = dropOverprintedRuns(g.runs.filter((r) => onPage(r.bbox)));
  const paths = g.paths.filter(onPage);
  const rects = g.rects.filter(onPage);
  // List marks painted as shapes (a browser's list) become mark runs before their items.
  const { marks, used } = drawnListMarks(printed, paths, rects);
  const runs = marks.size ? printed.flatMap((r) => (marks.has(r) ? [marks.get(r)!, r] : [r])) : printed;
  const links = extras?.links ? await readLinkAreas(page) : undefined;
  return {
    pageNumber: page.pageNumber,
    width: viewport.width,
    height: viewport.height,
    runs,
    rules: g.rules.filter((r) => onPage({ left: Math.min(r.x0, r.x1), top: Math.min(r.y0, r.y1), width: Math.abs(r.x1 - r.x0), height: Math.abs(r.y1 - r.y0) })),
    rects: used.size ? rects.filter((b) => !used.has(b)) : rects,
    images: g.images.filter((b) => b.width > 0 && b.height > 0),
    graphics: used.size ? paths.filter((b) => !used.has(b)) : paths,
    shapes: g.shapes,
    textSource: runs.length > 0 ? 'text' : 'none',
    ...(links ? { links } : {}),
  };
}
