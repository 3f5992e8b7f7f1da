/**
 * Where a new document starts inside a bundle. Each page after the first gets a boundary
 * score from independent cues, positive for "new document here", negative for "same one
 * continues":
 *   - page counters: "Page 1 of N" / "1/N" restarting (+), counting on from the last page (−);
 *   - document numbers (invoice, receipt, order, statement ... number): changed (+), same (−);
 *   - the page's category changing between two confident pages (+);
 *   - page size or text source (scan / born-digital) changing (+);
 *   - running headers/footers shared with the previous page (−);
 *   - vocabulary overlap with the previous page: none (+), much (−); after a sparse page,
 *     with the document so far;
 *   - a title at the top of the page that the previous page did not have (+).
 * Two invoices in a row are cut by their counters and numbers, not by their category.
 * Segments then take the category of their pages combined with the spec's page weights.
 */
import type { PageEvidence } from './page-evidence.js';
import { languageChange, letterheadChanges } from './identity-cues.js';
import { FRAME_NUDGE, FRAME_SHIFT, frameShift, hasFirstPageStamp, isTitlePage, runningHeaderStart } from './layout-cues.js';
import type { PageExtras } from './page-extras.js';
import { combinePages, type PageScore } from './score-pages.js';

export { pageExtras, type PageExtras } from './page-extras.js';

export interface Segment {
  /** 1-based, inclusive. */
  startPage: number;
  endPage: number;
  category: string;
  confidence: number;
}

export const BOUNDARY_THRESHOLD = 0.6;

/** Headings that open a document rather than continue one (any language this project reads). */
const FIRST_PAGE = /\b(abstract|r[ée]sum[ée]|zusammenfassung|dear\b|to whom it may concern|memorandum|memo\b|invoice\b|facture\b|rechnung\b|receipt\b|account statement|bank statement|statement of account|agenda\b|minutes\b|curriculum vitae|preface|foreword|vorwort)/im;

