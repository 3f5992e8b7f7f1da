/** Image container by magic bytes; extensions and MIME types are not trusted. */
export type ImageType = 'png' | 'jpeg' | 'tiff' | 'bmp' | 'webp' | 'gif' | 'pnm' | 'avif' | 'heic';

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const b = bytes;
  const at = (offset: number, ...sig: number[]) => b.length >= offset + sig.length && sig.every((v, i) => b[offset + i] === v);
  const ascii = (offset: number, s: string) => at(offset, ...[...s].map((c) => c.charCodeAt(0)));
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  // Classic TIFF (II*\0, MM\0*) and BigTIFF (II+\0, MM\0+).
  if (at(0, 0x49, 0x49, 0x2a, 0x00) || at(0, 0x4d, 0x4d, 0x00, 0x2a) || at(0, 0x49, 0x49, 0x2b, 0x00) || at(0, 0x4d, 0x4d, 0x00, 0x2b)) return 'tiff';
  // "BM" plus a DIB header size we know, so text files starting with "BM" are not taken.
  if (ascii(0, 'BM') && b.length >= 18 && [12, 40, 52, 56, 64, 108, 124].includes(b[14]! | (b[15]! << 8))) return 'bmp';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (b[0] === 0x50 && b[1]! >= 0x31 && b[1]! <= 0x36 && (b[2] === 0x0a || b[2] === 0x0d || b[2] === 0x20 || b[2] === 0x09 || b[2] === 0x23)) return 'pnm';
  if (ascii(4, 'ftyp')) {
    const brand = String.fromCharCode(...b.subarray(8, 12));
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return 'heic';
  }
  return null;
}
