/** Small images built in memory, with known pixels, for decoder and guard tests. */
import zlib from 'node:zlib';

/** PNG chunk with its CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/**
 * A PNG whose header declares `width` × `height` 8-bit grey pixels but which carries only
 * a few bytes of data: decoding it would allocate width × height bytes.
 */
export function pngWithDeclaredSize(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grey
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export type Rgb = [number, number, number];

export interface BmpSpec {
  width: number;
  height: number;
  bitsPerPixel: 1 | 4 | 8 | 16 | 24 | 32;
  /** Pixel colour at (x, y), top row first. */
  pixel: (x: number, y: number) => Rgb;
  /** Palette for ≤ 8 bpp; pixels must use its colours. */
  palette?: Rgb[];
  topDown?: boolean;
  /** 124-byte V5 header (pixel data not right after the header) instead of the 40-byte one. */
  v5?: boolean;
  /** 16/32 bpp: BI_BITFIELDS with these RGB masks. */
  masks?: [number, number, number];
  /** 8 bpp: RLE8-compress each row. */
  rle8?: boolean;
}

/** Minimal BMP writer covering the layouts the decoder claims to read. */
export function makeBmp(s: BmpSpec): Buffer {
  const headerSize = s.v5 ? 124 : 40;
  const bitfields = !!s.masks;
  const palette = s.palette ?? [];
  const paletteBytes = s.bitsPerPixel <= 8 ? palette.length * 4 : 0;
  const maskBytes = bitfields && !s.v5 ? 12 : 0;
  const dataOffset = 14 + headerSize + maskBytes + paletteBytes;
  const stride = Math.floor((s.bitsPerPixel * s.width + 31) / 32) * 4;
  const index = (rgb: Rgb) => {
    const i = palette.findIndex((p) => p[0] === rgb[0] && p[1] === rgb[1] && p[2] === rgb[2]);
    if (i < 0) throw new Error(`colour ${rgb} not in palette`);
    return i;
  };
  const rows: Buffer[] = [];
  for (let r = 0; r < s.height; r++) {
    const y = s.topDown ? r : s.height - 1 - r;
    const row = Buffer.alloc(stride);
    for (let x = 0; x < s.width; x++) {
      const c = s.pixel(x, y);
      if (s.bitsPerPixel <= 8) {
        const v = index(c);
        const perByte = 8 / s.bitsPerPixel;
        const shift = 8 - s.bitsPerPixel * ((x % perByte) + 1);
        row[Math.floor(x / perByte)]! |= v << shift;
      } else if (s.bitsPerPixel === 16) {
        const [rm, gm, bm] = s.masks ?? [0x7c00, 0x03e0, 0x001f];
        row.writeUInt16LE(pack(c, rm, gm, bm), x * 2);
      } else if (s.bitsPerPixel === 24) {
        row[x * 3] = c[2];
        row[x * 3 + 1] = c[1];
        row[x * 3 + 2] = c[0];
      } else {
        const [rm, gm, bm] = s.masks ?? [0xff0000, 0x00ff00, 0x0000ff];
        row.writeUInt32LE(pack(c, rm, gm, bm) >>> 0, x * 4);
      }
    }
    rows.push(row);
  }
  let pixels: Buffer;
  if (s.rle8) {
    const out: number[] = [];
    for (let r = 0; r < s.height; r++) {
      const row = rows[r]!;
      for (let x = 0; x < s.width; ) {
        let n = 1;
        while (x + n < s.width && n < 255 && row[x + n] === row[x]) n++;
        out.push(n, row[x]!);
        x += n;
      }
      out.push(0, 0);
    }
    out.push(0, 1);
    pixels = Buffer.from(out);
  } else {
    pixels = Buffer.concat(rows);
  }
  const file = Buffer.alloc(dataOffset + pixels.length);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(dataOffset, 10);
  file.writeUInt32LE(headerSize, 14);
  file.writeInt32LE(s.width, 18);
  file.writeInt32LE(s.topDown ? -s.height : s.height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(s.bitsPerPixel, 28);
  file.writeUInt32LE(s.rle8 ? 1 : bitfields ? 3 : 0, 30);
  file.writeUInt32LE(pixels.length, 34);
  file.writeInt32LE(11811, 38); // 300 DPI in pixels per metre
  file.writeInt32LE(11811, 42);
  file.writeUInt32LE(palette.length, 46);
  if (bitfields) {
    const at = 54; // inside a V5 header, or right after a 40-byte one
    file.writeUInt32LE(s.masks![0] >>> 0, at);
    file.writeUInt32LE(s.masks![1] >>> 0, at + 4);
    file.writeUInt32LE(s.masks![2] >>> 0, at + 8);
  }
  palette.forEach((p, i) => {
    const at = 14 + headerSize + maskBytes + i * 4;
    file[at] = p[2];
    file[at + 1] = p[1];
    file[at + 2] = p[0];
  });
  pixels.copy(file, dataOffset);
  return file;
}

function pack(c: Rgb, rm: number, gm: number, bm: number): number {
  const put = (v: number, m: number) => {
    let shift = 0;
    while (((m >>> shift) & 1) === 0) shift++;
    let bits = 0;
    while (((m >>> (shift + bits)) & 1) === 1) bits++;
    return (Math.round((v * (2 ** bits - 1)) / 255) << shift) >>> 0;
  };
  return (put(c[0], rm) | put(c[1], gm) | put(c[2], bm)) >>> 0;
}

/** Expected decoded value of a channel stored with `bits` bits. */
export function quantise(v: number, bits: number): number {
  const max = 2 ** bits - 1;
  return Math.round((Math.round((v * max) / 255) * 255) / max);
}
