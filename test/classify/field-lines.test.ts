/**
 * A form's field is no heading (issue 27 item 7). Invoices set their fields larger than their
 * fine print, the commonest size and so the body size, and every "Order Date: 15-10-2015"
 * became a SectionHeader. The pattern on its own, a generated invoice through the engine,
 * and the corpus's Flipkart invoice (skipped without the corpus).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { isFieldLine } from '../../src/pipeline/classify/field-lines.js';
import { corpusPath, hasCorpus, parsedSegments } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number }
const flat = (s: Seg) => s.content.replace(/\s+/g, ' ');

describe('fields of a form', () => {
  it('reads "label: figures" as a field, and headings with a colon not', () => {
    for (const t of ['Order Date: 15-10-2015', 'VAT/TIN: 29670869006', 'Invoice No : # BLR_WFLD20151000982590', 'Printed: 16.11.2012 21:07:09', 'Phone: +44 20', 'année : 2019']) expect(isFieldLine(t), t).toBe(true);
    for (const t of ['Chapter 2: Results', 'Employment outlook: 2010–2020', 'Step 3: Install the 2024 release', 'Address: 15/39 Herbert Street, St Leonards', 'Billing Address', 'Total: 12']) expect(isFieldLine(t), t).toBe(false);
  });

  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it('types an invoice\'s fields Text, set larger than its fine print', async () => {
    const doc = await PDFDocument.create();
    const f = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const page = doc.addPage([612, 792]);
    page.drawText('Tax Invoice', { x: 250, y: 740, size: 16, font: bold });
    let y = 700;
    for (const [k, v] of [['Invoice No:', 'INV-2026-004417'], ['Invoice Date:', '14-03-2026'], ['Order ID:', 'OD9981230045'], ['GSTIN:', '29ABCDE1234F1Z5']]) {
      page.drawText(k, { x: 40, y, size: 9, font: bold });
      page.drawText(v, { x: 40 + bold.widthOfTextAtSize(k, 9) + 4, y, size: 9, font: f });
      y -= 22;
    }
    // Fine print: the page's commonest size.
    const fine = 'Goods once sold are returned only under the terms of the seller, printed on the reverse of this invoice and on the website.';
    for (let i = 0; i < 12; i++, y -= 9) page.drawText(fine, { x: 40, y: y - 20, size: 7, font: f });
    const segs = await parsedSegments<Seg>(engine, Buffer.from(await doc.save()));
    for (const t of ['Invoice No: INV-2026-004417', 'Invoice Date: 14-03-2026', 'Order ID: OD9981230045', 'GSTIN: 29ABCDE1234F1Z5']) {
      const seg = segs.find((s) => flat(s).includes(t));
      expect(seg, t).toBeDefined();
      expect(seg!.segment_type, t).toBe('Text');
    }
    expect(segs.find((s) => flat(s) === 'Tax Invoice')?.segment_type).not.toBe('Text');
  });

  it.skipIf(!hasCorpus)("the corpus's Flipkart invoice: its fields are Text", async () => {
    const segs = await parsedSegments<Seg>(engine, corpusPath('invoices/invoice2data/tests/compare/FlipkartInvoice.pdf'));
    for (const t of ['Order ID: OD304175096047380001', 'Invoice No : # BLR_WFLD20151000982590', 'Invoice Date: 20-10-2015']) {
      expect(segs.find((s) => flat(s).includes(t))?.segment_type, t).toBe('Text');
    }
    // The item's identifiers are cells of the item table (test/tables/section-rule-tables.test.ts).
    expect(segs.find((s) => flat(s).includes('WID: VM72516'))?.segment_type).toBe('Table');
  });
});
