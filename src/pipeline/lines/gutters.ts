/**
 * Column gutters: vertical strips of a page that text does not cross, with well-filled
 * text on both sides. Lines never join across one, however narrow (LaTeX's default column
 * gap is 10 pt), while other gaps on a baseline may be wide (captions, forms).
 *
 * findColumnGutters (used to cut lines) counts only the runs that cross a strip within the
 * band where both sides hold text: a centred title, an author block or a page number above
 * or below the columns crosses the gutter but does not close it (issue 27: a title plus
 * three centred lines were enough to hide LaTeX's 10-pt gutter, and whole paragraphs then
 * read across both columns). Each gutter carries that band, and lines are cut only inside it.
 */
import type { TextRun } from '../../model/page.js';

const MIN_GUTTER = 3; // points
/**
 * Nor narrower than this share of the median font size: a word space is a quarter to a
 * third of an em, so in large print (covers, slides) gaps between words can line up over a
 * few lines and look like a 3-point gutter. Real column gaps are an em or more.
 */
const MIN_GUTTER_EM = 0.5;
const MIN_SIDE_SHARE = 0.3; // each side holds at least this share of the busiest column's lines
const MIN_BAND_SHARE = 0.2; // a two-sided band spans at least this share of the text's height
const MIN_BAND_LINES = 3; // and at least this many body font sizes (a letter-spaced footer is one row, not columns)
/**
 * A run that is nothing but a list marker ('•', '–', '1.', 'a)', 'iv.'). A list's markers
 * stand in a column of their own, a fixed gap left of their items' text: that gap is not a
 * column gutter (cutting there split every bullet from its item, and list items were lost).
 */
const MARKER_ONLY = /^\s*(?:[•◦▪▫●○■□►▸‣⁃∙·*\-–—]|\(?[0-9]{1,3}[.)]|\(?[a-zA-Z][.)]|\(?(?:i|ii|iii|iv|v|vi|vii|viii|ix|x)[.)])\s*$/;
const STRETCH_GAP_EM = 2; // blank band (in body font sizes) that separates a title block from the columns

/** The runs' leftmost edge and the number of whole points from it to their rightmost edge, plus one. */
function horizontalExtent(runs: readonly TextRun[]): { x0: number; n: number } {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const r of runs) {
    x0 = Math.min(x0, r.bbox.left);
    x1 = Math.max(x1, r.bbox.left + r.bbox.width);
  }
  return { x0, n: Math.ceil(x1 - x0) + 1 };
}

export function findGutters(runs: readonly TextRun[]): Array<[number, number]> {
  if (runs.length < 20) return [];
  const { x0, n } = horizontalExtent(runs);
  if (!(n > 1) || n > 20000) return [];
  const minWidth = Math.max(MIN_GUTTER, MIN_GUTTER_EM * medianFontSize(runs));
  // Runs covering each point: +1 where a run starts, -1 where it ends, then running sums
  // (instead of adding 1 along every run's width).
  const cover = new Float64Array(n + 1);
  for (const r of runs) {
    const a = Math.max(0, Math.floor(r.bbox.left - x0));
    const b = Math.min(n - 1, Math.ceil(r.bbox.left + r.bbox.width - x0));
    if (a >= b) continue;
    cover[a]! += 1;
    cover[b]! -= 1;
  }
  for (let i = 1; i < n; i++) cover[i]! += cover[i - 1]!;
  let max = 0;
  for (const c of cover) max = Math.max(max, c);
  const low = Math.max(1, 0.06 * max);
  const gutters: Array<[number, number]> = [];
  let i = 0;
  while (i < n) {
    if (cover[i]! > low) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && cover[j]! <= low) j++;
    if (j - i >= minWidth && i > 0 && j < n) {
      let left = 0;
      let right = 0;
      for (let k = 0; k < i; k++) left = Math.max(left, cover[k]!);
      for (let k = j; k < n; k++) right = Math.max(right, cover[k]!);
      if (left >= MIN_SIDE_SHARE * max && right >= MIN_SIDE_SHARE * max) gutters.push([x0 + i, x0 + j]);
    }
    i = j;
  }
  return gutters;
}

