/**
 * One normalisation for every text compared by character error rate (bench/scanned-
 * multicolumn.ts, test/parse/column-order.test.ts): a parse, the tesseract CLI and the
 * PDF's own text get the same, so no reader gains from it. NFKC (ligatures), typographic
 * quotes and dashes to ASCII, line-end hyphenation joined, whitespace collapsed.
 */
export function normaliseForCer(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/(\p{L})-\s+(\p{Ll})/gu, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}
