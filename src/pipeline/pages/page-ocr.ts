/**
 * OCR and crops for one page, in the pool worker. A PDF page is OCRed when the options
 * force it or its text layer is missing, too sparse or garbage; image pages always are.
 * Crops: every block of an OCRed page (its raster exists anyway), and with
 * use_high_resolution the visual blocks (pictures, tables, formulas) of text-layer pages.
 */
import type { RasterImage } from '../../engines/ocr/interface.js';
import type { BBox } from '../../model/document.js';
import type { PageLayout } from '../../model/layout.js';
import type { PageContent } from '../../model/page.js';
import { writeSegmentCrops } from '../crops/segment-crops.js';
import { ocrPage } from '../ocr/ocr-page.js';
import { readBeyondEnglish } from './page-languages.js';
import { rereadUncertainLines } from './page-agentic-ocr.js';
import { installedLanguages } from '../../engines/ocr/installed-languages.js';
import { textLayerNeedsOcr } from '../ocr/text-layer-needs-ocr.js';
import { dpiFor } from '../../raster/raster-dpi.js';
import { toGrey } from '../../raster/raster-grey.js';
import { findRasterLines } from '../tables/raster-lines.js';
import { rereadTableCells } from '../tables/reread-table-cells.js';
import { analyzePage, type AnalyzeOptions } from '../analyze-page.js';
import { applyLayoutModel, type LayoutStageSettings } from '../layout-fusion/apply-layout-model.js';
import { scannedFormKeyValues } from '../forms/form-key-values.js';
import { contentToFrame, isIdentity, layoutToPage, uprightFrame } from '../ocr/upright-frame.js';
import { checkTextLayer, isScanLike } from '../ocr/verify-text-layer.js';

export interface OcrSettings {
  ocrMode: 'auto_ocr' | 'full_ocr';
  ocrEngine: string;
  highResolution: boolean;
  /** Folder for segment crops; null when the job's output has no images. */
  cropDir: string | null;
  /** segment_processing.Table.use_table_ocr: read each ruled table cell from its own crop. */
  tableOcr?: boolean;
  /** Re-read low-confidence OCR lines with the most accurate engine (agentic-reread.ts). */
  agenticOcr?: 'standard' | 'advanced' | null;
}

const VISUAL = new Set(['Picture', 'Table', 'Formula']);

/** The OCR engines (tesseract.js) load when a page first needs OCR: most workers never do. */
const ocrEngine = async (name: string) => (await import('../../engines/ocr/factory.js')).getOcrEngine(name);

export function needsOcr(content: PageContent, s: OcrSettings): boolean {
  return s.ocrMode === 'full_ocr' || textLayerNeedsOcr(content.runs, { width: content.width, height: content.height, images: content.images });
}

/**
 * auto_ocr on a scan whose text layer passed the text-only rule: render the page and read a
 * band of it to see whether the layer says what the ink says (verify-text-layer.ts). Returns
 * the rendering when the layer is contradicted (the page is then OCRed from it), else null.
 */
export async function scanLayerContradicted<R extends RasterImage>(content: PageContent, s: OcrSettings, render: (dpi: number) => Promise<R>): Promise<R | null> {
  if (s.ocrMode !== 'auto_ocr' || !isScanLike(content)) return null;
  const raster = await render(ocrRenderPlan(content, s.highResolution).dpi);
  const check = await checkTextLayer(content.runs, raster, await ocrEngine(s.ocrEngine), content);
  return check.trusted ? null : raster;
}

/** Page note when a scan's layer was replaced. */
export const LAYER_REPLACED = 'the text layer does not match the page image; the page was read by OCR instead';

export interface OcrRenderPlan {
  /** Resolution of the first rendering. */
  dpi: number;
  /** Resolution to render at again when the text on the first proves too small. */
  sharperDpi?: number;
}

/** A first look at this resolution: enough for large print, and a quarter of the pixels. */
const FIRST_LOOK_DPI = 150;

/**
 * How to render a page for OCR. At the standard resolution (300 DPI), except when the page
 * is mostly one raster image coarser than that (a cover, a photographed slide: rendering it
 * at 300 DPI only upsamples): that page is rendered at 150 DPI first, and again at 300 only
 * if its text is too small there (ocrPage's `sharper`). Scans at 300 ppi or finer go straight
 * to 300 DPI; use_high_resolution always renders at its 400 DPI.
 */
export function ocrRenderPlan(content: PageContent, highResolution: boolean): OcrRenderPlan {
  const dpi = dpiFor('ocr', highResolution);
  if (highResolution) return { dpi };
  const half = 0.5 * content.width * content.height;
  let ppi = 0;
  for (const img of content.images) if (img.width * img.height >= half && img.ppi) ppi = Math.max(ppi, img.ppi);
  if (ppi === 0 || ppi >= 0.97 * dpi) return { dpi };
  return { dpi: FIRST_LOOK_DPI, sharperDpi: dpi };
}

/** Start the OCR engine's thread and model now, e.g. while the page to read renders. */
export function warmOcrEngine(s: OcrSettings): void {
  ocrEngine(s.ocrEngine).then((e) => e.warmUp?.()).catch(() => undefined); // recognize reports failures
}

