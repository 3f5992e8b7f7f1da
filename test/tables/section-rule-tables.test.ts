/**
 * An invoice's item table set right under its address block, a rule across the page between
 * them (issue 27 item 7). The lines of both ran on within the gap that holds a candidate block
 * together, so one block held the addresses and the items; the whole was no table, and the
 * item table was lost with it, its column labels typed SectionHeader one by one (Flipkart's
 * invoice in the corpus). A rule across the block that opens a header band (a second rule
 * one to four lines under it) now parts the two when the lines under it are a table and the
 * lines above are not. Guard: ICDAR's us-020, whose headings wrap over four lines above their
 * midrule, keeps them.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus, parsedSegments } from '../helpers.js';

interface Seg { segment_type: string; content: string; html: string }

const rule = (page: PDFPage, y: number, x0 = 30, x1 = 582) => page.drawLine({ start: { x: x0, y }, end: { x: x1, y }, thickness: 0.75, color: rgb(0, 0, 0) });

/**
 * The invoice page, laid out as a web shop prints one: the order's fields down the left, two
 * addresses beside them on their own line pitch, a rule across the page, the item table's
 * header between two rules, its items, a total row, and the grand total under it.
 */
async function invoice(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  /** Text whose box top is `top` points from the page's top. */
  const put = (f: PDFFont, s: string, x: number, top: number, size = 8) => page.drawText(s, { x, y: 842 - top - 0.8 * size, size, font: f });
  const hrule = (top: number, x0 = 6, x1 = 572) => rule(page, 842 - top, x0, x1);
  put(bold, 'Retail Invoice', 230, 17, 14);
  hrule(85);
  ['Order ID: OD4471902233', 'Order Date: 02-03-2026', 'Invoice Date: 04-03-2026', 'VAT/TIN: 29670869006', 'Service tax #: AAACW8725FSD001'].forEach((t, i) => put(bold, t, 9, 90 + 17.8 * i));
  for (const x of [167, 326]) {
    put(bold, x === 167 ? 'Billing Address' : 'Shipping Address', x, 90);
    ['Priya Raman', '14, Lake View Road, Indiranagar,', 'near the old water tank and the', 'primary school.', 'Bengaluru 560038 Karnataka', 'Phone: 9845012345'].forEach((t, i) => put(font, t, x, 102 + 12 * i));
  }
  ['*Keep this invoice and', 'manufacturer box for', 'warranty purposes.'].forEach((t, i) => put(font, t, 500, 116 + 10 * i, 7));
  hrule(181);
  const cols = [9, 115, 345, 377, 435, 486, 534];
  ['Product', 'Title', 'Qty', 'Price', 'Tax(%)', 'Tax', 'Total'].forEach((h, i) => put(bold, h, cols[i]!, 185));
  hrule(199);
  ['Memory cards', 'SanDisk Ultra 16 GB MicroSDHC Class', '1', '278.61', '14.50%', '40.39', '319.00'].forEach((c, i) => put(i === 1 ? bold : font, c, cols[i]!, 209));
  put(font, 'FSN:', 9, 221);
  put(bold, '10 48 MB/s Memory Card', 115, 221);
  put(font, 'CST', 445, 221);
  put(font, 'ACCEA5E3GPBQJ9P9', 9, 234);
  put(font, 'Price is inclusive of a discount of Rs 40.00,', 115, 235, 6);
  put(font, 'WID: VM72516', 9, 245);
  hrule(259, 111);
  put(font, 'Total', 305, 267, 11);
  [['1', 353], ['278.61', 377], ['40.39', 486], ['319.00', 534]].forEach(([t, x]) => put(bold, t as string, x as number, 268, 11));
  hrule(293);
  put(font, 'Grand Total', 386, 307, 14);
  put(bold, '319.00', 524, 309, 14);
  hrule(337, 8);
  put(font, '*This is a computer generated invoice.', 235, 340, 6);
  put(bold, 'WS Retail Services Pvt. Ltd :', 465, 342, 7);
  return doc.save();
}

