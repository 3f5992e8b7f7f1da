/**
 * File type by magic bytes (extensions lie; content decides). Each format is recognised by
 * its signature where the format puts it, offset 0, and only there: a PNG whose text chunk
 * quotes "%PDF-" is a PNG. The one leniency is the PDF header, which readers accept after
 * up to 1 KiB of leading junk, and a damaged PDF that lost its header but still begins
 * with PDF objects; both are tried only when no other signature matched.
 */
export type SniffedType = 'pdf' | 'png' | 'jpeg' | 'tiff' | 'gif' | 'webp' | 'bmp' | 'zip' | 'cfb' | 'unknown';

/** How far into the file a PDF header may start (what pdf.js and Acrobat accept). */
export const PDF_HEADER_WINDOW = 1024;
/** How much of a headerless file is read for PDF object structure. */
const PDF_STRUCTURE_WINDOW = 65536;

export function sniff(bytes: Uint8Array): SniffedType {
  const b = bytes;
  const starts = (...sig: number[]) => b.length >= sig.length && sig.every((v, i) => b[i] === v);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'tiff';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) return 'webp';
  if (starts(0x42, 0x4d) && b.length > 26) return 'bmp';
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return 'zip';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'cfb';
  const latin1 = (n: number) => Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, n)).toString('latin1');
  if (latin1(PDF_HEADER_WINDOW).includes('%PDF-')) return 'pdf';
  // A damaged PDF may have lost its header but still be made of PDF objects.
  const body = latin1(PDF_STRUCTURE_WINDOW);
  if (/\d+\s+\d+\s+obj\b/.test(body) && /endobj|stream|xref|trailer/.test(body)) return 'pdf';
  return 'unknown';
}

const MIME: Record<SniffedType, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  zip: 'application/zip',
  cfb: 'application/x-cfb',
  unknown: 'application/octet-stream',
};

/** MIME type from content, refined by the file extension for container formats. */
export function mimeTypeOf(type: SniffedType, fileName: string): string {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (type === 'zip') {
    if (ext === 'xlsx' || ext === 'xlsm') return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    if (ext === 'docx') return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    if (ext === 'pptx') return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  }
  if (type === 'cfb') {
    if (ext === 'xls') return 'application/vnd.ms-excel';
    if (ext === 'doc') return 'application/msword';
    if (ext === 'ppt') return 'application/vnd.ms-powerpoint';
  }
  return MIME[type];
}
