/**
 * From a schema field to the labels that announce its value in a document, and finding them.
 *
 * A field's own name in its snake, camel and spaced forms is the strongest label; then the
 * business labels of the concepts its name and description evoke (lexicon.ts), abbreviations,
 * and WordNet synonyms of the name's words (the `synonyms` package, an offline dictionary).
 * Words are compared after normalisation; OCR slips of one character are tolerated on words of
 * five letters or more.
 */
import { createRequire } from 'node:module';
import { distance } from 'fastest-levenshtein';
import { ABBREVIATIONS, CONCEPTS, type Concept, type ValueKind } from './lexicon.js';
import { normalizeWord, type Line } from './tokens.js';

const require = createRequire(import.meta.url);
let dictionary: Record<string, Record<string, string[]>> | null = null;

/** Noun synonyms from the WordNet-derived dictionary of the `synonyms` package (no network). */
function nounSynonyms(word: string): string[] {
  dictionary ??= require('synonyms/dictionary.js') as Record<string, Record<string, string[]>>;
  const entry = Object.prototype.hasOwnProperty.call(dictionary, word) ? dictionary[word] : undefined;
  return (entry?.n ?? []).filter((s) => s !== word && !s.includes(' ')).slice(0, 3);
}

export interface LabelPhrase {
  words: string[];
  /** 1 for the field's own name, lower for looser labels. */
  strength: number;
}

export interface FieldProfile {
  key: string;
  nameWords: string[];
  descWords: string[];
  concepts: Concept[];
  labels: LabelPhrase[];
  exclude: string[][];
  kind: ValueKind | null;
}

/** "invoiceNumber", "invoice_number", "Invoice number" → ["invoice", "number"]. */
export function splitName(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .map(normalizeWord)
    .filter(Boolean);
}

function phraseWords(p: string): string[] {
  return p.split(/\s+/).map(normalizeWord).filter(Boolean);
}

const STOP = new Set(['the', 'of', 'a', 'an', 'on', 'in', 'for', 'to', 'and', 'or', 'as', 'is', 'this', 'that', 'it', 'its', 'by', 'with', 'from', 'be', 'which', 'what', 'printed', 'value', 'field', 'document']);

/** How many concepts a trigger word evokes: a word shared by many says little (idf-like). */
const TRIGGER_SPREAD = new Map<string, number>();
for (const c of CONCEPTS) for (const t of c.triggers) TRIGGER_SPREAD.set(t, (TRIGGER_SPREAD.get(t) ?? 0) + 1);

/** Concepts the field evokes: name words count double, each word weighted by 1/spread; best only. */
function conceptsFor(nameWords: string[], descWords: string[], fits: (c: Concept) => boolean): Concept[] {
  const weight = (words: string[], c: Concept) => words.filter((w) => c.triggers.includes(w)).reduce((s, w) => s + 1 / TRIGGER_SPREAD.get(w)!, 0);
  const hits = (words: string[], c: Concept) => new Set(words.filter((w) => c.triggers.includes(w))).size;
  // A description alone evokes a concept only with two of its words ("Customer the invoice is
  // addressed to" is not an invoice number; "Total amount paid" is a total).
  const named = CONCEPTS.some((c) => fits(c) && hits(nameWords, c) > 0);
  const scored = CONCEPTS.filter(fits)
    .filter((c) => named ? hits(nameWords, c) > 0 || hits(descWords, c) >= 2 : hits(descWords, c) >= 2)
    .map((c) => ({ c, s: 2 * weight(nameWords, c) + weight(descWords, c) }))
    .filter((x) => x.s > 0);
  if (scored.length === 0) return [];
  const best = Math.max(...scored.map((x) => x.s));
  return scored.filter((x) => x.s >= best - 1e-9).map((x) => x.c);
}

/** Which concepts a field's JSON type and format allow: a `format: date` field is no amount. */
function fitsType(type: string | undefined, format: string | undefined): (c: Concept) => boolean {
  if (format === 'date' || format === 'date-time') return (c) => c.kind === 'date';
  if (format === 'email') return (c) => c.kind === 'email';
  if (type === 'number' || type === 'integer') return (c) => c.kind === 'amount' || c.kind === 'integer' || c.kind === 'percent';
  if (type === 'boolean') return () => false;
  return () => true;
}

