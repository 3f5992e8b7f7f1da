/**
 * The box and largest font size of a group of runs: a line's pieces are measured this way by
 * the passes that join them again (attach-scripts.ts, rejoin-lines.ts, justified-rows.ts),
 * and whether two of them side by side are pieces of one line at all (`offLine`).
 */
import type { TextRun } from '../../model/page.js';

export interface RunExtent {
  left: number;
  right: number;
  top: number;
  bottom: number;
  size: number;
}

export function extentOf(runs: readonly TextRun[]): RunExtent {
  let left = Infinity, right = -Infinity, top = Infinity, bottom = -Infinity, size = 0;
  for (const r of runs) {
    if (r.bbox.left < left) left = r.bbox.left;
    if (r.bbox.left + r.bbox.width > right) right = r.bbox.left + r.bbox.width;
    if (r.bbox.top < top) top = r.bbox.top;
    if (r.bbox.top + r.bbox.height > bottom) bottom = r.bbox.top + r.bbox.height;
    if (r.fontSize > size) size = r.fontSize;
  }
  return { left, right, top, bottom, size };
}

/**
 * Two pieces set side by side on one row whose type sizes differ by over 20 %, whose
 * vertical centres lie over half the smaller one's height apart, and which stand over an em
 * of the larger type apart: a sidebar's small lines beside a body line whose tall box
 * reaches over two of them, not one line. "Occupational Statistics and" 15 pt left of an
 * 11-pt body line had been read as one line with it. (A script sits off its base's centre
 * too, but touches its base or the next word: a word space is a third of an em; "5th year"
 * and "χ² = 61.24" were cut at a lower bound of half the script's size.)
 */
export function offLine(a: RunExtent, b: RunExtent, gap: number): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size >= 0.8 * large.size || gap <= large.size) return false;
  return Math.abs(a.top + a.bottom - b.top - b.bottom) / 2 > 0.5 * (small.bottom - small.top);
}

/**
 * The font size a gap between two pieces of a row is measured in (the split gap is 2 of it):
 * the larger of the two sizes, so a heading's word space is no split, except across a change
 * of type size of over 20 % where the smaller piece is text (3 characters or more): then the
 * smaller size rules. An 8-pt sidebar line 21.6 pt left of an 11-pt body line (2 body ems,
 * 2.7 of its own) had been read as one line with it. A smaller mark keeps the larger size:
 * a 9-pt bullet stands 22 pt from its 12-pt item (icdar us-007).
 */
export function splitGapSize(aSize: number, aChars: number, bSize: number, bChars: number): number {
  const [small, chars, large] = aSize <= bSize ? [aSize, aChars, bSize] : [bSize, bChars, aSize];
  return small < 0.8 * large && chars >= 3 ? small : large;
}
