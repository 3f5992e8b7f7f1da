/**
 * Text-fidelity measures against a reference text: bag-of-words F1 and the normalised
 * edit distance between word sequences (word order).
 */
import { distance } from 'fastest-levenshtein';

/** Lowercased words with surrounding punctuation removed. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.normalize('NFKC').toLowerCase().split(/\s+/)) {
    const w = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (w) out.push(w);
  }
  return out;
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
