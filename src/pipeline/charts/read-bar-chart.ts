/**
 * Vector bar charts → their data (issue 29 item 6). A chart drawn as filled rectangles on a
 * common baseline, with numbers beside its value axis, is read back from its geometry: the
 * tick labels give the axis scale (a straight-line fit of value against position), each
 * bar's far edge its value, the labels under (or beside) the bars their categories, and the
 * legend's entries, in drawing order, the series' names. Bars sharing a category slot are
 * grouped series. Pure: boxes and text runs in page units, y down.
 *
 * What it does not read yet: horizontal, stacked or negative bars, lines, pies (null: the
 * chart is still one Picture segment, without `chart_data`), and series names when the
 * legend's entries do not match the series one for one in drawing order.
 */
import type { BBox } from '../../model/document.js';
import type { TextRun } from '../../model/page.js';

export interface ChartData {
  type: 'bar';
  orientation: 'vertical' | 'horizontal';
  categories: string[];
  series: Array<{ name: string | null; values: number[] }>;
  /** The value axis as read: tick labels and the fit's worst error in value units. */
  value_axis: { ticks: number[]; fit_error: number };
  source: 'vector';
}

export interface BarChartReading {
  chart: ChartData;
  /** The chart with its labels (axis, categories, legend): the Picture's box. */
  box: BBox;
  /** Runs (indices into the given runs) that belong to the chart. */
  runIndices: number[];
}

const right = (b: BBox) => b.left + b.width;
const bottom = (b: BBox) => b.top + b.height;
const cx = (b: BBox) => b.left + b.width / 2;
const cy = (b: BBox) => b.top + b.height / 2;

