/**
 * Column gutters: a strip no text crosses is a gutter only when it is wider than word
 * spacing, so lines of large print whose word gaps happen to line up stay whole.
 */
import { describe, expect, it } from 'vitest';
import { findGutters } from '../../src/pipeline/lines/gutters.js';
import { buildLines } from '../../src/pipeline/lines/build-lines.js';
import type { TextRun } from '../../src/model/page.js';

const run = (text: string, left: number, top: number, width: number, fontSize: number): TextRun => ({
  text,
  bbox: { left, top, width, height: fontSize },
  fontSize,
  fontName: 'F',
  bold: false,
  italic: false,
  confidence: null,
  source: 'text',
});

/** Words of `size`-point print placed left to right with gaps of `gap` points. */
function line(words: string[], top: number, size: number, widths: number[], gap: number, left = 0): TextRun[] {
  let x = left;
  return words.map((w, i) => {
    const r = run(w, x, top, widths[i]!, size);
    x += widths[i]! + gap;
    return r;
  });
}

describe('column gutters', () => {
  // A cover: a wide title above three lines of 22-point capitals whose word gaps (4.5 pt,
  // a word space at this size) line up at x ≈ 335.
  const cover: TextRun[] = [
    run('FREE CULTURE', 0, 100, 470, 50),
    ...line(['HOW', 'BIG', 'MEDIA', 'USES', 'TECHNOLOGY', 'AND', 'THE', 'LAW'], 200, 22, [38, 28, 53, 42, 154, 34, 32, 34], 4.5),
    ...line(['LOCK', 'DOWN', 'CULTURE', 'AND', 'CONTROL', 'THINGS', 'WELL'], 230, 22, [42, 49, 73, 35, 116.5, 50, 50], 4.5),
    ...line(['LAWRENCE', 'LESSIG', 'AND', 'CO', 'BOOKS', 'NEW', 'YORK'], 260, 22, [98, 62, 34, 24, 97, 40, 52], 4.5),
  ];

  it('are not found between the aligned words of large print', () => {
    expect(cover.length).toBeGreaterThanOrEqual(20);
    expect(findGutters(cover)).toEqual([]);
    const lines = buildLines(cover).map((l) => l.text);
    expect(lines).toContain('HOW BIG MEDIA USES TECHNOLOGY AND THE LAW');
    expect(lines).toContain('LOCK DOWN CULTURE AND CONTROL THINGS WELL');
  });

  it('are found between two columns of 10-point text 10 points apart', () => {
    const runs: TextRun[] = [];
    for (let i = 0; i < 30; i++) {
      runs.push(run(`left column line ${i} words`, 72, 72 + i * 12, 220, 10));
      runs.push(run(`right column line ${i} words`, 302, 72 + i * 12, 220, 10));
    }
    const gutters = findGutters(runs);
    expect(gutters).toHaveLength(1);
    expect(gutters[0]![0]).toBeGreaterThanOrEqual(291);
    expect(gutters[0]![1]).toBeLessThanOrEqual(303);
    // Lines never join across the gutter, even where the gap is small.
    expect(buildLines(runs).every((l) => !/left.*right/.test(l.text))).toBe(true);
  });
});
