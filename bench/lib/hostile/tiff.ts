/**
 * Multi-page TIFF files built in memory for the hostile bench and the reliability tests:
 * thousands of pages cost a few hundred KB because every page's strip points at the same
 * pixel data (legal TIFF), and the IFD chain can be closed into a loop.
 */

export interface TiffOptions {
  pages: number;
  width?: number;
  height?: number;
  /** Point the last page's next-IFD offset back at this page (0-based): an IFD loop. */
  loopTo?: number;
  dpi?: number;
}

const TAGS_PER_IFD = 12;

/** A little-endian classic TIFF of `pages` 8-bit grey uncompressed pages (white, one black bar). */
export function buildTiff(o: TiffOptions): Buffer {
  const width = o.width ?? 64;
  const height = o.height ?? 64;
  const dpi = o.dpi ?? 300;
  const pixels = Buffer.alloc(width * height, 0xff);
  pixels.fill(0x00, width * Math.floor(height / 2), width * (Math.floor(height / 2) + 2));
  const ifdSize = 2 + TAGS_PER_IFD * 12 + 4;
  const rationalAt = 8;
  const pixelsAt = rationalAt + 8;
  const firstIfd = pixelsAt + pixels.length + (pixels.length % 2);
  const out = Buffer.alloc(firstIfd + o.pages * ifdSize);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(firstIfd, 4);
  out.writeUInt32LE(dpi, rationalAt);
  out.writeUInt32LE(1, rationalAt + 4);
  pixels.copy(out, pixelsAt);
  for (let p = 0; p < o.pages; p++) {
    let at = firstIfd + p * ifdSize;
    out.writeUInt16LE(TAGS_PER_IFD, at);
    at += 2;
    const entry = (tag: number, type: number, value: number) => {
      out.writeUInt16LE(tag, at);
      out.writeUInt16LE(type, at + 2);
      out.writeUInt32LE(1, at + 4);
      if (type === 3) out.writeUInt16LE(value, at + 8);
      else out.writeUInt32LE(value, at + 8);
      at += 12;
    };
    entry(256, 4, width); // ImageWidth
    entry(257, 4, height); // ImageLength
    entry(258, 3, 8); // BitsPerSample
    entry(259, 3, 1); // Compression: none
    entry(262, 3, 1); // Photometric: BlackIsZero
    entry(273, 4, pixelsAt); // StripOffsets
    entry(277, 3, 1); // SamplesPerPixel
    entry(278, 4, height); // RowsPerStrip
    entry(279, 4, pixels.length); // StripByteCounts
    entry(282, 5, rationalAt); // XResolution
    entry(283, 5, rationalAt); // YResolution
    entry(296, 3, 2); // ResolutionUnit: inch
    const last = p === o.pages - 1;
    const next = last ? (o.loopTo === undefined ? 0 : firstIfd + o.loopTo * ifdSize) : firstIfd + (p + 1) * ifdSize;
    out.writeUInt32LE(next, at);
  }
  return out;
}
