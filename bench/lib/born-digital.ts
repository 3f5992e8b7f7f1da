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
