/**
 * Re-reading chosen text lines of an image page, one crop per line, at the image's own
 * resolution with tesseract's single-line segmentation (worker task `ocr.rereadLines`).
 *
 * Why: the page-level OCR reads a whole receipt in one pass (page segmentation, glyph-size
 * resampling for speed), and on thermal-paper receipts it drops or merges characters of short
 * lines: "Date 12/2018" for "Date : 25/12/2018", "Total 91,00" for "Total : 9.00", "93.70"
 * for "3.70". The same engine reading the line's own crop, told it is one line, gets those
 * right (SROIE dev receipts; bench/extract.ts). Extraction asks for the few lines its values
 * and labels sit on, so the cost is a few small OCR calls, not a second page OCR.
 *
 * Boxes are in page units, which for an image are its pixels (image-pages.ts: scale 1).
 */
import { getOcrEngine } from '../../engines/ocr/factory.js';
import { loadImagePages } from '../../formats/image/load-image-pages.js';
import { cropRaster } from '../../raster/crop-raster.js';

/** [left, top, right, bottom], page units. */
export type LineBox = [number, number, number, number];

export interface RereadLinesTask {
  data: Uint8Array;
  /** 1-based page of the image (TIFF pages). */
  page: number;
  lines: LineBox[];
  /** The OCR engine of the parse (spec name; default ServiceHawk). */
  ocrEngine?: string;
}

export interface RereadWord {
  text: string;
  box: LineBox;
  conf: number;
}

/** Margins around a line's box, in line heights: room for ascenders, descenders and a lost first glyph. */
const PAD_X = 1;
const PAD_Y = 0.35;

export async function rereadLines(task: RereadLinesTask): Promise<RereadWord[][]> {
  const pages = await loadImagePages(task.data, {});
  const raster = await pages.getPage(task.page - 1);
  const engine = await getOcrEngine(task.ocrEngine ?? 'ServiceHawk');
  const out: RereadWord[][] = [];
  for (const b of task.lines) {
    const h = Math.max(1, b[3] - b[1]);
    const left = Math.max(0, Math.floor(b[0] - PAD_X * h));
    const top = Math.max(0, Math.floor(b[1] - PAD_Y * h));
    const right = Math.min(raster.width, Math.ceil(b[2] + PAD_X * h));
    const bottom = Math.min(raster.height, Math.ceil(b[3] + PAD_Y * h));
    if (right - left < 3 || bottom - top < 3) {
      out.push([]);
      continue;
    }
    const crop = cropRaster(raster, { left, top, width: right - left, height: bottom - top });
    const r = await engine.recognize(crop, { segmentation: 'single_line', dpi: raster.dpi });
    out.push(
      r.words
        .filter((w) => w.text.trim())
        .map((w) => ({ text: w.text, conf: w.confidence, box: [left + w.bbox.left, top + w.bbox.top, left + w.bbox.left + w.bbox.width, top + w.bbox.top + w.bbox.height] as LineBox })),
    );
  }
  return out;
}
