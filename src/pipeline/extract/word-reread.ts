/**
 * The word re-read's pure half: which OCR'd words of the chosen values to read again, each
 * from its own crop, and which second readings to believe.
 *
 * Why words and not only lines: the page OCR and the line re-read both read a word inside its
 * line, and the line's segmentation can fail while the word's own pixels are clear: a date
 * glued to the line "Doc No. : CS00010527 Date: 06/03/2018" was read "06/03/2078" (confidence
 * 0.29) and its line's re-read was garbage; the date's own crop reads "06/03/2018" (0.94).
 * Punctuation at a word's edge is the other common slip ("NO," for "NO.", "SELANGOR," for
 * "SELANGOR."): the comma/period choice is made from a few pixels, and the word read alone at
 * 1.5× and 2× its pixels (pipeline/ocr/reread-lines.ts, `enlarge`) settles it surely.
 *
 * Which words: the words of each top-level value that the OCR was unsure of (confidence under
 * LOW_CONF; text-layer words have 1 and are never chosen) and that hold a punctuation mark the
 * vote may change, and any word spelling a date whose year lies outside a plausible window
 * around the current year (2078 on a receipt), at most MAX_REREAD_WORDS, least sure first.
 *
 * Which readings are believed — two readings of the same pixels are not independent, so the
 * second must be both close and surer:
 * - the word's crop is read at three enlargements (1×, 1.5×, 2×: the LSTM's view of a few
 *   pixels of punctuation changes with scale, its view of a clear glyph does not), and a new
 *   spelling must win at least two of the three readings, more than the old spelling;
 * - it is the re-read word(s) over the old word's box, and spells nearly the same thing (one
 *   edit per four characters, at least one): a re-read that wanders into the neighbouring word
 *   is no correction;
 * - it changes punctuation only (letters, digits and a number's own separators stay), or it
 *   turns a date's implausible year into a plausible one;
 * - its OCR confidence (mean over its readings) beats the old one by CONF_MARGIN;
 * - a date never moves from a plausible year to an implausible one, and a word whose date year
 *   was implausible takes a plausible second reading when it is at least as sure.
 */
import { distance } from 'fastest-levenshtein';
import type { Outcome } from './extract-document.js';
import { normalizeWord, unionBox, type Box, type Line, type Token, type TokenizedDocument } from './tokens.js';

export const MAX_REREAD_WORDS = 8;
/** A value word read with less OCR confidence than this is read again. */
export const LOW_CONF = 0.8;
/** Enlargements each chosen word is read at; a new spelling needs MIN_VOTES of them. */
export const REREAD_SCALES = [1, 1.5, 2];
const MIN_VOTES = 2;
/** A second reading replaces the first only when surer by this much (mean over its votes). */
const CONF_MARGIN = 0.05;
/** Years a document's date may plausibly carry: this far back, this far ahead of now. */
const YEARS_BACK = 120;
const YEARS_AHEAD = 15;

export interface RereadWordLike {
  text: string;
  box: Box;
  conf: number;
}

/** The four-digit year of a date-like word ("06/03/2078", "2078-03-06"), or null. */
export function dateYear(text: string): number | null {
  const m = /(?:^|[^\d])(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?!\d)|(?:^|[^\d])(\d{4})[./-](\d{1,2})[./-](\d{1,2})(?!\d)/.exec(text);
  if (!m) return null;
  return Number(m[3] ?? m[4]);
}

const skeleton = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, '');
/** Punctuation inside a number ("42.40", "06/03"): a separator, not a slip to repair. */
const numberSeparators = (s: string) => (s.match(/(?<=\p{N})[^\p{L}\p{N}]+(?=\p{N})/gu) ?? []).join(' ');

/**
 * The two spellings differ in punctuation only ("NO," / "NO.", "SELANGOR," / "SELANGOR.")
 * and not in a number's own separators: letters and digits stay the first reading's — an
 * enlarged crop misreads digits too ("53200" read "93200"), and nothing but the vote would
 * arbitrate between them.
 */
export function punctuationOnly(a: string, b: string): boolean {
  return a !== b && skeleton(a) === skeleton(b) && skeleton(a).length > 0 && numberSeparators(a) === numberSeparators(b);
}

/**
 * Only punctuation outside a number's own separators may change ("NO,", "SELANGOR,", "P.T,"),
 * so a word without such a mark ("TEO", "27.55") is not worth an OCR call. (A period the first
 * reading missed altogether, "NO" for "NO.", is therefore not looked for.)
 */
export function hasRepairablePunctuation(text: string): boolean {
  return /[^\p{L}\p{N}]/u.test(text.replace(/(?<=\p{N})[^\p{L}\p{N}]+(?=\p{N})/gu, ''));
}

export function plausibleYear(year: number, currentYear: number): boolean {
  return year >= currentYear - YEARS_BACK && year <= currentYear + YEARS_AHEAD;
}

function implausibleDate(text: string, currentYear: number): boolean {
  const y = dateYear(text);
  return y !== null && !plausibleYear(y, currentYear);
}

/**
 * The index in `doc` of a value's word. A value found before the line re-read holds the first
 * document's tokens, whose indices shift when a re-read line changes its word count: the word
 * is found again by page, box and text.
 */
