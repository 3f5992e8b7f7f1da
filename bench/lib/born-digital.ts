import { execFileSync } from 'node:child_process';
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
 * Single-column prose, decided from pdftotext -layout (so the reference order is
 * meaningful): at least 150 words a page, and at most 7% of its lines have a wide inner gap
 * (4+ spaces between two words of 3+ characters), which multi-column pages and tables have.
 */
export function isSingleColumn(rel: string): boolean {
  if (BAD_REFERENCE_ORDER[rel]) return false;
  let out: string;
  try {
    out = execFileSync('pdftotext', ['-layout', corpusPath(rel), '-'], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return false;
  }
  const pages = Math.max(1, out.split('\f').length - 1);
  const lines = out.split('\n').filter((l) => l.length > 20);
  if (lines.length === 0 || words(out).length < 150 * pages) return false;
  const gapped = lines.filter((l) => /[^ ]{3,}.*[^ ] {4,}[^ ]{3,}/.test(l)).length;
  return gapped / lines.length <= 0.07;
}

/**
 * Documents where pdftotext's own reading of the text is wrong, so its word order is no
 * reference (they still count in the bag-of-words F1).
 */
export const BAD_REFERENCE_ORDER: Record<string, string> = {
  'tables/pdfplumber/tests/pdfs/issue-848.pdf': 'pdftotext prints the mirrored text backwards ("morf eht")',
  'office/unstructured/example-docs/pdf/pdf-with-ocr-text.pdf': 'pdftotext splits the OCR text layer into single letters',
  'robustness/pdf-lib/assets/pdfs/standard_fonts_demo.pdf': 'a glyph table, not prose: pdftotext glues the spaced glyphs into one word',
};