/** A tick label's number: "1,200", "40%", "$3.5", "−2" (null when the text is not one number). */
export function tickNumber(text: string): number | null {
  const t = text.trim().replace(/[\u2212\u2013]/g, '-').replace(/[$€£%\s]/g, '').replace(/,(?=\d{3}\b)/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

/** Least-squares line value = a + b·pos; null when fewer than two distinct positions. */
function fitAxis(points: Array<{ pos: number; value: number }>): { a: number; b: number; error: number } | null {
  const n = points.length;
  if (n < 2) return null;
  const mp = points.reduce((s, p) => s + p.pos, 0) / n;
  const mv = points.reduce((s, p) => s + p.value, 0) / n;
  let sxx = 0, sxy = 0;
  for (const p of points) {
    sxx += (p.pos - mp) ** 2;
    sxy += (p.pos - mp) * (p.value - mv);
  }
  if (sxx < 1e-6) return null;
  const b = sxy / sxx;
  const a = mv - b * mp;
  const error = Math.max(...points.map((p) => Math.abs(a + b * p.pos - p.value)));
  return { a, b, error };
}

/** The most common value of `xs` within `tol`, and the items near it. */
function mode<T>(items: T[], key: (t: T) => number, tol: number): { value: number; members: T[] } | null {
  let best: { value: number; members: T[] } | null = null;
  for (const it of items) {
    const v = key(it);
    const members = items.filter((o) => Math.abs(key(o) - v) <= tol);
    if (!best || members.length > best.members.length) best = { value: v, members };
  }
  return best;
}

function union(boxes: BBox[]): BBox {
  const l = Math.min(...boxes.map((b) => b.left));
  const t = Math.min(...boxes.map((b) => b.top));
  return { left: l, top: t, width: Math.max(...boxes.map(right)) - l, height: Math.max(...boxes.map(bottom)) - t };
}

/**
 * Read the bar chart drawn in `region` (a picture region found from its paths), with the
 * page's filled rectangles and text runs. Null when the region holds no readable bar chart.
 */
export function readBarChart(region: BBox, rects: readonly BBox[], runs: readonly TextRun[]): BarChartReading | null {
  const inRegion = (b: BBox) => cx(b) >= region.left - 1 && cx(b) <= right(region) + 1 && cy(b) >= region.top - 1 && cy(b) <= bottom(region) + 1;
  const area = region.width * region.height;
  const shapes = rects.filter((r) => inRegion(r) && r.width * r.height < 0.5 * area && r.width >= 1 && r.height >= 1);
  // Legend swatches may sit outside the bars' box (above the tallest bar, beside): looked
  // for within half the chart's size around it.
  const mx = 0.5 * region.width;
  const my = 0.5 * region.height;
  const near = rects.filter((r) => !shapes.includes(r) && cx(r) >= region.left - mx && cx(r) <= right(region) + mx && cy(r) >= region.top - my && cy(r) <= bottom(region) + my);
  return readOriented(region, shapes, near, runs, 'vertical');
}

/**
 * Every bar chart of a page: filled rectangles standing on a common baseline (two or more,
 * of different heights, outside `exclude`) are a candidate, read by readBarChart over their
 * union; only those whose value axis reads are returned.
 */
export function findBarCharts(rects: readonly BBox[], runs: readonly TextRun[], exclude: readonly BBox[] = []): BarChartReading[] {
  const free = rects.filter((r) => r.width >= 1 && r.height > 0.5 && !exclude.some((e) => cx(r) >= e.left && cx(r) <= right(e) && cy(r) >= e.top && cy(r) <= bottom(e)));
  const out: BarChartReading[] = [];
  const used = new Set<BBox>();
  for (const r of free.slice().sort((a, b) => bottom(b) - bottom(a))) {
    if (used.has(r)) continue;
    const group = free.filter((o) => !used.has(o) && Math.abs(bottom(o) - bottom(r)) <= 0.75);
    group.forEach((o) => used.add(o));
    if (group.length < 2 || new Set(group.map((g) => Math.round(g.height * 4))).size < 2) continue;
    const reading = readBarChart(union(group), rects, runs);
    if (reading && !out.some((o) => cx(o.box) >= reading.box.left && cx(o.box) <= right(reading.box) && cy(o.box) >= reading.box.top && cy(o.box) <= bottom(reading.box))) out.push(reading);
  }
  return out;
}

/** Swap x and y (for horizontal bars, not read yet). */
const flip = (b: BBox): BBox => ({ left: b.top, top: b.left, width: b.height, height: b.width });

function readOriented(region: BBox, shapes: BBox[], around: BBox[], runs: readonly TextRun[], orientation: 'vertical' | 'horizontal'): BarChartReading | null {
  const f = orientation === 'vertical' ? (b: BBox) => b : flip;
  const boxes = shapes.map(f);
  const reg = f(region);
  // Vertical bars stand on a common baseline (their bottoms; for horizontal bars, flipped,
  // their left edges): the most common bottom edge.
  const base = mode(boxes, bottom, 0.75);
  if (!base || base.members.length < 2) return null;
  const baseline = base.value;
  const bars = base.members.filter((b) => b.height > 0.5).sort((a, b) => a.left - b.left);
  if (bars.length < 2) return null;
  // Legend swatches: small boxes off the baseline.
  const swatches = [...boxes, ...around.map(f)].filter((b) => !bars.includes(b) && b.width <= 14 && b.height <= 14 && Math.abs(bottom(b) - baseline) > 1);

  const texts = runs.map((r, i) => ({ i, box: f(r.bbox), text: r.text.trim(), size: r.fontSize })).filter((t) => t.text !== '');
  const em = texts.length ? texts.map((t) => t.size).sort((a, b) => a - b)[texts.length >> 1]! : 10;
  const plotLeft = Math.min(...bars.map((b) => b.left));
  const plotTop = Math.min(...bars.map((b) => b.top));
  // Value-axis tick labels: numbers left of the bars, within the plot's height (and a bit).
  const ticks = texts.filter((t) => right(t.box) <= plotLeft + 1 && right(t.box) >= plotLeft - 6 * em && cy(t.box) >= Math.min(plotTop, reg.top) - 0.5 * (baseline - plotTop) - em && cy(t.box) <= baseline + em && tickNumber(t.text) !== null);
  const axis = fitAxis(ticks.map((t) => ({ pos: cy(t.box), value: tickNumber(t.text)! })));
  if (!axis || ticks.length < 2) return null;
  const span = Math.max(...ticks.map((t) => tickNumber(t.text)!)) - Math.min(...ticks.map((t) => tickNumber(t.text)!));
  if (!(span > 0) || axis.error > 0.02 * span) return null;

  // Category slots: bars whose gaps are small relative to their width form one slot.
  const slots: BBox[][] = [];
  for (const b of bars) {
    const last = slots[slots.length - 1];
    const prev = last?.[last.length - 1];
    if (last && prev && b.left - right(prev) < 0.25 * Math.min(b.width, prev.width)) last.push(b);
    else slots.push([b]);
  }
  const perSlot = mode(slots, (s) => s.length, 0);
  const seriesCount = perSlot?.value ?? 1;
  if (slots.some((s) => s.length !== seriesCount)) return null; // stacked or ragged: not read

  // Category labels: text just past the baseline, nearest slot by centre.
  const labelled = new Map<number, typeof texts>();
  const pitch = slots.length > 1 ? (cx(union(slots[slots.length - 1]!)) - cx(union(slots[0]!))) / (slots.length - 1) : union(slots[0]!).width * 2;
  for (const t of texts) {
    if (t.box.top < baseline - 0.5 || t.box.top > baseline + 3 * em) continue;
    let best = -1;
    let dist = Infinity;
    slots.forEach((s, k) => {
      const d = Math.abs(cx(t.box) - cx(union(s)));
      if (d < dist) [best, dist] = [k, d];
    });
    if (best < 0 || dist > 0.6 * pitch) continue;
    labelled.set(best, [...(labelled.get(best) ?? []), t]);
  }
  const categories = slots.map((_, k) => (labelled.get(k) ?? []).sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left).map((t) => t.text).join(' '));

  // Legend: swatches in drawing order with the text just right of each (in page space).
  const legend = swatches
    .map((s) => {
      const label = texts.filter((t) => Math.abs(cy(t.box) - cy(s)) < 0.8 * em && t.box.left >= right(s) - 1 && t.box.left <= right(s) + 2 * em);
      return { s, label };
    })
    .filter((e) => e.label.length > 0);
  const names = legend.length === seriesCount ? legend.map((e) => e.label.map((t) => t.text).join(' ')) : null;

  const value = (b: BBox) => axis.a + axis.b * b.top;
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  const series = Array.from({ length: seriesCount }, (_, k) => ({ name: names?.[k] ?? null, values: slots.map((s) => round(value(s[k]!))) }));

  const used = new Set<number>([...ticks.map((t) => t.i), ...[...labelled.values()].flat().map((t) => t.i), ...legend.flatMap((e) => e.label.map((t) => t.i))]);
  const pieces = [reg, ...bars, ...legend.map((e) => e.s), ...[...used].map((i) => f(runs[i]!.bbox))];
  const box = f(union(pieces));
  return {
    chart: { type: 'bar', orientation, categories, series, value_axis: { ticks: ticks.map((t) => tickNumber(t.text)!).sort((a, b) => a - b), fit_error: round(axis.error) }, source: 'vector' },
    box,
    runIndices: [...used].sort((a, b) => a - b),
  };
}
