/**
 * On a page read by OCR, the layout model's text regions decide how lines group into
 * blocks (issue 29 item 0). A text layer's blocks come from exact positions and fonts; an
 * OCR page has neither fonts nor exact spacing, and grouping its lines by gaps alone split
 * or merged paragraphs, captions and headers that the model, looking at the image, boxes
 * well (the model alone scored mAP@0.5 0.51 on the corpus page images, parse's segments
 * 0.03–0.05). So each OCR line goes to the text region that holds most of it; a region's
 * lines become one block of the region's type; lines no region holds keep the analysis's
 * blocks. Tables and pictures are left as they are, and the blocks are put back in
 * reading order.
 */
import { intersectionArea, type BBox, type SegmentType } from '../../model/document.js';
import type { Block, Line, PageLayout } from '../../model/layout.js';
import type { LayoutClass, LayoutRegion } from '../../engines/layout/interface.js';
import { toBlock } from '../blocks/build-blocks.js';
import { readingOrder } from '../reading-order/xy-cut.js';

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
  const byRegion = new Map<LayoutRegion, Line[]>();
  const kept: Block[] = [];
  for (const b of layout.blocks) {
    if (b.kind !== 'text' || b.type === 'Page') {
      kept.push(b);
      continue;
    }
    const rest: Line[] = [];
    for (const line of b.lines) {
      const a = area(line.bbox);
      let best: LayoutRegion | undefined;
      let share = MIN_LINE_SHARE;
      for (const r of text) {
        const s = a > 0 ? intersectionArea(line.bbox, boxOf(r)) / a : 0;
        if (s >= share) [best, share] = [r, s];
      }
      if (best) byRegion.set(best, [...(byRegion.get(best) ?? []), line]);
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

function median(xs: number[]): number {
  if (xs.length === 0) return 10;
  const s = xs.slice().sort((a, b) => a - b);
  return s[s.length >> 1]!;
}
