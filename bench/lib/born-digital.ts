import { corpusPath, pdfInfo } from './corpus.js';
import { pdftotextPages } from './fidelity.js';
import { words } from './text-metrics.js';

/**
 * Born-digital PDFs of the corpus: poppler opens them without a password, they are not in
 * the scanned or fuzzed sets, and pdftotext finds a real text layer (>= 15 words a page).
 */
export function bornDigitalPdfs(maxPages: number, filter = ''): string[] {
  return pdfInfo()
    .filter((r) => r.status.startsWith('ok') && !r.encrypted && r.pages <= maxPages)
    .filter((r) => !/^(robustness\/(qpdf|pdf\.js)|ocr\/|classification\/)/.test(r.path))
    .filter((r) => r.path.includes(filter))
    .map((r) => r.path)
    .filter((p) => {
      try {
        const pages = pdftotextPages(corpusPath(p));
        return words(pages.join(' ')).length >= 15 * Math.max(1, pages.length - 1);
      } catch {
        return false;
      }
    });
}

/**
 * Single-column born-digital documents of the corpus (checked by eye), on which word
 * order is compared with pdftotext's reading order.
 */
export const SINGLE_COLUMN = [
  'long/pdf.js/test/pdfs/freeculture.pdf',
  'long/sample-files/009-pdflatex-geotopo/GeoTopo-komprimiert.pdf',
  'layout/docling/tests/data/pdf/sources/multi_page.pdf',
  'office/unstructured/example-docs/pdf/fake-memo.pdf',
  'office/unstructured/example-docs/pdf/loremipsum-flat.pdf',
  'layout/DocBank/DocBank_samples/DocBank_samples/40.tar_1503.04529.gz_GaussianLowerBounds_LaplaceBeltrami_hal2_black.pdf',
  'layout/DocBank/DocBank_samples/DocBank_samples/65.tar_1803.03564.gz_faddeev271017_black.pdf',
];
