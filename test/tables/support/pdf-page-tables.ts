/**
 * The tables detectTables finds on page 1 of a PDF written by a test (real text layer and
 * rules through pdf.js), shared by the table tests that draw their pages with pdf-lib.
 */
import { PDFDocument, type PDFFont, type PDFPage, type StandardFonts } from 'pdf-lib';
import { openPdf } from '../../../src/formats/pdf/open-document.js';
import { extractPageContent } from '../../../src/formats/pdf/page-content.js';
import type { TableGrid } from '../../../src/model/table.js';
import { detectTables } from '../../../src/pipeline/tables/detect-tables.js';

export async function firstPageTables(pdfBytes: Uint8Array): Promise<TableGrid[]> {
  const pdf = await openPdf(pdfBytes);
  try {
    return detectTables(await extractPageContent(await pdf.getPage(1))).map((t) => t.grid);
  } finally {
    await pdf.destroy();
  }
}

/** A one-page PDF of `size` drawn by `draw` in one standard font, and its tables. */
export async function drawnPageTables(size: [number, number], fontName: StandardFonts, draw: (s: { page: PDFPage; font: PDFFont }) => void): Promise<TableGrid[]> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(size);
  const font = await doc.embedFont(fontName);
  draw({ page, font });
  return firstPageTables(await doc.save());
}
