/**
 * Model regions shape the text blocks (issues 27 item 3, 29 item 0). The text-layer (or
 * OCR) analysis groups lines by gaps and fonts; the layout model, looking at the page,
 * boxes paragraphs, headings, captions and footers far better (born-digital pages of the
 * open layout set: text AP 0.65 for the model against 0.27 for the analysis). Retyping the
 * analysis's blocks could not use that: a block straddling two paragraphs stays one block.
 *
 * So, where the model is confident about a text region, the region is the block: it holds
 * the lines whose centres fall inside it (taken out of whatever block held them: a block
 * straddling two regions is split, several blocks inside one are merged), and its box is
 * the union of those lines (snapped to the words, not the model's looser box). Lines
 * outside every confident region keep the analysis's grouping. Tables and pictures are not
 * touched here (fuse-layout.ts handles pictures; tables need a grid). A region whose lines
 * sit side by side on more than one row spans a gutter or a table: it is not used, so no
 * block ever holds two columns' lines. The blocks are then put back in reading order by
 * the same XY-cut the analysis uses.
 */
import { intersectionArea, type BBox, type SegmentType } from '../../model/document.js';
import type { Block, Line, PageLayout } from '../../model/layout.js';
import type { LayoutClass, LayoutRegion } from '../../engines/layout/interface.js';
import { buildBlocks, toBlock } from '../blocks/build-blocks.js';
import { readingOrder } from '../reading-order/xy-cut.js';

export const TEXT_REGION_TYPES = new Set<LayoutClass>(['Title', 'SectionHeader', 'Text', 'ListItem', 'Caption', 'Footnote', 'PageHeader', 'PageFooter', 'Formula']);

export interface RegionBlockOptions {
  /** Regions below this score do not shape blocks. */
  minScore: number;
}

const area = (b: BBox) => Math.max(0, b.width) * Math.max(0, b.height);
const boxOf = (r: LayoutRegion): BBox => ({ left: r.left, top: r.top, width: r.width, height: r.height });

/**
 * Text regions, best first, none overlapping a better one by more than OVERLAP of the
 * smaller's area. The model proposes many nested and overlapping boxes (a paragraph, the
 * same paragraph with its neighbour, half of it); taken best first, they tile the page.
 */
export function distinctTextRegions(regions: readonly LayoutRegion[], minScore: number): LayoutRegion[] {
  const kept: LayoutRegion[] = [];
  for (const r of regions.filter((x) => TEXT_REGION_TYPES.has(x.type) && x.score >= minScore).sort((a, b) => b.score - a.score)) {
    const box = boxOf(r);
    if (kept.some((k) => intersectionArea(boxOf(k), box) > OVERLAP * Math.min(area(box), area(boxOf(k))))) continue;
    kept.push(r);
  }
  return kept;
}
const OVERLAP = 0.3;

/** The best region holding the line's centre with most of the line's width inside. */
function regionOf(line: Line, regions: readonly LayoutRegion[]): LayoutRegion | undefined {
  const cx = line.bbox.left + line.bbox.width / 2;
  const cy = line.bbox.top + line.bbox.height / 2;
  for (const r of regions) {
    if (cx < r.left || cx > r.left + r.width || cy < r.top || cy > r.top + r.height) continue;
    const overlap = Math.min(line.bbox.left + line.bbox.width, r.left + r.width) - Math.max(line.bbox.left, r.left);
    if (overlap >= 0.5 * line.bbox.width) return r;
  }
  return undefined;
}

/**
 * Whether the lines sit in two columns: side by side on more than one row, or on any row
 * with a gap wider than WIDE_GAP line heights (a gutter, or the spaced names of an author
 * block). A bullet or a number beside its item's first line is neither.
 */
export function spansColumns(lines: readonly Line[]): boolean {
  let rows = 0;
  const sorted = lines.slice().sort((a, b) => a.bbox.top - b.bbox.top);
  let lastRowTop = -Infinity;
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!.bbox;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j]!.bbox;
      if (b.top >= a.top + a.height) break;
      const vOverlap = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
      const gap = Math.max(a.left, b.left) - Math.min(a.left + a.width, b.left + b.width);
      if (vOverlap <= 0.5 * Math.min(a.height, b.height) || gap < 0) continue;
      if (gap > WIDE_GAP * Math.min(a.height, b.height)) return true;
      if (a.top > lastRowTop + 0.5 * a.height) {
        rows++;
        lastRowTop = a.top;
      }
      break;
    }
    if (rows > 1) return true;
  }
  return false;
}
const WIDE_GAP = 3;
const HYPHENATED = /\p{L}[-\u00ad]$/u;

