/**
 * Pool-worker tasks of the PDF parse: inspect (page count, encryption) and analyse a batch
 * of pages. Each worker keeps the last opened document so consecutive batches of one job
 * do not re-parse the file.
 */
import { errorMessage } from '../../errors.js';
import type { PageLayout } from '../../model/layout.js';
import { analyzePage, type AnalyzeOptions } from '../../pipeline/analyze-page.js';
import { mapPdfError, openPdf, type PDFDocumentProxy } from '../../formats/pdf/open-document.js';
import { extractPageContent } from '../../formats/pdf/page-content.js';
import type { RasterImage } from '../../engines/ocr/interface.js';
import { renderPdfPage, renderPdfRegion } from '../../pipeline/rasterize/render-pdf-page.js';
import { dpiFor } from '../../pipeline/rasterize/raster-dpi.js';
import { cropPage, layoutOcrPage, needsOcr, ocrContent, type OcrSettings } from './page-ocr.js';
import { applyLayoutModel, textLayerIsEnough, type LayoutStageSettings } from '../../pipeline/layout-fusion/apply-layout-model.js';

export interface PdfSource {
  /** Key of the job (or any id unique to these bytes + password). */
  key: string;
  /** Shared so that every worker reads the same bytes without a copy per task. */
  data: SharedArrayBuffer | Uint8Array;
  password?: string;
}

let cached: { key: string; doc: Promise<PDFDocumentProxy> } | undefined;

async function getDocument(src: PdfSource): Promise<PDFDocumentProxy> {
  if (cached?.key === src.key) return cached.doc;
  if (cached) {
    const old = cached.doc;
    cached = undefined;
    old.then((d) => d.destroy()).catch(() => undefined);
  }
  // pdf.js takes ownership of its input: hand it a private copy.
  const bytes = src.data instanceof Uint8Array ? src.data.slice() : new Uint8Array(src.data).slice();
  const doc = openPdf(bytes, { password: src.password });
  cached = { key: src.key, doc };
  doc.catch(() => {
    if (cached?.doc === doc) cached = undefined;
  });
  return doc;
}

let visibilityCache: { key: string; isVisible: (props: unknown) => boolean } | undefined;

/** Optional-content (layer) visibility of the document, as a viewer would show it. */
async function getVisibility(key: string, doc: PDFDocumentProxy): Promise<(props: unknown) => boolean> {
  if (visibilityCache?.key === key) return visibilityCache.isVisible;
  let isVisible: (props: unknown) => boolean = () => true;
  try {
    const cfg = await doc.getOptionalContentConfig();
    isVisible = (props) => cfg.isVisible(props as never);
  } catch {
    // No usable layer configuration: everything is visible.
  }
  visibilityCache = { key, isVisible };
  return isVisible;
}

export interface InspectResult {
  pageCount: number;
}

export async function inspectPdf(src: PdfSource): Promise<InspectResult> {
  try {
    const doc = await getDocument(src);
    return { pageCount: doc.numPages };
  } catch (err) {
    throw mapPdfError(err, src.password);
  }
}

export interface AnalyzePagesTask extends PdfSource {
  pages: number[];
  options: AnalyzeOptions;
  ocr: OcrSettings;
  /** Layout model stage (null: text-layer / OCR analysis only). */
  layout: LayoutStageSettings | null;
}

export async function analyzePdfPages(task: AnalyzePagesTask): Promise<PageLayout[]> {
  let doc: PDFDocumentProxy;
  try {
    doc = await getDocument(task);
  } catch (err) {
    throw mapPdfError(err, task.password);
  }
  const visibility = await getVisibility(task.key, doc);
  const out: PageLayout[] = [];
  for (const n of task.pages) {
    try {
      const page = await doc.getPage(n);
      try {
        const content = await extractPageContent(page, visibility);
        let raster: RasterImage | undefined;
        let layout: PageLayout;
        if (needsOcr(content, task.ocr)) {
          const rendered = await renderPdfPage(page, dpiFor('ocr', task.ocr.highResolution));
          raster = rendered;
          layout = await layoutOcrPage(await ocrContent(content, rendered, task.ocr), task.options, rendered, rendered.scale, task.layout);
        } else {
          layout = analyzePage(content, task.options);
          if (task.layout && !textLayerIsEnough(content, layout)) {
            layout = await applyLayoutModel(layout, async (dpi) => {
              const r = await renderPdfPage(page, dpi);
              return { image: r, scale: r.scale };
            }, task.layout);
          }
        }
        await cropPage(layout, task.ocr, raster, (dpi, box) => renderPdfRegion(page, dpi, box));
        out.push(layout);
      } finally {
        page.cleanup();
      }
    } catch (err) {
      // A broken page is reported, not fatal: the job's error handling decides.
      out.push({ pageNumber: n, width: 612, height: 792, blocks: [], fontHistogram: {}, textSource: 'none', warnings: [], error: errorMessage(err) });
    }
  }
  return out;
}
