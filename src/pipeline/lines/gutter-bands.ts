/**
 * The band search of findColumnGutters (gutters.ts), written for a worker that runs it cold.
 *
 * Why it is split into small functions over typed arrays: a pool worker analyses a few hundred
 * pages at most, so this code spends much of its life unoptimised or being optimised. As one
 * large function with closures and an object per run, V8's optimising compiler took several
 * times longer over it than over the whole rest of a text page's analysis, on the worker's
 * background threads, and threw the result away again and again: the rarely reached
 * acceptance code had no type feedback yet ("insufficient type feedback" deoptimisations), and
 * span objects changed shape (integers, then doubles). On freeculture.pdf's 351 text pages,
 * one cold pass in a fresh process (bench/gutter-cpu.ts) took 254 ms of CPU as one function
 * and takes 74 ms so (the pre-wave findGutters: 62 ms); the gutters found are identical (also
 * on the first pages of 150 corpus PDFs: README of this folder).
 *
 * Before the per-point search, a count of run starts and ends (sidesGap) tells whether any
 * gap could have filled sides at all; on prose it cannot, and the search is skipped.
 *
 * Per-run values live in typed arrays (starts and ends are whole points in [0, n)); per-point
 * arrays come from scratch buffers reused from call to call (callers never nest).
 */
import { fragmentsGap } from './gutter-fragments.js';
import type { TextRun } from '../../model/page.js';

/** A column gutter and the vertical band (top to bottom) where both its sides hold text. */
export interface ColumnGutter {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

/** Thresholds of the search (gutters.ts documents each). */
export interface BandRules {
  minGutter: number;
  minGutterEm: number;
  minSideShare: number;
  minBandShare: number;
  minBandLines: number;
  /** Rows each side of a stretch's gutter holds at least (gutterBands). */
  stretchFloor: number;
  /** True when a run's text is a list marker only. */
  markerOnly: (text: string) => boolean;
}

/** The runs' leftmost edge and the number of whole points from it to their rightmost edge, plus one. */
export function horizontalExtent(runs: readonly TextRun[]): { x0: number; n: number } {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const r of runs) {
    x0 = Math.min(x0, r.bbox.left);
    x1 = Math.max(x1, r.bbox.left + r.bbox.width);
  }
  return { x0, n: Math.ceil(x1 - x0) + 1 };
}

export function medianFontSize(runs: readonly TextRun[]): number {
  // A typed array sorts numbers natively, several times faster than a comparator; the same
  // order unless a size is NaN (the comparator's order is then the engine's: kept as it was).
  const sizes = new Float64Array(runs.length);
  for (let i = 0; i < runs.length; i++) sizes[i] = runs[i]!.fontSize;
  if (sizes.some(Number.isNaN)) return runs.map((r) => r.fontSize).sort((a, b) => a - b)[runs.length >> 1] ?? 0;
  sizes.sort();
  return sizes[sizes.length >> 1] ?? 0;
}

let f64Scratch = new Float64Array(0);
let i32Scratch = new Int32Array(0);
let u8Scratch = new Uint8Array(0);

/** Runs as columns: start and end point (relative to x0, clamped to [0, n)), top and bottom. */
interface Spans {
  m: number;
  a: Int32Array;
  b: Int32Array;
  top: Float64Array;
  bottom: Float64Array;
}

/** Per-point arrays of one call, views of the scratch buffer (length n + 1 each). */
export interface Points {
  leftTop: Float64Array;
  leftBottom: Float64Array;
  rightTop: Float64Array;
  rightBottom: Float64Array;
  cover: Float64Array;
  /** The band of each open point: where both sides hold text, less any stretch crossed there (markOpen). */
  bandTop: Float64Array;
  bandBottom: Float64Array;
}

