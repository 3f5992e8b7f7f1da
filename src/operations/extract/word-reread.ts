/**
 * The word re-read of gamma and delta on scanned pages, after the line re-read: the unsure
 * words of each value, and any word spelling a date with an implausible year, are OCR'd again
 * from their own crop at three enlargements (worker task `ocr.rereadLines` with `enlarge`),
 * the second readings that win the vote replace the first in the document
 * (pipeline/extract/word-reread.ts decides both), and the fields whose values held a replaced
 * word are extracted again. The new value is taken only when it is made of the same words as
 * before: the correction repairs a value where it was read, it never moves a field elsewhere.
 *
 * A value kept through the line re-read may be made of the first reading's words (its line's
 * re-read found nothing better, or garbage): `docs` lists the documents to look for a value's
 * words in, the current one first; each field is repaired in the document holding its words.
 *
 * Cost: two or three small OCR calls per chosen word (at most 8 words; the third enlargement
 * only where the first two disagree); bench/extract-latency.ts and bench/extract.ts (CPU).
 */
import { extractFromDocument, DEFAULT_LIMITS, type Outcome } from '../../pipeline/extract/extract-document.js';
import { betterReading, locate, REREAD_SCALES, replaceWords, spelledOver, wordsToReread, type RereadWordLike } from '../../pipeline/extract/word-reread.js';
import type { TokenizedDocument } from '../../pipeline/extract/tokens.js';
import type { FieldSchema, Strategy } from '../../pipeline/extract/types.js';
import type { RereadWord } from '../../pipeline/ocr/reread-lines.js';

/** Reads boxes of one page at an enlargement (the worker task `ocr.rereadLines`). */
export type ReadWords = (page: number, boxes: [number, number, number, number][], enlarge: number) => Promise<RereadWord[][]>;

export interface WordRereadOutcome {
  /** The first of `docs` with its replaced words (the one to cite from). */
  doc: TokenizedDocument;
  words: number;
  changed: number;
}

type Scalar = Extract<Outcome, { kind: 'scalar' }>;

/** Re-reads the chosen words and updates `outcomes` in place; null when no word was chosen. */
export async function rereadWordsAndExtract(docs: TokenizedDocument[], schema: FieldSchema, outcomes: Record<string, Outcome>, strategy: Strategy, read: ReadWords, currentYear = new Date().getUTCFullYear()): Promise<WordRereadOutcome | null> {
  // Each scalar field goes with the first document that holds all its words.
  const home = new Map<string, number>();
  for (const [k, o] of Object.entries(outcomes)) {
    if (o.kind !== 'scalar' || !o.candidate) continue;
    const d = docs.findIndex((doc) => o.candidate!.tokens.every((t) => locate(doc, t) >= 0));
    if (d >= 0) home.set(k, d);
  }
  let words = 0;
  let changed = 0;
  let current = docs[0]!;
  for (const [d, doc] of docs.entries()) {
    const keys = [...home.entries()].filter(([, i]) => i === d).map(([k]) => k);
    if (keys.length === 0) continue;
    const mine = Object.fromEntries(keys.map((k) => [k, outcomes[k]!]));
    const chosen = wordsToReread(doc, mine, currentYear);
    if (chosen.length === 0) continue;
    words += chosen.length;
    const fixes = await readAndVote(doc, chosen, read, currentYear);
    if (fixes.size === 0) continue;
    const second = replaceWords(doc, fixes);
    if (d === 0) current = second;
    const touched = keys.filter((k) => (outcomes[k] as Scalar).candidate!.tokens.some((t) => fixes.has(locate(doc, t))));
    const sub: FieldSchema = { ...schema, properties: Object.fromEntries(touched.map((k) => [k, schema.properties![k]!])) };
    const again = extractFromDocument(second, sub, strategy, DEFAULT_LIMITS);
    for (const k of touched) {
      const a = (outcomes[k] as Scalar).candidate!;
      const b = (again[k] as Scalar | undefined)?.candidate;
      if (!b || String(b.value) === String(a.value)) continue;
      // Same words as before (b's tokens are `second`'s, whose indices are `doc`'s).
      if (a.tokens.map((t) => locate(doc, t)).join(',') !== b.tokens.map((t) => t.index).join(',')) continue;
      changed++;
      outcomes[k] = { kind: 'scalar', candidate: { ...b, via: `${b.via}+wordreread` } };
    }
  }
  return words === 0 ? null : { doc: current, words, changed };
}

async function readAndVote(doc: TokenizedDocument, chosen: number[], read: ReadWords, currentYear: number): Promise<Map<number, RereadWordLike>> {
  const fixes = new Map<number, RereadWordLike>();
  for (const page of new Set(chosen.map((i) => doc.tokens[i]!.page))) {
    const idx = chosen.filter((i) => doc.tokens[i]!.page === page);
    const boxes = idx.map((i) => doc.tokens[i]!.box);
    // Two enlargements for every word; the third only for the words whose two readings differ.
    const [first, second] = [await read(page, boxes, REREAD_SCALES[0]!), await read(page, boxes, REREAD_SCALES[1]!)];
    const readings: RereadWord[][][] = idx.map((_, k) => [first[k] ?? [], second[k] ?? []]);
    const open = idx.map((_, k) => k).filter((k) => spelledOver(boxes[k]!, readings[k]![0]!) !== spelledOver(boxes[k]!, readings[k]![1]!));
    if (open.length > 0) {
      const third = await read(page, open.map((k) => boxes[k]!), REREAD_SCALES[2]!);
      open.forEach((k, j) => readings[k]!.push(third[j] ?? []));
    }
    idx.forEach((i, k) => {
      const better = betterReading(doc.tokens[i]!, readings[k]!, currentYear);
      if (better) fixes.set(i, better);
    });
  }
  return fixes;
}
