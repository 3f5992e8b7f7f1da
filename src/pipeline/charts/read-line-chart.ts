/**
 * Vector line charts → their data (issue 29 item 6). A series is a stroked polyline whose
 * x only grows (one path, or straight segments of one colour joined end to end); series
 * whose x ranges overlap form one chart. The value axis is read as for bars (numbers in a
 * column beside the plot, fitted value = a + b·y); each vertex's y goes through that fit.
 * Categories are the x labels under the plot: words name the vertex nearest each label;
 * numbers are fitted like the value axis and every vertex's x goes through that fit.
 * Series names come from the legend (swatch colour = stroke colour). Pure.
 */
import type { BBox } from '../../model/document.js';
import type { TextRun, VectorShape } from '../../model/page.js';
import {
  type ChartReading, type ChartText, PageTexts, axisSummary, bottom, contains, cx, cy, findValueAxis, fitAxis, plausible, right, round6, tickNumber, union,
} from './chart-geometry.js';
import { namesFor, readLegend, shapeBox } from './chart-legend.js';

interface Polyline { pts: Array<[number, number]>; colour: string | null; box: BBox }

/** Stroked open paths (joined end to end by colour) whose x grows at every vertex. */
function polylines(shapes: readonly VectorShape[], exclude: readonly BBox[]): Polyline[] {
  const open = shapes.filter((s) => s.stroke && !s.fill && !s.closed);
  const chains: Array<{ pts: Array<[number, number]>; colour: string | null }> = [];
  for (const s of open) {
    const pts = s.points.slice();
    const tail = chains.find((c) => c.colour === s.stroke && near(c.pts[c.pts.length - 1]!, pts[0]!));
    if (tail && pts.length === 2) tail.pts.push(pts[1]!);
    else chains.push({ pts, colour: s.stroke });
  }
  return chains
    .filter((c) => c.pts.length >= 3 && c.pts.every((p, k) => k === 0 || p[0] > c.pts[k - 1]![0] + 0.1))
    .map((c) => ({ pts: c.pts, colour: c.colour, box: shapeBox({ points: c.pts, curve: [], fill: null, stroke: null, closed: false }) }))
    .filter((c) => c.box.width >= 30 && c.box.height > 0.5 && !exclude.some((e) => contains(e, c.box)));
}

const near = (a: [number, number], b: [number, number]) => Math.abs(a[0] - b[0]) < 0.3 && Math.abs(a[1] - b[1]) < 0.3;

export function findLineCharts(shapes: readonly VectorShape[], runs: readonly TextRun[], exclude: readonly BBox[] = [], pageTexts: PageTexts = new PageTexts(runs)): ChartReading[] {
  const lines = polylines(shapes, exclude);
  const groups: Polyline[][] = [];
  for (const l of lines.sort((a, b) => a.box.left - b.box.left)) {
    const g = groups.find((g) => g.some((o) => Math.min(right(o.box), right(l.box)) - Math.max(o.box.left, l.box.left) >= 0.5 * Math.min(o.box.width, l.box.width) && Math.abs(o.box.top - l.box.top) < 2 * Math.max(o.box.height, l.box.height, 50)));
    if (g) g.push(l);
    else groups.push([l]);
  }
  const out: ChartReading[] = [];
  for (const g of groups) {
    const r = readLineChart(g, shapes, runs, pageTexts);
    if (r) out.push(r);
  }
  return out;
}