function scratch(n: number, m: number): { spans: Spans; points: Points; order: Int32Array; firstAt: Int32Array; open: Uint8Array } {
  const len = n + 1;
  const f = 7 * len + 2 * m;
  if (f64Scratch.length < f) f64Scratch = new Float64Array(Math.max(f, 2 * f64Scratch.length));
  const i = 3 * m + 2 * len;
  if (i32Scratch.length < i) i32Scratch = new Int32Array(Math.max(i, 2 * i32Scratch.length));
  if (u8Scratch.length < len) u8Scratch = new Uint8Array(Math.max(len, 2 * u8Scratch.length));
  const view = (k: number) => f64Scratch.subarray(k * len, (k + 1) * len);
  return {
    spans: { m, a: i32Scratch.subarray(0, m), b: i32Scratch.subarray(m, 2 * m), top: f64Scratch.subarray(7 * len, 7 * len + m), bottom: f64Scratch.subarray(7 * len + m, 7 * len + 2 * m) },
    points: { leftTop: view(0), leftBottom: view(1), rightTop: view(2), rightBottom: view(3), cover: view(4), bandTop: view(5), bandBottom: view(6) },
    order: i32Scratch.subarray(2 * m, 3 * m),
    firstAt: i32Scratch.subarray(3 * m, 3 * m + len),
    open: u8Scratch.subarray(0, n),
  };
}

function fillSpans(runs: readonly TextRun[], x0: number, n: number, s: Spans): void {
  for (let k = 0; k < s.m; k++) {
    const r = runs[k]!;
    s.a[k] = Math.max(0, Math.floor(r.bbox.left - x0));
    s.b[k] = Math.min(n - 1, Math.ceil(r.bbox.left + r.bbox.width - x0));
    s.top[k] = r.bbox.top;
    s.bottom[k] = r.bbox.top + r.bbox.height;
  }
}

/** Band where both sides of each point hold text: runs ending left of it and runs starting right of it. */
function fillBands(s: Spans, n: number, p: Points): void {
  const { leftTop, leftBottom, rightTop, rightBottom } = p;
  leftTop.fill(Infinity);
  leftBottom.fill(-Infinity);
  rightTop.fill(Infinity);
  rightBottom.fill(-Infinity);
  for (let k = 0; k < s.m; k++) {
    const a = s.a[k]!;
    const b = s.b[k]!;
    leftTop[b] = Math.min(leftTop[b]!, s.top[k]!);
    leftBottom[b] = Math.max(leftBottom[b]!, s.bottom[k]!);
    rightTop[a] = Math.min(rightTop[a]!, s.top[k]!);
    rightBottom[a] = Math.max(rightBottom[a]!, s.bottom[k]!);
  }
  for (let i = 1; i <= n; i++) {
    leftTop[i] = Math.min(leftTop[i]!, leftTop[i - 1]!);
    leftBottom[i] = Math.max(leftBottom[i]!, leftBottom[i - 1]!);
  }
  for (let i = n - 1; i >= 0; i--) {
    rightTop[i] = Math.min(rightTop[i]!, rightTop[i + 1]!);
    rightBottom[i] = Math.max(rightBottom[i]!, rightBottom[i + 1]!);
  }
}

/** All runs over each point (for the sides' fill); returns the largest count. */
function fillCover(s: Spans, n: number, cover: Float64Array): number {
  cover.fill(0);
  for (let k = 0; k < s.m; k++) {
    if (s.a[k]! >= s.b[k]!) continue;
    cover[s.a[k]!]! += 1;
    cover[s.b[k]!]! -= 1;
  }
  for (let i = 1; i < n; i++) cover[i]! += cover[i - 1]!;
  let max = 0;
  for (let i = 0; i <= n; i++) max = Math.max(max, cover[i]!);
  return max;
}

/**
 * Marks the open points: at most `low` runs cross the point inside its band. The points are
 * swept left to right with the runs that have started (a counting sort of their starts);
 * runs found ended are dropped for good, and counting stops at the first run over `low`, so
 * a point costs about the runs crossing it, not every run that starts left of it.
 * A point crossed more often is still open where the runs crossing it leave a stretch of
 * its band at least `minBand` high uncrossed (uncrossedStretch): full-width lines set close
 * above or below the columns (an abstract, an author block, a closing paragraph) cross the
 * gutter but do not close it, and the band is narrowed to the stretch between them.
 */
