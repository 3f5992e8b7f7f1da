/** Colour raster → 8-bit grey (BT.601 luma), alpha composited onto white. */
import type { RasterImage } from './raster-image.js';

/**
 * An OCRed page's raster is turned grey by several stages (ink mask, OCR, ruling lines,
 * layout snapping): the first conversion is kept for the others (40 ms a time at 300 DPI).
 * Rasters are not modified in place anywhere, so sharing the result is safe.
 */
const converted = new WeakMap<RasterImage, RasterImage>();

export function toGrey(image: RasterImage): RasterImage {
  if (image.channels === 1) return image;
  const hit = converted.get(image);
  if (hit) return hit;
  const { width, height, channels, data } = image;
  const n = width * height;
  const out = Buffer.allocUnsafe(n);
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    let y = (data[p]! * 299 + data[p + 1]! * 587 + data[p + 2]! * 114 + 500) / 1000;
    if (channels === 4) {
      const a = data[p + 3]!;
      // Rendered pages are opaque: y·255/255 is y again, so the blend is skipped.
      if (a !== 255) y = (y * a + 255 * (255 - a)) / 255;
    }
    out[i] = y;
  }
  const grey = { data: out, width, height, channels: 1 as const, dpi: image.dpi };
  converted.set(image, grey);
  return grey;
}
