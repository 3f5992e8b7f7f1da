/**
 * Picks the native reader for an office or HTML file by content (zip parts, markup), not
 * by extension, and returns the neutral document.
 */
import { ProcessingError } from '../../errors.js';
import type { QuireDocument } from '../../model/quire-document.js';
import { loadDocx } from '../docx/load-docx.js';
import { loadHtml } from '../html/load-html.js';
import { loadPptx } from '../pptx/load-pptx.js';

export type OfficeKind = 'docx' | 'pptx' | 'xlsx' | 'html' | 'cfb' | null;

export function officeKind(bytes: Uint8Array, fileName: string): OfficeKind {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const text = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 1 << 20)));
    if (text.includes('word/')) return 'docx';
    if (text.includes('ppt/')) return 'pptx';
    if (text.includes('xl/')) return 'xlsx';
    // The central directory is at the end; large packages list their names there.
    const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - (1 << 20))));
    if (tail.includes('word/document')) return 'docx';
    if (tail.includes('ppt/presentation')) return 'pptx';
    if (tail.includes('xl/workbook')) return 'xlsx';
    return null;
  }
  if (bytes.length >= 8 && bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return 'cfb';
  const head = new TextDecoder().decode(bytes.subarray(0, 2048)).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (/^<(!doctype html|html|head|body|meta|title|div|p|h[1-6]|table|!--)/.test(head) || /\.html?$/i.test(fileName)) return 'html';
  return null;
}

export function loadOfficeDocument(bytes: Uint8Array, fileName: string): QuireDocument {
  const kind = officeKind(bytes, fileName);
  switch (kind) {
    case 'docx':
      return loadDocx(bytes, fileName);
    case 'pptx':
      return loadPptx(bytes, fileName);
    case 'html':
      return loadHtml(bytes, fileName);
    default:
      throw new ProcessingError('unsupported_format', `"${fileName}" is not a DOCX, PPTX or HTML document.`);
  }
}
