/**
 * The text of a page in vertical strips at its column gutters (stream-regions.ts looks for
 * borderless tables strip by strip): two columns of prose side by side never read as a table.
 */
import { findColumnGutters, findGutters, type ColumnGutter } from '../lines/gutters.js';
import type { TextRun } from '../../model/page.js';
import { median } from './geometry.js';
import type { RuleSet, Seg } from './rule-segments.js';
import { groupLines, lineChunks, words, type Piece, type TextLine } from './text-pieces.js';

/**
 * Split pieces into vertical strips at the page's column gutters. A table's own column
 * gaps look like gutters too; a page gutter has running text on both sides (lines of
 * several words next to it), a table gap has short cells. Each strip comes with its lines;
 * a page without gutters is one strip whose lines are the page's.
 * Gutters that hold over part of the page only (columns under a title and abstract, or above
 * and below a spanning figure: findColumnGutters' bands) cut the pieces inside their band;
 * the page-wide projection misses them, and three columns of names and prose under an
 * abstract passed for a table (bench/synthetic-columns.ts). Those strips only confirm the
 * tables found in the page-wide ones (stream-regions.ts): cut smaller, a strip can lose the
 * lines that kept a block of it from passing for a table.
 */
/** Points: a rule ends at a gutter when its end lies within this of the gutter's edge. */
const RULE_END = 10;
/** Share of the lines beside a gutter that may have text on both sides, for columns ruled apart. */
const MAX_PAIRED = 0.5;
/** Points between a banded gutter and a page-wide one for both to be one gutter. */
const NEAR_CUT = 10;
/** A column's line ends (starts) within this many of its font sizes of a banded gutter. */
const REACH_EM = 6;

/**
 * The page-wide strips, and a function giving the strips cut further at the banded gutters
 * (null when no banded gutter adds a cut).
 */
export function stripsOf(pieces: readonly Piece[], runs: readonly TextRun[], rules: RuleSet): { pageWide: TextLine[][]; banded: () => TextLine[][] | null } {
  const lines = groupLines(pieces);
  // `band`: a banded gutter's extent; a line's chunk beside it counts only when it runs to
  // within REACH_EM of the gutter (a column's line does; a note's lines ending far left of a
  // table's column did not, and made its column gap a gutter of prose, pr-138-example). A row
  // with nothing there (a column ends before the band does) is not counted.
  const prose = (cut: number, left: boolean, band?: ColumnGutter) => {
    const sizes: number[] = [];
    for (const l of lines) {
      if (band && ((l.top + l.bottom) / 2 < band.top || (l.top + l.bottom) / 2 > band.bottom)) continue;
      const side = l.pieces.filter((p) => (left ? p.x1 <= cut : p.x0 >= cut));
      if (side.length === 0) continue;
      const chunks = lineChunks({ ...l, pieces: side });
      const chunk = left ? chunks[chunks.length - 1]! : chunks[0]!;
      const reaches = !band || (left ? chunk.x1 >= band.x0 - REACH_EM * l.size : chunk.x0 <= band.x1 + REACH_EM * l.size);
      if (reaches) sizes.push(words(chunk.text));
    }
    return median(sizes) >= 4;
  };
  const cuts: Cut[] = findGutters(runs)
    .filter(([a, b]) => (prose((a + b) / 2, true) && prose((a + b) / 2, false)) || ruledApart(a, b, rules.h, lines))
    .map(([a, b]) => ({ x0: a, x1: b, at: (a + b) / 2, top: -Infinity, bottom: Infinity }));
  const pageWide = cuts.length === 0 ? [lines] : split(pieces, cuts);
  const banded = () => {
    // (A banded gutter beside a page-wide one is that gutter where its side is ragged.)
    const near = (g: { x0: number; x1: number }) => cuts.some((c) => g.x0 <= c.x1 + NEAR_CUT && g.x1 >= c.x0 - NEAR_CUT);
    const more = [...cuts];
    for (const g of findColumnGutters(runs)) {
      const at = (g.x0 + g.x1) / 2;
      if (near(g) || !prose(at, true, g) || !prose(at, false, g)) continue;
      more.push({ x0: g.x0, x1: g.x1, at, top: g.top, bottom: g.bottom });
    }
    return more.length === cuts.length ? null : split(pieces, more);
  };
  return { pageWide, banded };
}

/**
 * Two page columns that each rule their own content (a datasheet's underlined headings and
 * its spec table beside a list of features) though one holds no prose: horizontal rules end
 * at the gutter on both sides, two or more each, none crosses it, and the lines beside it
 * mostly hold text on one side only (a table's rows, even ruled cell by cell, stand on both
 * sides of its column gaps at one baseline). The two columns had read as one table.
 */
function ruledApart(a: number, b: number, h: readonly Seg[], lines: readonly TextLine[]): boolean {
  if (h.some((s) => s.a < a - 1 && s.b > b + 1)) return false;
  const mid = (a + b) / 2;
  const leftEnds = h.filter((s) => s.b >= a - RULE_END && s.b <= mid && s.a < a - RULE_END).length;
  const rightStarts = h.filter((s) => s.a >= mid && s.a <= b + RULE_END && s.b > b + RULE_END).length;
  if (leftEnds < 2 || rightStarts < 2) return false;
  let sided = 0;
  let paired = 0;
  for (const l of lines) {
    const left = l.pieces.some((p) => p.x1 <= mid);
    const right = l.pieces.some((p) => p.x0 >= mid);
    if (left && right) paired++;
    else if (left || right) sided++;
  }
  return paired <= MAX_PAIRED * (paired + sided);
}

/** Pieces grouped by their side of each cut whose band holds them, each group in lines. */
function split(pieces: readonly Piece[], cuts: readonly Cut[]): TextLine[][] {
  const groups = new Map<string, Piece[]>();
  for (const p of pieces) {
    const cx = (p.x0 + p.x1) / 2, cy = (p.top + p.bottom) / 2;
    const key = cuts.map((c) => (cy < c.top || cy > c.bottom ? '-' : cx > c.at ? 'r' : 'l')).join('');
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  return [...groups.values()].map((s) => groupLines(s));
}

/** A strip's edge: a gutter's middle, over the band where it holds. */
interface Cut {
  x0: number;
  x1: number;
  at: number;
  top: number;
  bottom: number;
}
