/**
 * A fully ruled table whose last column holds long comments (most of the table's words),
 * with its short cells centred between the row rules, on PDFs written here with pdf-lib
 * and on camelot's outbreak reports (row_span_2, twotables_1): the rules and the short
 * columns make it a table, each ruled band is one record (its wrapped cells are not
 * records of their own), and a column the row rules skip spans its rows. A frame drawn
 * around three columns of running text is still not a table.
 */
import { StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { TableGrid } from '../../src/model/table.js';
import { detectInPdf } from '../../bench/lib/tables-pdf.js';
import { corpusPath, hasCorpus } from '../helpers.js';
import { drawnPageTables } from './support/pdf-page-tables.js';

const W = 842;
const H = 595;
const SIZE = 8;
const LEAD = 10;

interface Sheet {
  page: PDFPage;
  font: PDFFont;
}

function line(s: Sheet, x0: number, y0: number, x1: number, y1: number): void {
  s.page.drawLine({ start: { x: x0, y: H - y0 }, end: { x: x1, y: H - y1 }, thickness: 0.7, color: rgb(0.9, 0.5, 0.1) });
}

function text(s: Sheet, t: string, x: number, yTop: number): void {
  s.page.drawText(t, { x, y: H - yTop - SIZE, size: SIZE, font: s.font });
}

/** Words wrapped to lines no wider than `width`. */
function wrap(s: Sheet, words: string, width: number): string[] {
  const out: string[] = [];
  for (const w of words.split(' ')) {
    const last = out[out.length - 1];
    if (last !== undefined && s.font.widthOfTextAtSize(`${last} ${w}`, SIZE) <= width) out[out.length - 1] = `${last} ${w}`;
    else out.push(w);
  }
  return out;
}

/** Column edges: No, State, District, Disease, Cases, Deaths, Date, Comments. */
const X = [30, 60, 130, 200, 290, 330, 370, 430, 810];
const COMMENT =
  'Cases of loose motion and vomiting reported from the village after a community meal. The district rapid response team investigated the outbreak, did a house to house survey and treated all cases; water samples were collected and chlorination of wells was done. Health education given.';
const RECORDS = [
  ['1', 'Kerala', 'Kollam', 'Food Poisoning', '19', '0', '31/12/13'],
  ['2', 'Odisha', 'Kalahandi', 'Acute Diarrhoeal Disease', '42', '0', '02/01/14'],
  ['', '', 'Birbhum', 'Food Poisoning', '199', '0', '31/12/13'],
  ['', '', 'Howrah', 'Viral Hepatitis', '85', '0', '26/12/13'],
];

/** The outbreak table; records 3 and 4 share their number and state (rules skip those columns). */
function outbreakTable(s: Sheet): void {
  const heads = ['No.', 'State', 'District', 'Disease', 'Cases', 'Deaths', 'Date', 'Comments / action taken'];
  let y = 40;
  heads.forEach((h, c) => text(s, h, X[c]! + 3, y + 4));
  const ys = [y, y + 18];
  y += 18;
  for (const rec of RECORDS) {
    const comment = wrap(s, COMMENT, X[8]! - X[7]! - 6);
    const height = comment.length * LEAD + 6;
    comment.forEach((l, k) => text(s, l, X[7]! + 3, y + 3 + k * LEAD));
    // Short cells centred between the row rules; the disease wraps over two lines.
    const mid = y + height / 2 - SIZE / 2;
    rec.forEach((t, c) => {
      if (c === 3) wrap(s, t, X[4]! - X[3]! - 30).forEach((l, k, all) => text(s, l, X[c]! + 3, mid - ((all.length - 1) * LEAD) / 2 + k * LEAD));
      else if (t) text(s, t, X[c]! + 3, mid);
    });
    y += height;
    ys.push(y);
  }
  // Records 3 and 4 share No. and State: their number and state are centred over both.
  const shared = ys[3]!;
  text(s, '3', X[0]! + 3, shared - SIZE / 2);
  text(s, 'West Bengal', X[1]! + 3, shared - SIZE / 2);
  ys.forEach((yy, k) => line(s, k === 4 ? X[2]! : X[0]!, yy, X[8]!, yy));
  X.forEach((x) => line(s, x, ys[0]!, x, ys[ys.length - 1]!));
}

const tablesOf = (draw: (s: Sheet) => void): Promise<TableGrid[]> => drawnPageTables([W, H], StandardFonts.TimesRoman, draw);

const cellAt = (g: TableGrid, r: number, c: number) => g.cells.find((x) => x.row <= r && r < x.row + (x.rowSpan ?? 1) && x.col <= c && c < x.col + (x.colSpan ?? 1));

describe('ruled tables with a column of comments', () => {
  it('reads the table: one row per ruled record, comments whole, shared cells spanning', async () => {
    const [g, ...rest] = await tablesOf(outbreakTable);
    expect(rest).toEqual([]);
    expect(g!.method).toBe('ruled');
    expect([g!.rowCount, g!.colCount]).toEqual([5, 8]);
    expect(g!.confidence).toBeGreaterThan(0.9);
    RECORDS.forEach((rec, k) => {
      expect(cellAt(g!, k + 1, 2)!.text).toBe(rec[2]);
      expect(cellAt(g!, k + 1, 4)!.text).toBe(rec[4]);
      expect(cellAt(g!, k + 1, 7)!.text.replace(/\s+/g, ' ')).toBe(COMMENT);
    });
    expect(cellAt(g!, 2, 3)!.text.replace(/\s+/g, ' ')).toBe('Acute Diarrhoeal Disease');
    const state = cellAt(g!, 3, 1)!;
    expect([state.text, state.row, state.rowSpan]).toEqual(['West Bengal', 3, 2]);
    expect(cellAt(g!, 4, 0)!.text).toBe('3');
  });

  it('keeps the records of a band whose sparse columns are filled for one record each', async () => {
    // Column rules throughout; row rules only over and under the header and at the foot.
    const cols = [40, 160, 280, 400, 470, 540];
    const rows = [
      ['Alder', 'Norway', 'revised', '', ''],
      ['Birch', 'Sweden', '', 'yes', ''],
      ['Cedar', 'Finland', '', '', 'A1'],
      ['Daphne', 'Denmark', '', '', ''],
      ['Elm', 'Iceland', '', '', ''],
    ];
    const tables = await tablesOf((s) => {
      ['Name', 'Country', 'Note', 'Flag', 'Code'].forEach((h, c) => text(s, h, cols[c]! + 3, 44));
      rows.forEach((r, k) => r.forEach((t, c) => t && text(s, t, cols[c]! + 3, 62 + k * 14)));
      for (const yy of [40, 56, 62 + rows.length * 14 + 2]) line(s, cols[0]!, yy, cols[5]!, yy);
      for (const x of cols) line(s, x, 40, x, 62 + rows.length * 14 + 2);
    });
    expect(tables.map((g) => [g.rowCount, g.colCount])).toEqual([[6, 5]]);
    expect(rows.map((r, k) => cellAt(tables[0]!, k + 1, 1)!.text)).toEqual(rows.map((r) => r[1]));
  });

  it('still leaves a frame around three columns of running text alone', async () => {
    const tables = await tablesOf((s) => {
      const cols = [1, 2, 3].map((n) => wrap(s, Array(n + 1).fill(COMMENT).join(' '), 230));
      cols.forEach((ls, c) => ls.forEach((l, k) => text(s, l, 45 + c * 250, 60 + k * LEAD)));
      const bottom = 60 + Math.max(...cols.map((ls) => ls.length)) * LEAD + 10;
      for (const yy of [50, bottom]) line(s, 40, yy, 790, yy);
      for (const x of [40, 290, 540, 790]) line(s, x, 50, x, bottom);
    });
    expect(tables).toEqual([]);
  });

  it.skipIf(!hasCorpus)("reads camelot's outbreak reports as tables, one row per record", async () => {
    const files = corpusPath('tables/camelot/tests/files');
    const [rs2] = await detectInPdf(`${files}/row_span_2.pdf`);
    const g = rs2!.tables;
    expect(g.map((t) => [t.rowCount, t.colCount])).toEqual([[7, 10]]);
    const t = g[0]!;
    expect(['Kollam', 'Beed', 'Kalahandi', 'West\nMedinipur', 'Birbhum', 'Howrah'].map((d, k) => cellAt(t, k + 1, 2)!.text.replace(/\n/g, ' '))).toEqual(['Kollam', 'Beed', 'Kalahandi', 'West Medinipur', 'Birbhum', 'Howrah']);
    expect(['19', '11', '42', '145', '199', '85'].map((_, k) => cellAt(t, k + 1, 4)!.text)).toEqual(['19', '11', '42', '145', '199', '85']);
    const bengal = cellAt(t, 5, 1)!;
    expect([bengal.text, bengal.row, bengal.rowSpan]).toEqual(['West Bengal', 4, 3]);
    const [two] = await detectInPdf(`${files}/twotables_1.pdf`);
    expect(two!.tables.map((x) => x.method)).toEqual(['ruled', 'ruled']);
    expect(two!.tables.map((x) => cellAt(x, x.rowCount - 1, 4)!.text)).toEqual(['34', '13']);
  });
});
