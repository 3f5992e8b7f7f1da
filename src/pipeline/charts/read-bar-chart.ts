/**
 * Vector bar charts → their data (issue 29 item 6). Bars are filled rectangles standing on
 * a common baseline; the numbers beside the value axis give the scale (a straight-line fit
 * of value against position), each bar's far edge its value, the labels past the plot its
 * categories, and the legend (matched by fill colour) the series' names. Horizontal bars
 * are read as vertical ones with x and y swapped; negative bars hang from the same
 * baseline; bars side by side in one category slot are grouped series; segments piled on
 * one bar are stacked series, one per fill colour, in legend order. Pure: boxes and text
 * runs in page units, y down.
 */
import type { BBox } from '../../model/document.js';
import type { TextRun, VectorShape } from '../../model/page.js';
import {
  type ChartReading, type ChartText, PageTexts, axisSummary, bottom, chartTexts, contains, cx, findValueAxis, flip, plausible, round6, right, union,
} from './chart-geometry.js';
import { fillOf, namesFor, readLegend, shapeBox } from './chart-legend.js';

type Orientation = 'vertical' | 'horizontal';
const TOL = 0.75;

/** One bar: its segments from the baseline outward, and the way it grows (-1 up, +1 down). */
interface Column { segs: BBox[]; dir: -1 | 1; box: BBox }

/**
 * Every bar chart of a page: filled rectangles with an edge on a common line (two or more,
 * of different lengths, outside `exclude`), vertical or horizontal, read over their union
 * (with the segments stacked on them); only those whose value axis reads are returned.
 */
export function findBarCharts(
  rects: readonly BBox[], shapes: readonly VectorShape[], runs: readonly TextRun[], exclude: readonly BBox[] = [], upright: PageTexts = new PageTexts(runs),
): ChartReading[] {
  const free = rects.filter((r) => r.width >= 1 && r.height > 0.5 && !exclude.some((e) => contains(e, r)));
  const out: ChartReading[] = [];
  for (const orientation of ['vertical', 'horizontal'] as const) {
    const f = orientation === 'vertical' ? (b: BBox) => b : flip;
    const boxes = free.map(f);
    // (made on the first candidate that reaches the axis search, once per page and orientation)
    const texts = orientation === 'vertical' ? upright : new PageTexts(runs, f);
    const used = new Set<BBox>();
    const edges = boxes.flatMap((b) => [{ b, y: bottom(b) }, { b, y: b.top }]).sort((p, q) => q.y - p.y);
    const byBottom = new NearIndex(boxes.map(bottom));
    const byTop = new NearIndex(boxes.map((b) => b.top));
    for (const e of edges) {
      if (used.has(e.b)) continue;
      // The free boxes with an edge on e's line, in page order.
      const at = new Set<number>();
      const take = (i: number) => {
        const o = boxes[i]!;
        if (!used.has(o) && (Math.abs(bottom(o) - e.y) <= TOL || Math.abs(o.top - e.y) <= TOL)) at.add(i);
      };
      byBottom.near(e.y, take);
      byTop.near(e.y, take);
      const group = [...at].sort((a, b) => a - b).map((i) => boxes[i]!);
      if (group.length < 2 || new Set(group.map((g) => Math.round(g.height * 4))).size < 2) continue;
      const stacked = stackOn(group, boxes, e.y, byBottom, byTop);
      [...group, ...stacked].forEach((o) => used.add(o));
      const region = f(union([...group, ...stacked]));
      if (out.some((o) => contains(o.box, region))) continue;
      const reading = readBarChart(region, rects, shapes, runs, orientation, texts);
      if (reading) out.push(reading);
    }
  }
  return out;
}

/**
 * Values sorted once, for the indices of those within TOL of a value by binary search (a
 * page of 3,000 rectangles took 0.7 s when every edge scanned every box). It visits a
 * slightly wider band; callers keep their own exact test.
 */
