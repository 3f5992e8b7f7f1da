/**
 * `segment_processing.Table.use_table_ocr` (issue 29 item 8): on an OCRed page, each cell
 * of a ruled table is read again from its own crop. The page OCR reads the table with the
 * rest of the page, where its segmentation can join words across a rule, split a cell's
 * lines into other cells or skip short numbers beside a rule; a cell's crop, inside its
 * rules (inset so the rules themselves are not read as "|" or "l"), read as one block of
 * text, has none of that. The cost is one OCR call per cell (bench/table-ocr.ts measures
 * the gain and the cost); the default parse does not pay it.
 */
import type { OcrEngine } from '../../engines/ocr/interface.js';
import type { TableGrid } from '../../model/table.js';
import { cropRaster, pageBoxToPixels } from '../../raster/crop-raster.js';
import type { RasterImage } from '../../raster/raster-image.js';
import { rasterFromSharp, sharpFromRaster } from '../../raster/raster-sharp.js';

/**
 * Inset of a cell's crop inside its box, in points (a rule and its anti-aliasing). A PDF's
 * page units are points; an image page's are its pixels, where 1.5 units at 300 DPI left the
 * rules in the crops, read as "|" and "@" (`tables` on a rendered page: no gain at all).
 */
const INSET_PT = 1.5;

/** INSET_PT in page units: the raster's pixels per point times page units per pixel. */
function insetUnits(raster: RasterImage, pageWidth: number): number {
  return raster.dpi ? INSET_PT * (raster.dpi / 72) * (pageWidth / raster.width) : INSET_PT;
}
/** White margin added around a crop, pixels: tesseract reads text touching the edge poorly. */
const MARGIN = 12;
/** A word read in a cell the page OCR left empty is kept only at this confidence. */
const NEW_TEXT_CONFIDENCE = 0.6;

export interface CellOcrStats {
  cells: number;
  ocrCalls: number;
  changed: number;
}

/**
 * The grid with each cell's text read from its own crop of `raster` (the page, `pageWidth`
 * × `pageHeight` units). Cells whose crop reads nothing keep the page OCR's text.
 */
export async function ocrTableCells(grid: TableGrid, raster: RasterImage, pageWidth: number, pageHeight: number, engine: OcrEngine, stats?: CellOcrStats): Promise<TableGrid> {
  const cells = [];
  const INSET = insetUnits(raster, pageWidth);
  for (const cell of grid.cells) {
    const b = cell.bbox;
    if (b.width <= 2 * INSET + 1 || b.height <= 2 * INSET + 1) {
      cells.push(cell);
      continue;
    }
    const inner = { left: b.left + INSET, top: b.top + INSET, width: b.width - 2 * INSET, height: b.height - 2 * INSET };
    const rect = pageBoxToPixels(inner, raster, pageWidth, pageHeight);
    if (rect.height < 6 || rect.width < 4) {
      cells.push(cell);
      continue;
    }
    const crop = cropRaster(raster, rect);
    const white = { r: 255, g: 255, b: 255, alpha: 1 };
    const padded = await rasterFromSharp(sharpFromRaster(crop).extend({ top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN, background: white }), crop);
    // As one block: tesseract's line mode lost more (55 of 197 cells of column_span_1 wrong,
    // against 26), and reading at twice the pixels turned 5s into 9s.
    const read = await engine.recognize(padded, { segmentation: 'single_block', dpi: raster.dpi });
    if (stats) stats.ocrCalls++;
    const words = read.words.filter((w) => w.text.trim() !== '' && (cell.text.trim() !== '' || w.confidence >= NEW_TEXT_CONFIDENCE));
    const text = read.lines
      .map((_, li) => words.filter((w) => w.line === li).map((w) => w.text).join(' '))
      .filter((l) => l !== '')
      .join('\n');
    if (text === '') {
      cells.push(cell);
      continue;
    }
    if (stats && text !== cell.text) stats.changed++;
    const { runs: _formatted, ...plain } = cell;
    cells.push({ ...plain, text });
  }
  if (stats) stats.cells += grid.cells.length;
  return { ...grid, cells };
}
