/**
 * What every vector-chart reader shares (issue 29 item 6): the `chart_data` shape, box
 * helpers, tick-label numbers, the least-squares axis fit, and the search for a value
 * axis's tick labels beside a plot. Kept apart so the bar, line and pie readers stay small
 * and read their axes the same way.
 */
import { isSpace } from '../count-words.js';
import type { BBox } from '../../model/document.js';
import type { TextRun } from '../../model/page.js';

/** A segment's `chart_data` (documented in README.md). */
export interface ChartData {
  type: 'bar' | 'line' | 'pie';
  /** Bars: the direction they grow; lines: 'vertical' (values up); absent for pies. */
  orientation?: 'vertical' | 'horizontal';
  /** Bars: segments of one category stacked by series. */
  stacked: boolean;
  categories: string[];
  series: Array<{ name: string | null; values: Array<number | null> }>;
  /** Bars and lines: the value axis as read (tick labels, the fit's worst error in value units). */
  value_axis?: { ticks: number[]; fit_error: number };
  /** Pies: values are each slice's share of the circle in percent, or the numbers printed on the slices. */
  values_are?: 'percent' | 'labels';
  source: 'vector';
}

export interface ChartReading {
  chart: ChartData;
  /** The chart with its labels (axis, categories, legend): the Picture's box. */
  box: BBox;
  /** Runs (indices into the given runs) that belong to the chart. */
  runIndices: number[];
}

export const right = (b: BBox) => b.left + b.width;
export const bottom = (b: BBox) => b.top + b.height;
export const cx = (b: BBox) => b.left + b.width / 2;
export const cy = (b: BBox) => b.top + b.height / 2;
/** Swap x and y: horizontal bars read as vertical ones. */
export const flip = (b: BBox): BBox => ({ left: b.top, top: b.left, width: b.height, height: b.width });
export const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

export function union(boxes: readonly BBox[]): BBox {
  const l = Math.min(...boxes.map((b) => b.left));
  const t = Math.min(...boxes.map((b) => b.top));
  return { left: l, top: t, width: Math.max(...boxes.map(right)) - l, height: Math.max(...boxes.map(bottom)) - t };
}

export function contains(outer: BBox, inner: BBox, pad = 0): boolean {
  return cx(inner) >= outer.left - pad && cx(inner) <= right(outer) + pad && cy(inner) >= outer.top - pad && cy(inner) <= bottom(outer) + pad;
}

/**
 * The only characters a tick label (or a run of them) can hold: digits, signs, separators,
 * currency and percent signs, spaces (what tickNumber keeps, removes or turns into '-').
 */
export const TICK_CHARS = /^[\d\s.,\-$€£%\u2212\u2013]*$/;

/**
 * `/\d/.test(text) && TICK_CHARS.test(text)` by one scan of character codes: every run of
 * every page is tested (most fail at their first letter), and the two regex tests cost
 * several times this.
 */
export function tickCharsWithDigit(text: string): boolean {
  let digit = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digit = true;
    else if (!(c === 46 || c === 44 || c === 45 || c === 36 || c === 0x20ac || c === 0xa3 || c === 37 || c === 0x2212 || c === 0x2013 || isSpace(c))) return false;
  }
  return digit;
}

/** A tick label's number: "1,200", "40%", "$3.5", "−2", ".8" (null when the text is not one number). */
export function tickNumber(text: string): number | null {
  if (!TICK_CHARS.test(text)) return null; // (a letter or any other sign: prose, most texts of a page)
  const t = text.trim().replace(/[\u2212\u2013]/g, '-').replace(/[$€£%\s]/g, '').replace(/,(?=\d{3}\b)/g, '');
  if (!/^-?(\d+(\.\d+)?|\.\d+)$/.test(t)) return null; // (".8", ".00015": some plotting tools drop the leading zero)
  return Number(t);
}

