/**
 * Warm-up of the PDF editor for a pool worker's idle time (operations/worker-entry.ts): loads
 * the edit module, the surgery (pdf-lib) and instantiates PDFium, so that the first edit in a fresh engine pays
 * neither (measured with `npx tsx bench/edit-speed.ts --fresh`, see README.md). Not done at
 * import time anywhere: `quire --version` and parse-only CLI runs never load PDFium in the main
 * thread. A failure here is silent: the edit itself loads PDFium again and reports the error.
 */
import { loadPdfium } from './pdfium.js';

export async function warmPdfEditor(): Promise<void> {
  await import('./edit-pdf.js');
  await loadPdfium();
  // The surgery path (pdf-lib, ~0.2 s CPU to import) is the first one every edit tries.
  await import('./surgery/surgery.js');
}
