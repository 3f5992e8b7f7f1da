/**
 * Reads a TIFF's page directories (IFDs) in one walk of the chain: page count, each page's
 * size, orientation and resolution, in time linear in the number of pages. sharp/libvips
 * can only open page i by walking i directories from the start, so asking it for every
 * page's header was quadratic (a legal 2,000-page TIFF timed out before any work). The
 * walk stops as soon as the chain holds more pages than allowed, so an over-limit file is
 * refused before any pixel or further directory is read; a chain that loops back on a
 * directory already seen ends there, as libtiff ends it.
 */
import { ProcessingError } from '../../errors.js';

export interface TiffPageHeader {
  width: number;
  height: number;
  /** EXIF/TIFF orientation 1-8 (5-8 swap width and height when upright). */
  orientation: number;
  /** Horizontal resolution in dots per inch, when the file states one in inches or cm. */
  dpi: number | null;
}

export interface TiffDirectories {
  pages: TiffPageHeader[];
  /** True when the chain looped back on a directory already read (the walk stopped there). */
  looped: boolean;
}

const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4, 16: 8, 17: 8, 18: 8 };
const TAG = { width: 256, height: 257, orientation: 274, xResolution: 282, resolutionUnit: 296 } as const;

function corrupt(detail: string): ProcessingError {
  return new ProcessingError('corrupt_document', `The TIFF image is damaged: ${detail}.`);
}

/** Walks the IFD chain of a classic or BigTIFF file; refuses a chain longer than `maxPages`. */
export function readTiffDirectories(buf: Buffer, maxPages = Number.POSITIVE_INFINITY): TiffDirectories {
  if (buf.length < 8) throw corrupt('the header is truncated');
  const little = buf[0] === 0x49;
  const u16 = (at: number) => (little ? buf.readUInt16LE(at) : buf.readUInt16BE(at));
  const u32 = (at: number) => (little ? buf.readUInt32LE(at) : buf.readUInt32BE(at));
  const u64 = (at: number) => Number(little ? buf.readBigUInt64LE(at) : buf.readBigUInt64BE(at));
  const big = u16(2) === 43;
  if (big && (buf.length < 16 || u16(4) !== 8)) throw corrupt('the BigTIFF header is malformed');
  const countSize = big ? 8 : 2;
  const entrySize = big ? 20 : 12;
  const offsetSize = big ? 8 : 4;
  const readCount = (at: number) => (big ? u64(at) : u16(at));
  const readOffset = (at: number) => (big ? u64(at) : u32(at));
  const fits = (at: number, len: number) => at >= 0 && at + len <= buf.length;

  const pages: TiffPageHeader[] = [];
  const seen = new Set<number>();
  let looped = false;
  let ifd = readOffset(big ? 8 : 4);
  while (ifd !== 0) {
    if (seen.has(ifd)) {
      looped = true;
      break;
    }
    seen.add(ifd);
    if (pages.length >= maxPages) {
      throw new ProcessingError('page_limit_exceeded', `The TIFF has more than ${maxPages} pages; the limit is ${maxPages}. Split it first.`);
    }
    if (!fits(ifd, countSize)) throw corrupt(`page ${pages.length + 1}'s directory lies outside the file`);
    const entries = readCount(ifd);
    const first = ifd + countSize;
    if (!fits(first, entries * entrySize + offsetSize)) throw corrupt(`page ${pages.length + 1}'s directory is truncated`);

    /** The first value of an entry as a number (SHORT, LONG, LONG8 or RATIONAL). */
    const value = (entry: number): number | null => {
      const type = u16(entry + 2);
      const size = TYPE_SIZE[type];
      if (!size || readCount(entry + 4) < 1) return null;
      const inline = size <= offsetSize;
      const at = inline ? entry + 4 + offsetSize : readOffset(entry + 4 + offsetSize);
      if (!fits(at, size)) return null;
      if (type === 3) return u16(at);
      if (type === 4) return u32(at);
      if (type === 16) return u64(at);
      if (type === 5) {
        const den = u32(at + 4);
        return den ? u32(at) / den : null;
      }
      return null;
    };
    const page: TiffPageHeader = { width: 0, height: 0, orientation: 1, dpi: null };
    let xRes: number | null = null;
    let unit = 2;
    for (let i = 0; i < entries; i++) {
      const entry = first + i * entrySize;
      const tag = u16(entry);
      // Tags are sorted ascending (TIFF 6.0 §2): nothing needed here comes after ResolutionUnit.
      if (tag > TAG.resolutionUnit) break;
      if (tag === TAG.width) page.width = value(entry) ?? 0;
      else if (tag === TAG.height) page.height = value(entry) ?? 0;
      else if (tag === TAG.orientation) page.orientation = value(entry) ?? 1;
      else if (tag === TAG.xResolution) xRes = value(entry);
      else if (tag === TAG.resolutionUnit) unit = value(entry) ?? 2;
    }
    if (xRes && Number.isFinite(xRes)) page.dpi = unit === 2 ? xRes : unit === 3 ? xRes * 2.54 : null;
    pages.push(page);
    ifd = readOffset(first + entries * entrySize);
  }
  if (pages.length === 0) throw corrupt('it has no page directory');
  return { pages, looped };
}
