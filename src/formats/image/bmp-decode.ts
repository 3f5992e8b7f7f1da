/**
 * Windows BMP → RGB pixels. libvips (sharp) has no BMP loader, and the small npm decoders
 * ignore the pixel-data offset of V4/V5 headers, so this is a compact reader of its own:
 * core/INFO/V2–V5 headers; 1/4/8-bit palettes (also RLE4/RLE8); 16/24/32-bit with default or
 * BITFIELDS masks; bottom-up and top-down rows; alpha composited onto white.
 */
import { ProcessingError } from '../../errors.js';

export interface BmpHeader {
  width: number;
  height: number;
  bitsPerPixel: number;
  compression: number;
  topDown: boolean;
  /** Pixels per inch from the header, when it carries a credible value. */
  dpi: number | null;
}

const BI_RGB = 0;
const BI_RLE8 = 1;
const BI_RLE4 = 2;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

const corrupt = (why: string) => new ProcessingError('corrupt_document', `The BMP image is damaged: ${why}.`);

interface Layout extends BmpHeader {
  dataOffset: number;
  headerSize: number;
  paletteOffset: number;
  paletteEntrySize: 3 | 4;
  paletteCount: number;
  masks: [number, number, number, number];
}

function readLayout(b: Buffer): Layout {
  if (b.length < 26 || b[0] !== 0x42 || b[1] !== 0x4d) throw corrupt('missing BMP signature');
  const dataOffset = b.readUInt32LE(10);
  const headerSize = b.readUInt32LE(14);
  let width: number, height: number, bitsPerPixel: number, compression = BI_RGB, colorsUsed = 0, dpi: number | null = null;
  if (headerSize === 12) {
    width = b.readUInt16LE(18);
    height = b.readInt16LE(20);
    bitsPerPixel = b.readUInt16LE(24);
  } else if (headerSize >= 40 && b.length >= 14 + 40) {
    width = b.readInt32LE(18);
    height = b.readInt32LE(22);
    bitsPerPixel = b.readUInt16LE(28);
    compression = b.readUInt32LE(30);
    const ppm = b.readInt32LE(38);
    if (ppm > 0) {
      const d = Math.round(ppm * 0.0254);
      dpi = d >= 50 && d <= 4800 ? d : null;
    }
    colorsUsed = b.readUInt32LE(46);
  } else {
    throw corrupt(`unknown header size ${headerSize}`);
  }
  const topDown = height < 0;
  height = Math.abs(height);
  if (width <= 0 || height <= 0) throw corrupt(`invalid size ${width}x${height}`);
  if (![1, 4, 8, 16, 24, 32].includes(bitsPerPixel)) throw corrupt(`unsupported bit depth ${bitsPerPixel}`);

  let masks: [number, number, number, number] =
    bitsPerPixel === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0x00ff0000, 0x0000ff00, 0x000000ff, 0];
  let afterHeader = 14 + headerSize;
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    // Masks live inside V2+ headers, or right after a plain 40-byte INFO header.
    const at = headerSize >= 52 ? 14 + 40 : afterHeader;
    const n = compression === BI_ALPHABITFIELDS || headerSize >= 56 ? 4 : 3;
    if (b.length < at + 4 * n) throw corrupt('truncated colour masks');
    masks = [b.readUInt32LE(at), b.readUInt32LE(at + 4), b.readUInt32LE(at + 8), n === 4 ? b.readUInt32LE(at + 12) : 0];
    if (headerSize === 40) afterHeader += 4 * n;
  }
  const paletteCount = bitsPerPixel <= 8 ? (colorsUsed > 0 && colorsUsed <= 1 << bitsPerPixel ? colorsUsed : 1 << bitsPerPixel) : 0;
  return {
    width, height, bitsPerPixel, compression, topDown, dpi,
    dataOffset, headerSize, paletteOffset: afterHeader, paletteEntrySize: headerSize === 12 ? 3 : 4, paletteCount, masks,
  };
}

/** Header fields only; cheap, for the pixel-count guard. */
export function readBmpHeader(bytes: Uint8Array): BmpHeader {
  const { width, height, bitsPerPixel, compression, topDown, dpi } = readLayout(toBuffer(bytes));
  return { width, height, bitsPerPixel, compression, topDown, dpi };
}

