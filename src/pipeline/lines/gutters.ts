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
const MIN_BAND_SHARE = 0.2;
const MIN_BAND_LINES = 3; // and at least this many body font sizes (a letter-spaced footer is one row, not columns)
const STRETCH_GAP_EM = 2; // blank band (in body font sizes) that separates a title block from the columns // a two-sided band spans at least this share of the text's height

export function findGutters(runs: readonly TextRun[]): Array<[number, number]> {
  if (runs.length < 20) return [];
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const r of runs) {
    x0 = Math.min(x0, r.bbox.left);
    x1 = Math.max(x1, r.bbox.left + r.bbox.width);
  }
  const n = Math.ceil(x1 - x0) + 1;
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
  const page = gutterBands(runs, 0);
  const out = page.gutters;
  // A stretch's columns must be as well filled as the page's busiest column requires, so a
  // few short lines of a small stretch never make a gutter.
  const stretches = verticalStretches(runs);
  if (stretches.length > 1) for (const s of stretches) out.push(...gutterBands(s, MIN_SIDE_SHARE * page.maxCover).gutters);
  return out;
}

/** Runs split where a blank band at least STRETCH_GAP_EM body lines high crosses the page. */
function verticalStretches(runs: readonly TextRun[]): TextRun[][] {
  const gap = STRETCH_GAP_EM * medianFontSize(runs);
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

function gutterBands(runs: readonly TextRun[], sideMin: number): { gutters: ColumnGutter[]; maxCover: number } {
  const none = { gutters: [], maxCover: 0 };
  if (runs.length < 20) return none;
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const r of runs) {
    x0 = Math.min(x0, r.bbox.left);
    x1 = Math.max(x1, r.bbox.left + r.bbox.width);
  }
  const n = Math.ceil(x1 - x0) + 1;
  if (!(n > 1) || n > 20000) return none;
  const minWidth = Math.max(MIN_GUTTER, MIN_GUTTER_EM * medianFontSize(runs));
  const spans = runs.map((r) => ({ a: Math.max(0, Math.floor(r.bbox.left - x0)), b: Math.min(n - 1, Math.ceil(r.bbox.left + r.bbox.width - x0)), top: r.bbox.top, bottom: r.bbox.top + r.bbox.height }));
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
  const minBand = Math.max(MIN_BAND_SHARE * (textBottom - textTop), MIN_BAND_LINES * medianFontSize(runs));
  const crossing = (i: number): number => {
    if (cover[i]! <= low) return cover[i]!;
    const { top, bottom } = bandAt(i);
    if (bottom - top < minBand) return cover[i]!;
    let k = 0;
    for (const s of spans) if (s.a <= i && s.b > i && (s.top + s.bottom) / 2 >= top && (s.top + s.bottom) / 2 <= bottom) k++;
    return k;
  };
  const open = Array.from({ length: n }, (_, i) => crossing(i) <= low);
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
      if (filled && band.bottom - band.top >= minBand) gutters.push({ x0: x0 + i, x1: x0 + j, ...band });
    }
    i = j;
  }
  return { gutters, maxCover: max };
}

function medianFontSize(runs: readonly TextRun[]): number {
  const sizes = runs.map((r) => r.fontSize).sort((a, b) => a - b);
  return sizes[sizes.length >> 1] ?? 0;
}
