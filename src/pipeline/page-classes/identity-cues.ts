/**
 * Boundary cues from who wrote a page and in what language, for cuts the category and the
 * layout miss (two invoices in a row from different vendors; a German lecture script followed
 * by an English page of the same kind):
 *   - the letterhead's web domains: the internet domains in a page's title zone (e-mail
 *     addresses, web addresses, "aws.amazon.com"), reduced to the registered name. Two
 *     consecutive pages that both show domains at the top and share none come from different
 *     issuers. Only the title zone is read: a paper cites other sites in its running text and
 *     footnotes on every page; a letterhead sits at the top;
 *   - the language: a page's share of the function words of English, German, French, Spanish,
 *     Italian and Dutch (the languages this engine's OCR and documents meet most). A page
 *     whose clear language differs from the clear language of the document running so far
 *     starts another document. Bilingual documents usually alternate within a page (columns)
 *     or keep one language per document part of many pages; a language change measured over
 *     the whole running document, not the last page alone, is rare inside one document.
 */
import type { PageEvidence } from './page-evidence.js';

/** Second-level labels under which the registered name is one label further ("co.uk", "com.au"). */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'gov', 'ac', 'edu', 'ne', 'or', 'go']);
const DOMAIN = /(?:[\w.+-]+@|https?:\/\/|\bwww\.)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|org|net|gov|edu|int|io|co|info|biz|[a-z]{2}))\b/gi;
/** File names and abbreviations that look like domains ("report.pdf", "e.g.", "fig.1"). */
const NOT_A_DOMAIN = /\.(?:pdf|docx?|xlsx?|jpe?g|png|gif|tiff?|txt|csv|html?|php|aspx?|js|ts|py|exe|zip)$|^(?:e\.g|i\.e|et\.al|u\.s|fig|no|vol|pp)\./i;

/** Registered names of the domains in a text ("contact-us@aws.amazon.com" → "amazon.com"). */
export function domainsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(DOMAIN)) {
    const host = m[1]!.toLowerCase();
    // A bare "word.xx" without "@", "www." or "http" is only a domain with a known top level of 3+ letters.
    if (!/[@/]|^www\./i.test(m[0]) && !/\.(?:com|org|net|gov|edu|info|biz|io)$/.test(host)) continue;
    if (NOT_A_DOMAIN.test(host)) continue;
    const labels = host.replace(/^www\./, '').split('.');
    if (labels.length < 2) continue;
    const keep = labels.length >= 3 && SECOND_LEVEL.has(labels[labels.length - 2]!) ? 3 : 2;
    out.add(labels.slice(-keep).join('.'));
  }
  return out;
}

/** Whether both title zones name domains and share none (two issuers). */
export function letterheadChanges(a: PageEvidence, b: PageEvidence): boolean {
  const da = domainsOf(a.rawTitle);
  const db = domainsOf(b.rawTitle);
  return da.size > 0 && db.size > 0 && ![...db].some((d) => da.has(d));
}

const FUNCTION_WORDS: Record<string, string[]> = {
  en: ['the', 'and', 'of', 'to', 'is', 'that', 'for', 'with', 'this', 'are', 'be', 'by', 'which', 'from'],
  de: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'mit', 'von', 'zu', 'den', 'ein', 'eine', 'wir', 'auf', 'für', 'dem', 'sich'],
  fr: ['de', 'le', 'la', 'les', 'et', 'des', 'est', 'pour', 'dans', 'une', 'du', 'que', 'qui', 'sur', 'au', 'avec', 'par'],
  es: ['de', 'el', 'los', 'las', 'del', 'que', 'por', 'con', 'una', 'para', 'es', 'en', 'se', 'como', 'su'],
  it: ['il', 'di', 'che', 'della', 'per', 'non', 'sono', 'una', 'con', 'del', 'gli', 'nel', 'alla'],
  nl: ['de', 'het', 'een', 'van', 'en', 'niet', 'dat', 'voor', 'met', 'zijn', 'op', 'te', 'ook'],
};
const LANGS = Object.keys(FUNCTION_WORDS);
const LOOKUP = new Map<string, number[]>();
LANGS.forEach((lang, k) => {
  for (const w of FUNCTION_WORDS[lang]!) LOOKUP.set(w, [...(LOOKUP.get(w) ?? []), k]);
});

/** Function words a text needs before its language counts as known. */
export const LANGUAGE_MIN_HITS = 15;
/** The leading language must hold at least this share of the function-word hits. */
const LANGUAGE_MARGIN = 0.6;

const PAGE_COUNTS = new WeakMap<PageEvidence, number[]>();

/** A page's function-word counts, computed once (the running document re-reads them for every page). */
function pageCounts(page: PageEvidence): number[] {
  let c = PAGE_COUNTS.get(page);
  if (!c) PAGE_COUNTS.set(page, (c = languageCounts(page.raw)));
  return c;
}

/** Function-word hits per language of a text. */
export function languageCounts(raw: string): number[] {
  const counts = LANGS.map(() => 0);
  for (const m of raw.toLowerCase().matchAll(/\p{L}+/gu)) for (const k of LOOKUP.get(m[0]) ?? []) counts[k]!++;
  return counts;
}

/** The clear language of function-word counts ("en", "de" …), or null when too few or mixed. */
export function languageOf(counts: readonly number[]): string | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total < LANGUAGE_MIN_HITS) return null;
  let best = 0;
  for (let k = 1; k < counts.length; k++) if (counts[k]! > counts[best]!) best = k;
  return counts[best]! >= LANGUAGE_MARGIN * total ? LANGS[best]! : null;
}

/**
 * Whether page i's clear language differs from the clear language of the running document
 * (its pages from `start` to i − 1, counted together).
 */
export function languageChange(ev: readonly PageEvidence[], start: number, i: number): boolean {
  const page = languageOf(pageCounts(ev[i]!));
  if (!page) return false;
  const run = LANGS.map(() => 0);
  for (let k = start; k < i; k++) pageCounts(ev[k]!).forEach((c, j) => (run[j]! += c));
  const running = languageOf(run);
  return running !== null && running !== page;
}
