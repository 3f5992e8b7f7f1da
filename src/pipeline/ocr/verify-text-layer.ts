/**
 * Does a scan's text layer say what its ink says? A scanner or an earlier OCR run leaves an
 * invisible text layer over the page image; when it is wrong (another page's text, a bad
 * engine's guesses, words at the wrong places) it still reads as words, so the text-only
 * rule (text-layer-needs-ocr.ts) trusts it. Only reading the ink tells: one band of the page
 * (the inkiest sixth of its height, full width) is OCRed and its words are looked up among
 * the layer's words placed in that band. A good layer and the reading share most words
 * (tesseract and the scanner's engine disagree on a few); a wrong one next to none.
 *
 * Only scan-like pages (an image under most of the page) are checked: a born-digital page's
 * text draws its own ink, and checking it would cost a render and an OCR call per page.
 */
import type { OcrEngine, RasterImage } from '../../engines/ocr/interface.js';
import type { BBox } from '../../model/document.js';
import type { PageContent, TextRun } from '../../model/page.js';
import { cropRaster } from '../../raster/crop-raster.js';
import { toGrey } from '../../raster/raster-grey.js';
import { ocrPage } from './ocr-page.js';
import { imageCoverage, imagesMayCover, TEXT_LAYER_RULES } from './text-layer-needs-ocr.js';

export const LAYER_CHECK = {
  /** Share of the page's height read to check the layer. */
  bandShare: 1 / 6,
  /** Fewer words than this in the band, read or in the layer: nothing to judge by. */
  minWords: 8,
  /** Share of the band's words (the more of OCR's and the layer's) both must hold. */
  minAgreement: 0.4,
};

export interface LayerCheck {
  /** The layer agrees with the ink (or there was nothing to judge by). */
  trusted: boolean;
  /** Words both OCR and the layer hold, over the more numerous of the two; null when not judged. */
  agreement: number | null;
  ocrWords: number;
  /** The band that was read, page units. */
  band: BBox | null;
}

/** Pages the check applies to: a raster image under most of the page (scans). */
export function isScanLike(content: PageContent): boolean {
  // Only the image coverage: the whole assessment (text statistics) cost 3% of a born-digital
  // page's analysis for one number.
  const page = { width: content.width, height: content.height, images: content.images };
  return imagesMayCover(page, TEXT_LAYER_RULES.scanImageCoverage) && imageCoverage(page) >= TEXT_LAYER_RULES.scanImageCoverage;
}

const wordsOf = (text: string): string[] => text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];

/** The band (rows of the raster) with the most dark pixels: where the page's text is. */
function inkiestBand(raster: RasterImage, bandRows: number): number {
  const grey = toGrey(raster);
  const { width, height, data } = grey;
  const rowInk = new Float64Array(height);
  const step = Math.max(1, Math.floor(width / 400));
  for (let y = 0; y < height; y++) {
    let n = 0;
    for (let x = 0; x < width; x += step) if (data[y * width + x]! < 128) n++;
    rowInk[y] = n;
  }
  let sum = 0;
  for (let y = 0; y < Math.min(bandRows, height); y++) sum += rowInk[y]!;
  let best = sum;
  let bestTop = 0;
  for (let y = bandRows; y < height; y++) {
    sum += rowInk[y]! - rowInk[y - bandRows]!;
    if (sum > best) {
      best = sum;
      bestTop = y - bandRows + 1;
    }
  }
  return bestTop;
}

/**
 * Check the text layer `runs` of a page against its rendered ink. `raster` shows the whole
 * page (`pageWidth` × `pageHeight` page units).
 */
export async function checkTextLayer(runs: readonly TextRun[], raster: RasterImage, engine: OcrEngine, page: { width: number; height: number }): Promise<LayerCheck> {
  const bandRows = Math.max(1, Math.round(raster.height * LAYER_CHECK.bandShare));
  const top = inkiestBand(raster, bandRows);
  const sy = page.height / raster.height;
  const band: BBox = { left: 0, top: top * sy, width: page.width, height: bandRows * sy };
  const crop = cropRaster(raster, { left: 0, top, width: raster.width, height: Math.min(bandRows, raster.height - top) });
  const read = await ocrPage(crop, engine, { region: band });
  const ocrWords = wordsOf(read.runs.map((r) => r.text).join(' '));
  // The layer's words whose boxes' centres lie in the band (grown by a line, for lines cut
  // at its edges), as a multiset.
  const slack = 0.02 * page.height;
  const layer = new Map<string, number>();
  let layerWords = 0;
  for (const r of runs) {
    const cy = r.bbox.top + r.bbox.height / 2;
    if (cy < band.top - slack || cy > band.top + band.height + slack) continue;
    for (const w of wordsOf(r.text)) {
      layer.set(w, (layer.get(w) ?? 0) + 1);
      layerWords++;
    }
  }
  // Judged on whichever says more: a layer claiming a dense text where the ink shows little
  // (another page's words over a picture) fails as surely as one missing what the ink says.
  const judged = Math.max(ocrWords.length, layerWords);
  if (judged < LAYER_CHECK.minWords) return { trusted: true, agreement: null, ocrWords: ocrWords.length, band };
  let found = 0;
  for (const w of ocrWords) {
    const n = layer.get(w) ?? 0;
    if (n > 0) {
      found++;
      layer.set(w, n - 1);
    }
  }
  const agreement = found / judged;
  return { trusted: agreement >= LAYER_CHECK.minAgreement, agreement, ocrWords: ocrWords.length, band };
}
