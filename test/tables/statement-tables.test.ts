/**
 * A bank statement's transactions (issue 27 item 7), as a browser prints an HTML table ruled
 * under every row: column headings wrapped over three lines ("Money out" over "(£)", "Date"
 * level with the gap between them) over a rule, no rule above them; dates wrapped in their
 * cell ("04 Oct" over "2026"); a "Money in" column filled on three rows of thirty-nine. Four faults:
 * the headings were cut from the table with the account line above them and made a table
 * of their own (each row rule read as a table's top rule under a header band of one row);
 * the sparse column was joined to its neighbour (its few cells are fewer than the rows that
 * may cross a column gap); a row whose description wraps beside its wrapped date was two
 * rows (two lines of figures read as two records); the last row's "2026" was left under the
 * table. A last page of payments out alone shows its "Paid in" column by its heading only: it
 * was joined to its neighbours' headings; so was a card statement's last column, "Credit £",
 * on a page of debits. Guards elsewhere: ICDAR 2013 and camelot figures
 * unchanged (bench/tables-eval.ts).
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { parsedSegments } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number; html: string }

const H = 842;
const DESCRIPTIONS = ['CARD PAYMENT TESCO STORES 3321 LONDON', 'STANDING ORDER RENT FLAT 2 HIGHBURY', 'CASH WITHDRAWAL LLOYDS ATM ISLINGTON', 'CARD PAYMENT TFL TRAVEL CHARGE'];
const PHONE_ROW = 4;
const MONEY_IN_ROWS = new Set([7, 15, 22]);

function text(page: PDFPage, font: PDFFont, s: string, x: number, top: number, size = 9, right = false): void {
  page.drawText(s, { x: right ? x - font.widthOfTextAtSize(s, size) : x, y: H - top - 0.8 * size, size, font });
}

const rule = (page: PDFPage, top: number, thickness = 0.5) => page.drawLine({ start: { x: 43, y: H - top }, end: { x: 553, y: H - top }, thickness });

/** The heading band at `top` and rows from under its rule; returns the running balance. */
function transactions(page: PDFPage, font: PDFFont, bold: PDFFont, top: number, first: number, count: number, balance: number): number {
  for (const [k, label] of ['Money out', 'Money in', 'Balance'].entries()) text(page, bold, label, [361, 432, 496][k]!, top);
  text(page, bold, 'Date', 46, top + 5);
  text(page, bold, 'Description', 102, top + 5);
  for (const x of [361, 432, 496]) text(page, bold, '(£)', x, top + 10);
  let y = top + 24;
  rule(page, y - 3, 1.5);
  for (let i = first; i < first + count; i++) {
    const day = String(1 + Math.floor(i * 0.6)).padStart(2, '0');
    text(page, font, `${day} Oct`, 46, y);
    text(page, font, '2026', 46, y + 10.5);
    const phone = i === PHONE_ROW;
    text(page, font, phone ? 'DIRECT DEBIT VODAFONE LTD MOBILE CONTRACT' : DESCRIPTIONS[i % 4]!, 102, y);
    if (phone) text(page, font, '07700900123', 102, y + 10.5);
    const amount = 20 + ((i * 37) % 200) + 0.45;
    balance += MONEY_IN_ROWS.has(i) ? amount : -amount;
    text(page, font, amount.toFixed(2), MONEY_IN_ROWS.has(i) ? 478 : 426, y, 9, true);
    text(page, font, balance.toLocaleString('en-GB', { minimumFractionDigits: 2 }), 550, y, 9, true);
    y += 27;
    rule(page, y - 3.5);
  }
  return balance;
}