/** `regions` in page units. Returns `layout` with its text blocks shaped by the regions. */
export function shapeBlocksByRegions(layout: PageLayout, regions: readonly LayoutRegion[], opts: RegionBlockOptions): PageLayout {
  const text = distinctTextRegions(regions, opts.minScore);
  if (text.length === 0) return layout;
  // Lines per region, in the page's reading order, with the blocks they came from.
  const claims = new Map<LayoutRegion, Array<{ line: Line; from: Block }>>();
  for (const b of layout.blocks) {
    if (b.kind !== 'text' || b.type === 'Page') continue;
    let prev: { line: Line; region: LayoutRegion | undefined } | undefined;
    for (const line of b.lines) {
      // A word hyphenated across two lines stays in one block (the model sometimes cuts a
      // paragraph between them, and the halves would no longer join).
      const r = prev && HYPHENATED.test(prev.line.text) ? prev.region : regionOf(line, text);
      if (r) (claims.get(r) ?? claims.set(r, []).get(r)!).push({ line, from: b });
      prev = { line, region: r };
    }
  }
  for (const [r, held] of claims) if (spansColumns(held.map((h) => h.line)) || breaksDecidedBlock(r, held)) claims.delete(r);
  if (claims.size === 0) return layout;

  const taken = new Set<Line>();
  for (const held of claims.values()) for (const h of held) taken.add(h.line);
  const blocks: Block[] = [];
  for (const b of layout.blocks) {
    if (b.kind !== 'text' || b.type === 'Page' || !b.lines.some((l) => taken.has(l))) {
      blocks.push(b);
      continue;
    }
    const rest = b.lines.filter((l) => !taken.has(l));
    // What is left of a split block is regrouped by its gaps and keeps the block's type.
    for (const nb of rest.length ? buildBlocks(rest) : []) blocks.push({ ...nb, type: b.type, typeConfidence: b.typeConfidence, level: b.level });
  }
  for (const [r, held] of claims) {
    const nb = regionBlock(r, held);
    regionShaped.add(nb);
    blocks.push(nb);
  }
  const body = median(blocks.flatMap((b) => b.lines.map((l) => l.fontSize)));
  const order = readingOrder(blocks.map((b) => b.bbox), body);
  return { ...layout, blocks: order.map((i) => blocks[i]!) };
}

/**
 * A block the page analysis typed with more confidence than the region's score (a list
 * item by its bullet, a caption by its "Figure 3.") is not split by the region nor merged
 * with other lines: the model often boxes a run of list items as one paragraph.
 */
function breaksDecidedBlock(r: LayoutRegion, held: ReadonlyArray<{ line: Line; from: Block }>): boolean {
  const sources = new Set(held.map((h) => h.from));
  for (const b of sources) {
    if (b.type === undefined || (b.typeConfidence ?? 0) <= r.score) continue;
    if (sources.size > 1 || held.length < b.lines.length) return true;
  }
  return false;
}

/** Blocks made from a region here: their confidence is already the region's score. */
export const regionShaped = new WeakSet<Block>();

/**
 * One block of a region's lines. The region's type wins unless the analysis was surer of
 * its own (a list item decided by its bullet, a header repeated across pages) for most of
 * the lines.
 */
function regionBlock(r: LayoutRegion, held: ReadonlyArray<{ line: Line; from: Block }>): Block {
  const block = toBlock({ lines: held.map((h) => h.line) });
  const votes = new Map<Block, number>();
  for (const h of held) votes.set(h.from, (votes.get(h.from) ?? 0) + 1);
  const [main] = [...votes].sort((a, b) => b[1] - a[1])[0]!;
  const own = (main.type ?? 'Text') as SegmentType;
  if (own !== r.type && (main.typeConfidence ?? 0.5) > r.score && votes.get(main)! * 2 > held.length) {
    return { ...block, type: own, typeConfidence: main.typeConfidence, level: main.level };
  }
  return { ...block, type: r.type as SegmentType, typeConfidence: r.score };
}

function median(xs: number[]): number {
  if (xs.length === 0) return 10;
  const s = xs.slice().sort((a, b) => a - b);
  return s[s.length >> 1]!;
}
