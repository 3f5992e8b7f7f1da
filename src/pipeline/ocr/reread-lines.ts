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
 * Boxes are in page units: an image's pixels (image-pages.ts: scale 1), a PDF page's points
 * (a scanned PDF: each padded line box is rendered alone at the OCR resolution, then read).
 */
import { getOcrEngine } from '../../engines/ocr/factory.js';
import { loadImagePages } from '../../formats/image/load-image-pages.js';
import { cropRaster } from '../../raster/crop-raster.js';
import { openPdf } from '../../formats/pdf/open-document.js';
import { renderPdfRegion } from '../../formats/pdf/render-page.js';
import { dpiFor } from '../../raster/raster-dpi.js';
import type { RasterImage } from '../../raster/raster-image.js';
import type { OcrEngine } from '../../engines/ocr/interface.js';
import { rasterFromSharp, sharpFromRaster } from '../../raster/raster-sharp.js';
import { consistentLineCase } from './case-consistency.js';

/** [left, top, right, bottom], page units. */
export type LineBox = [number, number, number, number];

export interface RereadLinesTask {
  data: Uint8Array;
  /** `pdf` for a scanned PDF (boxes in points), else an image (boxes in pixels). */
  kind?: 'image' | 'pdf';
  password?: string;
  /** 1-based page of the image (TIFF pages) or PDF. */
  page: number;
  lines: LineBox[];
  /** The OCR engine of the parse (spec name; default ServiceHawk). */
  ocrEngine?: string;
  /**
   * Crops are enlarged by this factor (1–4, default 1) before reading: the word re-read of
   * extraction reads small crops, where tesseract's LSTM sees punctuation and digits better
   * at twice the pixels ("SELANGOR," 0.68 at 1×, "SELANGOR." 0.94 at 2× on a thermal receipt).
   */
  enlarge?: number;
}

export interface RereadWord {
  text: string;
  box: LineBox;
  conf: number;
}

/** Margins around a line's box, in line heights: room for ascenders, descenders and a lost first glyph. */
const PAD_X = 1;
const PAD_Y = 0.35;

/** A region of the page as a raster, and the raster pixels per page unit. */
type RegionReader = (left: number, top: number, right: number, bottom: number) => Promise<{ raster: RasterImage; scale: number } | null>;

async function readRegions(task: RereadLinesTask, engine: OcrEngine, region: RegionReader): Promise<RereadWord[][]> {
  const out: RereadWord[][] = [];
  for (const b of task.lines) {
    const h = Math.max(1, b[3] - b[1]);
    const left = Math.max(0, b[0] - PAD_X * h);
    const top = Math.max(0, b[1] - PAD_Y * h);
    const got = await region(left, top, b[2] + PAD_X * h, b[3] + PAD_Y * h);
    if (!got || got.raster.width < 3 || got.raster.height < 3) {
      out.push([]);
      continue;
    }
    const enlarge = Math.min(4, Math.max(1, task.enlarge ?? 1));
    const raster = enlarge > 1 ? await enlarged(got.raster, enlarge) : got.raster;
    const scale = got.scale * enlarge;
    const r = await engine.recognize(raster, { segmentation: 'single_line', dpi: raster.dpi ? raster.dpi * enlarge : raster.dpi });
    const words = r.words.filter((w) => w.text.trim());
    const texts = consistentLineCase(words.map((w) => w.text));
    out.push(
      words
        .map((w, k) => ({
          text: texts[k]!,
          conf: w.confidence,
          box: [left + w.bbox.left / scale, top + w.bbox.top / scale, left + (w.bbox.left + w.bbox.width) / scale, top + (w.bbox.top + w.bbox.height) / scale] as LineBox,
        })),
    );
  }
  return out;
}

async function enlarged(raster: RasterImage, factor: number): Promise<RasterImage> {
  const width = Math.round(raster.width * factor);
  const height = Math.round(raster.height * factor);
  return rasterFromSharp(sharpFromRaster(raster).resize(width, height, { kernel: 'lanczos3' }), raster);
}

export async function rereadLines(task: RereadLinesTask): Promise<RereadWord[][]> {
  const engine = await getOcrEngine(task.ocrEngine ?? 'ServiceHawk');
  if (task.kind === 'pdf') {
    const doc = await openPdf(task.data.slice(), { password: task.password });
    try {
      const page = await doc.getPage(task.page);
      const view = page.getViewport({ scale: 1 });
      const dpi = dpiFor('ocr');
      return await readRegions(task, engine, async (l, t, r, b) => {
        const box = { left: l, top: t, width: Math.min(view.width, r) - l, height: Math.min(view.height, b) - t };
        if (box.width <= 0 || box.height <= 0) return null;
        const raster = await renderPdfRegion(page, dpi, box);
        return { raster, scale: raster.scale };
      });
    } finally {
      await doc.destroy();
    }
  }
  const pages = await loadImagePages(task.data, {});
  const raster = await pages.getPage(task.page - 1);
  return readRegions(task, engine, async (l, t, r, b) => {
    const left = Math.floor(l);
    const top = Math.floor(t);
    const right = Math.min(raster.width, Math.ceil(r));
    const bottom = Math.min(raster.height, Math.ceil(b));
    if (right - left < 3 || bottom - top < 3) return null;
    return { raster: cropRaster(raster, { left, top, width: right - left, height: bottom - top }), scale: 1 };
  });
}
