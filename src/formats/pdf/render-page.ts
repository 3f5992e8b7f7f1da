/**
 * A pdf.js page → raster, with @napi-rs/canvas (the canvas pdf.js 5 itself uses in Node
 * through its NodeCanvasFactory for scratch canvases). The viewport includes the page's
 * /Rotate, so the raster shows the page as displayed and page units are viewport points.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';
import { ProcessingError } from '../../errors.js';
import type { RasterImage } from '../../engines/ocr/interface.js';
import { clearDecodeLimitHit, throwIfDecodeLimitHit } from './decode-limits.js';
import { cappedScale, DEFAULT_RASTER_LIMITS, type RasterLimits } from '../../raster/raster-dpi.js';

/**
 * pdf.js draws with Path2D and pattern objects from the @napi-rs/canvas copy it resolves
 * itself (pdfjs-dist may carry its own nested version). A canvas from another copy rejects
 * them or crashes natively, so the canvas module is resolved from pdf.js's location.
 */
const require = createRequire(import.meta.url);
const pdfjsBuild = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'legacy', 'build', 'pdf.mjs');
/** The part of @napi-rs/canvas used here (the package is pdf.js's dependency, not ours). */
export interface CanvasModule {
  createCanvas(width: number, height: number): { getContext(kind: '2d'): unknown; data(): Uint8Array };
}
let canvasModule: CanvasModule | undefined;
export function pdfjsCanvas(): CanvasModule {
  canvasModule ??= createRequire(pdfjsBuild)('@napi-rs/canvas') as CanvasModule;
  return canvasModule;
}

export interface RenderedPage extends RasterImage {
  channels: 4;
  /** Pixels per page unit actually used (dpi / 72 unless the limits lowered it). */
  scale: number;
  /** Page size in page units (PDF points of the rotated viewport). */
  pageWidth: number;
  pageHeight: number;
}

export async function renderPdfPage(page: PDFPageProxy, dpi: number, limits: Partial<RasterLimits> = {}): Promise<RenderedPage> {
  const unit = page.getViewport({ scale: 1 });
  const scale = cappedScale(unit.width, unit.height, dpi, { ...DEFAULT_RASTER_LIMITS, ...limits });
  return renderViewport(page, page.getViewport({ scale }), scale, unit, Math.round(unit.width * scale), Math.round(unit.height * scale));
}

/**
 * Render only `box` (page units) of the page: the canvas is the size of the box, which is
 * much cheaper than a full page when only a figure or table is wanted.
 */
export async function renderPdfRegion(page: PDFPageProxy, dpi: number, box: { left: number; top: number; width: number; height: number }, limits: Partial<RasterLimits> = {}): Promise<RenderedPage> {
  const unit = page.getViewport({ scale: 1 });
  const scale = cappedScale(box.width, box.height, dpi, { ...DEFAULT_RASTER_LIMITS, ...limits });
  const viewport = page.getViewport({ scale, offsetX: -box.left * scale, offsetY: -box.top * scale });
  return renderViewport(page, viewport, scale, unit, Math.round(box.width * scale), Math.round(box.height * scale));
}

async function renderViewport(page: PDFPageProxy, viewport: ReturnType<PDFPageProxy['getViewport']>, scale: number, unit: { width: number; height: number }, w: number, h: number): Promise<RenderedPage> {
  const width = Math.max(1, w);
  const height = Math.max(1, h);
  const canvas = pdfjsCanvas().createCanvas(width, height);
  const context = canvas.getContext('2d');
  clearDecodeLimitHit();
  try {
    // pdf.js fills the page white before drawing (CanvasGraphics.beginDrawing).
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  } catch (err) {
    throwIfDecodeLimitHit();
    throw new ProcessingError('processing_error', `Page ${page.pageNumber} could not be rendered: ${String((err as Error)?.message ?? err).split('\n')[0]}`);
  }
  throwIfDecodeLimitHit();
  // Premultiplied RGBA (the page is opaque, so it equals straight alpha). data() is a view
  // of Skia's surface, freed with the canvas: copy it before the canvas can be collected.
  const data = Buffer.from(canvas.data());
  return { data, width, height, channels: 4, dpi: scale * 72, scale, pageWidth: unit.width, pageHeight: unit.height };
}
