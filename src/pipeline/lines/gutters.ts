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
import { LIST_MARK_ONLY } from '../../model/list-markers.js';
import type { TextRun } from '../../model/page.js';
import { gutterBands, horizontalExtent, medianFontSize, type BandRules, type ColumnGutter } from './gutter-bands.js';

export type { ColumnGutter } from './gutter-bands.js';

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
const STRETCH_FLOOR = 6; // rows each side of a stretch's gutter holds at least (gutter-bands.ts)
const STRETCH_GAP_EM = 2; // blank band (in body font sizes) that separates a title block from the columns
/** One symbol alone (\p{S}: arrows, check marks, dingbats) or a guillemet used as a mark; sentence punctuation is not (a glyph-by-glyph line ends in one). */
const LONE_SYMBOL = /^\s*[\p{S}«»‹›]\s*$/u;
const RULES: BandRules = {
  minGutter: MIN_GUTTER,
  minGutterEm: MIN_GUTTER_EM,
  minSideShare: MIN_SIDE_SHARE,
  minBandShare: MIN_BAND_SHARE,
  minBandLines: MIN_BAND_LINES,
  stretchFloor: STRETCH_FLOOR,
  // A run that is nothing but a list's mark: a list's marks stand in a column of their own, a
  // fixed gap left of their items' text, and that gap is not a column gutter (cutting there
  // split every bullet from its item, and list items were lost).
  // A lone symbol counts too ("»", "➢", "✓" set as marks): no column's lines end in one.
  markerOnly: (text) => LIST_MARK_ONLY.test(text) || LONE_SYMBOL.test(text),
};

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

/**
 * Gutters of the whole page and of each stretch of it between full-width blank bands (the
 * XY-cut's horizontal cuts): a title and author block set apart from the columns by white
 * space is its own stretch, so its lines do not hide the gutter of the columns below.
 * `occupied`: vertical bands without runs that are not white space (tables claimed before).
 */
export function findColumnGutters(runs: readonly TextRun[], occupied: readonly Band[] = []): ColumnGutter[] {
  if (runs.length < 20) return [];
  const page = gutterBands(runs, 0, RULES);
  const out = page.gutters;
  // Where the page's runs cannot fill two sides at least MIN_GUTTER - 1 points apart, no
  // stretch's can fill them MIN_GUTTER apart (a stretch is a subset of the runs, its side
  // minimum is at least the page's, and measuring from its own left edge moves the distance by
  // less than a point): nothing to search (most pages of prose). (A stretch may ask fewer rows
  // of its sides than the page does, STRETCH_FLOOR; the skip is kept for prose pages' sake,
  // and a page with columns fills its sides.)
  if (!(page.sidesGap >= MIN_GUTTER - 1)) return out;
  // A stretch's columns must be about as well filled as the page's busiest column requires
  // (gutterBands: the page's fill, or the same share of the stretch's own when less, and
  // STRETCH_FLOOR rows at least), so a few short lines of a small stretch never make a gutter.
  // A stretch's gutter so needs at least ⌈min(sideMin, STRETCH_FLOOR)⌉ runs on each side
  // (gutterBands' sidesGap): a stretch with fewer runs than twice that is not searched (most
  // headings, short stretches).
  const sideMin = MIN_SIDE_SHARE * page.maxCover;
  const fewest = sideMin > 0 ? 2 * Math.ceil(Math.min(sideMin, STRETCH_FLOOR)) : 0;
  const stretches = verticalStretches(runs, page.em, occupied);
  if (stretches.length < 2) return out;
  const bare: TextRun[][] = [];
  for (const s of stretches) {
    const found = s.length >= fewest ? gutterBands(s, sideMin, RULES).gutters : [];
    if (found.length > 0) out.push(...found);
    else if (s.length >= 4) bare.push(s);
  }
  if (out.length > 0) for (const s of bare) out.push(...openHere(s, out));
  return out;
}

/** Rows (distinct tops) a stretch holds on each side of a gutter it keeps from the page. */
const KEPT_SIDE_ROWS = 2;

/**
 * The gutters found elsewhere on the page that a stretch with none of its own keeps open: a
 * band of the stretch that none of its runs crosses in the gutter's strip, each side holding
 * two of its rows there. Three lines of three columns between two spanning figures are too
 * few rows for a gutter of their own (STRETCH_FLOOR), and their lines were glued across both
 * gutters (bench/synthetic-columns.ts seed 62); the columns above and below show where the
 * gutters run. A caption set close above the columns is in the stretch and crosses the strip:
 * the band is the part of the stretch between the lines that cross.
 */
function openHere(stretch: readonly TextRun[], known: readonly ColumnGutter[]): ColumnGutter[] {
  const kept: ColumnGutter[] = [];
  for (const g of known) {
    if (kept.some((k) => k.x0 < g.x1 && k.x1 > g.x0)) continue;
    const crossing = stretch.filter((r) => r.bbox.left < g.x1 && r.bbox.left + r.bbox.width > g.x0).map((r) => [r.bbox.top, r.bbox.top + r.bbox.height] as const);
    crossing.sort((a, b) => a[0] - b[0]);
    // The free bands: between consecutive crossing lines (and the stretch's ends).
    const free: Array<[number, number]> = [];
    let from = -Infinity;
    for (const [t, b] of crossing) {
      if (t > from) free.push([from, t]);
      from = Math.max(from, b);
    }
    free.push([from, Infinity]);
    for (const [lo, hi] of free) {
      const left = new Set<number>(), right = new Set<number>();
      let top = Infinity, bottom = -Infinity;
      for (const r of stretch) {
        if (r.bbox.top < lo || r.bbox.top + r.bbox.height > hi) continue;
        (r.bbox.left + r.bbox.width <= g.x0 ? left : right).add(Math.round(r.bbox.top));
        top = Math.min(top, r.bbox.top);
        bottom = Math.max(bottom, r.bbox.top + r.bbox.height);
      }
      if (left.size >= KEPT_SIDE_ROWS && right.size >= KEPT_SIDE_ROWS) kept.push({ x0: g.x0, x1: g.x1, top, bottom });
    }
  }
  return kept;
}

/** A vertical extent of the page that is not blank though it holds no runs (a claimed table). */
export interface Band {
  top: number;
  bottom: number;
}

/**
 * Runs split where a blank band at least STRETCH_GAP_EM body lines (`em`) high crosses the
 * page. `occupied` bands are not blank: a table claimed before lines are built (analyze-page.ts)
 * leaves its rows' runs out, and the columns beside and around it were split into stretches too
 * short to show their gutter (bench/synthetic-columns.ts seed 49: lines joined across it).
 */
function verticalStretches(runs: readonly TextRun[], em: number, occupied: readonly Band[]): TextRun[][] {
  const gap = STRETCH_GAP_EM * em;
  const sorted = runs.slice().sort((a, b) => a.bbox.top - b.bbox.top);
  const out: TextRun[][] = [];
  let cur: TextRun[] = [];
  let bottom = -Infinity;
  for (const r of sorted) {
    for (const o of occupied) if (o.top <= r.bbox.top && o.bottom > bottom && o.top - bottom <= gap) bottom = o.bottom;
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
