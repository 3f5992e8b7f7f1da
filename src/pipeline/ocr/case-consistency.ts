/**
 * Letter case made consistent within an OCR'd line printed in capitals.
 *
 * Why: an LSTM reader decides the case of c o s v w x z (and often k p u) from the glyph's
 * height alone, because their capital and small forms have the same shape; on a line of
 * capitals printed in a narrow or condensed face (receipts, labels, forms) it reads some of
 * them small: "JALAn", "TAMAN DAYa", "NO.5 JALAN SUCI" → "No.5". Whether a line is printed in
 * capitals is decided by the line's own letters whose two forms differ in shape (a/A, e/E,
 * r/R, ...): when nearly all of them are capitals, a small same-shape letter next to capitals
 * is a capital, and a single small letter in a long word of capitals is a slip too. Nothing
 * here knows a word list; a line in mixed or small case ("Jalan Kenari 5, Bandar Puchong")
 * is left exactly as read.
 *
 * Measured on the corpus in bench/ocr.ts (CER) and bench/extract.ts (SROIE fields).
 */

/** Small letters whose capital has the same shape (only size tells them apart). */
const SAME_SHAPE = new Set(['c', 'o', 's', 'v', 'w', 'x', 'z', 'k', 'p', 'u']);
/** Letters that tell nothing about case (i/l/j: thin strokes read either way). */
const NO_SIGNAL = new Set(['i', 'l', 'j']);
/** A line is "in capitals" from this many shape-distinct letters, this share of them capitals. */
const MIN_DISTINCT = 6;
const MIN_CAPS_SHARE = 0.9;
/** A word's lone small shape-distinct letter is a slip when the word has this many capitals. */
const MIN_CAPS_IN_WORD = 4;

const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();
const isLower = (c: string) => c !== c.toUpperCase() && c === c.toLowerCase();
/** Basic Latin letters only: other scripts' case rules are not this module's business. */
const isLatin = (c: string) => /^[A-Za-z]$/.test(c);

/** Whether a line's shape-distinct letters are (nearly) all capitals. */
export function lineInCapitals(words: string[]): boolean {
  let caps = 0;
  let total = 0;
  for (const w of words) {
    for (const c of w) {
      if (!isLatin(c)) continue;
      const low = c.toLowerCase();
      if (SAME_SHAPE.has(low) || NO_SIGNAL.has(low)) continue;
      total++;
      if (isUpper(c)) caps++;
    }
  }
  return total >= MIN_DISTINCT && caps / total >= MIN_CAPS_SHARE;
}

/** One word of a line in capitals, its case slips repaired. */
function capitalWord(word: string): string {
  const letters = [...word].filter(isLatin);
  const distinctSmall = letters.filter((c) => isLower(c) && !SAME_SHAPE.has(c) && !NO_SIGNAL.has(c));
  const caps = letters.filter(isUpper).length;
  if (distinctSmall.length > 0) {
    // A word whose case is its own ("GmbH", "kg", "McDONALD"): more than one small letter that
    // differs from its capital in shape, too few capitals, or a small second letter (Mc, Mac).
    const lone = distinctSmall.length === 1 && caps >= MIN_CAPS_IN_WORD && !(letters.length > 1 && isLower(letters[1]!));
    if (!lone) return word;
  }
  // Every small letter left is same-shape (or a lone slip): the line's capitals decide. A small
  // l stays: in a line of capitals it is more often a misread I than an L.
  return [...word].map((c) => (isLatin(c) && isLower(c) && c !== 'l' ? c.toUpperCase() : c)).join('');
}

/**
 * The words of one OCR'd line with their case made consistent when the line is printed in
 * capitals; the same array when nothing changes.
 */
export function consistentLineCase(words: string[]): string[] {
  if (!lineInCapitals(words)) return words;
  let changed = false;
  const out = words.map((w) => {
    const c = capitalWord(w);
    if (c !== w) changed = true;
    return c;
  });
  return changed ? out : words;
}
