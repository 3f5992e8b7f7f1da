/**
 * The raster an OCR page is read from: a scanned page's own image when the page is nothing
 * but that image at the rendering's resolution (formats/pdf/page-image.ts: the same pixels
 * for a tenth of the CPU), else the page rendered by pdf.js as before. Issue 29: rendering
 * was about 0.35 s CPU of a dense 300-DPI scanned page's cost beyond recognition
 * (`npx tsx bench/ocr-page-stages.ts --pdf`). QUIRE_SCAN_IMAGE=render always renders.
 */
import type { PDFPageProxy } from '../../formats/pdf/open-document.js';
import { renderPdfPage } from '../../formats/pdf/render-page.js';
import { cappedScale, DEFAULT_RASTER_LIMITS } from '../../raster/raster-dpi.js';
import type { RasterImage } from '../../raster/raster-image.js';
import type { PageContent } from '../../model/page.js';

/** A page raster with the pixels-per-page-unit scale the later stages read. */
export type PageRaster = RasterImage & { scale: number; pageWidth: number; pageHeight: number };

/**
 * Whether pdf.js saw one image and nothing else drawn on the page (no text, no vector art),
 * covering the page at about the resolution OCR reads at. Only then is page-image.ts (and
 * pdf-lib, 0.18 s CPU to import and 0.13 s to read a 2.6 MB book, per worker) loaded: a
 * static import cost freeculture.pdf's CLI parse 10 % (its OCRed cover is one image at
 * another resolution).
 */
function oneImageAt(content: PageContent, dpi: number): boolean {
  if (content.images.length !== 1 || content.runs.length > 0 || content.graphics.length > 0 || content.rects.length > 0 || content.rules.length > 0) return false;
  const img = content.images[0]!;
  const covers = Math.abs(img.left) < 1 && Math.abs(img.top) < 1 && Math.abs(img.width - content.width) < 1 && Math.abs(img.height - content.height) < 1;
  return covers && img.ppi !== undefined && Math.abs(img.ppi - dpi) <= 0.02 * dpi;
}

export async function ocrPageRaster(page: PDFPageProxy, content: PageContent, dpi: number, source: { key: string; data: SharedArrayBuffer | Uint8Array }): Promise<PageRaster> {
  const unit = page.getViewport({ scale: 1 });
  const scale = cappedScale(unit.width, unit.height, dpi, DEFAULT_RASTER_LIMITS);
  if (process.env.QUIRE_SCAN_IMAGE !== 'render' && oneImageAt(content, scale * 72)) {
    const { scannedPageImage } = await import('../../formats/pdf/page-image.js');
    const width = Math.max(1, Math.round(unit.width * scale));
    const height = Math.max(1, Math.round(unit.height * scale));
    // pdf-lib reads the bytes as they are: a view, not a copy, of the job's shared input.
    const bytes = () => (source.data instanceof Uint8Array ? source.data : new Uint8Array(source.data));
    const image = await scannedPageImage(source.key, bytes, { pageNumber: page.pageNumber, width, height, dpi: scale * 72 });
    if (image) return { ...image, scale, pageWidth: unit.width, pageHeight: unit.height };
  }
  return renderPdfPage(page, dpi);
}
