/**
 * "Copy these pages into a new PDF": the one PDF writer operations share (splitting, and
 * later editing). Pages are copied, never re-rendered, with pdf-lib; all of an output's pages
 * go through ONE copyPages call, because each call copies the fonts and images the pages
 * use again (copying pages one at a time makes a 10-page output carry 10 copies of a font).
 */
import { PDFDocument } from 'pdf-lib';

/** Open a PDF once for several outputs (throws on corrupt input; encrypted files open for copying). */
export async function openPdfForCopy(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
}

/** A new PDF holding the given pages (0-based indices into `source`) in the given order. */
export async function copyPagesToNewPdf(source: PDFDocument, pageIndices: readonly number[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  const pages = await out.copyPages(source, [...pageIndices]);
  for (const p of pages) out.addPage(p);
  return out.save();
}
