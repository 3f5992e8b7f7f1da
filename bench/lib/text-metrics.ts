/**
 * Text-fidelity measures against a reference text: bag-of-words F1 and the normalised
 * edit distance between word sequences (word order).
 */
import { distance } from 'fastest-levenshtein';
import { ONE_LETTER, ONE_OR_TWO_LETTERS } from '../../src/model/letters.js';

/** Lowercased words with surrounding punctuation removed. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.normalize('NFKC').toLowerCase().split(/\s+/)) {
    const w = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (w) out.push(w);
  }
  return out;
}

/**
 * The reference's letter-spaced stretches read with the words the parse gives them, where
 * the letters are the same. pdftotext reads a heading set wide ("h i g h l i g h t s",
 * "C O N S T I T U T I O N O F") as single letters, and a parse that reads its words
 * ("highlights", pipeline/lines/letter-spacing.ts) would otherwise be charged a word-order
 * error per letter for a difference of word division. A stretch is four single letters or
 * more among tokens of one or two letters; it is replaced by the parse's words only where
 * a run of consecutive parse words spells exactly its letters, so nothing else moves.
 */
export function alignLetterSpaced(ref: readonly string[], ours: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < ref.length) {
    let j = i;
    let singles = 0;
    while (j < ref.length && ONE_OR_TWO_LETTERS.test(ref[j]!)) singles += ONE_LETTER.test(ref[j++]!) ? 1 : 0;
    if (singles < 4) {
      out.push(...ref.slice(i, Math.max(j, i + 1)));
      i = Math.max(j, i + 1);
      continue;
    }
    out.push(...respell(ref.slice(i, j), ours));
    i = j;
  }
  return out;
}


/**
 * A stretch's tokens, each longest run of them (two tokens or more, four letters or more)
 * that consecutive parse words spell exactly replaced by those words; a stretch can hold two
 * headings pdftotext put on one line ("h i g h l i g h t s g r a p h i c a l …").
 */
function respell(tokens: readonly string[], ours: readonly string[]): string[] {
  const out: string[] = [];
  let s = 0;
  while (s < tokens.length) {
    let found: string[] | undefined;
    let end = s;
    for (let e = tokens.length; e >= s + 2 && !found; e--) {
      const letters = tokens.slice(s, e).join('');
      if (letters.length < 4) break;
      found = spelling(ours, letters);
      end = e;
    }
    if (found) {
      out.push(...found);
      s = end;
    } else out.push(tokens[s++]!);
  }
  return out;
}

/** Consecutive words of `ws` spelling exactly `letters`, the first such run. */
function spelling(ws: readonly string[], letters: string): string[] | undefined {
  for (let a = 0; a < ws.length; a++) {
    if (!letters.startsWith(ws[a]!)) continue;
    let acc = '';
    for (let b = a; b < ws.length && letters.startsWith(acc + ws[b]!); b++) {
      acc += ws[b]!;
      if (acc === letters) return ws.slice(a, b + 1);
    }
  }
  return undefined;
}

export interface BagScore {
  tp: number;
  predicted: number;
  reference: number;
}

export function bagOfWords(pred: string[], ref: string[]): BagScore {
  const counts = new Map<string, number>();
  for (const w of ref) counts.set(w, (counts.get(w) ?? 0) + 1);
  let tp = 0;
  for (const w of pred) {
    const c = counts.get(w) ?? 0;
    if (c > 0) {
      tp++;
      counts.set(w, c - 1);
    }
  }
  return { tp, predicted: pred.length, reference: ref.length };
}

export function f1(s: BagScore): number {
  if (s.predicted === 0 && s.reference === 0) return 1;
  const p = s.predicted ? s.tp / s.predicted : 0;
  const r = s.reference ? s.tp / s.reference : 0;
  return p + r > 0 ? (2 * p * r) / (p + r) : 0;
}

/** Word-level Levenshtein distance (words mapped to single UTF-16 code units). */
export function wordEditDistance(a: string[], b: string[]): number {
  const ids = new Map<string, string>();
  let next = 0x100;
  const enc = (ws: string[]) =>
    ws
      .map((w) => {
        let c = ids.get(w);
        if (!c) {
          if (next === 0xd800) next = 0xe000; // skip surrogates
          c = String.fromCharCode(next++);
          ids.set(w, c);
        }
        return c;
      })
      .join('');
  return distance(enc(a), enc(b));
}
