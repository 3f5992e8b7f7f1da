/**
 * Resolution per purpose, and the pixel budget that caps it.
 *
 * - ocr 300 / high 400: tesseract's LSTM reads best at an x-height of ~20–30 px; 10 pt text
 *   at 300 DPI has ~21 px. 400 DPI rescues 6–7 pt print (footnotes, fine print) for 1.8x
 *   the pixels; beyond that accuracy stops improving while time keeps growing.
 * - layout 150 / high 200: layout analysis sees blocks and rules, not glyphs; detectors
 *   downscale to ~1000–1300 px anyway (Letter at 150 DPI is 1275x1650).
 * - crop 150 / high 300: segment images look sharp on screen at 150 DPI; the spec's
 *   use_high_resolution asks for crops fit for print and post-processing.
 */
export type RasterPurpose = 'ocr' | 'layout' | 'crop';

export const RASTER_DPI: Record<RasterPurpose, { standard: number; high: number }> = {
  ocr: { standard: 300, high: 400 },
  layout: { standard: 150, high: 200 },
  crop: { standard: 150, high: 300 },
};

export function dpiFor(purpose: RasterPurpose, highResolution = false): number {
  return highResolution ? RASTER_DPI[purpose].high : RASTER_DPI[purpose].standard;
}

export interface RasterLimits {
  /**
   * Largest width × height of a rendered page. 40 MP fits Tabloid/A3 at 400 DPI; posters and
   * "enormous" pages are rendered at a lower effective DPI instead of exhausting memory
   * (40 MP RGBA is 160 MB, and tesseract keeps a few page-sized copies).
   */
  maxPixels: number;
  /** Largest side; Skia canvases stop at 32767. */
  maxSide: number;
}

export const DEFAULT_RASTER_LIMITS: RasterLimits = { maxPixels: 40_000_000, maxSide: 20_000 };

/**
 * Scale (pixels per page unit) for a page of `width` × `height` units at `dpi`, where one
 * unit is 1/72 inch, lowered when needed to respect the limits.
 */
export function cappedScale(width: number, height: number, dpi: number, limits: RasterLimits = DEFAULT_RASTER_LIMITS): number {
  let scale = dpi / 72;
  const area = width * height;
  if (area > 0 && area * scale * scale > limits.maxPixels) scale = Math.sqrt(limits.maxPixels / area);
  const side = Math.max(width, height);
  if (side > 0 && side * scale > limits.maxSide) scale = limits.maxSide / side;
  return scale;
}
