/**
 * Identifies the container from its first bytes. The extension is not trusted: SheetJS
 * would happily read a CSV, HTML or text file as a spreadsheet, which `parse excel`
 * must refuse.
 */
export type ContainerKind = 'zip' | 'cfb' | 'biff' | 'empty' | 'other';

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function sniffContainer(bytes: Uint8Array): ContainerKind {
  if (bytes.byteLength === 0) return 'empty';
  if (bytes.byteLength >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b) {
    // Local file header, or the end record of an archive without entries.
    if ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06)) return 'zip';
  }
  if (bytes.byteLength >= 8 && CFB_MAGIC.every((b, i) => bytes[i] === b)) return 'cfb';
  // A bare BIFF stream outside a compound file (Excel 2.x-4.x): BOF record 0x0009/0x0209/0x0409/0x0809 with a short length.
  if (bytes.byteLength >= 8 && bytes[0] === 0x09 && [0x00, 0x02, 0x04, 0x08].includes(bytes[1]!) && bytes[3] === 0x00 && bytes[2]! <= 0x10) {
    return 'biff';
  }
  return 'other';
}
