/**
 * Two guards that make the region-shaped OCR fusion (ocr-region-blocks.ts) safe as the
 * default (issue 29 item 0). Merged with the reading-order work, the region fusion
 *
 *  (a) glued a scanned two-column LaTeX page's columns (CER 0.57 against the CLI's 0.01):
 *      a model text region boxed a little past the gutter took the first word of the other
 *      column's line ("ac"), row pieces were joined back across the gutter, and the block
 *      crossed it, so the XY-cut found no vertical cut and the columns' rows interleaved;
 *  (b) let a photo's background take a receipt's text: on a photo the model proposes many
 *      overlapping Picture regions over the table the receipt lies on, merged into one
 *      figure covering most of the page, and every text line inside became the figure's.
 *
 * So (a) a region's pieces are split at a gutter: where the pieces come from two analysis
 * blocks standing side by side (each of two lines or more, horizontally apart, sharing rows;
 * the analysis keeps columns apart, issue 27), the region keeps the side holding most of
 * its text and the rest go to the region of their own column; one-line blocks side by side
 * (a date in two words, a receipt's label and amount) are not a gutter and stay joined.
 * And (b) when the confident Picture regions together cover most of the page and hold most
 * of its text, the page is a photo of a document (or a full-page figure): a figure holding
 * text lines there is its background, not a picture: it takes no text and is not a segment
 * (text inside a smaller, real figure still goes to the figure; a designed page's large
 * photo beside its text, holding a few specks read as letters, stays a figure).
 */
import { intersectionArea, type BBox } from '../../model/document.js';
import type { Block, Line, PageLayout } from '../../model/layout.js';
import type { LayoutRegion } from '../../engines/layout/interface.js';

const area = (b: BBox) => Math.max(0, b.width) * Math.max(0, b.height);
const right = (b: BBox) => b.left + b.width;
const bottom = (b: BBox) => b.top + b.height;

/**
 * Share of the page the figures must cover together for the page to be a photo. Measured
 * (figuresOf + unionShare on the fusion inputs of bench/ocr-fusion-eval.ts's 30 annotated page images):
 * the photographed receipt of test/classify/photo-receipt.test.ts 0.93; the annotated pages
 * at most 0.64 (a designed page's photo), and 0.53 for a PubLayNet page whose figure holds
 * 94 % of its OCR text (a real figure, annotated as one).
 */
const BACKGROUND_SHARE = 0.7;
/** Coarse grid (cells per side) for the union of the figures' boxes. */
const GRID = 64;

/** Share of the page's area covered by the union of `boxes`. */
export function unionShare(boxes: readonly BBox[], width: number, height: number): number {
  if (boxes.length === 0 || width <= 0 || height <= 0) return 0;
  let covered = 0;
  for (let i = 0; i < GRID; i++) {
    const y = ((i + 0.5) * height) / GRID;
    for (let j = 0; j < GRID; j++) {
      const x = ((j + 0.5) * width) / GRID;
      if (boxes.some((b) => x >= b.left && x <= right(b) && y >= b.top && y <= bottom(b))) covered++;
    }
  }
  return covered / (GRID * GRID);
}