export interface OcrOutcome {
  content: PageContent;
  /** Quarter turn and skew of the page's text, for laying it out upright. */
  rotation: number;
  skewDegrees: number;
  /** The page raster OCR read (`raster`, or the sharper one it asked for): for layout and crops. */
  raster: RasterImage;
  /** What a reader of the result must know about this page's OCR (an empty reading of ink). */
  warnings: string[];
}

/** A page with ink never comes back empty without saying so. */
function readingWarnings(meta: { blank: boolean; unreadable: boolean; wordCount: number }): string[] {
  if (meta.blank) return [];
  if (meta.unreadable) {
    return [`the page has ink but OCR read nothing legible with the installed languages (${installedLanguages().join(', ')}): a picture, or a script whose language data is not installed (npm install @tesseract.js-data/<lang>)`];
  }
  if (meta.wordCount === 0) return ['the page has ink but OCR found no text on it'];
  return [];
}

/**
 * Replace the page's text with OCR words read from `raster` (page units kept). `sharper`
 * renders the page again at a higher resolution, for when `raster` was a cheap first look.
 */
export async function ocrContent(content: PageContent, raster: RasterImage, s: OcrSettings, sharper?: () => Promise<RasterImage>): Promise<OcrOutcome> {
  const engine = await ocrEngine(s.ocrEngine);
  const pageOptions = { pageWidth: content.width, pageHeight: content.height, sharper };
  const first = await ocrPage(raster, engine, pageOptions);
  // Another script: its installed language, or a note saying which to install (page-languages.ts).
  const other = await readBeyondEnglish(first, s.ocrEngine, pageOptions);
  const { meta, ocrRaster, raster: page } = other?.output ?? first;
  const agentic = s.agenticOcr && !other ? await rereadUncertainLines(first, content, s.agenticOcr) : null;
  const runs = agentic?.runs ?? (other?.output ?? first).runs;
  // Ruling lines drawn in the scan delimit table cells as vector rules do on text pages. The
  // raster OCR read (smaller for large print) holds any rule a quarter inch long.
  const grey = ocrRaster ?? toGrey(page);
  const rules = findRasterLines({ width: grey.width, height: grey.height, data: grey.data, dpi: grey.dpi }, content.width / grey.width);
  return { content: { ...content, runs, rules: [...content.rules, ...rules], textSource: 'ocr' }, rotation: meta.rotation, skewDegrees: meta.skewDegrees, raster: page, warnings: [...(other ? other.warnings : readingWarnings(meta)), ...(agentic?.warnings ?? [])] };
}

/** Lay out an OCRed page in its upright frame and return the layout in page space. */
export function analyzeOcrPage(o: OcrOutcome, opts: AnalyzeOptions): PageLayout {
  if (isIdentity(o.rotation, o.skewDegrees)) return analyzePage(o.content, opts);
  const frame = uprightFrame(o.content.width, o.content.height, o.rotation, o.skewDegrees);
  return layoutToPage(analyzePage(contentToFrame(o.content, frame), opts), frame, o.content.width, o.content.height);
}

/**
 * Layout of an OCRed page with the layout model's regions fused in when the page was read
 * upright: the model sees the raster as scanned, so only then do its boxes line up.
 */
export async function layoutOcrPage(o: OcrOutcome, opts: AnalyzeOptions, model: LayoutStageSettings | null, s?: OcrSettings): Promise<PageLayout> {
  let layout = analyzeOcrPage(o, opts);
  if (s?.tableOcr) layout = await rereadTableCells(layout, o, await ocrEngine(s.ocrEngine));
  if (model && o.rotation === 0 && Math.abs(o.skewDegrees) < 1) {
    // Raster pixels per page unit: a rendered page knows its own (exact, not rounded to pixels).
    const scale = (o.raster as { scale?: number }).scale ?? o.raster.width / o.content.width;
    layout = await applyLayoutModel(layout, { image: o.raster, scale }, model);
    if (model.advanced) layout = scannedFormKeyValues(layout, o.content, o.raster);
  }
  return { ...layout, warnings: [...layout.warnings, ...o.warnings] };
}

/**
 * Write crops: from the page raster when one exists (OCRed pages: every block), otherwise,
 * with use_high_resolution, by rendering each visual block's region. Rendering a text-layer
 * page costs about as much as parsing it, so plain parses of born-digital PDFs skip it.
 */
export async function cropPage(layout: PageLayout, s: OcrSettings, raster: RasterImage | undefined, renderRegion: (dpi: number, box: BBox) => Promise<RasterImage>): Promise<void> {
  if (!s.cropDir) return;
  if (!raster && !s.highResolution) return;
  const all = layout.textSource === 'ocr';
  const want = (i: number) => all || VISUAL.has(layout.blocks[i]!.type ?? '');
  if (!layout.blocks.some((_, i) => want(i))) return;
  const dpi = dpiFor('crop', s.highResolution);
  await writeSegmentCrops(layout, raster ? { raster } : { renderRegion: (box) => renderRegion(dpi, box) }, s.cropDir, want);
}
