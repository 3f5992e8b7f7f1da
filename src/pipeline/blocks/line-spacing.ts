/**
 * The widest gap between a paragraph's lines, in font sizes, for the page being built.
 * Set solid or at 1.2, a paragraph's lines stand under 0.9 em apart (box to box), and a wider
 * gap ends the paragraph. A page set double-spaced (a court transcript, pleading paper, a
 * manuscript or thesis) has every line a full em or more from the next: each line was a
 * block of its own, and a deposition page of 25 lines came out as 25 paragraphs. When most
 * gaps between a line and the next line of its column agree on one width above 0.9 em, that
 * width is the page's leading and a gap up to it (plus a third of an em) joins lines; the
 * other rules (indents, short closing lines, list marks, style) still end paragraphs. Only
 * prose is joined so: only lines of three words or more vote, and a quarter of the agreeing
 * gaps at least must fall inside a sentence (the line below opens in lower case). One-line
 * entries set apart (minutes, a list of names, a form's lines) open in capitals, and stay
 * apart; so does text in a script without case.
 */
import type { Line } from '../../model/layout.js';
import { countWords } from '../count-words.js';

/** A gap wider than this many font sizes ends a paragraph on a page set solid or at 1.2. */
export const SOLID_GAP_EM = 0.9;
/** Gaps beyond this are space between paragraphs, whatever the page's leading. */
const WIDEST_LEADING_EM = 1.8;
/** Share of the page's line-to-line gaps that must agree (within BIN_EM) on the wide leading. */
const AGREEING_SHARE = 0.6;
const BIN_EM = 0.15;
const MIN_PAIRS = 6;
/** A line that carries on its sentence from the line above: it opens in lower case. */
export const RUNS_ON = /^\s*[("'‘“]?\p{Ll}/u;
/** Share of the agreeing gaps whose lower line carries on a sentence: the page is prose. */
const RUNS_ON_SHARE = 0.25;
/** What a wide page's gap may exceed its leading by and still join (rounding, boxes of other fonts). */
const SLACK_EM = 0.35;

/** The page's leading, from the gaps between its lines of prose and the next lines of their columns. */
export interface PageLeading {
  /** The largest gap (font sizes) that joins two lines: SOLID_GAP_EM unless the page is set wide. */
  joiningGapEm: number;
  /**
   * The gap most of the page's lines of prose stand apart by (font sizes), null with under
   * MIN_PAIRS of them: what a block of one line is measured by for space between paragraphs.
   */
  usualGapEm: number | null;
  /** The commonest size of those lines of prose: usualGapEm holds for lines of it alone (a heading is set looser). */
  usualSize: number | null;
  /** Each line's next line of its column below (nextLinesBelow). */
  below: Map<Line, Line>;
}

/** A line's right edge. */
export const rightEnd = (l: Line) => l.bbox.left + l.bbox.width;

/**
 * For each line, the next line of its column below it: the first line down whose top is
 * under the line's middle, overlapping half the narrower line's width, in a size within 15 %,
 * no further than `reachEm` font sizes below.
 */
export function nextLinesBelow(sorted: readonly Line[], reachEm: number): Map<Line, Line> {
  const out = new Map<Line, Line>();
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    const size = a.fontSize || 10;
    const bottom = a.bbox.top + a.bbox.height;
    for (let j = i + 1; j < sorted.length && sorted[j]!.bbox.top < bottom + reachEm * size; j++) {
      const b = sorted[j]!;
      // The next line down may overlap a's box (a face whose boxes are taller than its leading).
      if (b.bbox.top < a.bbox.top + 0.5 * a.bbox.height) continue;
      const overlap = Math.min(rightEnd(a), rightEnd(b)) - Math.max(a.bbox.left, b.bbox.left);
      if (overlap < 0.5 * Math.min(a.bbox.width, b.bbox.width) || Math.abs(b.fontSize - size) > 0.15 * size) continue;
      out.set(a, b);
      break;
    }
  }
  return out;
}

/** The leading of the page whose lines are `sorted` (by top). */
export function pageLeading(sorted: readonly Line[]): PageLeading {
  const below = nextLinesBelow(sorted, WIDEST_LEADING_EM + 1);
  const pairs: Array<{ gap: number; runsOn: boolean }> = [];
  const sizes = new Map<number, number>();
  for (const a of sorted) {
    const b = below.get(a);
    // Lines of prose vote; labels, numbers and letters down a form do not.
    if (!b || countWords(a.text) < 3) continue;
    pairs.push({ gap: (b.bbox.top - (a.bbox.top + a.bbox.height)) / (a.fontSize || 10), runsOn: RUNS_ON.test(b.text) });
    sizes.set(a.fontSize, (sizes.get(a.fontSize) ?? 0) + 1);
  }
  if (pairs.length < MIN_PAIRS) return { joiningGapEm: SOLID_GAP_EM, usualGapEm: null, usualSize: null, below };
  const usualSize = [...sizes].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  // The gap most others agree with: the densest window of BIN_EM either side.
  pairs.sort((a, b) => a.gap - b.gap);
  let best = 0;
  let from = 0;
  let to = 0;
  for (let i = 0, lo = 0, hi = 0; i < pairs.length; i++) {
    while (pairs[lo]!.gap < pairs[i]!.gap - BIN_EM) lo++;
    while (hi < pairs.length && pairs[hi]!.gap <= pairs[i]!.gap + BIN_EM) hi++;
    if (hi - lo > to - from) [best, from, to] = [pairs[i]!.gap, lo, hi];
  }
  const usualGapEm = best;
  if (best <= SOLID_GAP_EM || best > WIDEST_LEADING_EM || to - from < AGREEING_SHARE * pairs.length) return { joiningGapEm: SOLID_GAP_EM, usualGapEm, usualSize, below };
  // Prose wraps mid-sentence; a list of one-line entries set apart does not.
  const runsOn = pairs.slice(from, to).filter((p) => p.runsOn).length;
  return { joiningGapEm: runsOn >= RUNS_ON_SHARE * (to - from) ? best + SLACK_EM : SOLID_GAP_EM, usualGapEm, usualSize, below };
}
