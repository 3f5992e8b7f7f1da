/**
 * How a parse splits its pages into worker tasks (pipeline/pages/run-pages.ts `batches`):
 * every page once, in order; the first page alone (the likely scanned cover); batches of at
 * most eight that shrink to single pages at the end, so that the last task one worker still
 * reads while the others have nothing left is one page, not eight.
 */
import { describe, expect, it } from 'vitest';
import { batches } from '../../src/pipeline/pages/run-pages.js';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('page batches', () => {
  it('covers every page once, in order, for any length and pool size', () => {
    for (const n of [1, 2, 3, 7, 20, 64, 352, 1000]) {
      for (const threads of [1, 2, 4, 16]) {
        const out = batches(range(n), threads, false);
        expect(out.flat()).toEqual(range(n));
        expect(out.every((b) => b.length >= 1 && b.length <= 8)).toBe(true);
      }
    }
  });

  it('sends the first page alone, then shrinks the batches towards the end, down to one page', () => {
    const sizes = batches(range(352), 2, false).map((b) => b.length);
    expect(sizes[0]).toBe(1);
    expect(Math.max(...sizes)).toBe(8);
    // never growing again once they shrink
    for (let i = 2; i < sizes.length; i++) expect(sizes[i]!).toBeLessThanOrEqual(sizes[i - 1]!);
    // the last pool-size's worth of tasks are single pages
    expect(sizes.slice(-2)).toEqual([1, 1]);
    // far fewer tasks than pages: the task overhead stays amortised
    expect(sizes.length).toBeLessThan(352 / 5);
  });

  it('gives image pages (read by OCR) one page a task', () => {
    expect(batches(range(5), 2, true)).toEqual([[1], [2], [3], [4], [5]]);
  });
});
