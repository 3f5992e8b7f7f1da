/**
 * The split operation through the engine: a generated bundle of three documents (a two-page
 * invoice with "Page 1 of 2" counters, a second invoice with another number, a letter) is cut
 * into three PDFs holding the right pages; bad inputs end in a failed job; `classes` is
 * required at submission.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createEngine, type Engine } from '../../src/index.js';
import type { SplitResult } from '../../src/operations/split/run-split.js';
import type { SplitJobView } from '../../src/operations/split/views.js';
import { corpusPath, hasCorpus } from '../helpers.js';
import { INVOICE_PAGE, LETTER_PAGE, makePdf } from './make-pdf.js';

let engine: Engine;
beforeAll(() => {
  engine = createEngine({ workers: 1 });
});
afterAll(async () => {
  await engine.close();
});

async function split(input: Parameters<Engine['submit']>[1], options: Record<string, unknown>) {
  const created = await engine.submit<{ job_id: string }>('split', input, options);
  return engine.wait<SplitJobView>(created.job_id, { timeoutMs: 120_000 });
}

describe('split', () => {
  it('cuts a bundle into its documents, same-category neighbours included, one PDF each', async () => {
    const bundle = await makePdf([INVOICE_PAGE('INV-1001', 'Page 1 of 2'), ['Invoice INV-1001 (continued)', 'Notes: delivery on pallets, signature required', 'Page 2 of 2'], INVOICE_PAGE('INV-2002', 'Page 1 of 1'), LETTER_PAGE]);
    const res = await split({ data: bundle, fileName: 'bundle.pdf' }, { classes: 'invoice, letter', categories: JSON.stringify({ letter: 'correspondence' }) });
    expect(res.status).toBe('completed');
    expect(res.progress).toBe('Split completed');
    expect(res.parameters).toEqual({ classes: ['invoice', 'letter'], category_descriptions: { letter: 'correspondence' } });
    expect(typeof res.quota_remaining).toBe('number');
    const result = res.result as SplitResult;
    expect(result.success).toBe(true);
    expect(result.files.map((f) => [f.category, f.pages])).toEqual([
      ['invoice', [1, 2]],
      ['invoice', [3]],
      ['letter', [4]],
    ]);
    for (const f of result.files) {
      expect(f.type).toBe('file');
      expect(f.name.endsWith('.pdf')).toBe(true);
      expect(f.fileId).toBeTruthy();
      expect(f.path).toContain(f.name);
      expect(f.confidence_score).toBeGreaterThan(0);
      const pdf = await PDFDocument.load(fs.readFileSync(fileURLToPath(f.full_path)));
      expect(pdf.getPageCount()).toBe(f.pages.length);
    }
  });

  it('fails without classes', async () => {
    const res = await split({ data: await makePdf([LETTER_PAGE]), fileName: 'x.pdf' }, {});
    expect(res.status).toBe('failed');
    expect(res.error).toMatch(/classes is required/);
  });

  it.each([
    ['empty classes', { classes: ' , ' }, /at least one category/],
    ['duplicate classes', { classes: 'invoice,Invoice' }, /Duplicate/],
    ['invalid categories JSON', { classes: 'invoice', categories: '{"invoice": ' }, /valid JSON string/],
  ])('fails on %s', async (_label, options, message) => {
    const res = await split({ data: await makePdf([LETTER_PAGE]), fileName: 'x.pdf' }, options);
    expect(res.status).toBe('failed');
    expect(res.error).toMatch(message);
    expect(res.result).toBeNull();
  });

  it('fails on an image (splitting needs a PDF) and on a corrupt PDF', async () => {
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 255, g: 255, b: 255 } } }).png().toBuffer();
    const img = await split({ data: new Uint8Array(png), fileName: 'x.png' }, { classes: 'invoice' });
    expect(img.status).toBe('failed');
    expect(img.error).toMatch(/needs a PDF/);
    const bad = await split({ data: new TextEncoder().encode('%PDF-1.4\nnot really'), fileName: 'bad.pdf' }, { classes: 'invoice' });
    expect(bad.status).toBe('failed');
    expect(bad.error).toBeTruthy();
  });
});

describe.skipIf(!hasCorpus)('split: corpus documents', () => {
  it('separates two invoices and a paper joined into one PDF', async () => {
    const parts = ['invoices/invoice2data/tests/compare/FlipkartInvoice.pdf', 'invoices/invoice2data/tests/compare/AmazonWebServices.pdf', 'office/unstructured/example-docs/pdf/layout-parser-paper-fast.pdf'];
    const out = await PDFDocument.create();
    for (const p of parts) {
      const src = await PDFDocument.load(fs.readFileSync(corpusPath(p)));
      for (const page of await out.copyPages(src, src.getPageIndices())) out.addPage(page);
    }
    const res = await split({ data: await out.save(), fileName: 'mixed.pdf' }, { classes: 'invoice,scientific paper,letter' });
    const result = res.result as SplitResult;
    expect(result.files.map((f) => [f.category, f.pages])).toEqual([
      ['invoice', [1]],
      ['invoice', [2]],
      ['scientific paper', [3, 4]],
    ]);
  });
});
