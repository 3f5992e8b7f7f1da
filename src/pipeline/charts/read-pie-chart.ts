/**
 * Vector pie charts → their data (issue 29 item 6). A slice is a filled closed path with
 * one apex (a vertex reached and left by straight edges) and an arc (curve end points, all
 * at one radius from the apex). Its angle is the sum of the turns between consecutive arc
 * points (each Bézier piece spans under 180°, so the turn is unambiguous); slices sharing
 * an apex (within a third of the radius: exploded pies) and a radius, whose angles add up
 * to a full turn, are one pie. Values are each slice's share in percent, or the numbers
 * printed on the slices when every slice has one and they agree with the shares (within
 * 1 point of percent). Categories from the legend (swatch colour = slice colour) or the words
 * by each slice. Pure.
 */
import type { BBox } from '../../model/document.js';
import type { TextRun, VectorShape } from '../../model/page.js';
import { type ChartReading, type ChartText, chartTexts, contains, cx, cy, medianSize, round6, tickNumber, union } from './chart-geometry.js';
import { namesFor, readLegend, shapeBox } from './chart-legend.js';

const near = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]) < 0.05;

interface Slice { apex: [number, number]; r: number; start: number; sweep: number; colour: string | null; box: BBox }

function readSlice(shape: VectorShape): Slice | null {
  if (!shape.fill || !shape.closed || !shape.curve.some(Boolean)) return null;
  // Repeated vertices (an explicit line back to the start before the close) collapse.
  const keep = shape.points.map((p, k) => k === 0 || Math.hypot(p[0] - shape.points[k - 1]![0], p[1] - shape.points[k - 1]![1]) > 0.01);
  const s = { ...shape, points: shape.points.filter((_, k) => keep[k]), curve: shape.curve.filter((_, k) => keep[k]) };
  if (!near(s.points[0]!, s.points[s.points.length - 1]!)) return null;
  const n = s.points.length - 1; // the last point repeats the first
  if (n < 3) return null;
  const apexes = [];
  for (let k = 0; k < n; k++) if (!s.curve[k === 0 ? n : k] && !s.curve[(k + 1) % (n + 1)]) apexes.push(k);
  if (apexes.length !== 1) return null;
  const a = apexes[0]!;
  const apex = s.points[a]!;
  const arc = Array.from({ length: n - 1 }, (_, j) => s.points[(a + 1 + j) % n]!);
  const dists = arc.map((p) => Math.hypot(p[0] - apex[0], p[1] - apex[1]));
  const r = dists.reduce((x, y) => x + y, 0) / dists.length;
  if (!(r > 3) || dists.some((d) => Math.abs(d - r) > 0.03 * r)) return null;
  const angles = arc.map((p) => Math.atan2(p[1] - apex[1], p[0] - apex[0]));
  let sweep = 0;
  for (let j = 1; j < angles.length; j++) {
    let d = angles[j]! - angles[j - 1]!;
    while (d > Math.PI) d -= 2 * Math.PI;
    while (d <= -Math.PI) d += 2 * Math.PI;
    sweep += d;
  }
  if (Math.abs(sweep) < 1e-3) return null;
  return { apex, r, start: angles[0]!, sweep, colour: s.fill, box: shapeBox(s) };
}

export function findPieCharts(shapes: readonly VectorShape[], runs: readonly TextRun[], exclude: readonly BBox[] = []): ChartReading[] {
  const slices = shapes.map(readSlice).filter((s): s is Slice => s !== null && !exclude.some((e) => contains(e, s.box)));
  const pies: Slice[][] = [];
  for (const s of slices) {
    const pie = pies.find((p) => Math.hypot(p[0]!.apex[0] - s.apex[0], p[0]!.apex[1] - s.apex[1]) < p[0]!.r / 3 && Math.abs(p[0]!.r - s.r) < 0.1 * s.r);
    if (pie) pie.push(s);
    else pies.push([s]);
  }
  const out: ChartReading[] = [];
  for (const p of pies) {
    const turn = p.reduce((t, s) => t + Math.abs(s.sweep), 0);
    if (p.length < 2 || Math.abs(turn - 2 * Math.PI) > 0.02 * 2 * Math.PI) continue;
    out.push(readPie(p, turn, shapes, runs));
  }
  return out;
}

/** Texts in a slice's angle, within `reach` radii of its apex. */
function inSlice(s: Slice, texts: readonly ChartText[], reach: number): ChartText[] {
  return texts.filter((t) => {
    const dx = cx(t.box) - s.apex[0], dy = cy(t.box) - s.apex[1];
    if (Math.hypot(dx, dy) > reach * s.r) return false;
    let d = (Math.atan2(dy, dx) - s.start) * Math.sign(s.sweep);
    d = ((d % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    return d <= Math.abs(s.sweep);
  });
}

/** The number in a slice label: "30%", "North 30%", "1,200 (40%)" → its first number. */
function labelNumber(text: string): number | null {
  const m = /(-?\d[\d,]*(?:\.\d+)?)/.exec(text.replace(/[\u2212]/g, '-'));
  return m ? tickNumber(m[1]!) : null;
}

function readPie(pie: Slice[], turn: number, shapes: readonly VectorShape[], runs: readonly TextRun[]): ChartReading {
  const texts = chartTexts(runs);
  const em = medianSize(texts);
  const shares = pie.map((s) => (100 * Math.abs(s.sweep)) / turn);
  const disc = union(pie.map((s) => ({ left: s.apex[0] - s.r, top: s.apex[1] - s.r, width: 2 * s.r, height: 2 * s.r })));
  const labels = pie.map((s) => inSlice(s, texts, 1.8));
  const claimed = new Set<number>();
  // Printed numbers: one per slice, in proportion to the shares.
  const numbers = labels.map((ls) => ls.map((t) => labelNumber(t.text)).filter((v): v is number => v !== null));
  let values = shares.map(round6);
  let valuesAre: 'percent' | 'labels' = 'percent';
  if (numbers.every((ns) => ns.length >= 1)) {
    const firsts = numbers.map((ns) => ns[0]!);
    const total = firsts.reduce((a, b) => a + b, 0);
    if (total > 0 && firsts.every((v, k) => Math.abs((100 * v) / total - shares[k]!) <= 1)) {
      values = firsts;
      valuesAre = 'labels';
    }
  }
  const legend = readLegend(disc, shapes, texts, em, (b) => pie.some((s) => Math.abs(s.box.left - b.left) < 0.1 && Math.abs(s.box.top - b.top) < 0.1));
  const { names, used } = namesFor(pie.map((s) => s.colour), legend);
  used.forEach((e) => e.label.forEach((t) => claimed.add(t.i)));
  const categories = pie.map((_, k) => {
    if (names[k]) return names[k]!;
    const words = labels[k]!.filter((t) => /\p{L}/u.test(t.text)).sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
    return words.map((t) => t.text.replace(/\s*\(?-?\d[\d,.]*\s*%?\)?\s*$/, '')).join(' ').trim();
  });
  labels.flat().forEach((t) => claimed.add(t.i));
  return {
    chart: { type: 'pie', stacked: false, categories, series: [{ name: null, values }], values_are: valuesAre, source: 'vector' },
    box: union([disc, ...used.map((e) => e.swatch), ...[...claimed].map((i) => runs[i]!.bbox)]),
    runIndices: [...claimed].sort((a, b) => a - b),
  };
}