/** Lines with at least two letters or digits (a speck read as "i" does not make text). */
const isText = (l: Line) => (l.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2;
/** Letters and digits of a line's words read with this confidence or more weigh as text. */
const SURE_WORD = 0.5;
/** Share of the page's text the figures must hold together to be a photo's background. */
const BACKGROUND_TEXT_SHARE = 0.5;

const centreIn = (l: Line, f: BBox) => {
  const cx = l.bbox.left + l.bbox.width / 2;
  const cy = l.bbox.top + l.bbox.height / 2;
  return cx >= f.left && cx <= right(f) && cy >= f.top && cy <= bottom(f);
};
const weight = (l: Line) => l.words.filter((w) => (w.confidence ?? 1) >= SURE_WORD).reduce((n, w) => n + (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0);

/**
 * The figures (merged Picture boxes) that are a photo's background: when all figures
 * together cover BACKGROUND_SHARE of the page or more and hold most of its text (read with
 * some confidence), those holding a text line's centre. A designed page's large photo beside
 * its text holds a few specks read as letters, not the page's text: it stays a figure.
 */
export function backgroundFigures(layout: PageLayout, figures: readonly BBox[]): BBox[] {
  if (unionShare(figures, layout.width, layout.height) < BACKGROUND_SHARE) return [];
  const lines = layout.blocks.filter((b) => b.kind === 'text' && b.type !== 'Page').flatMap((b) => b.lines.filter(isText));
  const total = lines.reduce((n, l) => n + weight(l), 0);
  const inside = lines.filter((l) => figures.some((f) => centreIn(l, f))).reduce((n, l) => n + weight(l), 0);
  if (total === 0 || inside < BACKGROUND_TEXT_SHARE * total) return [];
  return figures.filter((f) => lines.some((l) => centreIn(l, f)));
}

/** `regions` without the Picture regions lying mostly inside a background figure. */
export function withoutBackgrounds(regions: readonly LayoutRegion[], backgrounds: readonly BBox[]): LayoutRegion[] {
  if (backgrounds.length === 0) return regions.slice();
  return regions.filter((r) => r.type !== 'Picture' || !backgrounds.some((b) => intersectionArea(b, r) >= 0.5 * area(r)));
}

/** Blocks of at least this many lines on both sides make a gutter. */
const GUTTER_MIN_LINES = 2;
/** Horizontal gap between them, in line heights. */
const GUTTER_MIN_GAP = 0.5;

/**
 * x positions of the gutters between the analysis blocks `pieces` came from: two blocks of
 * GUTTER_MIN_LINES lines or more, apart by GUTTER_MIN_GAP line heights, sharing at least one
 * line height of rows.
 */
export function guttersBetween(pieces: ReadonlyArray<{ line: Line; from: Block }>): number[] {
  const blocks = [...new Set(pieces.map((p) => p.from))].filter((b) => b.lines.length >= GUTTER_MIN_LINES);
  const xs: number[] = [];
  for (let i = 0; i < blocks.length; i++) {
    for (let j = i + 1; j < blocks.length; j++) {
      const [a, b] = blocks[i]!.bbox.left <= blocks[j]!.bbox.left ? [blocks[i]!, blocks[j]!] : [blocks[j]!, blocks[i]!];
      const h = Math.min(lineHeight(a), lineHeight(b));
      const gap = b.bbox.left - right(a.bbox);
      const shared = Math.min(bottom(a.bbox), bottom(b.bbox)) - Math.max(a.bbox.top, b.bbox.top);
      if (gap >= GUTTER_MIN_GAP * h && shared >= h) xs.push(right(a.bbox) + gap / 2);
    }
  }
  return xs.sort((p, q) => p - q);
}

/**
 * A region's pieces split at the gutters between their blocks: the side holding most of the
 * text first (it keeps the region), then the others. One group when there is no gutter.
 */
export function splitAtGutters<T extends { line: Line; from: Block }>(held: readonly T[]): T[][] {
  const gutters = guttersBetween(held);
  if (gutters.length === 0) return [held.slice()];
  const bins = new Map<number, T[]>();
  for (const h of held) {
    const cx = h.line.bbox.left + h.line.bbox.width / 2;
    const k = gutters.filter((g) => cx > g).length;
    (bins.get(k) ?? bins.set(k, []).get(k)!).push(h);
  }
  const weight = (g: T[]) => g.reduce((s, h) => s + area(h.line.bbox), 0);
  return [...bins.values()].sort((p, q) => weight(q) - weight(p));
}

function lineHeight(b: Block): number {
  const hs = b.lines.map((l) => l.bbox.height).sort((p, q) => p - q);
  return hs[hs.length >> 1] ?? b.fontSize;
}
