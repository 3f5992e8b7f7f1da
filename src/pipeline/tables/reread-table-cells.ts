/**
 * The page-runner side of `use_table_ocr`: after an OCRed page is laid out, each ruled
 * table's cells are read again from the page raster (cell-ocr.ts). Only tables whose grid
 * came from rules (ruled, or found on the raster's lines) have cells bounded by ink; only
 * upright pages, where page-space cell boxes are the raster's. Kept apart from page-ocr.ts
 * so the default path stays as it was.
 */
import type { OcrEngine } from '../../engines/ocr/interface.js';
import type { PageLayout } from '../../model/layout.js';
import type { PageContent } from '../../model/page.js';
import type { RasterImage } from '../../raster/raster-image.js';
import { ocrTableCells } from './cell-ocr.js';

export async function rereadTableCells(layout: PageLayout, o: { content: PageContent; raster: RasterImage; rotation: number; skewDegrees: number }, engine: OcrEngine): Promise<PageLayout> {
  if (o.rotation !== 0 || Math.abs(o.skewDegrees) >= 1) return layout;
  const blocks = [];
  for (const b of layout.blocks) {
    if (b.table && (b.table.method === 'ruled' || b.table.method === 'ocr' || b.table.method === 'hybrid')) {
      blocks.push({ ...b, table: await ocrTableCells(b.table, o.raster, o.content.width, o.content.height, engine) });
    } else blocks.push(b);
  }
  return { ...layout, blocks };
}
