/**
 * JPEG images of PDFs decoded by libjpeg-turbo (through sharp) instead of pdf.js's JavaScript
 * decoder, when a page is rendered. The patched pdf.js worker (oplist-worker.ts) asks
 * `globalThis.quireDecodeJpeg` before decoding a JPEG stream itself; an answer of null leaves
 * the stream to pdf.js.
 *
 * Only what both decoders read the same way is taken: 8-bit baseline or progressive JPEGs
 * with one (grey) or three (YCbCr, JFIF or Adobe transform 1) components, no embedded ICC
 * profile or EXIF block, no /Decode array or /ColorTransform, decoded at full size. CMYK,
 * YCCK, RGB-coded and everything else stays with pdf.js. The two decoders differ by rounding
 * and chroma upsampling only (a level or two, at colour edges).
 */
import { createRequire } from 'node:module';
import type SharpType from 'sharp';
import { isFrameMarker, jpegSegments } from './jpeg-markers.js';

const require = createRequire(import.meta.url);
let sharp: typeof SharpType | undefined;

export interface JpegLayout {
  width: number;
  height: number;
  components: number;
}

/** The frame of a JPEG both decoders agree on, or null (see the file comment). */
export function plainJpegLayout(bytes: Uint8Array): JpegLayout | null {
  let adobeTransform: number | null = null;
  for (const { marker, offset: o, length } of jpegSegments(bytes)) {
    if (marker === 0xe1 || marker === 0xe2) return null; // EXIF (orientation), ICC profile
    if (marker === 0xee) {
      if (length < 12 || bytes[o + 4] !== 0x41 || bytes[o + 5] !== 0x64) return null; // "Ad"obe
      adobeTransform = bytes[o + 15]!;
    }
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      if (bytes[o + 4] !== 8) return null; // 8 bits per sample
      const height = (bytes[o + 5]! << 8) | bytes[o + 6]!;
      const width = (bytes[o + 7]! << 8) | bytes[o + 8]!;
      const components = bytes[o + 9]!;
      if (width === 0 || height === 0) return null;
      if (components === 1) return adobeTransform === null || adobeTransform === 0 ? { width, height, components } : null;
      if (components !== 3 || (adobeTransform !== null && adobeTransform !== 1)) return null;
      // Component ids R, G, B mark RGB-coded data, which decoders treat differently.
      if (bytes[o + 10] === 0x52 && bytes[o + 13] === 0x47 && bytes[o + 16] === 0x42) return null;
      return { width, height, components };
    }
    if (isFrameMarker(marker) || marker === 0xd9 || marker === 0xda) return null; // other SOFs, no frame
  }
  return null;
}

export interface JpegRequest {
  /** pdf.js's options for the stream (/Decode as a transform, /ColorTransform). */
  decodeTransform?: unknown;
  colorTransform?: number;
  width: number;
  height: number;
  forceRGBA: boolean;
  forceRGB: boolean;
}

/** The pixels pdf.js's decoder would return for `bytes`, or null to leave it to pdf.js. */
export async function decodePlainJpeg(bytes: Uint8Array, req: JpegRequest): Promise<Uint8ClampedArray | null> {
  if (req.decodeTransform || (req.colorTransform !== undefined && req.colorTransform !== -1)) return null;
  const layout = plainJpegLayout(bytes);
  if (!layout || layout.width !== req.width || layout.height !== req.height) return null;
  try {
    sharp ??= require('sharp') as typeof SharpType;
    let pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: false });
    const channels = req.forceRGBA ? 4 : req.forceRGB || layout.components === 3 ? 3 : 1;
    // sharp widens grey to sRGB unless pinned, and adds alpha only when asked.
    if (channels === 1) pipeline = pipeline.toColourspace('b-w');
    if (channels === 4) pipeline = pipeline.ensureAlpha(1);
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    if (info.width !== layout.width || info.height !== layout.height || info.channels !== channels) return null;
    return new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  } catch {
    return null; // pdf.js decodes it (or reports it) as before
  }
}

/** Offer the decoder to this thread's patched pdf.js worker. */
export function installNativeJpeg(): void {
  (globalThis as { quireDecodeJpeg?: unknown }).quireDecodeJpeg = (bytes: Uint8Array, opts: { decodeTransform?: unknown; colorTransform?: number }, width: number, height: number, forceRGBA: boolean, forceRGB: boolean) =>
    decodePlainJpeg(bytes, { decodeTransform: opts.decodeTransform, colorTransform: opts.colorTransform, width, height, forceRGBA, forceRGB });
}