function readLineChart(series: Polyline[], shapes: readonly VectorShape[], runs: readonly TextRun[], { texts, em, numbers }: PageTexts): ChartReading | null {
  let plot = union(series.map((s) => s.box));
  // The value axis line (a vertical stroke left of the lines, as tall or taller) bounds the plot.
  const yAxis = shapes.map(shapeBox).filter((b) => b.width < 1 && b.height >= plot.height && right(b) <= plot.left + 1 && b.left >= plot.left - 6 * em && b.top <= plot.top + 1 && bottom(b) >= bottom(plot) - 1);
  if (yAxis.length) plot = union([plot, { left: plot.left, top: Math.min(...yAxis.map((b) => b.top)), width: 0, height: Math.max(...yAxis.map(bottom)) - Math.min(...yAxis.map((b) => b.top)) }]);
  // (findValueAxis keeps only texts that are one number: given those alone, it finds the same axis.)
  const axis = findValueAxis(plot, numbers, em);
  if (!axis) return null;
  const ticks = new Set(axis.ticks.map((t) => t.i));
  // The x axis is at the lowest tick when the lines stay above it.
  const lowest = Math.max(...axis.ticks.map((t) => cy(t.box)));
  if (lowest > bottom(plot)) plot = { ...plot, height: lowest - plot.top };
  // The x axis (a horizontal stroke along the plot's bottom) gives the plot its full width.
  const xAxis = shapes.filter((sh) => sh.stroke && sh.points.length <= 3).map(shapeBox).filter((b) => b.height < 1 && Math.abs(b.top - bottom(plot)) <= 2 && b.left <= right(plot) && right(b) >= plot.left && b.width >= plot.width);
  if (xAxis.length) plot = union([plot, ...xAxis]);

  // x labels: one row just under the plot, within its width (and half a step beyond).
  const xs = series.flatMap((s) => s.pts.map((p) => p[0])).sort((a, b) => a - b);
  const positions = xs.filter((x, k) => k === 0 || x - xs[k - 1]! > 0.5);
  const step = positions.length > 1 ? (positions[positions.length - 1]! - positions[0]!) / (positions.length - 1) : plot.width;
  const under = texts.filter((t) => !ticks.has(t.i) && t.box.top >= bottom(plot) - 0.5 && t.box.top <= bottom(plot) + 3 * em && cx(t.box) >= plot.left - step && cx(t.box) <= right(plot) + step);
  const row = under.filter((t) => Math.abs(t.box.top - Math.min(...under.map((u) => u.box.top))) < 0.5 * em).sort((a, b) => a.box.left - b.box.left);
  let categories: string[];
  let slots: number[];
  let xFitUsed = false;
  let used: ChartText[] = [];
  const xFit = row.length >= 2 && row.every((t) => tickNumber(t.text) !== null) ? fitAxis(row.map((t) => ({ pos: cx(t.box), value: tickNumber(t.text)! }))) : null;
  const xRange = row.length >= 2 ? Math.abs(tickNumber(row[row.length - 1]!.text)! - tickNumber(row[0]!.text)!) : 0;
  if (xFit && xRange > 0 && xFit.error <= 0.02 * xRange) {
    slots = positions;
    xFitUsed = true;
    categories = positions.map((x) => String(round6(xFit.a + xFit.b * x)));
    used = row;
  } else if (row.length >= 2) {
    // Word labels: each names the vertex position nearest it.
    slots = row.map((t) => cx(t.box));
    categories = row.map((t) => t.text);
    used = row;
  } else {
    slots = positions;
    categories = positions.map((_, k) => String(k + 1));
  }
  const pitch = slots.length > 1 ? (slots[slots.length - 1]! - slots[0]!) / (slots.length - 1) : plot.width;
  // Word labels take the vertex nearest them; fitted or absent labels sit on the vertices.
  const tol = used.length > 0 && !xFitUsed ? 0.4 * pitch : 0.5;
  const valueAt = (s: Polyline, x: number) => {
    let best: [number, number] | null = null;
    for (const p of s.pts) if (Math.abs(p[0] - x) <= tol && (!best || Math.abs(p[0] - x) < Math.abs(best[0] - x))) best = p;
    return best ? round6(axis.at(best[1])) : null;
  };
  const values = series.map((s) => slots.map((x) => valueAt(s, x)));
  // Every series has a value at half the categories at least (a line broken into pieces,
  // read piece by piece, would give a partial chart), all near the axis's range.
  if (values.some((v) => v.filter((x) => x !== null).length < Math.max(2, slots.length / 2)) || !values.every((v) => plausible(axis, v))) return null;

  const inChart = new Set([...ticks, ...used.map((t) => t.i)]);
  const isSeries = (b: BBox) => series.some((s) => Math.abs(s.box.left - b.left) < 0.1 && Math.abs(s.box.width - b.width) < 0.1);
  const legend = readLegend(plot, shapes, texts.filter((t) => !inChart.has(t.i)), em, isSeries);
  const { names, used: entries } = namesFor(series.map((s) => s.colour), legend);
  entries.forEach((e) => e.label.forEach((t) => inChart.add(t.i)));
  return {
    chart: {
      type: 'line', orientation: 'vertical', stacked: false, categories,
      series: series.map((s, k) => ({ name: names[k] ?? null, values: values[k]! })),
      value_axis: axisSummary(axis), source: 'vector',
    },
    box: union([plot, ...entries.map((e) => e.swatch), ...[...inChart].map((i) => runs[i]!.bbox)]),
    runIndices: [...inChart].sort((a, b) => a - b),
  };
}
