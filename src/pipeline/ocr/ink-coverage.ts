/**
 * Where a rendered page has ink, on a grid of cells in page units: the evidence the auto_ocr
 * rule weighs a text layer against ("does the text explain the ink?").
 */
import type { RasterImage } from '../../engines/ocr/interface.js';
import { inkMask, isBlank } from './ink-mask.js';

export interface InkCoverage {
  pageWidth: number;
  pageHeight: number;
  cols: number;
  rows: number;
  /** 1 = the cell holds ink, row-major. */
  cells: Uint8Array;
  inkyCells: number;
}

/** A cell is inky when this share of its pixels is ink (a few glyph strokes). */
const INKY_CELL = 0.02;

/**
 * `raster` shows the whole page of `pageWidth` × `pageHeight` units; cells are `cellSize`
 * units square (12 pt ≈ one line of body text).
 */
export async function measureInkCoverage(raster: RasterImage, pageWidth: number, pageHeight: number, cellSize = 12): Promise<InkCoverage> {
  const cols = Math.max(1, Math.ceil(pageWidth / cellSize));
  const rows = Math.max(1, Math.ceil(pageHeight / cellSize));
  const cells = new Uint8Array(cols * rows);
  const mask = await inkMask(raster);
  if (isBlank(mask)) return { pageWidth, pageHeight, cols, rows, cells, inkyCells: 0 };
  const ink = new Uint32Array(cols * rows);
  const area = new Uint32Array(cols * rows);
  for (let y = 0; y < mask.height; y++) {
    const cy = Math.min(rows - 1, Math.floor((y / mask.height) * rows));
    for (let x = 0; x < mask.width; x++) {
      const c = cy * cols + Math.min(cols - 1, Math.floor((x / mask.width) * cols));
      area[c]!++;
      ink[c]! += mask.data[y * mask.width + x]!;
    }
  }
  let inkyCells = 0;
  for (let i = 0; i < cells.length; i++) {
    if (area[i]! > 0 && ink[i]! / area[i]! >= INKY_CELL) {
      cells[i] = 1;
      inkyCells++;
    }
  }
  return { pageWidth, pageHeight, cols, rows, cells, inkyCells };
}