/** A column gutter and the vertical band (top to bottom) where both its sides hold text. */
export interface ColumnGutter {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

/**
 * Gutters of the whole page and of each stretch of it between full-width blank bands (the
 * XY-cut's horizontal cuts): a title and author block set apart from the columns by white
 * space is its own stretch, so its lines do not hide the gutter of the columns below.
 */
export function findColumnGutters(runs: readonly TextRun[]): ColumnGutter[] {
  if (runs.length < 20) return [];
  const page = gutterBands(runs, 0);
  const out = page.gutters;
  // A stretch's columns must be as well filled as the page's busiest column requires, so a
  // few short lines of a small stretch never make a gutter.
  const stretches = verticalStretches(runs, page.em);
  if (stretches.length > 1) for (const s of stretches) out.push(...gutterBands(s, MIN_SIDE_SHARE * page.maxCover).gutters);
  return out;
}

/** Runs split where a blank band at least STRETCH_GAP_EM body lines (`em`) high crosses the page. */
function verticalStretches(runs: readonly TextRun[], em: number): TextRun[][] {
  const gap = STRETCH_GAP_EM * em;
  const sorted = runs.slice().sort((a, b) => a.bbox.top - b.bbox.top);
  const out: TextRun[][] = [];
  let cur: TextRun[] = [];
  let bottom = -Infinity;
  for (const r of sorted) {
    if (cur.length > 0 && r.bbox.top - bottom > gap) {
      out.push(cur);
      cur = [];
    }
    cur.push(r);
    bottom = Math.max(bottom, r.bbox.top + r.bbox.height);
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

function gutterBands(runs: readonly TextRun[], sideMin: number): { gutters: ColumnGutter[]; maxCover: number; em: number } {
  if (runs.length < 20) return { gutters: [], maxCover: 0, em: 0 }; // (a page's own call has 20 runs or more)
  const em = medianFontSize(runs);
  const none = { gutters: [], maxCover: 0, em };
  const { x0, n } = horizontalExtent(runs);
  if (!(n > 1) || n > 20000) return none;
  const minWidth = Math.max(MIN_GUTTER, MIN_GUTTER_EM * em);
  const spans = runs.map((r) => ({ a: Math.max(0, Math.floor(r.bbox.left - x0)), b: Math.min(n - 1, Math.ceil(r.bbox.left + r.bbox.width - x0)), top: r.bbox.top, bottom: r.bbox.top + r.bbox.height, run: r }));
  // Band where both sides of x hold text: runs ending left of x and runs starting right of x.
  const leftTop = new Float64Array(n + 1).fill(Infinity);
  const leftBottom = new Float64Array(n + 1).fill(-Infinity);
  const rightTop = new Float64Array(n + 1).fill(Infinity);
  const rightBottom = new Float64Array(n + 1).fill(-Infinity);
  for (const s of spans) {
    leftTop[s.b] = Math.min(leftTop[s.b]!, s.top);
    leftBottom[s.b] = Math.max(leftBottom[s.b]!, s.bottom);
    rightTop[s.a] = Math.min(rightTop[s.a]!, s.top);
    rightBottom[s.a] = Math.max(rightBottom[s.a]!, s.bottom);
  }
  for (let i = 1; i <= n; i++) {
    leftTop[i] = Math.min(leftTop[i]!, leftTop[i - 1]!);
    leftBottom[i] = Math.max(leftBottom[i]!, leftBottom[i - 1]!);
  }
  for (let i = n - 1; i >= 0; i--) {
    rightTop[i] = Math.min(rightTop[i]!, rightTop[i + 1]!);
    rightBottom[i] = Math.max(rightBottom[i]!, rightBottom[i + 1]!);
  }
  const bandAt = (i: number) => ({ top: Math.max(leftTop[i]!, rightTop[i]!), bottom: Math.min(leftBottom[i]!, rightBottom[i]!) });
  // The band's height at each point, without an object per point.
  const bandHeight = (i: number) => Math.min(leftBottom[i]!, rightBottom[i]!) - Math.max(leftTop[i]!, rightTop[i]!);
  // All runs over each point (for the sides' fill), and those crossing it inside the band.
  const cover = new Float64Array(n + 1);
  for (const s of spans) {
    if (s.a >= s.b) continue;
    cover[s.a]! += 1;
    cover[s.b]! -= 1;
  }
  for (let i = 1; i < n; i++) cover[i]! += cover[i - 1]!;
  let max = 0;
  for (const c of cover) max = Math.max(max, c);
  const low = Math.max(1, 0.06 * max);
  // A band must be a real stretch of columns, not one short line that happens to end left of x.
  let textTop = Infinity;
  let textBottom = -Infinity;
  for (const s of spans) {
    textTop = Math.min(textTop, s.top);
    textBottom = Math.max(textBottom, s.bottom);
  }
  const minBand = Math.max(MIN_BAND_SHARE * (textBottom - textTop), MIN_BAND_LINES * em);
  // A point is open when at most `low` runs cross it inside its band. Counting stops at the
  // first run over `low`, over the runs sorted by start (none starting right of the point):
  // inside a column that is a few runs, so a page costs about its width, not width × runs
  // (this check was 5% of a born-digital page's analysis time when it counted every run).
  // Plain loops over typed arrays: a worker runs this cold (each analyses a few hundred pages
  // at most), where closures over generic arrays (Array.from with a mapper) cost most.
  // The runs by start (a counting sort: starts are whole points in [0, n)), as three arrays.
  const firstAt = new Uint32Array(n + 1);
  for (const sp of spans) firstAt[sp.a + 1]!++;
  for (let p = 1; p <= n; p++) firstAt[p]! += firstAt[p - 1]!;
  const starts = new Float64Array(spans.length);
  const ends = new Float64Array(spans.length);
  const mids = new Float64Array(spans.length);
  for (const sp of spans) {
    const q = firstAt[sp.a]!++;
    starts[q] = sp.a;
    ends[q] = sp.b;
    mids[q] = (sp.top + sp.bottom) / 2;
  }
  const isOpen = (i: number): boolean => {
    if (cover[i]! <= low) return true;
    if (bandHeight(i) < minBand) return false;
    const top = Math.max(leftTop[i]!, rightTop[i]!);
    const bottom = Math.min(leftBottom[i]!, rightBottom[i]!);
    let k = 0;
    for (let q = 0; q < starts.length && starts[q]! <= i; q++) {
      if (ends[q]! > i && mids[q]! >= top && mids[q]! <= bottom && ++k > low) return false;
    }
    return true;
  };
  const open = new Uint8Array(n);
  for (let p = 0; p < n; p++) open[p] = isOpen(p) ? 1 : 0;
  const gutters: ColumnGutter[] = [];
  let i = 0;
  while (i < n) {
    if (!open[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && open[j]) j++;
    if (j - i >= minWidth && i > 0 && j < n) {
      let left = 0;
      let right = 0;
      for (let k = 0; k < i; k++) left = Math.max(left, cover[k]!);
      for (let k = j; k < n; k++) right = Math.max(right, cover[k]!);
      const band = bandAt((i + j) >> 1);
      const fill = Math.max(MIN_SIDE_SHARE * max, sideMin);
      // Both sides hold that many rows inside the band itself, not just somewhere on the page.
      const rowsIn = (side: (sp: (typeof spans)[number]) => boolean) =>
        new Set(spans.filter((sp) => side(sp) && (sp.top + sp.bottom) / 2 >= band.top && (sp.top + sp.bottom) / 2 <= band.bottom).map((sp) => Math.round(sp.top))).size;
      const filled = left >= fill && right >= fill && rowsIn((sp) => sp.b <= i) >= fill && rowsIn((sp) => sp.a >= j) >= fill;
      if (filled && band.bottom - band.top >= minBand && !afterMarkersOnly(spans, i, band, em)) gutters.push({ x0: x0 + i, x1: x0 + j, ...band });
    }
    i = j;
  }
  return { gutters, maxCover: max, em };
}

/**
 * True when the text just left of a gap at `i` (runs ending within two body font sizes of
 * it, inside its band) is list markers only: the gap between a list's markers and its items.
 */
function afterMarkersOnly(spans: ReadonlyArray<{ b: number; top: number; bottom: number; run: TextRun }>, i: number, band: { top: number; bottom: number }, em: number): boolean {
  let markers = 0;
  for (const sp of spans) {
    const mid = (sp.top + sp.bottom) / 2;
    if (sp.b > i || sp.b < i - 2 * em || mid < band.top || mid > band.bottom) continue;
    if (!MARKER_ONLY.test(sp.run.text)) return false;
    markers++;
  }
  return markers > 0;
}

function medianFontSize(runs: readonly TextRun[]): number {
  // A typed array sorts numbers natively, several times faster than a comparator; the same
  // order unless a size is NaN (the comparator's order is then the engine's: kept as it was).
  const sizes = new Float64Array(runs.length);
  for (let i = 0; i < runs.length; i++) sizes[i] = runs[i]!.fontSize;
  if (sizes.some(Number.isNaN)) return runs.map((r) => r.fontSize).sort((a, b) => a - b)[runs.length >> 1] ?? 0;
  sizes.sort();
  return sizes[sizes.length >> 1] ?? 0;
}
