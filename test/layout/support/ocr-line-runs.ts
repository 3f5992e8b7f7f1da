/**
 * The OCR line the layout-fusion and OCR-typography tests build pages from: one run per word,
 * as tesseract's words come to the line builder (7 px per letter, 5 px between words,
 * 12 px high). One copy, so the tests' pages stay alike.
 */
import type { TextRun } from '../../../src/model/page.js';

/** One OCR line of `text` at (left, top). */
export function ocrLineRuns(text: string, left: number, top: number): TextRun[] {
  let x = left;
  return text.split(' ').map((w) => {
    const run = { text: w, bbox: { left: x, top, width: 7 * w.length, height: 12 }, fontSize: 12, fontName: 'OCR', bold: false, italic: false, confidence: 0.9, source: 'ocr' as const };
    x += 7 * w.length + 5;
    return run;
  });
}