class NearIndex {
  private readonly order: number[];
  private readonly sorted: number[];
  constructor(values: number[]) {
    this.order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
    this.sorted = this.order.map((i) => values[i]!);
  }

  near(y: number, visit: (index: number) => void): void {
    let a = 0;
    let b = this.sorted.length;
    while (a < b) { const m = (a + b) >> 1; if (this.sorted[m]! < y - TOL - 1e-6) a = m + 1; else b = m; }
    for (let k = a; k < this.sorted.length && this.sorted[k]! <= y + TOL + 1e-6; k++) visit(this.order[k]!);
  }
}

/** Boxes piled on the group's bars (same sides, touching end to end), away from `base`; each step takes the first such box in page order. */
function stackOn(group: BBox[], boxes: BBox[], base: number, byBottom: NearIndex, byTop: NearIndex): BBox[] {
  const out: BBox[] = [];
  const taken = new Set<BBox>(group);
  for (const g of group) {
    const up = Math.abs(bottom(g) - base) <= TOL;
    let cur = g;
    for (;;) {
      let first = -1;
      const c = cur;
      const visit = (i: number) => {
        const o = boxes[i]!;
        if ((first < 0 || i < first) && o !== c && !taken.has(o) && Math.abs(o.left - c.left) <= TOL && Math.abs(right(o) - right(c)) <= TOL && (up ? Math.abs(bottom(o) - c.top) <= TOL : Math.abs(o.top - bottom(c)) <= TOL)) first = i;
      };
      if (up) byBottom.near(cur.top, visit);
      else byTop.near(bottom(cur), visit);
      if (first < 0) break;
      const next = boxes[first]!;
      out.push(next);
      taken.add(next);
      cur = next;
    }
  }
  return out;
}

