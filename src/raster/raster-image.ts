/**
 * The raster type every floor passes around (renderers, OCR engines, the layout model,
 * crops). In raster/ so that formats, engines and pipeline share it without importing one
 * another.
 */
/**
 * Decoded pixels, row-major, `channels` bytes per pixel, no row padding. Raw rather than
 * encoded so that cropping, rotating and feeding an engine never re-encode the page.
 */
export interface RasterImage {
  data: Uint8Array;
  width: number;
  height: number;
  /** 1 = grey, 3 = RGB, 4 = RGBA (straight alpha). */
  channels: 1 | 3 | 4;
  /** Pixels per inch when known: exact for rendered PDF pages, credible metadata for images. */
  dpi: number | null;
}

