/**
 * Per-page facts that boundary detection (boundaries.ts) reads from the neutral document
 * besides the classifier's evidence: the page's running headers/footers, where its text came
 * from (text layer or OCR), whether a Title opens it, and its text frame (where the body text
 * sits across the page's width). One document keeps its margins and its running headers from
 * page to page; two documents joined in one PDF rarely share either, so a change of frame or
 * of running header is evidence of a new document even when both are of the same kind.
 */
import type { QuireDocument } from '../../model/quire-document.js';

export interface PageExtras {
  /** Running header/footer texts of the page, digits removed. */
  furniture: string[];
  textSource: string;
  /** Whether a Title item opens the page. */
  opensWithTitle: boolean;
  /**
   * The body text's horizontal frame as shares of the page width (left edge, right edge:
   * the 10th percentile of the body items' left edges and the 90th of their right edges, so
   * one indented or wide item does not move it; the 95th moved more with tables and wide
   * figures); null with fewer than FRAME_MIN_ITEMS items.
   */
  frame: { left: number; right: number } | null;
  /**
   * The page number its header or footer prints ("4", "Page | 23", "- 7 -"), when exactly one
   * furniture item is a bare number of 1-3 digits (a form's "1040" is a form number, not a page).
   */
  printedPage?: number | null;
}

const PRINTED_PAGE = /^\s*(?:page|p\.|seite|página|pagina)?\s*[|:\-–—.]?\s*(\d{1,3})\s*[|\-–—]?\s*$/i;

/** Body items a page needs before its frame says anything (a title page's three lines do not). */
export const FRAME_MIN_ITEMS = 5;

function percentile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))]!;
}

/** Per-page facts boundary detection reads from the document besides the evidence. */
export function pageExtras(doc: QuireDocument, pageCount: number): PageExtras[] {
  const out: PageExtras[] = Array.from({ length: pageCount }, (_, i) => ({
    furniture: [],
    textSource: doc.pages.find((p) => p.pageNumber === i + 1)?.textSource ?? 'none',
    opensWithTitle: false,
    frame: null,
    printedPage: null,
  }));
  const printed: number[][] = out.map(() => []);
  const seen = new Set<number>();
  const lefts: number[][] = out.map(() => []);
  const rights: number[][] = out.map(() => []);
  for (const it of doc.items) {
    const p = (it.prov[0]?.pageNumber ?? 1) - 1;
    if (p < 0 || p >= pageCount) continue;
    if (it.furniture || it.type === 'PageHeader' || it.type === 'PageFooter') {
      out[p]!.furniture.push(it.text.toLowerCase().replace(/\d+/g, '').replace(/\s+/g, ' ').trim());
      const m = PRINTED_PAGE.exec(it.text);
      if (m) printed[p]!.push(Number(m[1]));
      continue;
    }
    if (!seen.has(p)) {
      seen.add(p);
      out[p]!.opensWithTitle = it.type === 'Title';
    }
    const box = it.prov[0]?.bbox;
    if (box && it.type !== 'Picture' && it.text.trim().length >= 3 && box.width > 0) {
      lefts[p]!.push(box.left);
      rights[p]!.push(box.left + box.width);
    }
  }
  for (let p = 0; p < pageCount; p++) {
    if (printed[p]!.length === 1) out[p]!.printedPage = printed[p]![0]!;
    const width = doc.pages.find((x) => x.pageNumber === p + 1)?.width ?? 0;
    if (width > 0 && lefts[p]!.length >= FRAME_MIN_ITEMS) out[p]!.frame = { left: percentile(lefts[p]!, 0.1) / width, right: percentile(rights[p]!, 0.9) / width };
  }
  return out;
}
