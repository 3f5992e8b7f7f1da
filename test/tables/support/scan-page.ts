/**
 * A born-digital page as a stand-in scan: rendered to a 200-DPI grey raster, with the
 * PDF's own words (runs cut at spaces) scaled to pixels as the "OCR" words.
 */
import fs from 'node:fs';
import type { TextRun } from '../../../src/model/page.js';
import { openPdf } from '../../../src/formats/pdf/open-document.js';
import { extractPageContent } from '../../../src/formats/pdf/page-content.js';
import { renderPdfPage } from '../../../src/formats/pdf/render-page.js';
import { toGrey } from '../../../src/raster/raster-grey.js';
import { detectTables, type DetectedTable } from '../../../src/pipeline/tables/detect-tables.js';
import { detectScannedTables } from '../../../src/pipeline/tables/scanned-table.js';
import { runPieces } from '../../../src/pipeline/tables/text-pieces.js';

export const SCAN_DPI = 200;

export async function bornAndScanned(file: string, pageNumber: number): Promise<{ born: DetectedTable[]; scanned: DetectedTable[]; scale: number }> {
  const doc = await openPdf(new Uint8Array(fs.readFileSync(file)));
  try {
    const page = await doc.getPage(pageNumber);
    const content = await extractPageContent(page);
    const grey = toGrey(await renderPdfPage(page, SCAN_DPI));
    const s = grey.width / content.width;
    const words: TextRun[] = content.runs.flatMap((r, i) =>
      runPieces(r, i).map((p) => ({
        ...r,
        text: p.text,
        bbox: { left: p.x0 * s, top: p.top * s, width: (p.x1 - p.x0) * s, height: (p.bottom - p.top) * s },
        fontSize: r.fontSize * s,
        fontName: 'OCR',
        source: 'ocr' as const,
        confidence: 0.9,
      })),
    );
    const scanned = detectScannedTables({ words: asOcrWords(words), raster: { width: grey.width, height: grey.height, data: grey.data, dpi: SCAN_DPI } });
    return { born: detectTables(content), scanned, scale: s };
  } finally {
    await doc.destroy();
  }
}

/** Share of the born-digital grid's non-empty cells found with the same text at the same position. */
export function sameCellShare(a: DetectedTable, b: DetectedTable): number {
  const at = new Map(b.grid.cells.map((c) => [`${c.row},${c.col},${c.rowSpan},${c.colSpan}`, c.text]));
  const filled = a.grid.cells.filter((c) => c.text);
  const same = filled.filter((c) => at.get(`${c.row},${c.col},${c.rowSpan},${c.colSpan}`) === c.text).length;
  return filled.length ? same / filled.length : 1;
}

export function shape(t: DetectedTable): string {
  return `${t.grid.rowCount}x${t.grid.colCount}:${t.grid.cells.map((c) => `${c.row},${c.col},${c.rowSpan},${c.colSpan}`).join(';')}`;
}

/**
 * OCR reads words, not a text layer's fragments: pieces of consecutive runs that touch on a
 * line (a kerned or re-encoded word drawn in several runs) are one word, as tesseract gives it
 * (tables join two OCR words with a space whatever their boxes say).
 */
function asOcrWords(words: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (const w of words) {
    const prev = out[out.length - 1];
    const gap = prev ? w.bbox.left - (prev.bbox.left + prev.bbox.width) : Infinity;
    if (prev && Math.abs(w.bbox.top - prev.bbox.top) < 0.3 * w.bbox.height && gap >= -0.5 && gap <= 0.12 * w.fontSize) {
      const right = Math.max(prev.bbox.left + prev.bbox.width, w.bbox.left + w.bbox.width);
      const bottom = Math.max(prev.bbox.top + prev.bbox.height, w.bbox.top + w.bbox.height);
      const top = Math.min(prev.bbox.top, w.bbox.top);
      out[out.length - 1] = { ...prev, text: prev.text + w.text, bbox: { left: prev.bbox.left, top, width: right - prev.bbox.left, height: bottom - top } };
    } else out.push(w);
  }
  return out;
}