/** Least-squares line value = a + b·pos; null when fewer than two distinct positions. */
export function fitAxis(points: Array<{ pos: number; value: number }>): { a: number; b: number; error: number } | null {
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

/** The most common value of `key` within `tol`, and the items near it. */
export function mode<T>(items: readonly T[], key: (t: T) => number, tol: number): { value: number; members: T[] } | null {
  let best: { value: number; members: T[] } | null = null;
  for (const it of items) {
    const v = key(it);
    const members = items.filter((o) => Math.abs(key(o) - v) <= tol);
    if (!best || members.length > best.members.length) best = { value: v, members };
  }
  return best;
}

/** A text run as the readers see it: its index, its box (maybe flipped), its text. */
export interface ChartText {
  i: number;
  box: BBox;
  text: string;
  size: number;
}

/**
 * The page's texts, one per run, except that a number drawn in pieces ("1." then "8", kerned
 * apart by the PDF's producer) is one text: pieces of tick characters that follow one another
 * on one baseline, in one size, with no gap. Read piece by piece, a value axis "1.8 … 0.0"
 * was the column of last digits "8 5 2 9 6 3 0".
 */
export function chartTexts(runs: readonly TextRun[], f: (b: BBox) => BBox = (b) => b): ChartText[] {
  const out: ChartText[] = [];
  let prev: ChartText | undefined;
  runs.forEach((r, i) => {
    const t: ChartText = { i, box: f(r.bbox), text: r.text.trim(), size: r.fontSize };
    if (t.text === '') return;
    if (prev && NUMBER_PIECE.test(prev.text) && NUMBER_PIECE.test(t.text) && follows(prev, t)) {
      prev.text += t.text;
      prev.box = union([prev.box, t.box]);
      return;
    }
    out.push(t);
    prev = t;
  });
  return out;
}

/** A piece of a number: digits, points and commas, a sign first. */
const NUMBER_PIECE = /^[-\u2212\u2013]?[\d.,]+$/;

/** `b` starts where `a` ends (within a sixth of an em), on `a`'s line and in `a`'s size. */
function follows(a: ChartText, b: ChartText): boolean {
  const gap = b.box.left - right(a.box);
  return Math.abs(a.size - b.size) <= 0.05 * a.size && Math.abs(a.box.top - b.box.top) <= 0.2 * a.size && Math.abs(gap) <= a.size / 6;
}

export function medianSize(texts: readonly ChartText[]): number {
  return texts.length ? texts.map((t) => t.size).sort((a, b) => a - b)[texts.length >> 1]! : 10;
}

/**
 * A page's texts as one orientation sees them, made on first read and then shared: every
 * reader of a page (bars, lines, frames, axis titles) and every candidate chart on it read
 * the same texts, which were remade per candidate. Their median size and those that are one
 * number are made on first read too (the frame search reads only the texts).
 */
export class PageTexts {
  private made: ChartText[] | undefined;
  private median: number | undefined;
  private numeric: ChartText[] | undefined;

  constructor(private readonly runs: readonly TextRun[], private readonly f: (b: BBox) => BBox = (b) => b) {}

  get texts(): ChartText[] {
    return (this.made ??= chartTexts(this.runs, this.f));
  }

  get em(): number {
    return (this.median ??= medianSize(this.texts));
  }

  get numbers(): ChartText[] {
    return (this.numeric ??= this.texts.filter((t) => tickNumber(t.text) !== null));
  }
}

export interface ValueAxis {
  ticks: ChartText[];
  fit: { a: number; b: number; error: number };
  /** Value at a position along the axis (y; x of flipped boxes). */
  at: (pos: number) => number;
}

/**
 * The value axis of a plot spanning `lo..hi` along y (in the reader's space): numeric
 * labels in one column just left or right of `plot`, three or more at one step, fitted
 * value = a + b·y. The side with more labels wins; the fit's worst error must stay under
 * 2 % of the tick span.
 */
export function findValueAxis(plot: BBox, texts: readonly ChartText[], em: number): ValueAxis | null {
  const span = plot.height;
  const inRange = (t: ChartText) => cy(t.box) >= plot.top - span - em && cy(t.box) <= bottom(plot) + span + em;
  const left = texts.filter((t) => right(t.box) <= plot.left + 1 && right(t.box) >= plot.left - 6 * em && inRange(t) && tickNumber(t.text) !== null);
  const rightSide = texts.filter((t) => t.box.left >= right(plot) - 1 && t.box.left <= right(plot) + 5 * em && inRange(t) && tickNumber(t.text) !== null);
  for (const side of left.length >= rightSide.length ? [left, rightSide] : [rightSide, left]) {
    // One column: the labels' right edges (left side) or left edges (right side) agree.
    const edge = side === left ? (t: ChartText) => right(t.box) : (t: ChartText) => t.box.left;
    const col = mode(side, edge, 1.5 * em)?.members ?? [];
    // One label per height (no two ticks at the same level).
    const ticks = col.filter((t, k) => !col.some((o, j) => j < k && Math.abs(cy(o.box) - cy(t.box)) < 0.5 * t.box.height));
    // An axis has three ticks or more at one step (a column of numbers in a table rarely has).
    if (ticks.length < 3) continue;
    const values = ticks.map((t) => tickNumber(t.text)!).sort((a, b) => a - b);
    const steps = values.slice(1).map((v, k) => v - values[k]!);
    const step = steps.slice().sort((a, b) => a - b)[steps.length >> 1]!;
    if (!(step > 0) || steps.some((d) => Math.abs(d - step) > 0.01 * step)) continue;
    const fit = fitAxis(ticks.map((t) => ({ pos: cy(t.box), value: tickNumber(t.text)! })));
    const range = values[values.length - 1]! - values[0]!;
    if (!fit || !(range > 0) || fit.error > 0.02 * range) continue;
    return { ticks, fit, at: (pos) => fit.a + fit.b * pos };
  }
  return null;
}

/** Values read off the axis stay near its ticks (within one tick span beyond them). */
export function plausible(axis: ValueAxis, values: ReadonlyArray<number | null>): boolean {
  const t = axis.ticks.map((x) => tickNumber(x.text)!);
  const lo = Math.min(...t), hi = Math.max(...t), span = hi - lo;
  return values.every((v) => v === null || (v >= lo - span && v <= hi + span));
}

export function axisSummary(axis: ValueAxis): { ticks: number[]; fit_error: number } {
  return { ticks: axis.ticks.map((t) => tickNumber(t.text)!).sort((a, b) => a - b), fit_error: round6(axis.fit.error) };
}