/** An invoice whose addresses and fields stand in three aligned columns of their own over the item table. */
async function gridInvoice(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const f = await doc.embedFont(StandardFonts.TimesRoman);
  const b = await doc.embedFont(StandardFonts.TimesRomanBold);
  const put = (font: PDFFont, s: string, x: number, top: number, size = 9.5) => page.drawText(s, { x, y: 792 - top - 0.8 * size, size, font });
  const hr = (top: number) => rule(page, 792 - top, 40, 572);
  put(b, 'NORTHWIND HARDWARE SUPPLY', 40, 36, 16);
  put(b, 'INVOICE', 480, 36, 18);
  hr(80);
  ['Bill To:', 'Marcus Feld', 'Feld Carpentry LLC', '88 Orchard Lane', 'Berkeley CA 94702', 'marcus@feldcarpentry.com'].forEach((t, i) => put(i ? f : b, t, 40, 88 + 13.5 * i));
  ['Ship To:', 'Marcus Feld', 'Site 12, Alder St. project', '410 Alder Street', 'Berkeley CA 94710'].forEach((t, i) => put(i ? f : b, t, 220, 88 + 13.5 * i));
  ['Invoice #: NW-20931', 'Date: 2026-11-02', 'Terms: Net 30', 'PO: 7781-A', 'Rep: J. Ortiz', 'Due: 2026-12-02'].forEach((t, i) => put(f, t, 420, 92 + 13 * i));
  hr(176);
  const cols = [44, 110, 380, 430, 510];
  ['Item #', 'Description', 'Qty', 'Unit Price', 'Amount'].forEach((h, i) => put(b, h, cols[i]!, 181));
  hr(195);
  [['HX-221', 'Hex bolts, zinc, 3/8 x 2 in (box of 50)', '4', '12.40', '49.60'], ['DW-118', 'Drywall screws, 1-5/8 in (5 lb)', '2', '18.95', '37.90'], ['CL-040', 'Construction adhesive, 10 oz', '12', '4.15', '49.80']].forEach((r, k) => r.forEach((c, i) => put(f, c, cols[i]!, 202 + 15 * k)));
  hr(250);
  return doc.save();
}

/** A consultant's invoice: a title, "From" and "To" in two columns, then the item table between rules. */
async function consultingInvoice(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const f = await doc.embedFont(StandardFonts.Helvetica);
  const b = await doc.embedFont(StandardFonts.HelveticaBold);
  const put = (font: PDFFont, s: string, x: number, top: number, size = 9) => page.drawText(s, { x, y: 842 - top - 0.8 * size, size, font });
  const hr = (top: number) => rule(page, 842 - top, 50, 545);
  put(b, 'Lindqvist Data Consulting AB', 50, 50, 13);
  put(f, 'Invoice 2026-118   ·   Issued 3 November 2026', 50, 68);
  hr(90);
  ['From', 'Lindqvist Data Consulting AB', 'Kungsgatan 12', '111 43 Stockholm', 'VAT SE556677889901'].forEach((t, i) => put(i ? f : b, t, 50, 96 + 12 * i));
  ['To', 'Harbour Analytics Ltd', 'Attn: Accounts Payable', '7 Quay Street', 'Galway H91 X2Y3, Ireland'].forEach((t, i) => put(i ? f : b, t, 300, 96 + 12 * i));
  hr(160);
  const cols = [54, 330, 400, 480];
  ['Description', 'Hours', 'Rate (EUR)', 'Amount (EUR)'].forEach((h, i) => put(b, h, cols[i]!, 165));
  hr(178);
  [['Data pipeline review and recommendations', '12.0', '95.00', '1,140.00'], ['Dashboard rebuild, sales reporting', '20.5', '95.00', '1,947.50'], ['Workshop: forecasting basics (half day)', '4.0', '120.00', '480.00']].forEach((r, k) => r.forEach((c, i) => put(f, c, cols[i]!, 184 + 14 * k)));
  hr(230);
  return doc.save();
}

/** A balance sheet whose second half repeats the header band between rules: one table, its columns continuing. */
async function balanceSheet(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const f = await doc.embedFont(StandardFonts.TimesRoman);
  const b = await doc.embedFont(StandardFonts.TimesRomanBold);
  const put = (font: PDFFont, s: string, x: number, top: number) => page.drawText(s, { x, y: 792 - top - 8, size: 10, font });
  const right = (font: PDFFont, s: string, xr: number, top: number) => put(font, s, xr - font.widthOfTextAtSize(s, 10), top);
  const hr = (top: number) => rule(page, 792 - top, 72, 540);
  const row = (font: PDFFont, r: string[], top: number) => {
    put(font, r[0]!, 76, top);
    r.slice(1).forEach((c, i) => right(font, c, [380, 460, 536][i]!, top));
  };
  hr(100);
  row(b, ['Assets', '2024', '2025', 'Change'], 106);
  hr(122);
  [['Cash and equivalents', '1,204', '1,388', '+184'], ['Receivables', '842', '910', '+68'], ['Inventories', '1,530', '1,402', '-128'], ['Property and equipment', '4,210', '4,480', '+270']].forEach((r, k) => row(f, r, 128 + 15 * k));
  hr(192);
  row(b, ['Liabilities', '2024', '2025', 'Change'], 198);
  hr(214);
  [['Payables', '988', '1,045', '+57'], ['Short-term loans', '1,500', '1,200', '-300'], ['Long-term debt', '2,900', '2,750', '-150']].forEach((r, k) => row(f, r, 220 + 15 * k));
  hr(268);
  return doc.save();
}