/** Read the bar chart whose bars fill `region` (page space); null when it does not read. */
export function readBarChart(
  region: BBox, rects: readonly BBox[], shapes: readonly VectorShape[], runs: readonly TextRun[], orientation: Orientation = 'vertical',
  shared: PageTexts = new PageTexts(runs, orientation === 'vertical' ? undefined : flip),
): ChartReading | null {
  const f = orientation === 'vertical' ? (b: BBox) => b : flip;
  const area = region.width * region.height;
  const boxes = rects.filter((r) => contains(region, r, 1) && r.width * r.height < 0.5 * area && r.width >= 1 && r.height >= 0.5).map((r) => ({ page: r, b: f(r) }));
  const reg = f(region);
  // The baseline: the line most bars have an edge on.
  if (boxes.length < 2) return null;
  // Lines two bars or more end on; an axis rule drawn along one widens the plot to its
  // length (the tick labels sit along the whole axis, beyond the outer bars).
  const ends = boxes.flatMap(({ b }) => [b.top, bottom(b)]);
  const lines = endLines(ends);
  if (lines.length === 0) return null;
  const { texts, em, numbers } = shared;
  const bars = union(boxes.map((x) => x.b));
  const rules = shapes.filter((sh) => sh.stroke && sh.points.length === 2).map((sh) => f(shapeBox(sh)));
  const along = rules.filter((r) => r.height < 1 && lines.some((l) => Math.abs(r.top - l.y) <= 1 + TOL) && r.left <= right(bars) && right(r) >= bars.left && r.width <= 2 * bars.width);
  // (findValueAxis keeps only texts that are one number: given those alone, it finds the same axis.)
  const axis = findValueAxis(union([bars, ...along]), numbers, em);
  if (!axis) return null;
  // The baseline: of those lines, the one nearest the value 0 (a stacked chart's inner
  // lines and a 100 % chart's far ends are such lines too).
  const baseline = lines.sort((p, q) => Math.abs(axis.at(p.y)) - Math.abs(axis.at(q.y)) || q.n - p.n)[0]!.y;
  const onBase = (y: number) => Math.abs(y - baseline) <= TOL;

  const columns: Column[] = [];
  const taken = new Set<BBox>();
  for (const { b } of boxes.slice().sort((p, q) => p.b.left - q.b.left)) {
    if (taken.has(b) || (!onBase(bottom(b)) && !onBase(b.top))) continue;
    const dir: -1 | 1 = onBase(bottom(b)) && b.height > 0.5 ? -1 : 1;
    const segs = [b];
    taken.add(b);
    for (;;) {
      const cur = segs[segs.length - 1]!;
      const next = boxes.find(({ b: o }) => !taken.has(o) && Math.abs(o.left - cur.left) <= TOL && Math.abs(right(o) - right(cur)) <= TOL && (dir < 0 ? Math.abs(bottom(o) - cur.top) <= TOL : Math.abs(o.top - bottom(cur)) <= TOL));
      if (!next) break;
      segs.push(next.b);
      taken.add(next.b);
    }
    columns.push({ segs, dir, box: union(segs) });
  }
  if (columns.length < 2) return null;
  // Small squares in a row are a line chart's markers, not bars.
  const segsAll = columns.flatMap((c) => c.segs);
  if (segsAll.filter((b) => b.width <= 8 && b.height <= 8 && Math.abs(b.width - b.height) < 1).length > segsAll.length / 2) return null;
  // Shaded table cells hold words; bars hold at most their numbers.
  const worded = columns.filter((c) => c.segs.some((seg) => texts.some((t) => /\p{L}\p{L}/u.test(t.text) && contains(seg, t.box)))).length;
  if (worded > columns.length / 4) return null;
  const stacked = columns.some((c) => c.segs.length > 1);

  const plot = union(columns.map((c) => c.box));

  // Category slots: columns whose gaps are small relative to their width form one slot.
  const slots: Column[][] = [];
  for (const c of columns) {
    const last = slots[slots.length - 1];
    const prev = last?.[last.length - 1];
    if (last && prev && c.box.left - right(prev.box) < 0.25 * Math.min(c.box.width, prev.box.width)) last.push(c);
    else slots.push([c]);
  }
  const perSlot = slots[0]!.length;
  if (slots.some((s) => s.length !== perSlot) || (stacked && perSlot > 1)) return null; // ragged, or grouped and stacked

  const tickSet = new Set(axis.ticks.map((t) => t.i));
  const categories = categoryLabels(slots.map((s) => union(s.map((c) => c.box))), texts.filter((t) => !tickSet.has(t.i)), plot, em, orientation, runs);

  const pageTexts = chartTexts(runs).filter((t) => !tickSet.has(t.i) && !categories.used.has(t.i));
  const isBar = (b: BBox) => boxes.some(({ page }) => Math.abs(page.left - b.left) < 0.1 && Math.abs(page.top - b.top) < 0.1 && Math.abs(page.width - b.width) < 0.1);
  const legend = readLegend(region, shapes, pageTexts, em, isBar);
  const colourOf = (b: BBox) => fillOf(f(b), shapes);
  const value = (b: BBox, dir: -1 | 1) => axis.at(dir < 0 ? b.top : bottom(b));
  let series: Array<{ name: string | null; values: Array<number | null> }>;
  let usedLegend;
  if (!stacked) {
    const { names, used } = namesFor(slots[0]!.map((c) => colourOf(c.segs[0]!)), legend);
    usedLegend = used;
    series = Array.from({ length: perSlot }, (_, k) => ({ name: names[k] ?? null, values: slots.map((s) => round6(value(s[k]!.segs[0]!, s[k]!.dir))) }));
  } else {
    // Stacked: one series per fill colour; each segment's length in value units.
    const colours: string[] = [];
    for (const s of slots) for (const seg of s[0]!.segs) { const c = colourOf(seg) ?? '?'; if (!colours.includes(c)) colours.push(c); }
    const byLegend = legend.filter((e) => e.colour && colours.includes(e.colour));
    const order = byLegend.length === colours.length ? byLegend.map((e) => e.colour!) : colours;
    const { names, used } = namesFor(order, legend);
    usedLegend = used;
    series = order.map((c, k) => ({
      name: names[k] ?? null,
      values: slots.map((s) => round6(s[0]!.segs.filter((seg) => (colourOf(seg) ?? '?') === c).reduce((sum, seg) => sum + Math.abs(axis.at(seg.top) - axis.at(bottom(seg))), 0))),
    }));
  }

  if (slots.length < 2 || !series.every((x) => plausible(axis, x.values))) return null;
  const runIndices = new Set<number>([...tickSet, ...categories.used, ...usedLegend.flatMap((e) => e.label.map((t) => t.i))]);
  const pieces = [region, ...usedLegend.map((e) => e.swatch), ...[...runIndices].map((i) => runs[i]!.bbox)];
  return {
    chart: { type: 'bar', orientation, stacked, categories: categories.names, series, value_axis: axisSummary(axis), source: 'vector' },
    box: union(pieces),
    runIndices: [...runIndices].sort((a, b) => a - b),
  };
}