function markOpen(s: Spans, n: number, p: Points, low: number, minBand: number, order: Int32Array, firstAt: Int32Array, open: Uint8Array): void {
  firstAt.fill(0);
  for (let k = 0; k < s.m; k++) firstAt[s.a[k]! + 1]!++;
  for (let i = 1; i <= n; i++) firstAt[i]! += firstAt[i - 1]!;
  for (let k = 0; k < s.m; k++) order[firstAt[s.a[k]!]!++] = k;
  // `order` is by start; its front part [0, activeLen) is reused as the active list once read.
  let activeLen = 0;
  let next = 0;
  for (let i = 0; i < n; i++) {
    while (next < s.m && s.a[order[next]!]! <= i) order[activeLen++] = order[next++]!;
    open[i] = 1;
    const top = Math.max(p.leftTop[i]!, p.rightTop[i]!);
    const bottom = Math.min(p.leftBottom[i]!, p.rightBottom[i]!);
    p.bandTop[i] = top;
    p.bandBottom[i] = bottom;
    if (p.cover[i]! <= low) continue;
    if (bottom - top < minBand) {
      open[i] = 0;
      continue;
    }
    // Counting stops once the point is closed and a run covers the band's middle: a stretch
    // of half the band or more holds the middle, so then no uncrossed stretch can open it.
    const middle = (top + bottom) / 2;
    let count = 0;
    let middleCovered = false;
    for (let j = 0; j < activeLen; j++) {
      const k = order[j]!;
      if (s.b[k]! <= i) {
        order[j--] = order[--activeLen]!; // ended: crosses no later point
        continue;
      }
      if (s.top[k]! < middle && s.bottom[k]! > middle) middleCovered = true;
      const mid = (s.top[k]! + s.bottom[k]!) / 2;
      if (mid >= top && mid <= bottom) count++;
      if (count > low && middleCovered) break;
    }
    if (count > low) open[i] = !middleCovered && uncrossedStretch(s, i, top, bottom, minBand, order, activeLen, p) ? 2 : 0;
  }
}

/**
 * Whether open points a and b (neighbours) lie in one gap: both open by the count, or with
 * bands that agree within a body font size. Points opened by an uncrossed stretch each have
 * their own stretch; inside a column one may be the rows beside a small table, and joining
 * it to the gutter's points widened the gutter into the column, whose lines were then cut.
 */
function sameRun(open: Uint8Array, p: Points, a: number, b: number, em: number): boolean {
  if (open[a] === 1 && open[b] === 1) return true;
  return Math.abs(p.bandTop[a]! - p.bandTop[b]!) <= em && Math.abs(p.bandBottom[a]! - p.bandBottom[b]!) <= em;
}

/** Points a stretch's band keeps clear of the lines crossing its point (uncrossedStretch). */
const EDGE = 1;

/**
 * The stretch of [top, bottom] around its middle that no run crossing point `i` covers (no
 * crossing run covers the middle itself: markOpen has checked), written as the point's band;
 * true when it is a stretch of columns: at least `minBand` high and half the band. A stretch
 * of half the band holds its middle, so no other can qualify. The lines crossing a gutter
 * this way stand above and below the columns (a title, an abstract or author block, a closing
 * footnote); a column's own lines around an indented list or a narrow table leave only a short
 * stretch beside those, not half the band.
 */
function uncrossedStretch(s: Spans, i: number, top: number, bottom: number, minBand: number, order: Int32Array, activeLen: number, p: Points): boolean {
  const middle = (top + bottom) / 2;
  let from = top;
  let to = bottom;
  for (let j = 0; j < activeLen; j++) {
    const k = order[j]!;
    if (s.b[k]! <= i) continue;
    if (s.top[k]! < middle) from = Math.max(from, s.bottom[k]!);
    else to = Math.min(to, s.top[k]!);
  }
  // The band stops a point inside the crossing lines' edges: lines are cut at a gutter in
  // rows that touch its band, and a crossing line's row ends exactly at the stretch's edge
  // (an abstract's last line was cut at the gutter under it).
  p.bandTop[i] = from + EDGE;
  p.bandBottom[i] = to - EDGE;
  const high = to - from;
  return high >= minBand && high >= 0.5 * (bottom - top);
}