export function locate(doc: TokenizedDocument, t: Pick<Token, 'index' | 'text' | 'page' | 'box'>): number {
  const same = (d: Token | undefined) => !!d && d.text === t.text && d.page === t.page && d.box.every((v, i) => v === t.box[i]);
  if (same(doc.tokens[t.index])) return t.index;
  return doc.tokens.find(same)?.index ?? -1;
}

/** Indices (into doc.tokens) of the value words to read again. */
export function wordsToReread(doc: TokenizedDocument, outcomes: Record<string, Outcome>, currentYear: number, max = MAX_REREAD_WORDS): number[] {
  const chosen = new Map<number, number>();
  for (const o of Object.values(outcomes)) {
    if (o.kind !== 'scalar' || !o.candidate) continue;
    for (const t of o.candidate.tokens) {
      if (t.conf >= 1) continue;
      const i = locate(doc, t);
      if (i < 0) continue;
      if (implausibleDate(t.text, currentYear)) chosen.set(i, -1);
      else if (t.conf < LOW_CONF && hasRepairablePunctuation(t.text)) chosen.set(i, t.conf);
    }
  }
  return [...chosen.entries()]
    .sort((a, b) => a[1] - b[1])
    .slice(0, max)
    .map(([i]) => i);
}

/**
 * What a reading spells over `box` (null: nothing). Two readings that spell the same settle the
 * vote (a third cannot outvote them), so the step reads a third enlargement only when the first
 * two disagree.
 */
export function spelledOver(box: Box, words: RereadWordLike[]): string | null {
  const mine = over(box, words);
  return mine.length ? mine.map((w) => w.text).join('') : null;
}

/** The re-read words lying over `box` (their horizontal centre inside it), left to right. */
function over(box: Box, words: RereadWordLike[]): RereadWordLike[] {
  return words
    .filter((w) => /[\p{L}\p{N}]/u.test(w.text))
    .filter((w) => {
      const cx = (w.box[0] + w.box[2]) / 2;
      const cy = (w.box[1] + w.box[3]) / 2;
      return cx >= box[0] && cx <= box[2] && cy >= box[1] - (box[3] - box[1]) && cy <= box[3] + (box[3] - box[1]);
    })
    .sort((a, b) => a.box[0] - b.box[0]);
}

/**
 * The second reading of `old` to believe, or null to keep the first. `readings` holds the
 * re-read of the word's crop at each enlargement (pipeline/ocr/reread-lines.ts); a new spelling
 * must come out of at least two of them, more often than the old spelling does.
 */
export function betterReading(old: Pick<Token, 'text' | 'conf' | 'box'>, readings: RereadWordLike[][], currentYear: number): RereadWordLike | null {
  const votes = new Map<string, { n: number; conf: number[]; boxes: Box[] }>();
  for (const words of readings) {
    const mine = over(old.box, words);
    if (mine.length === 0) continue;
    const text = mine.map((w) => w.text).join('');
    const v = votes.get(text) ?? { n: 0, conf: [], boxes: [] };
    v.n++;
    v.conf.push(Math.min(...mine.map((w) => w.conf)));
    v.boxes.push(unionBox(mine.map((w) => w.box)));
    votes.set(text, v);
  }
  const oldVotes = votes.get(old.text)?.n ?? 0;
  const oldBad = implausibleDate(old.text, currentYear);
  let best: RereadWordLike | null = null;
  let bestN = 0;
  for (const [text, v] of votes) {
    if (text === old.text || v.n < MIN_VOTES || v.n <= oldVotes || v.n < bestN) continue;
    if (distance(text, old.text) > Math.max(1, Math.floor(old.text.length / 4))) continue;
    const newBad = implausibleDate(text, currentYear);
    if (newBad && !oldBad) continue;
    const conf = v.conf.reduce((a, b) => a + b, 0) / v.conf.length;
    const fixesYear = oldBad && dateYear(text) !== null && !newBad;
    if (!fixesYear && !punctuationOnly(old.text, text)) continue;
    if (!(fixesYear ? conf >= old.conf : conf >= old.conf + CONF_MARGIN)) continue;
    if (v.n === bestN && best && conf <= best.conf) continue;
    best = { text, conf, box: v.boxes[0]! };
    bestN = v.n;
  }
  return best;
}

/** The document with the given tokens' text and confidence replaced (boxes, lines and indices kept). */
export function replaceWords(doc: TokenizedDocument, fixes: Map<number, RereadWordLike>): TokenizedDocument {
  if (fixes.size === 0) return doc;
  const tokens: Token[] = doc.tokens.map((t) => {
    const f = fixes.get(t.index);
    return f ? { ...t, text: f.text, norm: normalizeWord(f.text), conf: f.conf } : t;
  });
  const lines: Line[] = doc.lines.map((l) => {
    if (!l.tokens.some((t) => fixes.has(t.index))) return l;
    const lt = l.tokens.map((t) => tokens[t.index]!);
    return { ...l, tokens: lt, text: lt.map((t) => t.text).join(' ') };
  });
  return { tokens, lines, pages: doc.pages };
}
