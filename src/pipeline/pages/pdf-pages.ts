/**
 * Pool-worker tasks of the PDF parse: inspect (page count, encryption) and analyse a batch
 * of pages. Each worker keeps the last opened document so consecutive batches of one job
 * do not re-parse the file.
 */
import { setImmediate } from 'node:timers/promises';
import { errorMessage } from '../../errors.js';
import type { PageLayout } from '../../model/layout.js';
import { analyzePage, type AnalyzeOptions } from '../analyze-page.js';
import { mapPdfError, openPdf, type PDFDocumentProxy, type PDFPageProxy } from '../../formats/pdf/open-document.js';
import { extractPageContent } from '../../formats/pdf/page-content.js';
import { saveCodeCache } from '../../formats/pdf/bundle-script.js';
import type { PageContent } from '../../model/page.js';
import { renderPdfPage, renderPdfRegion, type RenderedPage } from '../../formats/pdf/render-page.js';
import { cropPage, layoutOcrPage, needsOcr, ocrContent, ocrRenderPlan, scanLayerContradicted, warmOcrEngine, LAYER_REPLACED, type OcrOutcome, type OcrRenderPlan, type OcrSettings } from './page-ocr.js';
import { ocrPageRaster, type PageRaster } from './scan-raster.js';
import { transferColours } from '../text-marks/transfer-colours.js';
import { applyLayoutModel, modelRunsOn, type LayoutStageSettings } from '../layout-fusion/apply-layout-model.js';
import { readFormWidgets } from '../../formats/pdf/form-widgets.js';
import { formKeyValues } from '../forms/form-key-values.js';

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
  /** false: word lists dropped before the reply (run-pages.ts PageTaskSettings.wordLists). */
  wordLists?: boolean;
}

export async function analyzePdfPages(task: AnalyzePagesTask): Promise<PageLayout[]> {
  let doc: PDFDocumentProxy;
  try {
    doc = await getDocument(task);
  } catch (err) {
    throw mapPdfError(err, task.password);
  }
  const visibility = await getVisibility(task.key, doc);
  const out: PageLayout[] = new Array(task.pages.length);
  // OCR runs in the engine's own thread: while it reads one page, this thread goes on with
  // the next pages of the batch. One OCR page at a time keeps to one page raster in memory.
  let ocrInFlight: Promise<void> | null = null;
  for (const [i, n] of task.pages.entries()) {
    // pdf.js answers in microtasks; yielding to the event loop lets the OCR page's image
    // steps (sharp, the engine's messages) go on between pages instead of after the batch.
    if (ocrInFlight) await setImmediate();
    const failed = (err: unknown) => {
      // A broken page is reported, not fatal: the job's error handling decides.
      out[i] = { pageNumber: n, width: 612, height: 792, blocks: [], fontHistogram: {}, textSource: 'none', warnings: [], error: errorMessage(err) };
    };
    try {
      const page = await doc.getPage(n);
      let rendered: PageRaster;
      let content: PageContent;
      let plan: OcrRenderPlan;
      let checked: RenderedPage | null = null;
      let keepPage = false;
      try {
        content = await extractPageContent(page, visibility, task.options.textLayer);
        if (!needsOcr(content, task.ocr)) {
          // A scan's layer is also checked against its ink (the rendering is kept for OCR).
          checked = await scanLayerContradicted(content, task.ocr, (dpi) => renderPdfPage(page, dpi));
          if (!checked) {
            out[i] = await analyzeTextPage(page, content, task);
            continue;
          }
        }
        warmOcrEngine(task.ocr); // the engine starts while the page renders
        plan = ocrRenderPlan(content, task.ocr.highResolution);
        rendered = checked ?? (await ocrPageRaster(page, content, plan.dpi, task));
        // A first look at a lower resolution keeps the page open for a sharper rendering.
        keepPage = plan.sharperDpi !== undefined;
      } finally {
        if (!keepPage) page.cleanup();
      }
      await ocrInFlight;
      const sharperDpi = plan.sharperDpi;
      const sharper = sharperDpi !== undefined ? () => renderPdfPage(page, sharperDpi) : undefined;
      // Crops of an OCRed page come from the raster OCR read, so the page itself is then no
      // longer needed.
      ocrInFlight = (async () => {
        let o: OcrOutcome;
        try {
          o = await ocrContent(content, rendered, task.ocr, sharper);
          // transfer_text_color: the OCR words take the colours of the text layer under them.
          if (task.options.textLayer?.color) o = { ...o, content: { ...o.content, runs: transferColours(content.runs, o.content.runs) } };
        } finally {
          if (keepPage) page.cleanup();
        }
        const layout = await layoutOcrPage(o, task.options, task.layout, task.ocr);
        if (checked) layout.warnings.push(LAYER_REPLACED);
        await cropPage(layout, task.ocr, o.raster, async () => o.raster);
        out[i] = layout;
      })().catch(failed);
    } catch (err) {
      failed(err);
    }
  }
  await ocrInFlight;
  if (task.wordLists === false) for (const layout of out) if (layout) dropWordLists(layout);
  // pdf.js's compiled code, for the next worker's start: written here, once, before the
  // reply. (Deferred, it never ran in a worker's last task: between tasks piscina blocks
  // the worker's event loop, so a one-batch job never left a cache behind.)
  saveCodeCache();
  return out;
}

/** A page whose text layer is read as is, with the layout model where the text is not enough. */
async function analyzeTextPage(page: PDFPageProxy, content: PageContent, task: AnalyzePagesTask): Promise<PageLayout> {
  let layout = analyzePage(content, task.options);
  if (task.layout && modelRunsOn(content, layout, task.layout.advanced)) {
    layout = await applyLayoutModel(layout, async (dpi) => {
      const r = await renderPdfPage(page, dpi);
      return { image: r, scale: r.scale };
    }, task.layout);
  }
  if (task.layout?.advanced) layout = formKeyValues(layout, { ...content, widgets: await readFormWidgets(page) });
  await cropPage(layout, task.ocr, undefined, (dpi, box) => renderPdfRegion(page, dpi, box));
  return layout;
}

/**
 * Empties the lines' word lists (the bulk of a layout: a box per word) once the page's
 * analysis, layout fusion and crops no longer need them. A block with a linked or struck
 * word keeps its words: render/inline-marks.ts places the marks by walking all of them.
 * Each line keeps its first two words: the document stage reads them to tell a footnote's
 * raised mark from its text (pipeline/classify/footnotes.ts), so a lean parse types and
 * splits notes as a full one does.
 */
export function dropWordLists(layout: PageLayout): void {
  for (const b of layout.blocks) {
    if (b.lines.some((l) => l.words.some((w) => w.hyperlink || w.strikethrough))) continue;
    for (const l of b.lines) if (l.words.length > 2) l.words = l.words.slice(0, 2);
  }
}