/**
 * Gutters of a run of text lines (see findColumnGutters), the busiest point's run count, the
 * median font size, and `sidesGap` (sidesGap below; +Infinity where it was not counted).
 */
export function gutterBands(runs: readonly TextRun[], sideMin: number, rules: BandRules): { gutters: ColumnGutter[]; maxCover: number; em: number; sidesGap: number } {
  if (runs.length < 20) return { gutters: [], maxCover: 0, em: 0, sidesGap: Infinity }; // (a page's own call has 20 runs or more)
  const em = medianFontSize(runs);
  const none = { gutters: [], maxCover: 0, em, sidesGap: Infinity };
  const { x0, n } = horizontalExtent(runs);
  if (!(n > 1) || n > 20000) return none;
  const { spans, points, order, firstAt, open } = scratch(n, runs.length);
  fillSpans(runs, x0, n, spans);
  const max = fillCover(spans, n, points.cover);
  const minWidth = Math.max(rules.minGutter, rules.minGutterEm * em);
  // A stretch's sides need the page's fill, or the share of the stretch's own busiest point
  // that a page asks of its own when that is less, but never fewer than stretchFloor rows: the
  // columns under or over a spanning figure hold fewer rows than the page's busiest column,
  // and their lines were glued across the gutter.
  const need = sideMin > 0 ? Math.min(sideMin, Math.max(rules.stretchFloor, rules.minSideShare * max)) : 0;
  const fill = Math.max(rules.minSideShare * max, need);
  const gap = sidesGap(spans, fill, order);
  if (!(gap >= minWidth)) return { gutters: [], maxCover: max, em, sidesGap: gap };
  fillBands(spans, n, points); // (only where a gutter can be: the count above rules out prose)
  const low = Math.max(1, 0.06 * max);
  // A band must be a real stretch of columns, not one short line that happens to end left of x.
  let textTop = Infinity;
  let textBottom = -Infinity;
  for (let k = 0; k < spans.m; k++) {
    textTop = Math.min(textTop, spans.top[k]!);
    textBottom = Math.max(textBottom, spans.bottom[k]!);
  }
  const minBand = Math.max(rules.minBandShare * (textBottom - textTop), rules.minBandLines * em);
  markOpen(spans, n, points, low, minBand, order, firstAt, open);
  const gutters: ColumnGutter[] = [];
  let i = 0;
  let narrow: Array<[number, number]> = [];
  const flush = () => {
    const g = narrow.length > 1 ? fragmentsGap(narrow, open, points, minWidth, em) : null;
    if (g && g[0] > 0 && g[1] < n) {
      const gap = acceptGap(runs, x0, n, g[0], g[1], { fill, minBand, em }, points, rules, g[2]);
      if (gap) gutters.push(gap);
    }
    narrow = [];
  };
  while (i < n) {
    if (!open[i]) {
      flush();
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && open[j] && sameRun(open, points, j - 1, j, em)) j++;
    if (j - i >= minWidth && i > 0 && j < n) {
      flush();
      const g = acceptGap(runs, x0, n, i, j, { fill, minBand, em }, points, rules);
      if (g) gutters.push(g);
    } else if (j - i < minWidth) narrow.push([i, j]);
    i = j;
  }
  flush();
  return { gutters: joinNeighbours(gutters, em), maxCover: max, em, sidesGap: gap };
}

/**
 * Gaps that touch (split by sameRun where their bands part) are one gutter: with bands that
 * agree within `em` they are joined; otherwise the one whose band lies inside the other's is
 * dropped (ragged line ends beside a gutter leave a narrower stretch open next to it, and
 * its centre lay inside the column, where its lines would have been cut).
 */
function joinNeighbours(gutters: ColumnGutter[], em: number): ColumnGutter[] {
  if (gutters.length < 2) return gutters;
  const out: ColumnGutter[] = [];
  const inside = (a: ColumnGutter, b: ColumnGutter) => a.top >= b.top - em && a.bottom <= b.bottom + em;
  for (const g of gutters) {
    const prev = out[out.length - 1];
    if (!prev || g.x0 - prev.x1 > 1) {
      out.push(g);
      continue;
    }
    if (inside(g, prev) && inside(prev, g)) out[out.length - 1] = { ...prev, x1: g.x1, top: Math.min(prev.top, g.top), bottom: Math.max(prev.bottom, g.bottom) };
    else if (inside(prev, g)) out[out.length - 1] = g;
    else if (!inside(g, prev)) out.push(g);
  }
  return out;
}

