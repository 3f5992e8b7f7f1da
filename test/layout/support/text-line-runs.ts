/**
 * The text-layer line the layout-fusion tests build pages from: one run per word, 6 pt per
 * letter, 4 pt between words, 10 pt high. One copy, so the tests' pages stay alike.
 */
import type { TextRun } from '../../../src/model/page.js';

/** One text-layer line of `text` at (left, top). */
export function lineRuns(text: string, left: number, top: number): TextRun[] {
  let x = left;
  return text.split(' ').map((w) => {
    const run = { text: w, bbox: { left: x, top, width: 6 * w.length, height: 10 }, fontSize: 10, fontName: 'Helvetica', bold: false, italic: false, confidence: null, source: 'text' as const };
    x += 6 * w.length + 4;
    return run;
  });
}
