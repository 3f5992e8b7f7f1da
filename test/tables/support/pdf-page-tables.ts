/**
 * The tables detectTables finds on page 1 of a PDF written by a test (real text layer and
 * rules through pdf.js), shared by the table tests that draw their pages with pdf-lib.
 */
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
