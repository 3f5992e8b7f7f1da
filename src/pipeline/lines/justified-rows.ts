/**
 * Words of a justified line set far apart stay one line (issue 27, reading order). A narrow
 * justified column (a newspaper, a three-column paper in a large face, a heading stretched to
 * the measure) can space its words more than the split gap of build-lines.ts (2 em): each word
 * became a line of its own, blocks were made of single words, and the reading order put them
 * after their paragraph ("The | President, | Vice" read "The … President, … Vice").
 *
 * Justification leaves its mark: every word space of the line is stretched alike, so the line
 * has no normal space left, and the line ends where the column ends, as a nearby line does. A
 * row's pieces split by a gap (not at a column gutter) are joined again when:
 * - there are three pieces or more (two gaps to compare) and the gaps agree within 30 %;
 * - each gap is under 6 em (a wider one is layout: a table's or a form's columns);
 * - no piece holds a normal word space (a space in its text, or a gap between its runs of
 *   more than a quarter em and under 60 % of the pieces' gaps): a row of two columns' words
 *   or a table row with words in its cells keeps its normal spaces inside its pieces;
 * - half the pieces hold a letter (a row of figures is a table's);
 * - a piece of another row within three line heights ends where the joined line ends (within
 *   2 pt) and starts no later than it does: the column's right edge.
 * A table of one-word cells evenly spaced and ending at the text's edge could pass; tables are
 * claimed before lines are built (analyze-page.ts), and such a row then reads as pdftotext
 * reads it.
 */
import type { TextRun } from '../../model/page.js';
import { extentOf, type RunExtent } from './run-extent.js';

/** Thresholds of a justified line, shared with tables/justified-chunks.ts (the same test on a table's chunks). */
export const JUSTIFIED = {
  /** Widest justified word space, in font sizes. */
  maxSpaceEm: 6,
  /** Gaps of one justified line agree within this ratio (largest over smallest). */
  gapAgreement: 1.3,
  /** A normal word space inside a piece: wider than this (em)… */
  wordSpaceEm: 0.25,
  /** …and narrower than this share of the pieces' gaps. */
  normalShare: 0.6,
  /** Right edges of one column agree within this (points). */
  edgeTolerance: 2,
  /** Rows searched for the column's edge, in line heights above and below. */
  reachLines: 3,
} as const;
const { maxSpaceEm: MAX_SPACE_EM, gapAgreement: GAP_AGREEMENT, wordSpaceEm: WORD_SPACE_EM, normalShare: NORMAL_SHARE, edgeTolerance: EDGE_TOLERANCE, reachLines: REACH_LINES } = JUSTIFIED;

interface Piece extends RunExtent {
  runs: TextRun[];
}

function pieceOf(runs: TextRun[]): Piece {
  return { runs, ...extentOf(runs) };
}

/** The smallest normal word space inside a piece (Infinity when it has none). */
function innerSpace(p: Piece): number {
  let least = Infinity;
  let prevRight = -Infinity;
  for (const r of p.runs) {
    if (/\S\s+\S/u.test(r.text)) return 0;
    const gap = r.bbox.left - prevRight;
    if (gap > WORD_SPACE_EM * r.fontSize && gap < least) least = gap;
    prevRight = Math.max(prevRight, r.bbox.left + r.bbox.width);
  }
  return least;
}

/**
 * Rows of line pieces (each row's pieces left to right, as build-lines.ts cut them), with
 * `gapCut[row][i]` true where pieces i and i+1 were cut by their gap alone (not at a gutter).
 * Returns the rows with each justified line's pieces joined into one.
 */
