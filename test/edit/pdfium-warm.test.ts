/**
 * The PDF editor's warm-up (formats/pdf/edit/warm.ts, run by pool workers while idle): PDFium is
 * compiled once per thread and every load reuses that compiled module; after the warm-up an
 * edit runs on the same instance. Real PDFium, real PDF (pdf-lib writes it).
 */
import { describe, expect, it } from 'vitest';
import { compilePdfium, loadPdfium, openPdf } from '../../src/formats/pdf/edit/pdfium.js';
import { warmPdfEditor } from '../../src/formats/pdf/edit/warm.js';
import { editPdf } from '../../src/formats/pdf/edit/edit-pdf.js';
import { makeEditFixture } from './make-pdf.js';

describe('PDFium warm-up', () => {
  it('compiles once, instantiates from the cached module, and edits afterwards', async () => {
    const [a, b] = await Promise.all([compilePdfium(), compilePdfium()]);
    expect(a).toBe(b);
    expect(a).toBeInstanceOf((globalThis as unknown as { WebAssembly: { Module: new () => object } }).WebAssembly.Module);
    await warmPdfEditor();
    const m = await loadPdfium();
    expect(await loadPdfium()).toBe(m);
    const bytes = await makeEditFixture();
    const opened = openPdf(m, bytes);
    expect(m.FPDF_GetPageCount(opened.doc)).toBeGreaterThan(0);
    opened.close();
    const out = await editPdf({ data: bytes, edits: [{ kind: 'text', pageNumber: 1, box: { left: 0, top: 0, width: 5, height: 5 }, text: '' }] });
    expect(out.pageCount).toBeGreaterThan(0);
    expect(out.bytes.subarray(0, 5)).toEqual(new TextEncoder().encode('%PDF-'));
  });
});
