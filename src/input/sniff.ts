/** File type by magic bytes (extensions lie; content decides). */
export type SniffedType = 'pdf' | 'png' | 'jpeg' | 'tiff' | 'gif' | 'webp' | 'bmp' | 'zip' | 'cfb' | 'unknown';

export function sniff(bytes: Uint8Array): SniffedType {
  const b = bytes;
  const starts = (...sig: number[]) => sig.every((v, i) => b[i] === v);
  // PDF: "%PDF" may be preceded by junk within the first KB (the spec of readers allows it).
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'tiff';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) return 'webp';
  if (starts(0x42, 0x4d) && b.length > 26) return 'bmp';
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return 'zip';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'cfb';
  // A damaged PDF may have lost its header but still be made of PDF objects.
  const body = Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, 65536)).toString('latin1');
  if (/%PDF-/.test(body) || (/\d+\s+\d+\s+obj\b/.test(body) && /endobj|stream|xref|trailer/.test(body))) return 'pdf';
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
