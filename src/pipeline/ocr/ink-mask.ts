/**
 * A small binarised copy of a page (Otsu threshold on a downscaled grey image) for the
 * geometry estimates — blank detection, text direction, skew — and for ink coverage, and the
 * window of it with the most ink (where orientation probes read).
 */
import type { RasterImage } from '../../engines/ocr/interface.js';
import { toGrey } from '../../raster/raster-grey.js';
import { rasterFromSharp, sharpFromRaster } from '../../raster/raster-sharp.js';
import type { PixelRect } from '../../raster/crop-raster.js';

export interface InkMask {
  width: number;
  height: number;
  /** 1 = ink (darker than the Otsu threshold), row-major. */
  data: Uint8Array;
  /** Mask pixels per source raster pixel (≤ 1). */
  scale: number;
  /** Fraction of mask pixels that are ink. */
  inkFraction: number;
  /** Difference of the mean grey of paper and ink classes (0–255); low = no real ink. */
  contrast: number;
}

/** 1600 px on the long side keeps 0.1° of skew visible (1.6 px over the width) and is fast. */
export const MASK_MAX_SIDE = 1600;

export async function inkMask(image: RasterImage, maxSide = MASK_MAX_SIDE): Promise<InkMask> {
  const grey = toGrey(image);
  let { data, width, height } = grey;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  if (scale < 1) {
    const small = await rasterFromSharp(
      sharpFromRaster(grey).resize({ width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), fit: 'fill', kernel: 'linear' }),
      grey,
    );
    ({ data, width, height } = small);
  }
  const { threshold, contrast } = otsu(data, width * height);
  const mask = new Uint8Array(width * height);
  let ink = 0;
  for (let i = 0; i < mask.length; i++) {
    if (data[i]! <= threshold) {
      mask[i] = 1;
      ink++;
    }
  }
  return { width, height, data: mask, scale: width / grey.width, inkFraction: ink / Math.max(1, mask.length), contrast };
}

/** Otsu's threshold (ink = value ≤ threshold) and the distance between the class means. */
export function otsu(data: Uint8Array, n: number): { threshold: number; contrast: number } {
  // Integer counts: incrementing doubles costs twice as much on a 300-DPI page.
  const hist = new Uint32Array(256);
  for (let i = 0; i < n; i++) hist[data[i]!]!++;
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * hist[v]!;
  let wB = 0, sumB = 0, best = -1, threshold = 127, contrast = 0;
  for (let t = 0; t < 255; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = n - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = t;
      contrast = mF - mB;
    }
  }
  return { threshold, contrast };
}

/** A page with no ink worth reading: nearly uniform, or almost no dark pixels. */
export function isBlank(mask: InkMask): boolean {
  return mask.contrast < 40 || mask.inkFraction < 0.0005;
}

/** The square window (in raster pixels) holding the most ink, for orientation probes. */
export function densestWindow(mask: InkMask, side: number): PixelRect {
  const rasterW = Math.round(mask.width / mask.scale);
  const rasterH = Math.round(mask.height / mask.scale);
  const w = Math.min(mask.width, Math.max(1, Math.round(side * mask.scale)));
  const h = Math.min(mask.height, Math.max(1, Math.round(side * mask.scale)));
  // Integral image of the mask.
  const W = mask.width + 1;
  const integral = new Uint32Array(W * (mask.height + 1));
  for (let y = 0; y < mask.height; y++) {
    let row = 0;
    for (let x = 0; x < mask.width; x++) {
      row += mask.data[y * mask.width + x]!;
      integral[(y + 1) * W + x + 1] = integral[y * W + x + 1]! + row;
    }
  }
  const step = Math.max(1, Math.floor(Math.min(w, h) / 4));
  let bestX = 0, bestY = 0, bestInk = -1;
  for (let y = 0; y + h <= mask.height; y += step) {
    for (let x = 0; x + w <= mask.width; x += step) {
      const ink = integral[(y + h) * W + x + w]! - integral[y * W + x + w]! - integral[(y + h) * W + x]! + integral[y * W + x]!;
      if (ink > bestInk) {
        bestInk = ink;
        bestX = x;
        bestY = y;
      }
    }
  }
  const left = Math.round(bestX / mask.scale);
  const top = Math.round(bestY / mask.scale);
  return { left, top, width: Math.min(rasterW - left, Math.round(w / mask.scale)), height: Math.min(rasterH - top, Math.round(h / mask.scale)) };
}
