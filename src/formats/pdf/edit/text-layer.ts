/**
 * A PDF's text layer, page by page, read with PDFium without parsing the document: what the
 * PII pre-flight needs to refuse a task before any parsing happens (spec: detect_pii). Pages
 * without a text layer come back empty; the caller checks them after OCR.
 */
import { loadPdfium, openPdf, textRange } from './pdfium.js';

export interface TextLayerTask {
  data: Uint8Array;
  password?: string;
  /** Stop after this many pages. */
  maxPages?: number;
}

export interface TextLayerPage {
  pageNumber: number;
  text: string;
}

export async function readTextLayer(task: TextLayerTask): Promise<TextLayerPage[]> {
  const m = await loadPdfium();
  const opened = openPdf(m, task.data, task.password ?? '');
  try {
    const count = Math.min(m.FPDF_GetPageCount(opened.doc), task.maxPages ?? Infinity);
    const pages: TextLayerPage[] = [];
    for (let i = 0; i < count; i++) {
      const page = m.FPDF_LoadPage(opened.doc, i);
      if (!page) {
        pages.push({ pageNumber: i + 1, text: '' });
        continue;
      }
      const tp = m.FPDFText_LoadPage(page);
      try {
        pages.push({ pageNumber: i + 1, text: tp ? textRange(m, tp, 0, m.FPDFText_CountChars(tp)).replace(/\r\n?/g, '\n') : '' });
      } finally {
        if (tp) m.FPDFText_ClosePage(tp);
        m.FPDF_ClosePage(page);
      }
    }
    return pages;
  } finally {
    opened.close();
  }
}
