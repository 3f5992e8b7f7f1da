/**
 * The text the recognizers read, one string per page, with a map from character ranges back
 * to word boxes so that a finding gets a bbox. Built from the neutral document (item words
 * when the loader kept them, else the item's text and box) or from plain words with boxes
 * (a PDF's text layer read before any parsing).
 */
import type { BBox } from '../../model/document.js';
import type { QuireDocument } from '../../model/quire-document.js';

export interface TextSpan {
  start: number;
  end: number;
  bbox: BBox | null;
}

export interface PiiPage {
  pageNumber: number | null;
  text: string;
  spans: TextSpan[];
}

export interface WordBox {
  text: string;
  bbox: BBox | null;
}

class PageBuilder {
  text = '';
  spans: TextSpan[] = [];
  constructor(readonly pageNumber: number | null) {}
  add(s: string, bbox: BBox | null, sep: string): void {
    if (!s) return;
    if (this.text) this.text += sep;
    this.spans.push({ start: this.text.length, end: this.text.length + s.length, bbox });
    this.text += s;
  }
  page(): PiiPage {
    return { pageNumber: this.pageNumber, text: this.text, spans: this.spans };
  }
}

export function pagesFromDocument(doc: QuireDocument): PiiPage[] {
  const pages = new Map<number | null, PageBuilder>();
  const get = (n: number | null) => pages.get(n) ?? pages.set(n, new PageBuilder(n)).get(n)!;
  for (const item of doc.items) {
    const prov = item.prov[0];
    const b = get(prov?.pageNumber ?? null);
    if (item.words && item.words.length > 0) {
      item.words.forEach((w, i) => b.add(w.text, w.bbox, i === 0 ? '\n' : ' '));
    } else {
      b.add(item.text, prov?.bbox ?? null, '\n');
    }
  }
  return [...pages.values()].map((b) => b.page()).sort((a, c) => (a.pageNumber ?? 0) - (c.pageNumber ?? 0));
}

/** Pages of words in reading order (a line break where `lineBreakBefore` says so). */
export function pagesFromWords(pages: Array<{ pageNumber: number; words: Array<WordBox & { lineBreakBefore?: boolean }> }>): PiiPage[] {
  return pages.map((p) => {
    const b = new PageBuilder(p.pageNumber);
    for (const w of p.words) b.add(w.text, w.bbox, w.lineBreakBefore ? '\n' : ' ');
    return b.page();
  });
}

export function boxOf(page: PiiPage, start: number, end: number): BBox | null {
  const boxes = page.spans.filter((s) => s.start < end && s.end > start && s.bbox).map((s) => s.bbox!);
  if (boxes.length === 0) return null;
  const l = Math.min(...boxes.map((b) => b.left));
  const t = Math.min(...boxes.map((b) => b.top));
  const r = Math.max(...boxes.map((b) => b.left + b.width));
  const btm = Math.max(...boxes.map((b) => b.top + b.height));
  return { left: l, top: t, width: r - l, height: btm - t };
}
