/**
 * Glued words: tokens of an OCR text that are two or more reference words run together
 * ("CALIFORNIAANDJOINT", "mayFASTbeused"). Tokens are runs of letters and digits (case
 * ignored; punctuation separates), so "INSERT/COPY" is two tokens whatever the reference's
 * spacing around the slash. A token counts as glued when it is not a word of the reference
 * but splits entirely into reference words (of three letters or more, or common short words).
 * Numbers are left out ("312" for "3 1/2" is a misread, not a lost space), as are compounds
 * whose parts the reference does not hold: this counts joining, not recognition errors.
 */

function tokens(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Short words a piece may be; longer pieces may be any reference word. A reference that
 * splits a word itself ("FOOTSWIT CH") would otherwise make the right reading look glued.
 */
const SHORT_WORDS = new Set('a i an as at be by do go he if in is it me my no of on or so to up us we'.split(' '));
const piece = (w: string, vocab: Set<string>) => vocab.has(w) && (w.length >= 3 || SHORT_WORDS.has(w));

/** Whether `t` is a concatenation of ≥ 2 reference words (word-break dynamic programme). */
function splitsIntoWords(t: string, vocab: Set<string>, longest: number): boolean {
  // parts[i]: most words making t[0, i) (-1: none).
  const parts = new Array<number>(t.length + 1).fill(-1);
  parts[0] = 0;
  for (let i = 1; i <= t.length; i++) {
    for (let j = Math.max(0, i - longest); j < i; j++) {
      if (parts[j]! >= 0 && piece(t.slice(j, i), vocab)) parts[i] = Math.max(parts[i]!, parts[j]! + 1);
    }
  }
  return parts[t.length]! >= 2;
}

export interface GluedCount {
  /** Tokens of the OCR text. */
  tokens: number;
  /** Glued tokens. */
  glued: string[];
}

export function countGluedWords(ocrText: string, referenceText: string): GluedCount {
  const vocab = new Set(tokens(referenceText));
  let longest = 0;
  for (const w of vocab) longest = Math.max(longest, w.length);
  const out = tokens(ocrText);
  const glued = out.filter((t) => t.length >= 3 && !/^\p{N}+$/u.test(t) && !vocab.has(t) && splitsIntoWords(t, vocab, longest));
  return { tokens: out.length, glued };
}
