/**
 * Pieces of one line that page-wide rows put in different rows are joined again (issue 27,
 * word order). A row's band is its first body-size run's band; on a two-column page whose
 * columns' baselines are offset by half a line, a right-column line can join the row of
 * the left column's line above it, and a word of that right-column line set in another
 * face (a code font whose box sits 0.6 pt lower: "eval", "o.x" on tracemonkey p4) then
 * misses that row and becomes a line of its own; with the word gone, the gap it leaves
 * splits the rest of the line too (". To evaluate"). Reading order put the pieces after
 * their paragraph.
 *
 * After rows are cut into lines, two lines are joined when they would have been one line
 * had they shared a row: their own boxes overlap vertically as runs of one row must
 * (`overlapShare` ≥ 0.5, build-lines.ts), the horizontal gap between them is under the
 * split gap, and no column gutter runs between them. Lines are visited in order of their
 * top, each compared only with the few lines whose tops are within a line height, so the
 * pass is linear in practice.
 */
import type { TextRun } from '../../model/page.js';
import { nonSpaceLength } from '../count-words.js';
import { extentOf, offLine, splitGapSize, type RunExtent } from './run-extent.js';

interface Piece extends RunExtent {
  runs: TextRun[];
  /** Characters other than spaces: a mark (a bullet, a number) or text (`splitGapSize`). */
  chars: number;
}

function runsOverlapX(a: readonly TextRun[], b: readonly TextRun[], tolerance: number): boolean {
  for (const x of a) for (const y of b) if (Math.min(x.bbox.left + x.bbox.width, y.bbox.left + y.bbox.width) - Math.max(x.bbox.left, y.bbox.left) > tolerance) return true;
  return false;
}

function pieceOf(runs: TextRun[]): Piece {
  let chars = 0;
  for (const r of runs) chars += nonSpaceLength(r.text);
  return { runs, chars, ...extentOf(runs) };
}

/**
 * Join line pieces that belong to one line. `share(aTop, aBottom, bTop, bBottom)` is the
 * row test of build-lines.ts; `splitGapEm` its split gap; `crossesGutter(x0, x1, top, bottom)`
 * says whether a column gutter runs between x0 and x1 in that band.
 */
export function rejoinSplitLines(
  groups: TextRun[][],
  share: (aTop: number, aBottom: number, bTop: number, bBottom: number) => number,
  splitGapEm: number,
  crossesGutter: (x0: number, x1: number, top: number, bottom: number) => boolean,
): TextRun[][] {
  if (groups.length < 2) return groups;
  let pieces = groups.map(pieceOf).sort((a, b) => a.top - b.top);
  const gone = new Set<Piece>();
  // A joined piece is wider: it may now reach a piece visited before it (one more pass, rarely two).
  for (let pass = 0, before = -1; pass < 4 && gone.size !== before; pass++) {
    before = gone.size;
    pieces = pieces.filter((p) => !gone.has(p)).sort((a, b) => a.top - b.top);
    joinPass(pieces, gone, share, splitGapEm, crossesGutter);
  }
  return gone.size === 0 ? groups : pieces.filter((p) => !gone.has(p)).map((p) => p.runs);
}

function joinPass(
  pieces: Piece[],
  gone: Set<Piece>,
  share: (aTop: number, aBottom: number, bTop: number, bBottom: number) => number,
  splitGapEm: number,
  crossesGutter: (x0: number, x1: number, top: number, bottom: number) => boolean,
): void {
  for (let i = 0; i < pieces.length; i++) {
    const a = pieces[i]!;
    if (gone.has(a)) continue;
    for (let j = i + 1; j < pieces.length; j++) {
      const b = pieces[j]!;
      if (b.top > a.bottom) break;
      if (gone.has(b) || share(a.top, a.bottom, b.top, b.bottom) < 0.5) continue;
      const [l, r] = a.left <= b.left ? [a, b] : [b, a];
      const gap = r.left - l.right;
      if (gap > splitGapEm * splitGapSize(a.size, a.chars, b.size, b.chars) || offLine(a, b, gap)) continue;
      // Pieces of one line stand side by side (one may sit in the other's gap); pieces whose
      // runs overlap in x are stacked lines with tall boxes (a CJK label over its gloss).
      if (gap < 0 && runsOverlapX(a.runs, b.runs, 0.1 * Math.min(a.size, b.size))) continue;
      const top = Math.min(a.top, b.top), bottom = Math.max(a.bottom, b.bottom);
      if (gap > 0 && crossesGutter(l.right, r.left, top, bottom)) continue;
      // b joins a; a's box grows, so later pieces are compared with the whole line.
      a.runs = [...a.runs, ...b.runs].sort((x, y) => x.bbox.left - y.bbox.left);
      a.left = Math.min(a.left, b.left);
      a.right = Math.max(a.right, b.right);
      a.top = top;
      a.bottom = bottom;
      a.size = Math.max(a.size, b.size);
      a.chars += b.chars;
      gone.add(b);
    }
  }
}