async function statementPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const p1 = doc.addPage([595, H]);
  text(p1, bold, 'Northbank plc', 43, 51, 16);
  text(p1, font, 'Current Account Statement, 1 to 31 October 2026', 43, 75);
  ['Mr Daniel Okafor', '14 Canonbury Lane', 'London N1 2AS'].forEach((s, k) => text(p1, font, s, 43, 126 + 10.5 * k));
  text(p1, font, 'Sort code 20-45-77', 43, 166);
  text(p1, font, 'Account number 43998120', 138, 166);
  text(p1, font, 'IBAN GB29 NBNK 2045 7743 9981 20', 270, 166);
  const balance = transactions(p1, font, bold, 192, 0, 21, 4210.55);
  const p2 = doc.addPage([595, H]);
  transactions(p2, font, bold, 54, 21, 18, balance);
  text(p2, font, 'Northbank plc is authorised by the Prudential Regulation Authority. Registered in England and Wales no. 00012345.', 43, 760, 7);
  return doc.save();
}

/** A last page: one heading line, right-aligned figures, four payments out and none in. */
async function lastPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const page = doc.addPage([612, H]);
  const left = [52, 101, 138];
  const right = [451, 500, 560];
  ['Date', 'Type', 'Details'].forEach((h, k) => text(page, bold, h, left[k]!, 48, 10));
  ['Paid out', 'Paid in', 'Balance'].forEach((h, k) => text(page, bold, h, right[k]!, 48, 10, true));
  page.drawLine({ start: { x: 50, y: H - 44 }, end: { x: 562, y: H - 44 }, thickness: 0.75 });
  page.drawLine({ start: { x: 50, y: H - 62 }, end: { x: 562, y: H - 62 }, thickness: 0.75 });
  const payments = [['27 Nov', 'DD', 'BRITISH GAS SERVICES', '30.29', '-2,059.88'], ['27 Nov', 'SO', 'GYM MEMBERSHIP PUREGYM', '178.72', '-2,238.60'], ['28 Nov', 'ATM', 'CASH NOTEMACHINE KINGS CROSS', '2.50', '-2,241.10'], ['29 Nov', 'DD', 'BRITISH GAS SERVICES', '99.98', '-2,341.08']];
  payments.forEach((r, i) => {
    const top = 68 + 17 * i;
    r.slice(0, 3).forEach((c, k) => text(page, font, c, left[k]!, top, 10));
    text(page, font, r[3]!, 451, top, 10, true);
    text(page, font, r[4]!, 560, top, 10, true);
  });
  text(page, font, 'Please check this statement carefully. Balances are shown in pounds sterling.', 50, 150, 10);
  return doc.save();
}

/** A card statement's last page: debits only, so its last column, "Credit £", has no cell. */
async function cardPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, H]);
  const left = [48, 160, 248];
  ['Transaction date', 'Posting date', 'Description'].forEach((h, k) => text(page, font, h, left[k]!, 43, 8.5));
  ['Debit £', 'Credit £'].forEach((h, k) => text(page, font, h, [489, 547][k]!, 43, 8.5, true));
  const debits = [['25/11/26', '26/11/26', 'SHELL FUEL 2231 LEEDS', '26.83'], ['26/11/26', '27/11/26', 'WAITROSE 114 HEADINGLEY', '76.11'], ['26/11/26', '27/11/26', 'NETFLIX.COM AMSTERDAM NL', '104.24'], ['27/11/26', '28/11/26', 'DELIVEROO LONDON', '220.47'], ['28/11/26', '29/11/26', 'APPLE.COM/BILL CORK IE', '31.95']];
  debits.forEach((r, i) => {
    const top = 59 + 15 * i;
    r.slice(0, 3).forEach((c, k) => text(page, font, c, left[k]!, top, 8.5));
    text(page, font, r[3]!, 489, top, 8.5, true);
  });
  text(page, font, 'Minimum payment due: £25.00 by 24 December 2026.', 48, 150, 9);
  return doc.save();
}

const rows = (html: string) => [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => [...m[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<br>/g, ' ')));

