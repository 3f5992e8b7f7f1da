/**
 * Turns a caller's category ({name, description?}) into a profile of evidence to look for:
 * weighted terms (words and phrases) and layout cues. Sources, strongest first: the name
 * itself; a curated lexicon entry when the name means a known type ("tax invoice" →
 * invoice, by alias, by the name's head word, or by a WordNet synonym); WordNet's related
 * words (synonyms, definition, narrower and broader terms) so that any noun works; the
 * description's words. A term shared by several categories' profiles is down-weighted
 * (it cannot tell them apart). Names meaning "anything else" ("other", "misc") become a
 * fallback category that wins when nothing else has evidence.
 */
import { LEXICON, type LexiconEntry } from './lexicon.js';
import type { CueName } from './page-evidence.js';
import { phrase, splitName, words } from './text.js';
import { relatedTexts } from './wordnet.js';

export interface CategoryInput {
  name: string;
  description?: string;
  /**
   * Few-shot: the text of a few example documents of this category (not in the spec: the
   * cloud service has no such field). Their frequent words become evidence.
   */
  examples?: string[];
}

/** Words of the examples: those found in most examples, weighted by that share (at most 60). */
function exampleTerms(terms: Map<string, number>, examples: readonly string[]): void {
  const df = new Map<string, number>();
  for (const ex of examples.slice(0, 20)) for (const w of new Set(words(ex))) if (w.length > 2 && !GENERIC.has(w)) df.set(w, (df.get(w) ?? 0) + 1);
  const n = Math.min(20, examples.length);
  const ranked = [...df].filter(([, k]) => n === 1 || k >= 2).sort((a, b) => b[1] - a[1]).slice(0, 60);
  for (const [w, k] of ranked) add(terms, w, 1.2 * (k / n));
}

export interface CategoryProfile {
  name: string;
  /** Normalised term (one word or a space-joined phrase) → weight. */
  terms: Map<string, number>;
  cues: Map<CueName, number>;
  /** A catch-all category ("other"). */
  fallback: boolean;
  /** The lexicon entry used, if any (for explanations). */
  lexicon: string | null;
}

const FALLBACK_NAMES = new Set(['other', 'others', 'misc', 'miscellaneous', 'unknown', 'none', 'unclassified', 'general', 'anything else', 'rest']);
/** Words that name no type on their own. */
const GENERIC = new Set(['document', 'doc', 'file', 'type', 'record', 'page', 'item', 'sheet', 'thing', 'form', 'paper', 'kind', 'category', 'class', 'official', 'piece', 'material']);

function add(terms: Map<string, number>, term: string, w: number): void {
  if (!term || w <= 0) return;
  terms.set(term, Math.max(terms.get(term) ?? 0, w));
}

const aliasIndex: Array<{ alias: string; entry: LexiconEntry }> = LEXICON.flatMap((entry) => entry.aliases.map((a) => ({ alias: phrase(a), entry }))).filter((a) => a.alias);

function containsWords(haystack: string, needle: string): boolean {
  return ` ${haystack} `.includes(` ${needle} `);
}

/** The lexicon entry a name means, with how sure the match is (1 exact, 0.8 contained, 0.7 WordNet synonym). */
export function lexiconMatch(name: string): { entry: LexiconEntry; strength: number } | null {
  const ph = phrase(splitName(name));
  if (!ph) return null;
  const exact = aliasIndex.find((a) => a.alias === ph);
  if (exact) return { entry: exact.entry, strength: 1 };
  let best: { entry: LexiconEntry; len: number } | null = null;
  for (const a of aliasIndex) {
    if (containsWords(ph, a.alias) && (!best || a.alias.length > best.len)) best = { entry: a.entry, len: a.alias.length };
  }
  if (best) return { entry: best.entry, strength: 0.8 };
  // WordNet: a synonym of the name (first senses) that is a known alias.
  const synonyms = relatedTexts(ph).filter((r) => r.kind === 'synonym' && r.weight >= 0.6);
  for (const s of synonyms) {
    for (const a of aliasIndex) if (containsWords(phrase(s.text), a.alias) && a.alias.length > 2) return { entry: a.entry, strength: 0.7 };
  }
  return null;
}

function wordnetTerms(terms: Map<string, number>, ph: string, scale: number): void {
  const own = new Set(ph.split(' '));
  for (const r of relatedTexts(ph)) {
    const ws = words(r.text).filter((w) => !GENERIC.has(w) && !own.has(w) && w.length > 2);
    for (const w of ws) add(terms, w, 0.8 * r.weight * scale);
    const p = phrase(r.text);
    if (p.includes(' ') && p.split(' ').length <= 3 && r.weight >= 0.6) add(terms, p, 1.2 * r.weight * scale);
  }
}

function profileOf(c: CategoryInput): CategoryProfile {
  const ph = phrase(splitName(c.name));
  const terms = new Map<string, number>();
  const cues = new Map<CueName, number>();
  const fallback = FALLBACK_NAMES.has(ph) || FALLBACK_NAMES.has(c.name.trim().toLowerCase());
  if (ph && !fallback) {
    const tokens = ph.split(' ');
    const known = lexiconMatch(c.name) !== null;
    add(terms, ph, 3);
    // A known type's own words say more than the words of its name ("visiting" of "visiting card").
    if (tokens.length > 1) for (const t of tokens) add(terms, t, GENERIC.has(t) ? 0.3 : known ? 0.5 : 1.5);
    // WordNet: the whole name when it is a lemma, else its head (last) word and the others.
    if (relatedTexts(ph).length > 0) wordnetTerms(terms, ph, 1);
    else {
      wordnetTerms(terms, tokens[tokens.length - 1]!, 0.7);
      for (const t of tokens.slice(0, -1)) if (!GENERIC.has(t)) wordnetTerms(terms, t, 0.4);
    }
  }
  const match = fallback ? null : lexiconMatch(c.name);
  if (match) {
    for (const [t, w] of Object.entries(match.entry.terms)) add(terms, phrase(t), w * match.strength);
    for (const [cue, w] of Object.entries(match.entry.cues ?? {})) cues.set(cue as CueName, w * match.strength);
  }
  if (c.description) for (const w of words(c.description).slice(0, 40)) if (!GENERIC.has(w)) add(terms, w, 0.8);
  if (c.examples?.length) exampleTerms(terms, c.examples);
  return { name: c.name, terms, cues, fallback, lexicon: match?.entry.key ?? null };
}

/** Profiles of all categories, with terms shared between categories down-weighted. */
export function buildProfiles(categories: readonly CategoryInput[]): CategoryProfile[] {
  const profiles = categories.map(profileOf);
  const df = new Map<string, number>();
  for (const p of profiles) for (const t of p.terms.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  for (const p of profiles) for (const [t, w] of p.terms) p.terms.set(t, w / Math.sqrt(df.get(t)!));
  return profiles;
}
