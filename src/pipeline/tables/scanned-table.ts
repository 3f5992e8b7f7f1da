/**
 * Tables on scanned pages: ruling lines found on the raster (raster-lines.ts) and OCR words
 * go through the same detector as born-digital pages, so words are assigned to cells (and
 * ordered inside them) exactly like text runs. Pure: the caller runs OCR and rasterising.
 */
import type { TextRun } from '../../model/page.js';
import { detectTables } from './detect-tables.js';
import { findRasterLines, type GreyRaster, type RasterLineOptions } from './raster-lines.js';
import type { DetectedTable } from './types.js';

export interface ScannedPageInput {
  /** OCR words (`source: 'ocr'`), in page units. */
  words: readonly TextRun[];
  raster: GreyRaster;
  /** Page size in the words' units; default: the raster's pixels (words in pixels). */
  pageWidth?: number;
  pageHeight?: number;
  lines?: RasterLineOptions;
}

export function detectScannedTables(input: ScannedPageInput): DetectedTable[] {
  const { raster } = input;
  const width = input.pageWidth ?? raster.width;
  const height = input.pageHeight ?? raster.height;
  const rules = findRasterLines(raster, width / raster.width, input.lines);
  const tables = detectTables({ runs: input.words as TextRun[], rules, rects: [], graphics: [], width, height });
  for (const t of tables) t.grid.method = 'ocr';
  return tables;
}