const COUNTER = /\b(?:page|pg|p\.|seite|página|pagina)\s*(\d{1,4})\s*(?:of|\/|von|de|sur|di)\s*(\d{1,4})\b|(?:^|\n)\s*(\d{1,4})\s*\/\s*(\d{1,4})\s*(?:$|\n)/gi;
const DOC_NUMBER = /\b(?:invoice|inv|receipt|order|statement|account|acct|policy|reference|ref|bill|facture|rechnung|factuur|bon)\b[ \t]*(?:no\.?|nr\.?|number|num\.?|#|n°|nº|id)?(?:[ \t]*[:#.][ \t]*)*[ \t]*([A-Z0-9][A-Z0-9_\-/]{3,})/gi;

/** The page's "X of N" counter, if it states one. */
/** Headings that only a document's first pages carry, wherever they sit on the page. */
const OPENING_HEADING = /^\s*(abstract|preface|foreword|vorwort|executive summary)\s*$/im;

/** Whether a page's title zone has a short line naming a document's opening ("Amazon Web Services Invoice", "Abstract"). */
function opensDocument(rawTitle: string): boolean {
  return rawTitle.split('\n').some((line) => line.trim().split(/\s+/).length <= 6 && FIRST_PAGE.test(line));
}

export function pageCounter(raw: string): { page: number; of: number } | null {
  for (const m of raw.matchAll(COUNTER)) {
    const page = Number(m[1] ?? m[3]);
    const of = Number(m[2] ?? m[4]);
    if (page >= 1 && of >= page && of <= 5000) return { page, of };
  }
  return null;
}

export function documentNumbers(raw: string): Set<string> {
  const out = new Set<string>();
  for (const m of raw.matchAll(DOC_NUMBER)) if (/\d/.test(m[1]!)) out.add(m[1]!.toUpperCase());
  return out;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [w, x] of a) {
    na += x * x;
    const y = b.get(w);
    if (y) dot += x * y;
  }
  for (const y of b.values()) nb += y * y;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** Boundary score between page i-1 and page i (i ≥ 1). */
export function boundaryScore(ev: readonly PageEvidence[], scores: readonly PageScore[], extras: readonly PageExtras[], i: number, categories: number, trace?: string[], running?: { classification: string; confidence: number; scores?: Record<string, number> }, segmentStart = 0): number {
  const a = ev[i - 1]!;
  const b = ev[i]!;
  let s = 0;
  const note = (what: string, v: number) => {
    s += v;
    trace?.push(`${what} ${v > 0 ? '+' : ''}${v}`);
  };
  const ca = pageCounter(a.raw);
  const cb = pageCounter(b.raw);
  if (ca && ca.page === ca.of && !(cb && cb.page > 1)) note('previous page was the last ("N of N")', 0.8);
  if (cb) {
    if (cb.page === 1) note('counter restarts', 1);
    else if (ca && cb.page === ca.page + 1 && cb.of === ca.of) note('counter continues', -1);
    else if (cb.page > 1) note('counter mid-document', -0.5);
  }
  const na = documentNumbers(a.raw);
  const nb = documentNumbers(b.raw);
  if (na.size && nb.size) note([...nb].some((x) => na.has(x)) ? 'same number' : 'new number', [...nb].some((x) => na.has(x)) ? -0.8 : 0.8);
  const sa = scores[i - 1]!;
  const sb = scores[i]!;
  const informative = (p: { confidence: number }) => p.confidence > Math.max(0.4, 1.5 / categories);
  if (sa.classification !== sb.classification && informative(sa) && informative(sb)) note('category changes', 0.7);
  // Against the document running so far (its pages combined): a weak last page must not hide
  // that this page belongs elsewhere.
  else if (running && running.classification !== sb.classification && running.confidence >= 0.5 && informative(sb)) note('category differs from the running document', 0.4);
  // A weakly classified document so far (a book's front matter) followed by a page that is
  // plainly of a kind the document has shown almost nothing of; a cover's next page is its
  // own content, so not after a title page.
  else if (running?.scores && running.classification !== sb.classification && sb.confidence >= 0.9 && (running.scores[sb.classification] ?? 0) < 0.1 && !isTitlePage(a)) note('a confident page of a kind the running document lacks', 0.4);
  if (a.width > 0 && b.width > 0 && (Math.abs(a.width - b.width) > 2 || Math.abs(a.height - b.height) > 2)) note('page size changes', 0.5);
  if (extras[i - 1]!.textSource !== extras[i]!.textSource) note('text source changes', 0.3);
  const shared = extras[i]!.furniture.filter((f) => f.length > 3 && extras[i - 1]!.furniture.includes(f));
  if (shared.length) note('running header/footer', -0.5);
  else if (extras[i - 1]!.furniture.some((f) => f.length > 3) && !extras[i]!.furniture.some((f) => f.length > 3)) note('running header stops', 0.4);
  if (b.wordCount > 0 && b.wordCount <= 40 && a.wordCount > 100) note('sparse page after a full one', 0.3);
  if (opensDocument(b.rawTitle)) note('first-page marker', opensDocument(a.rawTitle) ? 0.3 : 0.5);
  else if (OPENING_HEADING.test(b.rawHeadings)) note('opening heading (abstract, contents...)', 0.4);
  const ta = new Set(a.titleText.trim().split(' ').filter(Boolean));
  const tb = new Set(b.titleText.trim().split(' ').filter(Boolean));
  if (ta.size >= 2 && tb.size >= 2) {
    const inter = [...tb].filter((w) => ta.has(w)).length;
    const jaccard = inter / (ta.size + tb.size - inter);
    if (jaccard < 0.1) note('title block changes', 0.2);
    else if (jaccard > 0.6) note('title block repeats', -0.3);
  }
  if (a.wordCount > 20 && b.wordCount > 20) {
    const sim = cosine(a.counts, b.counts);
    if (sim < 0.1) note('vocabulary changes', 0.3);
    else if (sim > 0.45) note('vocabulary continues', -0.3);
  } else if (a.wordCount <= 20 && b.wordCount > 20 && i > segmentStart) {
    // After a sparse page (a title page, a half-title) the previous page says too little to
    // compare with: compare with the document so far instead.
    const sofar = new Map<string, number>();
    for (let k = segmentStart; k < i; k++) for (const [w, n] of ev[k]!.counts) sofar.set(w, (sofar.get(w) ?? 0) + n);
    if ([...sofar.values()].reduce((x, y) => x + y, 0) > 20 && cosine(sofar, b.counts) < 0.1) note('vocabulary unlike the document so far', 0.3);
  }
  if (extras[i]!.opensWithTitle && !extras[i - 1]!.opensWithTitle) note('opens with a title', 0.3);
  const shift = frameShift(extras[i - 1]!, extras[i]!, a.wordCount, b.wordCount);
  if (shift >= FRAME_SHIFT) note('text frame moves', 0.4);
  else if (shift >= FRAME_NUDGE) note('text frame shifts a little', 0.25);
  const header = runningHeaderStart(extras, i);
  if (header) note(`running header ${header}`, header === 'changes' ? 0.4 : 0.3);
  if (hasFirstPageStamp(b.raw) && !hasFirstPageStamp(a.raw)) note('first-page stamp (arXiv id, abstract, keywords)', 0.4);
  const pa = extras[i - 1]!.printedPage ?? null;
  const pb = extras[i]!.printedPage ?? null;
  if (pa !== null && pb !== null) note(pb === pa + 1 ? 'printed page numbers follow' : 'printed page numbers jump', pb === pa + 1 ? -0.3 : 0.4);
  if (letterheadChanges(a, b)) note('letterhead domains change', 0.3);
  if (languageChange(ev, segmentStart, i)) note('language changes', 0.4);
  if (isTitlePage(b) && !isTitlePage(a)) note('title page', 0.3);
  else if (isTitlePage(a) && !isTitlePage(b)) note('follows a title page', -0.4);
  return s;
}

/** Cut the pages into documents and give each its category. */
export function segmentPages(ev: readonly PageEvidence[], scores: readonly PageScore[], extras: readonly PageExtras[], names: readonly string[]): Segment[] {
  const starts = [0];
  for (let i = 1; i < ev.length; i++) {
    const start = starts[starts.length - 1]!;
    const running = combinePages(scores.slice(start, i), names);
    if (boundaryScore(ev, scores, extras, i, names.length, undefined, running, start) >= BOUNDARY_THRESHOLD) starts.push(i);
  }
  return starts.map((start, k) => {
    const end = (starts[k + 1] ?? ev.length) - 1;
    const doc = combinePages(scores.slice(start, end + 1), names);
    return { startPage: start + 1, endPage: end + 1, category: doc.classification, confidence: doc.confidence };
  });
}
