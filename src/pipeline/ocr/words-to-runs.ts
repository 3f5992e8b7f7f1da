/** Engine words (raster pixels, original orientation) → TextRuns in page units. */
import { roundBBox, type BBox } from '../../model/document.js';
import type { TextRun } from '../../model/page.js';
import type { OcrPageResult } from '../../engines/ocr/interface.js';
import { consistentLineCase } from './case-consistency.js';

export interface RunMapping {
  /** The box of the page (page units) that the raster shows. */
  area: BBox;
  minWordConfidence: number;
  /** Page units per pixel of the upright (rotated) raster's vertical axis. */
  uprightScale?: number;
}

/** Font name given to OCR runs: there is no font, only a size estimate. */
export const OCR_FONT_NAME = 'OCR';

export function wordsToRuns(result: OcrPageResult & { uprightLineHeights?: number[] }, m: RunMapping): TextRun[] {
  const sx = m.area.width / result.width;
  const sy = m.area.height / result.height;
  const { left: ox, top: oy } = m.area;
  const runs: TextRun[] = [];
  result.lines.forEach((line, li) => {
    // A line box spans ascender to descender, about one em of the font.
    const upright = result.uprightLineHeights?.[li];
    const fontSize = upright !== undefined && m.uprightScale ? upright * m.uprightScale : line.bbox.height * sy;
    let last: TextRun | undefined;
    // Case slips of a line printed in capitals ("JALAn" → "JALAN"), decided from the line's letters.
    const texts = consistentLineCase(result.words.slice(line.firstWord, line.endWord).map((w) => w.text));
    for (let i = line.firstWord; i < line.endWord; i++) {
      const w = result.words[i]!;
      if (w.confidence < m.minWordConfidence) continue;
      last = {
        text: texts[i - line.firstWord]!,
        bbox: roundBBox({ left: ox + w.bbox.left * sx, top: oy + w.bbox.top * sy, width: w.bbox.width * sx, height: w.bbox.height * sy }),
        fontSize: Math.round(fontSize * 100) / 100,
        fontName: OCR_FONT_NAME,
        bold: false,
        italic: false,
        confidence: Math.round(w.confidence * 1000) / 1000,
        source: 'ocr',
      };
      runs.push(last);
    }
    if (last) last.eol = true;
  });
  return runs;
}
