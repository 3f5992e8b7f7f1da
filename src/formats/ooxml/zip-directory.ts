/**
 * Minimal reader of a zip central directory (PKWARE APPNOTE 4.3.12–4.3.16, with zip64).
 * We read it ourselves so the declared sizes of every part can be checked before any
 * byte is inflated.
 */

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Offset of the local file header. */
  localHeaderOffset: number;
}

export class ZipFormatError extends Error {}

/** The directory lists more entries than the caller allows. */
export class ZipEntryLimitError extends Error {
  constructor(readonly count: number) {
    super(`zip lists ${count} entries`);
  }
}

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CDH_SIG = 0x02014b50;
const LFH_SIG = 0x04034b50;
const MAX_COMMENT = 0xffff;

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function u64(dv: DataView, at: number): number {
  const v = dv.getBigUint64(at, true);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('zip64 size out of range');
  return Number(v);
}

function findEndOfCentralDirectory(dv: DataView): number {
  const min = Math.max(0, dv.byteLength - 22 - MAX_COMMENT);
  for (let i = dv.byteLength - 22; i >= min; i--) {
    if (dv.getUint32(i, true) === EOCD_SIG) return i;
  }
  throw new ZipFormatError('no end-of-central-directory record');
}

/** Lists the entries of the central directory; throws ZipFormatError on a malformed archive. */
export function readZipDirectory(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  const dv = view(bytes);
  if (dv.byteLength < 22) throw new ZipFormatError('archive too short');
  const eocd = findEndOfCentralDirectory(dv);
  let count = dv.getUint16(eocd + 10, true);
  let cdSize = dv.getUint32(eocd + 12, true);
  let cdOffset = dv.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || dv.getUint32(loc, true) !== ZIP64_LOCATOR_SIG) throw new ZipFormatError('zip64 locator missing');
    const z64 = u64(dv, loc + 8);
    if (z64 + 56 > dv.byteLength || dv.getUint32(z64, true) !== ZIP64_EOCD_SIG) throw new ZipFormatError('zip64 end record missing');
    count = u64(dv, z64 + 32);
    cdSize = u64(dv, z64 + 40);
    cdOffset = u64(dv, z64 + 48);
  }
  if (count > maxEntries) throw new ZipEntryLimitError(count);
  if (cdOffset + cdSize > dv.byteLength) throw new ZipFormatError('central directory outside the file');

  const entries: ZipEntry[] = [];
  let p = cdOffset;
  const decoderUtf8 = new TextDecoder('utf-8');
  const decoderLatin1 = new TextDecoder('latin1');
  for (let i = 0; i < count; i++) {
    if (p + 46 > dv.byteLength || dv.getUint32(p, true) !== CDH_SIG) throw new ZipFormatError('bad central directory header');
    const flags = dv.getUint16(p + 8, true);
    const method = dv.getUint16(p + 10, true);
    let compressedSize = dv.getUint32(p + 20, true);
    let uncompressedSize = dv.getUint32(p + 24, true);
    const nameLen = dv.getUint16(p + 28, true);
    const extraLen = dv.getUint16(p + 30, true);
    const commentLen = dv.getUint16(p + 32, true);
    let localHeaderOffset = dv.getUint32(p + 42, true);
    const nameBytes = bytes.subarray(p + 46, p + 46 + nameLen);
    // Bit 11 = UTF-8 names; otherwise names are CP437, which is ASCII for every OOXML part name.
    const name = (flags & 0x800 ? decoderUtf8 : decoderLatin1).decode(nameBytes);
    // zip64 extra field (id 1) carries the sizes that overflowed 32 bits, in this order.
    let e = p + 46 + nameLen;
    const extraEnd = e + extraLen;
    while (e + 4 <= extraEnd) {
      const id = dv.getUint16(e, true);
      const size = dv.getUint16(e + 2, true);
      if (id === 1) {
        let q = e + 4;
        if (uncompressedSize === 0xffffffff && q + 8 <= e + 4 + size) (uncompressedSize = u64(dv, q)), (q += 8);
        if (compressedSize === 0xffffffff && q + 8 <= e + 4 + size) (compressedSize = u64(dv, q)), (q += 8);
        if (localHeaderOffset === 0xffffffff && q + 8 <= e + 4 + size) localHeaderOffset = u64(dv, q);
      }
      e += 4 + size;
    }
    entries.push({ name, method, flags, compressedSize, uncompressedSize, localHeaderOffset });
    p = extraEnd + commentLen;
  }
  return entries;
}

/** The compressed bytes of an entry (located through its local header). */
export function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const dv = view(bytes);
  const at = entry.localHeaderOffset;
  if (at + 30 > dv.byteLength || dv.getUint32(at, true) !== LFH_SIG) throw new ZipFormatError(`bad local header for ${entry.name}`);
  const start = at + 30 + dv.getUint16(at + 26, true) + dv.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > dv.byteLength) throw new ZipFormatError(`entry ${entry.name} runs past the end of the file`);
  return bytes.subarray(start, end);
}
