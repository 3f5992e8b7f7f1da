/** Cutting page regions out of a raster: for region OCR and for segment `image` crops. */
import { sharpFromRaster } from './raster-sharp.js';
import type { BBox } from '../model/document.js';
import type { RasterImage } from './raster-image.js';

/** Integer pixel rectangle inside the raster; width and height at least 1. */
export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Page-unit box → pixel rectangle of a raster showing the whole page (`pageWidth` ×
 * `pageHeight` units), grown by `padding` units on each side and clamped to the raster.
 */
export function pageBoxToPixels(box: BBox, raster: { width: number; height: number }, pageWidth: number, pageHeight: number, padding = 0): PixelRect {
  const sx = raster.width / pageWidth;
  const sy = raster.height / pageHeight;
  const x0 = Math.max(0, Math.floor((box.left - padding) * sx));
  const y0 = Math.max(0, Math.floor((box.top - padding) * sy));
  const x1 = Math.min(raster.width, Math.ceil((box.left + box.width + padding) * sx));
  const y1 = Math.min(raster.height, Math.ceil((box.top + box.height + padding) * sy));
  const left = Math.min(x0, raster.width - 1);
  const top = Math.min(y0, raster.height - 1);
  return { left, top, width: Math.max(1, x1 - left), height: Math.max(1, y1 - top) };
}

/** Copy of a rectangle of the raster (same channels and dpi). */
export function cropRaster(image: RasterImage, rect: PixelRect): RasterImage {
  const { channels } = image;
  const r = clampRect(rect, image);
  const out = Buffer.allocUnsafe(r.width * r.height * channels);
  const rowBytes = r.width * channels;
  for (let y = 0; y < r.height; y++) {
    const src = ((r.top + y) * image.width + r.left) * channels;
    out.set(image.data.subarray(src, src + rowBytes), y * rowBytes);
  }
  return { data: out, width: r.width, height: r.height, channels, dpi: image.dpi };
}

export interface EncodeOptions {
  format: 'png' | 'jpeg';
  /** JPEG quality 1–100 (default 85). */
  quality?: number;
  /** Downscale so the longer side is at most this many pixels. */
  maxSide?: number;
}

/** Crop `rect` out of the raster and encode it (segment `image` field). */
export async function encodeCrop(image: RasterImage, rect: PixelRect, opts: EncodeOptions): Promise<Buffer> {
  const r = clampRect(rect, image);
  let pipeline = sharpFromRaster(image).extract(r);
  if (opts.maxSide && Math.max(r.width, r.height) > opts.maxSide) {
    pipeline = pipeline.resize({ width: opts.maxSide, height: opts.maxSide, fit: 'inside' });
  }
  if (image.channels === 4) pipeline = pipeline.flatten({ background: '#ffffff' });
  if (image.channels === 1) pipeline = pipeline.toColourspace('b-w');
  if (image.dpi) pipeline = pipeline.withDensity(image.dpi);
  return opts.format === 'png'
    ? pipeline.png({ compressionLevel: 6 }).toBuffer()
    : pipeline.jpeg({ quality: opts.quality ?? 85, mozjpeg: false }).toBuffer();
}

function clampRect(rect: PixelRect, image: { width: number; height: number }): PixelRect {
  const left = Math.min(Math.max(0, Math.floor(rect.left)), image.width - 1);
  const top = Math.min(Math.max(0, Math.floor(rect.top)), image.height - 1);
  const width = Math.max(1, Math.min(Math.floor(rect.width), image.width - left));
  const height = Math.max(1, Math.min(Math.floor(rect.height), image.height - top));
  return { left, top, width, height };
}
