/**
 * A PDF page's link annotations (/Link with a URI action) as areas on the page, in the
 * pipeline's top-left coordinates. Read only when a job asks for hyperlinks
 * (`attach_hyperlinks` / `xml_citation`): pdf.js parses every annotation of the page for
 * this, which a plain parse does not need. Links that jump inside the document (/Dest,
 * GoTo) have no URL and are left out; so are javascript: and other non-web schemes.
 */
import type { LinkArea } from '../../model/page.js';
import type { PDFPageProxy } from './open-document.js';

/** Schemes a reader can follow outside the PDF. */
const WEB_URL = /^(https?:|mailto:|ftp:|tel:)/i;

interface LinkAnnotation {
  subtype?: string;
  url?: string;
  unsafeUrl?: string;
  rect?: number[];
  quadPoints?: ArrayLike<number> | null;
}

export async function readLinkAreas(page: PDFPageProxy): Promise<LinkArea[]> {
  let annots: LinkAnnotation[];
  try {
    annots = (await page.getAnnotations({ intent: 'display' })) as LinkAnnotation[];
  } catch {
    return []; // a malformed annotation array costs the links, never the page
  }
  const viewport = page.getViewport({ scale: 1 });
  const out: LinkArea[] = [];
  for (const a of annots) {
    if (a.subtype !== 'Link') continue;
    const href = a.url ?? a.unsafeUrl;
    if (!href || !WEB_URL.test(href)) continue;
    // A link over a line break has one quadrilateral per line: one area each.
    const quads = a.quadPoints && a.quadPoints.length >= 8 ? quadRects(a.quadPoints) : a.rect ? [a.rect] : [];
    for (const r of quads) {
      const [x0, y0, x1, y1] = viewport.convertToViewportRectangle(r) as number[];
      const left = Math.min(x0!, x1!);
      const top = Math.min(y0!, y1!);
      const width = Math.abs(x1! - x0!);
      const height = Math.abs(y1! - y0!);
      if (width > 0 && height > 0) out.push({ bbox: { left, top, width, height }, href });
    }
  }
  return out;
}

/** pdf.js quadPoints: 8 numbers per quadrilateral → its bounding rectangle [x0, y0, x1, y1]. */
function quadRects(q: ArrayLike<number>): number[][] {
  const out: number[][] = [];
  for (let i = 0; i + 8 <= q.length; i += 8) {
    const xs = [q[i]!, q[i + 2]!, q[i + 4]!, q[i + 6]!];
    const ys = [q[i + 1]!, q[i + 3]!, q[i + 5]!, q[i + 7]!];
    out.push([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
  }
  return out;
}
