/**
 * Boundary cues read from a page's layout and furniture rather than its words, for the cut
 * between two documents of the same kind (two papers, two legal texts) where the category
 * says nothing: the body text's frame moving across the page (documents keep their margins),
 * a running header that begins or changes, a first-page stamp (an arXiv identifier, an inline
 * "Abstract", "Keywords"), and title pages (a few large words, a cover) that open a document
 * and are followed by its content. Each returns a signed contribution for boundaries.ts.
 */
import type { PageEvidence } from './page-evidence.js';
import type { PageExtras } from './page-extras.js';
import { words } from './text.js';

/**
 * A frame edge that moves by this share of the page width or more: another document's
 * margins. Measured on the split bench's development bundles (seed 3): consecutive pages of
 * one document moved at most 0.010; at boundaries, 0.017 to 0.21 (median 0.05).
 */
export const FRAME_SHIFT = 0.025;
/** A smaller move, still above what one document's pages showed. */
export const FRAME_NUDGE = 0.015;

/** Words a page needs before its frame is compared (a figure page's caption is not a frame). */
export const FRAME_MIN_WORDS = 60;

/** Lines only a document's first page carries, in the running text (not only as headings). */
const FIRST_PAGE_STAMP = /\barXiv:\s?\d{4}\.\d{4,5}(?:v\d+)?\b|^\s*(?:abstract|summary)\s*[.:—–-]\s*\p{L}|^\s*(?:keywords|key words|index terms)\s*[:—–-]/imu;

export function hasFirstPageStamp(raw: string): boolean {
  return FIRST_PAGE_STAMP.test(raw);
}

/** Below this, a frame that moved kept its width: facing pages' gutter, not another document. */
const SAME_WIDTH = 0.008;
/** A translation this large is more than a gutter. */
const GUTTER_MAX = 0.06;

function shiftBetween(a: PageExtras['frame'], b: PageExtras['frame']): number {
  if (!a || !b) return Infinity;
  const shift = Math.max(Math.abs(a.left - b.left), Math.abs(a.right - b.right));
  const sameWidth = Math.abs(a.right - a.left - (b.right - b.left)) < SAME_WIDTH;
  return sameWidth && shift < GUTTER_MAX ? 0 : shift;
}

/**
 * How far the body text's frame moves from the previous page to this one (both need a frame
 * and FRAME_MIN_WORDS words; 0 otherwise). A printed book shifts its text block left and
 * right on facing pages (the gutter): a frame that moved but kept its width (by less than
 * GUTTER_MAX) has not moved. (Comparing with the page two back, the same side, lost real
 * cuts: that page often belongs to the previous document.)
 */
export function frameShift(a: PageExtras, b: PageExtras, wordsA: number, wordsB: number): number {
  if (!a.frame || !b.frame || wordsA < FRAME_MIN_WORDS || wordsB < FRAME_MIN_WORDS) return 0;
  return shiftBetween(a.frame, b.frame);
}

/** Running header/footer texts that say something: words, not page numbers (roman ones too) or ornaments. */
function runningTexts(e: PageExtras | undefined): string[] {
  return e ? e.furniture.filter((f) => f.length > 3 && /\p{L}{3}/u.test(f) && !/^[ivxlcdm.\s]+$/.test(f)) : [];
}

/**
 * A running header/footer on page i that recurs on page i+1 but was on neither of the two
 * pages before (alternating left/right headers of one book or paper count as the same
 * document): "begins" when the previous page had none, "changes" when it had another.
 */
export function runningHeaderStart(extras: readonly PageExtras[], i: number): 'begins' | 'changes' | null {
  const mine = runningTexts(extras[i]);
  const next = runningTexts(extras[i + 1]);
  if (!mine.some((f) => next.includes(f))) return null;
  const before = [...runningTexts(extras[i - 1]), ...runningTexts(extras[i - 2])];
  if (mine.some((f) => before.includes(f))) return null;
  return runningTexts(extras[i - 1]).length ? 'changes' : 'begins';
}

/**
 * A title page: few words, most of them in headings (a cover, a book's half-title, a
 * report's front page). It opens a document, and the page after it continues that document.
 */
export function isTitlePage(e: PageEvidence): boolean {
  const titleWords = words(e.rawHeadings).length;
  return e.wordCount > 0 && e.wordCount <= 40 && titleWords >= 3 && titleWords >= 0.4 * e.wordCount;
}