/**
 * Whether any gap could pass acceptGap, by counting alone: a gutter [i, j) needs `fill` rows
 * (so at least ⌈fill⌉ runs) ending at or before i and as many starting at or after j, with
 * j − i ≥ minWidth. So the ⌈fill⌉-th largest start must lie minWidth beyond the ⌈fill⌉-th
 * smallest end: this returns that distance (a gutter can be only where it is ≥ minWidth;
 * +Infinity without a side minimum, −Infinity with fewer than 2⌈fill⌉ runs). On a page or
 * stretch of prose, whose lines all start at one margin, it is negative, and the per-point
 * band search (fillBands, markOpen) is skipped: it would find nothing. findColumnGutters
 * also reads a page's distance to skip its stretches. `scratch` (length m at least) is overwritten.
 */
function sidesGap(s: Spans, fill: number, scratch: Int32Array): number {
  if (!(fill > 0)) return Infinity; // (no side minimum: an empty side would do)
  const k = Math.ceil(fill);
  if (s.m < 2 * k) return -Infinity;
  const v = scratch.subarray(0, s.m);
  v.set(s.a);
  v.sort();
  const kthLargestStart = v[s.m - k]!;
  v.set(s.b);
  v.sort();
  return kthLargestStart - v[k - 1]!;
}

/**
 * A wide enough open gap [i, j) is a gutter when both sides are filled, inside its band, and
 * the text left of it is not only list markers. Reached a few times per page: kept apart
 * from the per-point loops so that it cannot throw their optimised code away.
 */
function acceptGap(runs: readonly TextRun[], x0: number, n: number, i: number, j: number, at: { fill: number; minBand: number; em: number }, p: Points, rules: BandRules, given?: { top: number; bottom: number }): ColumnGutter | null {
  let left = 0;
  let right = 0;
  for (let k = 0; k < i; k++) left = Math.max(left, p.cover[k]!);
  for (let k = j; k < n; k++) right = Math.max(right, p.cover[k]!);
  const mid = (i + j) >> 1;
  const band = given ?? { top: p.bandTop[mid]!, bottom: p.bandBottom[mid]! };
  const { fill } = at;
  if (!(left >= fill && right >= fill)) return null;
  const spans = runs.map((r) => ({ a: Math.max(0, Math.floor(r.bbox.left - x0)), b: Math.min(n - 1, Math.ceil(r.bbox.left + r.bbox.width - x0)), top: r.bbox.top, bottom: r.bbox.top + r.bbox.height, run: r }));
  // Both sides hold that many rows inside the band itself, not just somewhere on the page.
  const rowsIn = (side: (sp: (typeof spans)[number]) => boolean) =>
    new Set(spans.filter((sp) => side(sp) && (sp.top + sp.bottom) / 2 >= band.top && (sp.top + sp.bottom) / 2 <= band.bottom).map((sp) => Math.round(sp.top))).size;
  const filled = rowsIn((sp) => sp.b <= i) >= fill && rowsIn((sp) => sp.a >= j) >= fill;
  if (!filled || !(band.bottom - band.top >= at.minBand)) return null;
  // The gap between a list's markers and its items: the text just left of the gap (runs
  // ending within two body font sizes of it, inside its band) is list markers, but for a
  // stray word or two (a footer's last word ending there: a column's lines ending at a gutter
  // are many, and not markers).
  let markers = 0;
  let others = 0;
  for (const sp of spans) {
    const m = (sp.top + sp.bottom) / 2;
    if (sp.b > i || sp.b < i - 2 * at.em || m < band.top || m > band.bottom) continue;
    if (rules.markerOnly(sp.run.text)) markers++;
    else others++;
  }
  return markers > others ? null : { x0: x0 + i, x1: x0 + j, ...band };
}
