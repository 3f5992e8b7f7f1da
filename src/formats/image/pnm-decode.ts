/**
 * Netpbm (PBM/PGM/PPM, plain and raw: P1–P6) → grey or RGB pixels. libvips in the sharp
 * build has no PNM loader; scanners and OCR tool chains still emit these (tesseract's own
 * test images include PBM), and the format is a dozen lines to read.
 */
import { ProcessingError } from '../../errors.js';

export interface PnmHeader {
  kind: number; // 1..6 from the magic "P1".."P6"
  width: number;
  height: number;
  maxval: number;
  /** Offset of the first pixel byte (raw kinds) or first sample token (plain kinds). */
  dataOffset: number;
}

const corrupt = (why: string) => new ProcessingError('corrupt_document', `The PNM image is damaged: ${why}.`);

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0b || c === 0x0c;
}

/** Reads header integers, skipping whitespace and `#` comments. */
function tokenReader(b: Uint8Array, start: number) {
  let p = start;
  return {
    next(): number {
      for (;;) {
        while (p < b.length && isSpace(b[p]!)) p++;
        if (b[p] !== 0x23) break;
        while (p < b.length && b[p] !== 0x0a && b[p] !== 0x0d) p++;
      }
      let v = 0;
      let digits = 0;
      while (p < b.length && b[p]! >= 0x30 && b[p]! <= 0x39) {
        v = v * 10 + (b[p]! - 0x30);
        p++;
        if (++digits > 9) throw corrupt('number too large');
      }
      if (digits === 0) throw corrupt('malformed header');
      return v;
    },
    get offset() {
      return p;
    },
    skipOneSpace() {
      if (p < b.length && isSpace(b[p]!)) p++;
    },
  };
}

export function readPnmHeader(b: Uint8Array): PnmHeader {
  if (b.length < 3 || b[0] !== 0x50 || b[1]! < 0x31 || b[1]! > 0x36) throw corrupt('missing P1–P6 signature');
  const kind = b[1]! - 0x30;
  const t = tokenReader(b, 2);
  const width = t.next();
  const height = t.next();
  const maxval = kind === 1 || kind === 4 ? 1 : t.next();
  if (width <= 0 || height <= 0) throw corrupt(`invalid size ${width}x${height}`);
  if (maxval < 1 || maxval > 65535) throw corrupt(`invalid maxval ${maxval}`);
  t.skipOneSpace(); // exactly one whitespace byte separates a raw header from the pixels
  return { kind, width, height, maxval, dataOffset: t.offset };
}

/** Decode to 1 (PBM/PGM) or 3 (PPM) channels of 8-bit samples; PBM 1 = black. */
export function decodePnm(b: Uint8Array): { data: Buffer; width: number; height: number; channels: 1 | 3 } {
  const h = readPnmHeader(b);
  const { kind, width, height, maxval } = h;
  const channels: 1 | 3 = kind === 3 || kind === 6 ? 3 : 1;
  const samples = width * height * channels;
  const out = Buffer.alloc(samples);
  const scale = (v: number) => (maxval === 255 ? v : Math.round((Math.min(v, maxval) * 255) / maxval));

  if (kind === 4) {
    const stride = Math.ceil(width / 8);
    if (h.dataOffset + stride * height > b.length) throw corrupt('pixel data is truncated');
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = (b[h.dataOffset + y * stride + (x >> 3)]! >> (7 - (x & 7))) & 1;
        out[y * width + x] = bit ? 0 : 255;
      }
    }
  } else if (kind === 5 || kind === 6) {
    const wide = maxval > 255;
    if (h.dataOffset + samples * (wide ? 2 : 1) > b.length) throw corrupt('pixel data is truncated');
    for (let i = 0; i < samples; i++) {
      const v = wide ? (b[h.dataOffset + 2 * i]! << 8) | b[h.dataOffset + 2 * i + 1]! : b[h.dataOffset + i]!;
      out[i] = scale(v);
    }
  } else {
    // Plain (ASCII) kinds. PBM digits may be packed without separators.
    let p = h.dataOffset;
    const t = tokenReader(b, p);
    for (let i = 0; i < samples; i++) {
      if (kind === 1) {
        while (p < b.length && b[p] !== 0x30 && b[p] !== 0x31) {
          if (b[p] === 0x23) while (p < b.length && b[p] !== 0x0a) p++;
          else p++;
        }
        if (p >= b.length) throw corrupt('pixel data is truncated');
        out[i] = b[p++] === 0x31 ? 0 : 255;
      } else {
        out[i] = scale(t.next());
      }
    }
  }
  return { data: out, width, height, channels };
}
