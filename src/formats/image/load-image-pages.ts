/**
 * Image inputs as pages. Every page's header is read and checked against the limits before
 * any pixel is decoded; pages are then decoded one at a time on request, EXIF orientation
 * applied, alpha flattened onto white, to 8-bit grey (grey sources) or RGB.
 * Page units of image inputs are pixels of the upright image.
 */
import sharp from 'sharp';
import { ProcessingError } from '../../errors.js';
import type { RasterImage } from '../../engines/ocr/interface.js';
import { decodeBmp, readBmpHeader } from './bmp-decode.js';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from './image-limits.js';
import { decodePnm, readPnmHeader } from './pnm-decode.js';
import { sniffImageType, type ImageType } from './sniff-image-type.js';
import { readTiffDirectories } from './tiff-directories.js';

export interface ImagePageInfo {
  width: number;
  height: number;
  dpi: number | null;
}

export interface ImagePages {
  type: ImageType;
  pageCount: number;
  /** Upright size of each page (EXIF orientation applied), known before decoding. */
  pages: ImagePageInfo[];
  /** Decode page `index` (0-based). */
  getPage(index: number): Promise<RasterImage>;
}

/** Resolution metadata is often a placeholder (72, 96); only scanner-like values are kept. */
function credibleDpi(d: number | undefined | null): number | null {
  return d && Number.isFinite(d) && d >= 100 && d <= 2400 ? Math.round(d) : null;
}

function guard(width: number, height: number, limits: ImageLimits, page: number): void {
  if (width * height > limits.maxPixels || width > limits.maxSide || height > limits.maxSide) {
    const mp = ((width * height) / 1e6).toFixed(1);
    throw new ProcessingError('too_large', `Image page ${page + 1} is ${width}x${height} (${mp} MP); the limit is ${(limits.maxPixels / 1e6).toFixed(0)} MP and ${limits.maxSide} px per side.`);
  }
}

function mapSharpError(err: unknown, type: ImageType): ProcessingError {
  if (err instanceof ProcessingError) return err;
  const full = String((err as Error)?.message ?? err);
  const msg = full.split('\n')[0] ?? '';
  if (/pixel limit/i.test(full)) return new ProcessingError('too_large', `The image exceeds the pixel limit: ${msg}`);
  if (type === 'heic' && /compression format|plugin|not been built/i.test(full)) {
    return new ProcessingError('unsupported_format', 'HEIC (HEVC-coded) images are not supported; convert to JPEG, PNG or AVIF.');
  }
  return new ProcessingError('corrupt_document', `The ${type.toUpperCase()} image could not be decoded: ${msg}`);
}

export async function loadImagePages(bytes: Uint8Array, limitsIn: Partial<ImageLimits> = {}): Promise<ImagePages> {
  const limits = { ...DEFAULT_IMAGE_LIMITS, ...limitsIn };
  if (bytes.length === 0) throw new ProcessingError('empty_file', 'The image file is empty.');
  const type = sniffImageType(bytes);
  if (!type) throw new ProcessingError('unsupported_format', 'The file is not an image format Quire reads (PNG, JPEG, TIFF, BMP, WebP, GIF, PNM, AVIF).');
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  if (type === 'bmp' || type === 'pnm') return loadOwnDecoded(buf, type, limits);

  // Headers are read without sharp's own pixel limit so that our guard reports the size;
  // decoding keeps it as a second line of defence.
  const header = (page: number) => sharp(buf, { page, autoOrient: true, limitInputPixels: false });
  const input = (page: number) => sharp(buf, { page, autoOrient: true, failOn: 'error', limitInputPixels: limits.maxPixels, sequentialRead: true });
  let pageCount: number;
  const pages: ImagePageInfo[] = [];
  try {
    // TIFF: every directory is read in one walk (linear, refused past maxPages) before
    // sharp opens anything; sharp then checks that page 1 decodes as a header.
    const tiff = type === 'tiff' ? readTiffDirectories(buf, limits.maxPages) : null;
    const first = await header(0).metadata();
    if (tiff) {
      pageCount = tiff.pages.length;
      tiff.pages.forEach((p, i) => {
        const swap = p.orientation >= 5 && p.orientation <= 8;
        const width = swap ? p.height : p.width;
        const height = swap ? p.width : p.height;
        if (!width || !height) throw new ProcessingError('corrupt_document', `Image page ${i + 1} has no readable size.`);
        guard(width, height, limits, i);
        pages.push({ width, height, dpi: credibleDpi(p.dpi) });
      });
    } else {
      // GIF/WebP frames are animation, not pages: the first one counts.
      pageCount = 1;
      const width = first.autoOrient?.width ?? first.width;
      const height = first.autoOrient?.height ?? first.height;
      if (!width || !height) throw new ProcessingError('corrupt_document', 'Image page 1 has no readable size.');
      guard(width, height, limits, 0);
      pages.push({ width, height, dpi: credibleDpi(first.density) });
    }
  } catch (err) {
    throw mapSharpError(err, type);
  }

  return {
    type,
    pageCount,
    pages,
    async getPage(index: number): Promise<RasterImage> {
      const info = pages[index];
      if (!info) throw new RangeError(`page index ${index} out of range 0..${pageCount - 1}`);
      try {
        const img = input(index);
        const meta = await img.metadata();
        const grey = meta.space === 'b-w' || meta.space === 'grey16';
        const { data, info: out } = await img
          .flatten({ background: '#ffffff' })
          .toColourspace(grey ? 'b-w' : 'srgb')
          .raw({ depth: 'uchar' })
          .toBuffer({ resolveWithObject: true });
        if (out.channels !== 1 && out.channels !== 3) throw new ProcessingError('corrupt_document', `Unexpected ${out.channels}-channel decode of page ${index + 1}.`);
        return { data, width: out.width, height: out.height, channels: out.channels, dpi: info.dpi };
      } catch (err) {
        throw mapSharpError(err, type);
      }
    },
  };
}

/** BMP and PNM: our own header readers guard the size, our own decoders produce pixels. */
function loadOwnDecoded(buf: Buffer, type: 'bmp' | 'pnm', limits: ImageLimits): ImagePages {
  const header = type === 'bmp' ? readBmpHeader(buf) : readPnmHeader(buf);
  guard(header.width, header.height, limits, 0);
  const dpi = type === 'bmp' ? credibleDpi((header as ReturnType<typeof readBmpHeader>).dpi) : null;
  return {
    type,
    pageCount: 1,
    pages: [{ width: header.width, height: header.height, dpi }],
    async getPage(index: number): Promise<RasterImage> {
      if (index !== 0) throw new RangeError(`page index ${index} out of range 0..0`);
      if (type === 'bmp') {
        const d = decodeBmp(buf);
        return { data: d.data, width: d.width, height: d.height, channels: 3, dpi };
      }
      const d = decodePnm(buf);
      return { data: d.data, width: d.width, height: d.height, channels: d.channels, dpi };
    },
  };
}
