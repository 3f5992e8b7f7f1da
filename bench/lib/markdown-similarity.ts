/**
 * Normalised text edit similarity of two markdown texts: 1 - levenshtein / max length,
 * after NFKC, whitespace collapsing, and dropping table rule lines and cell padding
 * (`| --- |` vs `|----|` is style, not content). Used by the office bench and tests.
 */
import { distance } from 'fastest-levenshtein';

export function normaliseMarkdown(md: string): string {
  return md
    .normalize('NFKC')
    .split('\n')
    .filter((l) => !/^\s*\|?(\s*:?-+:?\s*\|)+\s*$/.test(l))
    .map((l) => (l.trim().startsWith('|') ? l.replace(/\s*\|\s*/g, '|') : l))
    .join('\n')
    .replace(/\s+/g, ' ')
    .trim();
}

export function markdownSimilarity(a: string, b: string): number {
  const x = normaliseMarkdown(a);
  const y = normaliseMarkdown(b);
  const m = Math.max(x.length, y.length);
  return m === 0 ? 1 : 1 - distance(x, y) / m;
}