/**
 * Each end (in `ends`' order) that two ends or more (itself included) lie within TOL of, with
 * that count: what counting over all ends for each gives, by a sorted scan (`NearIndex`: its
 * window is widened a little and each candidate tested with the same comparison, so rounding
 * at the window's edges cannot change a count).
 */
function endLines(ends: readonly number[]): Array<{ y: number; n: number }> {
  const index = new NearIndex([...ends]);
  const out: Array<{ y: number; n: number }> = [];
  for (const y of ends) {
    let n = 0;
    index.near(y, (k) => { if (Math.abs(ends[k]! - y) <= TOL) n++; });
    if (n >= 2) out.push({ y, n });
  }
  return out;
}

/**
 * Category labels: text centred on a slot just past the plot, on the side that labels
 * more slots (ties: under vertical bars, left of horizontal ones). Several runs of one
 * label are joined in page reading order.
 */
function categoryLabels(slotBoxes: BBox[], texts: ChartText[], plot: BBox, em: number, orientation: Orientation, runs: readonly TextRun[]): { names: string[]; used: Set<number> } {
  const pitch = slotBoxes.length > 1 ? (cx(slotBoxes[slotBoxes.length - 1]!) - cx(slotBoxes[0]!)) / (slotBoxes.length - 1) : slotBoxes[0]!.width * 2;
  const sides = {
    after: (t: ChartText) => t.box.top >= bottom(plot) - 0.5 && t.box.top <= bottom(plot) + 3 * em,
    before: (t: ChartText) => bottom(t.box) <= plot.top + 0.5 && bottom(t.box) >= plot.top - 3 * em,
  };
  const assign = (side: (t: ChartText) => boolean) => {
    const m = new Map<number, ChartText[]>();
    for (const t of texts) {
      if (!side(t)) continue;
      let best = -1, dist = Infinity;
      slotBoxes.forEach((s, k) => {
        const d = Math.abs(cx(t.box) - cx(s));
        if (d < dist) [best, dist] = [k, d];
      });
      if (best >= 0 && dist <= 0.6 * pitch) m.set(best, [...(m.get(best) ?? []), t]);
    }
    return m;
  };
  const after = assign(sides.after);
  const before = assign(sides.before);
  const preferAfter = orientation === 'vertical';
  const pick = after.size > before.size || (after.size === before.size && preferAfter) ? after : before;
  const names = slotBoxes.map((_, k) => (pick.get(k) ?? []).map((t) => ({ t, b: runs[t.i]!.bbox })).sort((p, q) => p.b.top - q.b.top || p.b.left - q.b.left).map((p) => p.t.text).join(' '));
  return { names, used: new Set([...pick.values()].flat().map((t) => t.i)) };
}
