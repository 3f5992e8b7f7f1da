/**
 * How much evidence a page holds, 0..1: the share of a full page's words it has (FULL_WORDS
 * content words count fully) or of decisive evidence (FULL_EVIDENCE raw score for its best
 * category: an annual report's cover says "Integrated Annual Report" in twenty words),
 * raised to 1 by a type's signature found on it (an MRZ, a book's front matter), never below
 * FLOOR. The document's decision scales each page's vote by it, so
 * a sparse page (a scanned cover whose OCR reads a dozen words, a half-title) weighs in
 * proportion to what it says rather than through its position's weight alone. For a
 * one-page document it changes nothing: a single page's vote is the whole vote.
 */
import type { PageEvidence } from './page-evidence.js';

/** Content words (stop words dropped) at which a page counts fully. */
const FULL_WORDS = 60;
/** Raw evidence (score-pages' rawEvidence) at which a page counts fully, whatever its length. */
const FULL_EVIDENCE = 10;
/** The least vote of a page with any words. */
const FLOOR = 0.1;

export function pageSupport(page: PageEvidence, strongestEvidence: number): number {
  const share = Math.min(1, Math.max(page.wordCount / FULL_WORDS, strongestEvidence / FULL_EVIDENCE));
  const signature = Math.max(page.cues.mrz, page.cues.frontMatter) >= 0.5 ? 1 : 0;
  return Math.round(Math.max(FLOOR, share, signature) * 1e3) / 1e3;
}