describe('an item table under an address block, a rule between them', () => {
  let engine: Engine;
  let segs: Seg[] = [];
  beforeAll(async () => {
    engine = createEngine({ workers: 1 });
    segs = await parsedSegments<Seg>(engine, Buffer.from(await invoice()));
  }, 60_000);
  afterAll(() => engine.close());

  it('finds the item table, its header row first, no address in it', () => {
    const tables = segs.filter((s) => s.segment_type === 'Table');
    expect(tables).toHaveLength(1);
    const html = tables[0]!.html;
    expect(html.indexOf('Product')).toBeLessThan(html.indexOf('Memory cards'));
    for (const cell of ['Title', 'Qty', 'SanDisk Ultra 16 GB MicroSDHC Class', '278.61', '14.50%']) expect(html).toContain(cell);
    expect(html.indexOf('Product')).toBeLessThan(html.indexOf('Qty'));
    for (const address of ['Billing Address', 'Lake View Road', 'Order ID']) expect(html).not.toContain(address);
  });

  it('types no column label a SectionHeader', () => {
    const headers = segs.filter((s) => s.segment_type === 'SectionHeader').map((s) => s.content);
    for (const label of ['Product', 'Qty', 'Price', 'Total']) expect(headers).not.toContain(label);
  });
});

describe('an item table under an address grid of its own columns', () => {
  let engine: Engine;
  afterAll(() => engine?.close());
  it('keeps the addresses out of the item table, whose header row is its first', async () => {
    engine = createEngine({ workers: 1 });
    const segs = await parsedSegments<Seg>(engine, Buffer.from(await gridInvoice()));
    const items = segs.find((s) => s.segment_type === 'Table' && s.html.includes('Hex bolts'));
    expect(items?.html).not.toContain('Bill To');
    expect(items?.html).not.toContain('Orchard Lane');
    expect(items!.html.indexOf('Unit Price')).toBeLessThan(items!.html.indexOf('Hex bolts'));
  }, 60_000);
});

describe('tables meeting at a top rule', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it('parts an item table from a title and two address columns whose gap nearly meets its first column gap', async () => {
    const segs = await parsedSegments<Seg>(engine, Buffer.from(await consultingInvoice()));
    const items = segs.find((s) => s.segment_type === 'Table' && s.html.includes('Dashboard rebuild'));
    expect(items?.html).not.toContain('Kungsgatan');
    expect(items!.html.indexOf('Hours')).toBeLessThan(items!.html.indexOf('Data pipeline'));
  }, 60_000);

  it('keeps a balance sheet whose header band repeats between rules one table', async () => {
    const tables = (await parsedSegments<Seg>(engine, Buffer.from(await balanceSheet()))).filter((s) => s.segment_type === 'Table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.html).toContain('Cash and equivalents');
    expect(tables[0]!.html).toContain('Long-term debt');
  }, 60_000);
});

describe.skipIf(!hasCorpus)('section rules on corpus pages', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it("finds Flipkart's item table under its addresses", async () => {
    const segs = await parsedSegments<Seg>(engine, corpusPath('invoices/invoice2data/tests/compare/FlipkartInvoice.pdf'));
    const table = segs.find((s) => s.segment_type === 'Table' && s.html.includes('SanDisk Ultra'));
    expect(table?.html).toContain('Qty');
    expect(table?.html).not.toContain('Billing Address');
  }, 60_000);

  it("keeps ICDAR us-020's headings, wrapped over lines above their midrule, in its table", async () => {
    const segs = await parsedSegments<Seg>(engine, corpusPath('tables/tabula-java/src/test/resources/technology/tabula/icdar2013-dataset/competition-dataset-us/us-020.pdf'), { page_range: '2' });
    const table = segs.find((s) => s.segment_type === 'Table' && s.html.includes('Australia'));
    expect(table?.html).toContain('Education system');
    expect(table!.html.indexOf('Education system')).toBeLessThan(table!.html.indexOf('Australia'));
  }, 60_000);
});