export function joinJustifiedRows(rows: readonly TextRun[][][], gapCut: readonly boolean[][]): readonly TextRun[][][] {
  // Each row's chains: pieces cut by gaps under MAX_SPACE_EM and not at a gutter. A chain's
  // extent is the line it would make; the column edge is sought among all chains (a line
  // beside a stretched one may be stretched too).
  const chains = rows.map((row, k) => {
    const out: { pieces: Piece[]; extent: Piece }[] = [];
    const pieces = row.map(pieceOf);
    let i = 0;
    while (i < pieces.length) {
      let j = i;
      while (j + 1 < pieces.length && gapCut[k]![j] && pieces[j + 1]!.left - pieces[j]!.right <= MAX_SPACE_EM * Math.max(pieces[j]!.size, pieces[j + 1]!.size)) j++;
      const run = pieces.slice(i, j + 1);
      out.push({ pieces: run, extent: run.length === 1 ? run[0]! : pieceOf(run.flatMap((p) => p.runs)) });
      i = j + 1;
    }
    return out;
  });
  // Lines that could be justified ones; the column edges are sought only when there are some
  // (most rows of three pieces or more are a table's or a form's, with uneven gaps).
  const candidates = new Set(chains.flatMap((row, k) => (rows[k]!.length < 3 ? [] : row.filter((c) => (c.pieces.length >= 3 && justified(c.pieces)) || twoWords(c.pieces)))));
  if (candidates.size === 0) return rows;
  const all = chains.flat().map((c) => c.extent).sort((a, b) => a.top - b.top);
  // A two-word line's measure is set by a whole line (one piece), not by a row of pieces cut
  // apart: two table headings over two ("Name of  Name of" over "State/UT  District") match.
  const whole = new Set(chains.flat().filter((c) => c.pieces.length === 1).map((c) => c.extent));
  const tops = all.map((p) => p.top);
  const endsAt = (line: Piece, pair: boolean): boolean => {
    const reach = REACH_LINES * (line.bottom - line.top);
    for (let i = lowerBound(tops, line.top - reach); i < all.length && all[i]!.top <= line.bottom + reach; i++) {
      const p = all[i]!;
      if (p !== line && Math.abs(p.right - line.right) <= EDGE_TOLERANCE && p.left <= line.left + EDGE_TOLERANCE && (!pair || (p.left >= line.left - EDGE_TOLERANCE && whole.has(p)))) return true;
    }
    return false;
  };
  return chains.map((row, k) => (row.some((c) => candidates.has(c)) ? row.flatMap((c) => (candidates.has(c) && endsAt(c.extent, c.pieces.length === 2) ? [c.extent.runs] : c.pieces.map((p) => p.runs))) : rows[k]!));
}

/**
 * Two words of a justified line (a two-word line of a narrow column stretched to its measure,
 * "independent,      non-partisan,"): one gap, so nothing to compare; each piece is one word
 * of letters (no normal word space) in one size (a form's label beside a letter of a large
 * vertical label is not), and the line must then fill a nearby whole line's measure exactly,
 * both edges (endsAt). Left apart, the second word joined the caption above the columns
 * (bench/synthetic-columns.ts).
 */
function twoWords(run: readonly Piece[]): boolean {
  if (run.length !== 2 || Math.max(run[0]!.size, run[1]!.size) > 1.15 * Math.min(run[0]!.size, run[1]!.size)) return false;
  return run.every((p) => innerSpace(p) === Infinity && p.runs.some((r) => /\p{L}/u.test(r.text)));
}

/** The pieces' gaps agree, no piece holds a normal word space, and half the pieces hold a letter. */
function justified(run: readonly Piece[]): boolean {
  let least = Infinity, most = 0;
  for (let i = 1; i < run.length; i++) {
    const gap = run[i]!.left - run[i - 1]!.right;
    least = Math.min(least, gap);
    most = Math.max(most, gap);
  }
  if (!(most <= GAP_AGREEMENT * least)) return false;
  if (run.some((p) => innerSpace(p) < NORMAL_SHARE * least)) return false;
  return run.filter((p) => p.runs.some((r) => /\p{L}/u.test(r.text))).length * 2 >= run.length;
}

function lowerBound(xs: readonly number[], x: number): number {
  let lo = 0, hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