/** Decode to tightly packed RGB. */
export function decodeBmp(bytes: Uint8Array): { data: Buffer; width: number; height: number; dpi: number | null } {
  const b = toBuffer(bytes);
  const L = readLayout(b);
  const { width, height } = L;
  const out = Buffer.alloc(width * height * 3, 0xff);

  if (L.bitsPerPixel <= 8) {
    const palette = readPalette(b, L);
    const indices = L.compression === BI_RLE8 || L.compression === BI_RLE4 ? decodeRle(b, L) : unpackIndices(b, L);
    for (let i = 0; i < width * height; i++) {
      const p = (indices[i]! % (palette.length / 3)) * 3;
      out[i * 3] = palette[p]!;
      out[i * 3 + 1] = palette[p + 1]!;
      out[i * 3 + 2] = palette[p + 2]!;
    }
  } else {
    if (L.compression !== BI_RGB && L.compression !== BI_BITFIELDS && L.compression !== BI_ALPHABITFIELDS) {
      throw new ProcessingError('unsupported_format', `BMP compression ${L.compression} (embedded JPEG/PNG) is not supported.`);
    }
    decodeDirect(b, L, out);
  }
  return { data: out, width, height, dpi: L.dpi };
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function rowStride(L: Layout): number {
  return Math.floor((L.bitsPerPixel * L.width + 31) / 32) * 4;
}

function requireData(b: Buffer, L: Layout): void {
  const need = L.dataOffset + rowStride(L) * (L.height - 1) + Math.ceil((L.bitsPerPixel * L.width) / 8);
  if (L.dataOffset >= b.length || need > b.length) throw corrupt('pixel data is truncated');
}

/** Palette as RGB triplets. */
function readPalette(b: Buffer, L: Layout): Uint8Array {
  const pal = new Uint8Array(Math.max(1, L.paletteCount) * 3);
  for (let i = 0; i < L.paletteCount; i++) {
    const at = L.paletteOffset + i * L.paletteEntrySize;
    if (at + 3 > b.length) throw corrupt('truncated palette');
    pal[i * 3] = b[at + 2]!;
    pal[i * 3 + 1] = b[at + 1]!;
    pal[i * 3 + 2] = b[at]!;
  }
  return pal;
}

/** Uncompressed 1/4/8-bit rows → one palette index per pixel, top row first. */
function unpackIndices(b: Buffer, L: Layout): Uint8Array {
  requireData(b, L);
  const { width, height, bitsPerPixel: bpp } = L;
  const stride = rowStride(L);
  const idx = new Uint8Array(width * height);
  const perByte = 8 / bpp;
  const mask = (1 << bpp) - 1;
  for (let y = 0; y < height; y++) {
    const src = L.dataOffset + (L.topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const byte = b[src + Math.floor(x / perByte)]!;
      const shift = 8 - bpp * ((x % perByte) + 1);
      idx[y * width + x] = (byte >> shift) & mask;
    }
  }
  return idx;
}

/** RLE8 / RLE4 (always bottom-up). Pixels the stream skips keep index 0. */
function decodeRle(b: Buffer, L: Layout): Uint8Array {
  const { width, height } = L;
  const four = L.compression === BI_RLE4;
  const idx = new Uint8Array(width * height);
  let x = 0;
  let row = 0; // counted from the bottom
  let p = L.dataOffset;
  const put = (v: number) => {
    if (x < width && row < height) idx[(height - 1 - row) * width + x] = v;
    x++;
  };
  while (p + 1 < b.length && row < height) {
    const count = b[p++]!;
    const value = b[p++]!;
    if (count > 0) {
      for (let i = 0; i < count; i++) put(four ? (i % 2 === 0 ? value >> 4 : value & 0x0f) : value);
    } else if (value === 0) {
      x = 0;
      row++;
    } else if (value === 1) {
      break;
    } else if (value === 2) {
      if (p + 1 >= b.length) break;
      x += b[p++]!;
      row += b[p++]!;
    } else {
      const bytes = four ? Math.ceil(value / 2) : value;
      if (p + bytes > b.length) throw corrupt('truncated RLE data');
      for (let i = 0; i < value; i++) {
        const byte = b[p + (four ? i >> 1 : i)]!;
        put(four ? (i % 2 === 0 ? byte >> 4 : byte & 0x0f) : byte);
      }
      p += bytes + (bytes % 2); // runs are padded to 16 bits
    }
  }
  return idx;
}

/** 16/24/32-bit pixels through their channel masks; alpha (if any) composited on white. */
function decodeDirect(b: Buffer, L: Layout, out: Buffer): void {
  requireData(b, L);
  const { width, height, bitsPerPixel: bpp } = L;
  const stride = rowStride(L);
  const bytesPP = bpp / 8;
  const channels = L.masks.map(maskShape);
  const [r, g, bl, a] = channels as [MaskShape, MaskShape, MaskShape, MaskShape];
  // A 32-bit BMP whose alpha is all zero means "no alpha" in practice (many writers).
  let useAlpha = a.bits > 0;
  if (useAlpha) {
    useAlpha = false;
    for (let y = 0; y < height && !useAlpha; y++) {
      const src = L.dataOffset + y * stride;
      for (let x = 0; x < width; x++) {
        if (extract(readPixel(b, src + x * bytesPP, bpp), a) !== 0) {
          useAlpha = true;
          break;
        }
      }
    }
  }
  for (let y = 0; y < height; y++) {
    const src = L.dataOffset + (L.topDown ? y : height - 1 - y) * stride;
    let o = y * width * 3;
    for (let x = 0; x < width; x++, o += 3) {
      const v = readPixel(b, src + x * bytesPP, bpp);
      let rv = extract(v, r), gv = extract(v, g), bv = extract(v, bl);
      if (useAlpha) {
        const av = extract(v, a);
        rv = (rv * av + 255 * (255 - av) + 127) / 255;
        gv = (gv * av + 255 * (255 - av) + 127) / 255;
        bv = (bv * av + 255 * (255 - av) + 127) / 255;
      }
      out[o] = rv;
      out[o + 1] = gv;
      out[o + 2] = bv;
    }
  }
}

interface MaskShape {
  mask: number;
  shift: number;
  bits: number;
}

function maskShape(mask: number): MaskShape {
  const m = mask >>> 0;
  if (m === 0) return { mask: 0, shift: 0, bits: 0 };
  let shift = 0;
  while (((m >>> shift) & 1) === 0) shift++;
  let bits = 0;
  while (((m >>> (shift + bits)) & 1) === 1 && shift + bits < 32) bits++;
  return { mask: m, shift, bits };
}

/** Channel value scaled to 0..255 (5-bit 31 → 255). */
function extract(v: number, s: MaskShape): number {
  if (s.bits === 0) return 0;
  const raw = ((v & s.mask) >>> 0) >>> s.shift;
  const max = 2 ** s.bits - 1;
  return Math.round((raw * 255) / max);
}

function readPixel(b: Buffer, at: number, bpp: number): number {
  if (bpp === 16) return b.readUInt16LE(at);
  if (bpp === 24) return b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
  return b.readUInt32LE(at);
}
