/**
 * The marker segments of a JPEG's header, walked once here for the two readers that need
 * them: the decode limit (decode-limits.ts: the frame size a decoder would allocate) and the
 * native decoder's check (native-jpeg.ts: which JPEGs libjpeg-turbo and pdf.js read alike).
 * Reads markers only, never the entropy-coded data: the walk stops at the first scan.
 */

export interface JpegSegment {
  /** The marker's second byte (0xC0 = SOF0, 0xDA = SOS, …). */
  marker: number;
  /** Offset of the marker's 0xFF byte. */
  offset: number;
  /** The segment's length field (0 for a standalone marker, which has none). */
  length: number;
}

/**
 * The marker segments from SOI up to and including the first SOS or EOI, or up to the point
 * where the data stops reading as markers (not a JPEG, truncated, a length under 2). A
 * segment is yielded only when its 2-byte length field is inside `bytes`.
 */
export function* jpegSegments(bytes: Uint8Array): Generator<JpegSegment> {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return;
  let o = 2;
  while (o + 4 <= bytes.length) {
    if (bytes[o] !== 0xff) return;
    const marker = bytes[o + 1]!;
    if (marker === 0xff) {
      o++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      yield { marker, offset: o, length: 0 }; // standalone markers
      o += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) {
      yield { marker, offset: o, length: 0 }; // a scan (or the end): the header is over
      return;
    }
    const length = (bytes[o + 2]! << 8) | bytes[o + 3]!;
    if (length < 2) return;
    yield { marker, offset: o, length };
    o += 2 + length;
  }
}

/** SOFn markers (frame headers): C0–CF but DHT (C4), JPG (C8) and DAC (CC). */
export const isFrameMarker = (m: number): boolean => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
