/**
 * A table keeps the words OCR read, and keeps them apart.
 *
 * Spaces: two OCR words are two words whatever their boxes say; a cell joined them by the gap
 * between boxes, and a box taller than its line made "Springand fall pollens andperennial"
 * (a PubLayNet page image's table).
 *
 * Text: a table never loses the text it claims. Thin empty columns and rows are dropped from a grid,
 * and a spanning cell counted as "empty" in each column it spans, so a cell holding text could
 * lie wholly in dropped columns: its words were claimed by the table (kept out of every other
 * block) and then written nowhere. On an OCR receipt (SROIE 000.jpg) parse lost 12 of the 78
 * words tesseract read ("TDO1167104", "MODELLING KIDDY FISH", "Adjustment"...).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dropLines } from '../../src/pipeline/tables/span-cells.js';
import { joinPieces, runPieces } from '../../src/pipeline/tables/text-pieces.js';
import type { TextRun } from '../../src/model/page.js';
import { detectTables } from '../../src/pipeline/tables/detect-tables.js';
import { loadImagePages } from '../../src/formats/image/load-image-pages.js';
import { ocrContent } from '../../src/pipeline/pages/page-ocr.js';
import { corpusPath, hasCorpus } from '../helpers.js';

const word = (text: string, left: number, width: number, height: number, source?: 'ocr'): TextRun =>
  ({ text, bbox: { left, top: 100, width, height }, fontSize: height, fontName: 'OCR', bold: false, italic: false, source: source ?? 'text', ...(source ? { confidence: 0.9 } : {}) }) as TextRun;

describe('joining a cell line', () => {
  it('puts a space between two OCR words whose boxes leave no gap', () => {
    // "Spring" read with a box two lines tall, "and" right after it.
    const pieces = [...runPieces(word('Spring', 52, 24.75, 19.75, 'ocr'), 0), ...runPieces(word('and', 77, 14, 8.75, 'ocr'), 1)];
    expect(joinPieces(pieces)).toBe('Spring and');
  });

  it('joins CJK OCR words without a space, and text-layer fragments by their gap', () => {
    expect(joinPieces([...runPieces(word('東京', 0, 20, 10, 'ocr'), 0), ...runPieces(word('都', 20.5, 10, 10, 'ocr'), 1)])).toBe('東京都');
    expect(joinPieces([...runPieces(word('Spr', 0, 15, 10), 0), ...runPieces(word('ing', 15.2, 15, 10), 1)])).toBe('Spring');
  });
});

describe('dropping thin grid lines', () => {
  // 1 row × 4 columns: A | (B spanning columns 1–2) | C; columns 1 and 2 are dropped.
  const cells = [
    { row: 0, col: 0, rowSpan: 1, colSpan: 1 },
    { row: 0, col: 1, rowSpan: 1, colSpan: 2 },
    { row: 0, col: 3, rowSpan: 1, colSpan: 1 },
  ];

  it('gives the text of a cell left with no kept column to the cell at its place', () => {
    const contents = [['A'], ['B'], ['C']];
    const out = dropLines(cells, 1, 4, new Set(), new Set([1, 2]), contents);
    expect(out.cols).toBe(2);
    expect(out.cells.map((c) => c.source)).toEqual([0, 2]);
    // The dropped space belongs to the next kept column: "B" joins "C".
    expect(out.cells.map((c) => contents[c.source]!.join(' '))).toEqual(['A', 'C B']);
  });

  it('changes nothing where every cell keeps a column', () => {
    const contents = [['A'], ['B'], ['C']];
    const out = dropLines(cells, 1, 4, new Set(), new Set([2]), contents);
    expect(out.cells.map((c) => contents[c.source]!.join(' '))).toEqual(['A', 'B', 'C']);
  });
});

const receipt = corpusPath('invoices/ICDAR-2019-SROIE/data/img/000.jpg');

describe.skipIf(!hasCorpus || !fs.existsSync(receipt))('an OCR receipt read as a table (corpus)', () => {
  it('writes every word the table claims into one of its cells', async () => {
    const raster = await (await loadImagePages(fs.readFileSync(receipt))).getPage(0);
    const blank = { pageNumber: 1, width: raster.width, height: raster.height, runs: [], rules: [], rects: [], images: [], graphics: [], textSource: 'none' as const };
    const { content } = await ocrContent(blank, raster, { ocrMode: 'auto_ocr', ocrEngine: 'ServiceHawk', highResolution: false, cropDir: null });
    const tables = detectTables(content);
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) {
      const text = t.grid.cells.map((c) => c.text).join('\n');
      const claimed = t.runIndices.map((i) => content.runs[i]!.text);
      expect(claimed.length).toBeGreaterThan(10);
      expect(claimed.filter((w) => !text.includes(w))).toEqual([]);
    }
  }, 120_000);
});
