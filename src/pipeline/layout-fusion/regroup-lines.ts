/**
 * On a page read by OCR, the layout model's text regions decide how lines group into
 * blocks (issue 29 item 0). A text layer's blocks come from exact positions and fonts; an
 * OCR page has neither fonts nor exact spacing, and grouping its lines by gaps alone split
 * or merged paragraphs, captions and headers that the model, looking at the image, boxes
 * well (the model alone scored mAP@0.5 0.51 on the corpus page images, parse's segments
 * 0.03–0.05). So each OCR line goes to the text region that holds most of it; a region's
 * lines become one block of the region's type; lines no region holds keep the analysis's
 * blocks. A region whose lines sit side by side (two columns) is not used (reading-order/side-by-side.ts),
 * and two regions whose lines interleave in one column make one block.
 * Tables and pictures are left as they are, and the blocks are put back in reading order.
 */
import { intersectionArea, unionBBox, type BBox, type SegmentType } from '../../model/document.js';
import type { Block, Line, PageLayout } from '../../model/layout.js';
import type { LayoutClass, LayoutRegion } from '../../engines/layout/interface.js';
import { toBlock } from '../blocks/build-blocks.js';
import { readingOrder } from '../reading-order/xy-cut.js';
import { linesSideBySide } from '../reading-order/side-by-side.js';

const TEXT_TYPES = new Set<LayoutClass>(['Title', 'SectionHeader', 'Text', 'ListItem', 'Caption', 'Footnote', 'PageHeader', 'PageFooter', 'Formula']);
/** Regions below this score do not group lines. */
const MIN_SCORE = 0.4;
/** A line belongs to a region holding at least this share of its box. */
const MIN_LINE_SHARE = 0.5;

const area = (b: BBox) => Math.max(0, b.width) * Math.max(0, b.height);
const boxOf = (r: LayoutRegion): BBox => ({ left: r.left, top: r.top, width: r.width, height: r.height });

/** Text regions, best first, without the ones mostly inside a better one (duplicates). */
function distinctTextRegions(regions: readonly LayoutRegion[]): LayoutRegion[] {
  const kept: LayoutRegion[] = [];
  for (const r of regions.filter((x) => TEXT_TYPES.has(x.type) && x.score >= MIN_SCORE).sort((a, b) => b.score - a.score)) {
    const box = boxOf(r);
    if (kept.some((k) => intersectionArea(boxOf(k), box) > 0.6 * Math.min(area(box), area(boxOf(k))))) continue;
    kept.push(r);
  }
  return kept;
}

/** `regions` in page units. Returns `layout` with its text blocks regrouped. */
export function regroupLinesByRegions(layout: PageLayout, regions: readonly LayoutRegion[]): PageLayout {
  const text = distinctTextRegions(regions);
  if (text.length === 0) return layout;
  // Each line's region; a region whose lines sit in two columns (a box straddling a
  // gutter) groups none of them (issue 27: no block may hold two columns' lines).
  const regionOf = new Map<Line, LayoutRegion>();
  for (const b of layout.blocks) {
    if (b.kind !== 'text' || b.type === 'Page') continue;
    for (const line of b.lines) {
      const best = bestRegion(line, text);
      if (best) regionOf.set(line, best);
    }
  }
  const refused = new Set([...groupBy(regionOf)].filter(([, lines]) => linesSideBySide(lines)).map(([r]) => r));
  if (refused.size > 0) {
    // A refused region's lines go to the best region left (their own column's paragraph).
    const left = text.filter((r) => !refused.has(r));
    for (const [line, r] of regionOf) {
      if (!refused.has(r)) continue;
      const next = bestRegion(line, left);
      if (next) regionOf.set(line, next);
    }
    // A region that now holds two columns' lines is refused too; their lines keep the analysis's blocks.
    for (const [r, lines] of groupBy(regionOf)) if (!refused.has(r) && linesSideBySide(lines)) refused.add(r);
  }
  mergeInterleaved(regionOf, refused);
  const byRegion = new Map<LayoutRegion, Line[]>();
  const kept: Block[] = [];
  for (const b of layout.blocks) {
    if (b.kind !== 'text' || b.type === 'Page') {
      kept.push(b);
      continue;
    }
    const rest: Line[] = [];
    for (const line of b.lines) {
      const best = regionOf.get(line);
      if (best && !refused.has(best)) byRegion.set(best, [...(byRegion.get(best) ?? []), line]);
      else rest.push(line);
    }
    if (rest.length === b.lines.length) kept.push(b);
    else if (rest.length > 0) kept.push({ ...toBlock({ lines: rest }), type: b.type, typeConfidence: b.typeConfidence });
  }
  for (const [r, lines] of byRegion) {
    lines.sort((p, q) => p.bbox.top - q.bbox.top || p.bbox.left - q.bbox.left);
    kept.push({ ...toBlock({ lines }), type: r.type as SegmentType, typeConfidence: r.score });
  }
  const body = median(kept.flatMap((b) => b.lines.map((l) => l.fontSize)));
  const order = readingOrder(kept.map((b) => b.bbox), body);
  return { ...layout, blocks: order.map((i) => kept[i]!) };
}

/** The text region holding at least MIN_LINE_SHARE of the line's box, the most of it. */
function bestRegion(line: Line, text: readonly LayoutRegion[]): LayoutRegion | undefined {
  const a = area(line.bbox);
  let best: LayoutRegion | undefined;
  let share = MIN_LINE_SHARE;
  for (const r of text) {
    const s = a > 0 ? intersectionArea(line.bbox, boxOf(r)) / a : 0;
    if (s >= share) [best, share] = [r, s];
  }
  return best;
}

/**
 * Two regions whose lines interleave (their lines' boxes overlap: two model boxes over one
 * column's paragraph, lines assigned to each by turns) make one block, of the surer
 * region's type: two blocks overlapping in one column cannot be read in order.
 */
function mergeInterleaved(regionOf: Map<Line, LayoutRegion>, refused: Set<LayoutRegion>): void {
  for (let round = 0; round < 20; round++) {
    const groups = [...groupBy(regionOf)].filter(([r]) => !refused.has(r));
    const boxes = groups.map(([, lines]) => unionBBox(lines.map((l) => l.bbox)));
    let merged = false;
    for (let i = 0; i < groups.length && !merged; i++) {
      for (let j = i + 1; j < groups.length && !merged; j++) {
        const a = boxes[i]!, b = boxes[j]!;
        const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
        const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
        const lineH = Math.min(...[...groups[i]![1], ...groups[j]![1]].map((l) => l.bbox.height));
        if (h <= 0.5 * lineH || w <= 0) continue;
        const [keep, drop] = groups[i]![0].score >= groups[j]![0].score ? [groups[i]!, groups[j]!] : [groups[j]!, groups[i]!];
        for (const line of drop[1]) regionOf.set(line, keep[0]);
        if (linesSideBySide([...keep[1], ...drop[1]])) refused.add(keep[0]);
        merged = true;
      }
    }
    if (!merged) return;
  }
}

function groupBy(regionOf: Map<Line, LayoutRegion>): Map<LayoutRegion, Line[]> {
  const out = new Map<LayoutRegion, Line[]>();
  for (const [line, r] of regionOf) out.set(r, [...(out.get(r) ?? []), line]);
  return out;
}

function median(xs: number[]): number {
  if (xs.length === 0) return 10;
  const s = xs.slice().sort((a, b) => a - b);
  return s[s.length >> 1]!;
}
