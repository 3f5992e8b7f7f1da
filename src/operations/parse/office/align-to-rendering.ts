/**
 * Gives a natively read document (DOCX) the pages and boxes of its LibreOffice rendering.
 * The rendered PDF is read by the page runner (text layer only: no layout model, no OCR,
 * no crops), its lines flattened into one word stream with page and line boxes; then each
 * item's words are found in order in that stream (a monotonic greedy match: the document
 * and its rendering say the same words in the same order). An item takes the page of its
 * first matched word and the union of its matched lines' boxes. Items with no words
 * (pictures) or not found keep the previous item's page and a null box; page furniture is
 * not aligned (it repeats on every rendered page). The items stay the native ones: the
 * rendering only adds geometry.
 */
import type { BBox } from '../../../model/document.js';
import type { PageLayout } from '../../../model/layout.js';
import type { QuireDocument } from '../../../model/quire-document.js';
import { defaultPageSettings, pagedSource, planPages, runPages } from '../../../pipeline/pages/run-pages.js';
import type { WorkerPool } from '../../../workers/pool.js';

interface StreamWord {
  word: string;
  page: number;
  box: BBox;
}

/** How far ahead of the cursor an item's first words are looked for. */
const SEARCH_WINDOW = 4000;

function norm(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[\s\u00a0]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
}

function union(a: BBox | null, b: BBox): BBox {
  if (!a) return { ...b };
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  return { left, top, width: Math.max(a.left + a.width, b.left + b.width) - left, height: Math.max(a.top + a.height, b.top + b.height) - top };
}

export function wordStream(layouts: readonly PageLayout[]): StreamWord[] {
  const out: StreamWord[] = [];
  for (const l of layouts) {
    for (const b of l.blocks) for (const line of b.lines) for (const w of norm(line.text)) out.push({ word: w, page: l.pageNumber, box: line.bbox });
  }
  return out;
}

/** Aligns in place; returns how many items with words were found in the rendering. */
export function alignItems(doc: QuireDocument, layouts: readonly PageLayout[]): { aligned: number; withText: number } {
  const stream = wordStream(layouts);
  let cursor = 0;
  let page = 1;
  let aligned = 0;
  let withText = 0;
  for (const item of doc.items) {
    if (item.furniture) {
      item.prov = [{ pageNumber: 1, bbox: null }];
      continue;
    }
    const words = norm(item.type === 'Table' && item.table ? item.table.cells.map((c) => c.text).join(' ') : item.text);
    if (words.length === 0) {
      item.prov = [{ pageNumber: page, bbox: null }];
      continue;
    }
    withText++;
    // The first occurrence of the item's first two words (or its only word) after the cursor.
    const end = Math.min(stream.length, cursor + SEARCH_WINDOW);
    let start = -1;
    for (let j = cursor; j < end; j++) {
      if (stream[j]!.word === words[0] && (words.length < 2 || stream[j + 1]?.word === words[1] || stream[j + 1] === undefined)) {
        start = j;
        break;
      }
    }
    if (start < 0) {
      item.prov = [{ pageNumber: page, bbox: null }];
      continue;
    }
    // Follow the item's words, tolerating a few words the rendering shows differently.
    const boxes = new Map<number, BBox | null>();
    let j = start;
    let last = start;
    for (const w of words) {
      let k = j;
      while (k < Math.min(stream.length, j + 6) && stream[k]!.word !== w) k++;
      if (k < stream.length && stream[k]!.word === w) {
        const s = stream[k]!;
        boxes.set(s.page, union(boxes.get(s.page) ?? null, s.box));
        last = k;
        j = k + 1;
      }
    }
    page = stream[start]!.page;
    item.prov = [...boxes.entries()].map(([p, b]) => ({ pageNumber: p, bbox: b }));
    cursor = last + 1;
    aligned++;
  }
  return { aligned, withText };
}

/** Reads the rendered PDF's text lines and aligns the document to it (pages, sizes, boxes). */
export async function alignToRendering(doc: QuireDocument, pdf: Uint8Array, pool: WorkerPool, key: string, signal: AbortSignal, maxPages: number): Promise<void> {
  const source = pagedSource('pdf', `${key}-rendering`, pdf);
  const pages = await planPages(pool, source, null, maxPages, signal);
  const layouts = await runPages(pool, {
    source,
    pages,
    settings: defaultPageSettings(null),
    errorHandling: 'Continue',
    signal,
    progress: () => undefined,
  });
  const ok = layouts.filter((l) => !l.error).sort((a, b) => a.pageNumber - b.pageNumber);
  const { aligned, withText } = alignItems(doc, ok);
  doc.pages = ok.map((l) => ({ pageNumber: l.pageNumber, width: l.width, height: l.height, unit: 'pt' as const, textSource: 'native' as const }));
  doc.metadata = { ...doc.metadata, pagination: 'libreoffice-rendering', boxes: 'aligned-to-rendering', aligned_items: `${aligned}/${withText}` };
}
