/**
 * Column gutters: vertical strips of a page that text does not cross, with well-filled
 * text on both sides. Lines never join across one, however narrow (LaTeX's default column
 * gap is 10 pt), while other gaps on a baseline may be wide (captions, forms).
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

function medianFontSize(runs: readonly TextRun[]): number {
  const sizes = runs.map((r) => r.fontSize).sort((a, b) => a - b);
  return sizes[sizes.length >> 1] ?? 0;
}
