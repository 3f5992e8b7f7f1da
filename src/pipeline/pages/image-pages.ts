/**
 * Pool-worker tasks for image inputs (PNG, JPEG, TIFF pages, BMP, WebP, GIF, PNM): every
 * page is OCRed and then goes through the same layout stages as a PDF page. Page units are
 * the image's pixels.
 */
import { errorMessage } from '../../errors.js';
import { loadImagePages, type ImagePages } from '../../formats/image/load-image-pages.js';
import type { PageLayout } from '../../model/layout.js';
import type { PageContent } from '../../model/page.js';
import type { AnalyzeOptions } from '../analyze-page.js';
import { cropPage, layoutOcrPage, ocrContent, warmOcrEngine, type OcrSettings } from './page-ocr.js';
import type { LayoutStageSettings } from '../layout-fusion/apply-layout-model.js';

export interface ImageSource {
  key: string;
  data: SharedArrayBuffer | Uint8Array;
  /** The engine's page limit: a TIFF with more pages is refused while its directories are read. */
  maxPages?: number;
}

let cached: { key: string; pages: Promise<ImagePages> } | undefined;

function getPages(src: ImageSource): Promise<ImagePages> {
  if (cached?.key === src.key) return cached.pages;
  const bytes = src.data instanceof Uint8Array ? src.data : new Uint8Array(src.data);
  const pages = loadImagePages(bytes, src.maxPages ? { maxPages: src.maxPages } : {});
  cached = { key: src.key, pages };
  pages.catch(() => {
    if (cached?.pages === pages) cached = undefined;
  });
  return pages;
}

export async function inspectImage(src: ImageSource): Promise<{ pageCount: number }> {
  return { pageCount: (await getPages(src)).pageCount };
}

export interface AnalyzeImagePagesTask extends ImageSource {
  pages: number[];
  options: AnalyzeOptions;
  ocr: OcrSettings;
  layout: LayoutStageSettings | null;
}

export async function analyzeImagePages(task: AnalyzeImagePagesTask): Promise<PageLayout[]> {
  warmOcrEngine(task.ocr); // every image page is OCRed: start the engine while the image decodes
  const images = await getPages(task);
  const out: PageLayout[] = [];
  for (const n of task.pages) {
    try {
      const raster = await images.getPage(n - 1);
      const blank: PageContent = { pageNumber: n, width: raster.width, height: raster.height, runs: [], rules: [], rects: [], images: [], graphics: [], textSource: 'none' };
      // Page units of an image are its pixels (scale 1).
      const layout = await layoutOcrPage(await ocrContent(blank, raster, task.ocr), task.options, task.layout, task.ocr);
      await cropPage(layout, task.ocr, raster, async () => raster);
      out.push(layout);
    } catch (err) {
      out.push({ pageNumber: n, width: 1, height: 1, blocks: [], fontHistogram: {}, textSource: 'none', warnings: [], error: errorMessage(err) });
    }
  }
  return out;
}
