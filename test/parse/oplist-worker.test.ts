/**
 * The pdf.js worker patch (operator lists skip image decoding and are handed over without
 * cloning) and the built-ins restored after loading pdf.js: the patch applies to the
 * installed pdf.js, page content is the same as with the stock worker on pages with image
 * XObjects, image masks and inline images, plain operator-list reads stay complete, and a
 * page renders the same whether or not its operator list was read first.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { corpusPath, fixture, hasCorpus } from '../helpers.js';
import { WorkerPool } from '../../src/workers/pool.js';
import { extractCases, type ExtractCase } from './helpers/extract-cases.js';

// Captured before anything in this file loads pdf.js.
const enginePush = Array.prototype.push;
const engineStringify = JSON.stringify;

const { loadPdfJs, openPdf } = await import('../../src/formats/pdf/open-document.js');
const { extractPageContent } = await import('../../src/formats/pdf/page-content.js');
const { directOperatorListsEnabled, opListWorkerStatus, patchWorkerSource } = await import('../../src/formats/pdf/oplist-worker.js');
const { renderPdfPage } = await import('../../src/formats/pdf/render-page.js');

/** Page content extracted in a pool worker running pdf.js's stock worker code. */
async function stockContents(cases: ExtractCase[]): Promise<{ status: { patched: boolean }; contents: unknown[][] }> {
  const pool = new WorkerPool({ threads: 1, filename: fixture('workers', 'stock-extract.ts') });
  try {
    return (await pool.runAny('extract', cases)) as { status: { patched: boolean }; contents: unknown[][] };
  } finally {
    await pool.destroy();
  }
}

describe('pdf.js worker patch', () => {
  it('applies to the installed pdf.js and is what this thread uses', async () => {
    const source = fs.readFileSync(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs'), 'utf8');
    const patched = patchWorkerSource(source);
    expect(patched.ok ? 'ok' : patched.reason).toBe('ok');
    expect(patchWorkerSource('not pdf.js').ok).toBe(false);
    await loadPdfJs();
    expect(opListWorkerStatus()).toEqual({ patched: true });
  });

  it("leaves the engine's own Array.prototype.push and JSON.stringify in place", async () => {
    await loadPdfJs();
    expect(Array.prototype.push).toBe(enginePush);
    expect(JSON.stringify).toBe(engineStringify);
  });

  it('gives the same page content as the stock worker (images, masks, inline images)', { timeout: 60_000 }, async () => {
    const cases: ExtractCase[] = [[fixture('pdf', 'us_constitution.pdf'), [1, 2]]];
    if (hasCorpus) {
      cases.push(
        [corpusPath('long/pdf.js/test/pdfs/freeculture.pdf'), [1, 2, 171, 255]],
        [corpusPath('robustness/pdf.js/test/pdfs/images_1bit_grayscale.pdf'), [1]],
        [corpusPath('robustness/sample-files/008-reportlab-inline-image/inline-image.pdf'), [1]],
        [corpusPath('robustness/qpdf/qpdf/qtest/qpdf/damaged-inline-image.pdf'), [1]],
        [corpusPath('robustness/pdf.js/test/pdfs/TAMReview.pdf'), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
      );
    }
    const stock = await stockContents(cases);
    expect(stock.status.patched).toBe(false);
    let images = 0;
    const mine = await extractCases(cases);
    for (const [i, [file]] of cases.entries()) {
      expect(mine[i], file).toEqual(stock.contents[i]);
      images += mine[i]!.reduce((n, c) => n + c.images.length, 0);
    }
    if (hasCorpus) expect(images).toBeGreaterThan(10);
  });

  it('hands operator lists over without cloning, complete for any caller', { timeout: 60_000 }, async () => {
    const bytes = fs.readFileSync(fixture('pdf', 'us_constitution.pdf'));
    const doc = await openPdf(new Uint8Array(bytes));
    await extractPageContent(await doc.getPage(1));
    expect(directOperatorListsEnabled()).toBe(true);
    // A plain pdf.js read of another page, after the hand-over is on, still gets every
    // operator and the glyphs behind its text.
    const lib = await loadPdfJs();
    const list = await (await doc.getPage(2)).getOperatorList();
    expect(list.fnArray.length).toBeGreaterThan(100);
    expect(list.argsArray.length).toBe(list.fnArray.length);
    const shown = list.fnArray.flatMap((fn, i) => (fn === lib.OPS.showText ? (list.argsArray[i] as [Array<{ unicode?: string }>])[0] : []));
    expect(shown.map((g) => g.unicode ?? '').join('')).toMatch(/Congress/);
    await doc.destroy();
  });

  it('hands over every chunk of a page whose operator list runs to a hundred and more', { timeout: 60_000 }, async () => {
    // 20,000 squares: 180,000 operators, handed over in 180 chunks of 1,000.
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    for (let i = 0; i < 20_000; i++) page.drawRectangle({ x: 10 + (i % 150) * 4, y: 10 + Math.floor(i / 150) * 5, width: 2, height: 2, color: rgb(0, 0, 0) });
    const doc = await openPdf(new Uint8Array(await pdf.save()));
    const content = await extractPageContent(await doc.getPage(1));
    expect(directOperatorListsEnabled()).toBe(true);
    expect(content.rects).toHaveLength(20_000);
    await doc.destroy();
  });

  it('renders a page the same whether or not its operator list was read first', { timeout: 60_000 }, async () => {
    // Text (glyph outlines are left to rendering) and, with the corpus, a full-page JPEG.
    const cases: Array<[string, number]> = [[fixture('pdf', 'us_constitution.pdf'), 1]];
    if (hasCorpus) cases.push([corpusPath('long/pdf.js/test/pdfs/freeculture.pdf'), 1]);
    for (const [file, n] of cases) {
      const bytes = fs.readFileSync(file);
      const fresh = await openPdf(new Uint8Array(bytes));
      const expected = await renderPdfPage(await fresh.getPage(n), 50);
      const read = await openPdf(new Uint8Array(bytes));
      const page = await read.getPage(n);
      await extractPageContent(page);
      const after = await renderPdfPage(page, 50);
      expect(Buffer.compare(Buffer.from(after.data), Buffer.from(expected.data)), file).toBe(0);
      let sum = 0;
      for (let i = 0; i < after.data.length; i += after.channels) sum += after.data[i]!;
      expect(sum / (after.data.length / after.channels), `${file} has ink`).toBeLessThan(254);
      await fresh.destroy();
      await read.destroy();
    }
  });
});