export function profileField(key: string, description: string | undefined, type?: string, format?: string): FieldProfile {
  const nameWords = splitName(key);
  const descWords = phraseWords(description ?? '').filter((w) => !STOP.has(w));
  const concepts = conceptsFor(nameWords, descWords, fitsType(type, format));
  const labels = new Map<string, LabelPhrase>();
  const add = (words: string[], strength: number) => {
    if (words.length === 0) return;
    const k = words.join(' ');
    if ((labels.get(k)?.strength ?? 0) < strength) labels.set(k, { words, strength });
  };
  add(nameWords, 1);
  // Abbreviated forms of the name ("invoice number" → "inv no", "invoice #").
  const variants = nameWords.map((w) => [w, ...(ABBREVIATIONS[w] ?? [])]);
  if (variants.length <= 4) {
    let combos: string[][] = [[]];
    for (const v of variants) combos = combos.flatMap((c) => v.map((x) => [...c, normalizeWord(x) || x]));
    for (const c of combos.slice(0, 32)) add(c, 0.95);
  }
  for (const c of concepts) for (const l of c.labels) add(phraseWords(l), 0.9);
  for (const w of nameWords) for (const s of nounSynonyms(w)) add([s], 0.6);
  // A concept's exclusions never exclude the field's own words ("order_number" keeps "Order No.").
  const exclude = concepts.flatMap((c) => c.exclude ?? []).map(phraseWords).filter((ex) => !ex.some((w) => nameWords.includes(w)));
  const kind = concepts.find((c) => c.kind)?.kind ?? null;
  return { key, nameWords, descWords, concepts, labels: [...labels.values()], exclude, kind };
}

export function wordsMatch(docWord: string, labelWord: string): boolean {
  if (docWord === labelWord) return true;
  if (labelWord.length >= 5 && docWord.length >= 4 && Math.abs(docWord.length - labelWord.length) <= 1) return distance(docWord, labelWord) <= 1;
  return false;
}

export interface LabelHit {
  line: Line;
  /** Token positions within the line, end exclusive. */
  start: number;
  end: number;
  strength: number;
}

function matchAt(line: Line, at: number, words: string[]): number {
  // A label whose words OCR glued together ("GrandTotal", "SubTotal").
  if (words.length > 1) {
    const t = line.tokens[at]?.norm ?? '';
    const glued = words.join('');
    if (t.length >= 6 && (t === glued || (glued.length >= 8 && wordsMatch(t, glued)))) return at + 1;
  }
  let j = at;
  for (const w of words) {
    while (j < line.tokens.length && line.tokens[j]!.norm === '') j++;
    if (j >= line.tokens.length) return -1;
    // A label word may be glued to its colon or split by OCR ("Invoice#", "No.:").
    const t = line.tokens[j]!.norm;
    if (!wordsMatch(t, w) && !(t.startsWith(w) && t.length <= w.length + 1 && /[#:.]$/.test(line.tokens[j]!.text))) return -1;
    j++;
  }
  return j;
}

/** Label occurrences in a line, longest and strongest first, non-overlapping. */
export function findLabels(line: Line, profile: FieldProfile, requirePhraseStart = true): LabelHit[] {
  const hits: LabelHit[] = [];
  for (let i = 0; i < line.tokens.length; i++) {
    let best: LabelHit | null = null;
    for (const l of profile.labels) {
      const end = matchAt(line, i, l.words);
      if (end < 0) continue;
      // Longer phrases are more specific: "total for this invoice" over "total".
      const strength = Math.min(1, l.strength + 0.02 * (l.words.length - 1));
      if (!best || end - i > best.end - best.start || (end - i === best.end - best.start && strength > best.strength)) best = { line, start: i, end, strength };
    }
    if (best && (!requirePhraseStart || startsPhrase(line, best)) && !excluded(line, best, profile)) {
      hits.push(best);
      i = best.end - 1;
    }
  }
  return hits;
}

/**
 * Labels open a phrase: at the line's start, after a column gap or punctuation, or they end
 * in a colon ("... Date: 17/01/2018"). "debris from case" is not the label "from".
 */
function startsPhrase(line: Line, hit: LabelHit): boolean {
  const first = line.tokens[hit.start]!;
  if (hit.start === 0 || first.gap >= 1.5) return true;
  if (/[:|;)\]]$/.test(line.tokens[hit.start - 1]!.text)) return true;
  const last = line.tokens[hit.end - 1]!.text;
  const next = line.tokens[hit.end]?.text ?? '';
  return /[:#]$/.test(last) || /^[:#]/.test(next);
}

/** A label preceded or followed (within 3 words) by an excluded word is another label. */
function excluded(line: Line, hit: LabelHit, profile: FieldProfile): boolean {
  const from = Math.max(0, hit.start - 2);
  const to = Math.min(line.tokens.length, hit.end + 3);
  const around = line.tokens.slice(from, to).map((t) => t.norm);
  const own = new Set(line.tokens.slice(hit.start, hit.end).map((t) => t.norm));
  return profile.exclude.some((ex) => {
    if (ex.every((w) => own.has(w)) && !profile.labels.some((l) => l.strength >= 0.9 && l.words.join(' ') === ex.join(' '))) return true;
    for (let i = 0; i + ex.length <= around.length; i++) {
      if (ex.every((w, k) => around[i + k] === w) && !ex.every((w) => own.has(w))) return true;
    }
    return false;
  });
}