describe('a bank statement ruled under every row', () => {
  let engine: Engine;
  let segs: Seg[];
  beforeAll(async () => {
    engine = createEngine({ workers: 1 });
    segs = await parsedSegments<Seg>(engine, { data: await statementPdf(), fileName: 'statement.pdf' });
  });
  afterAll(() => engine.close());

  const tables = (page: number) => segs.filter((s) => s.page_number === page && s.segment_type === 'Table');
  const shown = () => JSON.stringify(segs.map((s) => [s.page_number, s.segment_type, s.content.slice(0, 50)]));

  it('reads one table per page, its first row the five column headings', () => {
    for (const page of [1, 2]) {
      expect(tables(page).length, shown()).toBe(1);
      expect(rows(tables(page)[0]!.html)[0], shown()).toEqual(['Date', 'Description', 'Money out (£)', 'Money in (£)', 'Balance (£)']);
    }
  });

  it('keeps the address and account lines out of the table', () => {
    const html = tables(1)[0]!.html;
    for (const s of ['Canonbury', 'Sort code', 'IBAN']) expect(html).not.toContain(s);
    expect(segs.some((s) => s.segment_type !== 'Table' && s.content.includes('Sort code 20-45-77')), shown()).toBe(true);
  });

  it('gives the sparse Money in column its own cells', () => {
    const body = rows(tables(1)[0]!.html).slice(1);
    expect(body.length).toBe(21);
    for (const r of body) expect(r.length).toBe(5);
    expect(body.filter((r) => r[3] !== '').map((r) => body.indexOf(r))).toEqual([7, 15]);
    expect(body[7]![2]).toBe('');
  });

  it('keeps a wrapped description and its wrapped date in one row', () => {
    const row = rows(tables(1)[0]!.html).find((r) => r[1]!.startsWith('DIRECT DEBIT'));
    expect(row, tables(1)[0]!.html.slice(0, 800)).toBeDefined();
    expect(row![0]).toBe('03 Oct 2026');
    expect(row![1]).toBe('DIRECT DEBIT VODAFONE LTD MOBILE CONTRACT 07700900123');
    expect(row![2]).toMatch(/^\d+\.\d\d$/);
  });

  it("holds the last row's wrapped date inside the table", () => {
    const body = rows(tables(2)[0]!.html).slice(1);
    expect(body.length).toBe(18);
    expect(body[17]![0]).toMatch(/^\d\d Oct 2026$/);
    expect(segs.filter((s) => s.page_number === 2 && s.segment_type !== 'Table' && s.content.trim() === '2026'), shown()).toEqual([]);
  });

  it('keeps a column shown by its heading alone', async () => {
    const last = await parsedSegments<Seg>(engine, { data: await lastPagePdf(), fileName: 'last-page.pdf' });
    const table = last.filter((s) => s.segment_type === 'Table');
    expect(table.length, JSON.stringify(last.map((s) => [s.segment_type, s.content.slice(0, 40)]))).toBe(1);
    const grid = rows(table[0]!.html);
    expect(grid[0]).toEqual(['Date', 'Type', 'Details', 'Paid out', 'Paid in', 'Balance']);
    expect(grid.slice(1).map((r) => [r[3], r[4], r[5]])).toEqual([['30.29', '', '-2,059.88'], ['178.72', '', '-2,238.60'], ['2.50', '', '-2,241.10'], ['99.98', '', '-2,341.08']]);
  });

  it('keeps a last column shown by its heading alone', async () => {
    const card = await parsedSegments<Seg>(engine, { data: await cardPagePdf(), fileName: 'card-page.pdf' });
    const table = card.filter((s) => s.segment_type === 'Table');
    expect(table.length, JSON.stringify(card.map((s) => [s.segment_type, s.content.slice(0, 40)]))).toBe(1);
    const grid = rows(table[0]!.html);
    expect(grid[0]).toEqual(['Transaction date', 'Posting date', 'Description', 'Debit £', 'Credit £']);
    expect(grid.slice(1).map((r) => [r[3], r[4]])).toEqual([['26.83', ''], ['76.11', ''], ['104.24', ''], ['220.47', ''], ['31.95', '']]);
  });
});
