/**
 * The PDFium half of the surgery path (surgery/): PDFium knows the page frame (crop box,
 * /Rotate), so it turns each edit's display box into a user-space rect, records the text inside
 * (for the leak check), snapshots the page outside the boxes (for the page guard) and places
 * the replacement text. The original document is only read. Reasons the surgery cannot take an
 * edit at all (a password, an image edit, an annotation over a box that must be flattened,
 * text a standard font cannot encode) are returned as `refuse`, and edit-pdf.ts takes
 * PDFium's own path (apply-edits.ts) instead.
 */
import { boundedText, openPdf, type Pdfium } from './pdfium.js';
import { checkBoxOnPage, flattenAnnotationsUnder, placeText, standardFontCanEncode, type AppliedEdit, type PdfEdit } from './apply-edits.js';
import { pageFrame, releaseFrame } from './page-frame.js';
import { snapshotPage, type PageSnapshot } from './page-guard.js';
import type { SurgeryPage } from './surgery/surgery.js';

export interface SurgeryPlan {
  pages: SurgeryPage[];
  applied: AppliedEdit[];
  before: Map<number, PageSnapshot>;
  pageCount: number;
}

export function planSurgery(m: Pdfium, input: Uint8Array, edits: PdfEdit[], password = ''): { plan: SurgeryPlan } | { refuse: string } {
  if (password) return { refuse: 'encrypted PDF (pdf-lib cannot write one)' };
  if (edits.some((e) => e.kind !== 'text')) return { refuse: 'image edit' };
  if (edits.some((e) => e.text && !standardFontCanEncode(e.text))) return { refuse: 'replacement outside WinAnsi' };
  const opened = openPdf(m, input, password);
  try {
    const pageCount = m.FPDF_GetPageCount(opened.doc);
    const applied: AppliedEdit[] = new Array(edits.length);
    const before = new Map<number, PageSnapshot>();
    const pages: SurgeryPage[] = [];
    const byPage = new Map<number, number[]>();
    edits.forEach((e, i) => byPage.set(e.pageNumber, [...(byPage.get(e.pageNumber) ?? []), i]));
    for (const [pageNumber, indexes] of [...byPage].sort((a, b) => a[0] - b[0])) {
      // Out-of-range pages and boxes get their messages from PDFium's path.
      if (pageNumber < 1 || pageNumber > pageCount) return { refuse: 'page out of range' };
      const page = m.FPDF_LoadPage(opened.doc, pageNumber - 1);
      if (!page) return { refuse: `page ${pageNumber} cannot be read` };
      const frame = pageFrame(m, page);
      try {
        for (const i of indexes) checkBoxOnPage(edits[i], i, frame);
        const rects = indexes.map((i) => frame.rectOf(edits[i].box));
        if (flattenAnnotationsUnder(m, page, rects, true) > 0) return { refuse: 'an annotation lies over a box' };
        const textPage = m.FPDFText_LoadPage(page);
        indexes.forEach((i, k) => (applied[i] = { rect: rects[k], removedText: textPage ? boundedText(m, textPage, rects[k]) : '' }));
        if (textPage) m.FPDFText_ClosePage(textPage);
        before.set(pageNumber, snapshotPage(m, page, rects));
        const texts = indexes
          .map((i) => placeText(m, opened.doc, frame, edits[i].box, edits[i].text ?? ''))
          .filter((t) => t !== null)
          .map((t) => ({ matrix: t.matrix, size: t.size, text: t.line }));
        pages.push({ pageNumber, rects, texts });
      } finally {
        releaseFrame(m, frame);
        m.FPDF_ClosePage(page);
      }
    }
    return { plan: { pages, applied, before, pageCount } };
  } finally {
    opened.close();
  }
}
