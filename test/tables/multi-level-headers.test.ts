/**
 * Multi-level table headers on PDFs written here with pdf-lib (real text layer, real rules,
 * through pdf.js and the table detector): a group heading spans the columns a partial rule
 * under it covers; without rules a heading centred over two columns spans them, one centred
 * over a single column of three keeps its column (the span is not proven); stacked heading
 * lines in one column are one cell joined by a space (pipeline/tables/header-spans.ts).
 */
import { StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { TableGrid } from '../../src/model/table.js';
import { tableHtml } from '../../src/render/table.js';
import { detectInPdf } from '../../bench/lib/tables-pdf.js';
import { corpusPath, hasCorpus } from '../helpers.js';
import { drawnPageTables } from './support/pdf-page-tables.js';

const H = 792;
const SIZE = 9;

interface Sheet {
  page: PDFPage;
  font: PDFFont;
}

/** Text with its left edge at x, or right-aligned at x when `align` is 'right'; y from the top. */
function text(s: Sheet, t: string, x: number, yTop: number, align: 'left' | 'right' | 'centre' = 'left'): void {
  const w = s.font.widthOfTextAtSize(t, SIZE);
  const left = align === 'right' ? x - w : align === 'centre' ? x - w / 2 : x;
  s.page.drawText(t, { x: left, y: H - yTop - SIZE, size: SIZE, font: s.font });
}

function rule(s: Sheet, x0: number, x1: number, yTop: number, thickness = 0.5): void {
  s.page.drawLine({ start: { x: x0, y: H - yTop }, end: { x: x1, y: H - yTop }, thickness, color: rgb(0, 0, 0) });
}

const tablesOf = (draw: (s: Sheet) => void): Promise<TableGrid[]> => drawnPageTables([612, H], StandardFonts.Helvetica, draw);

const BODY = [
  ['North', '10.5', '11.2', '12.0', '3.1', '4.4', '5.0'],
  ['South', '8.1', '8.4', '9.9', '4.2', '4.9', '5.3'],
  ['East', '7.7', '6.5', '7.1', '5.5', '5.8', '6.1'],
  ['West', '12.9', '13.3', '14.8', '6.0', '6.6', '7.2'],
  ['Total', '39.2', '39.4', '43.8', '18.8', '21.7', '23.6'],
];
/** Right edges of the value columns (numbers right-aligned), two groups of three. */
const RIGHT = [170, 215, 260, 350, 395, 440];

/** A report table: "Sales" and "Costs" each over three year columns. */
function groupedTable(s: Sheet, opts: { cmidrules: boolean }): void {
  const top = 100;
  rule(s, 60, 450, top, 0.8);
  // Group headings centred over the middle column of their three.
  text(s, 'Sales', (RIGHT[0]! - 12 + RIGHT[2]!) / 2, top + 4, 'centre');
  text(s, 'Costs', (RIGHT[3]! - 12 + RIGHT[5]!) / 2, top + 4, 'centre');
  if (opts.cmidrules) {
    rule(s, RIGHT[0]! - 25, RIGHT[2]!, top + 16);
    rule(s, RIGHT[3]! - 25, RIGHT[5]!, top + 16);
  }
  text(s, 'Region', 62, top + 20);
  ['2019', '2020', '2021', '2019', '2020', '2021'].forEach((t, k) => text(s, t, RIGHT[k]!, top + 20, 'right'));
  rule(s, 60, 450, top + 33);
  BODY.forEach((row, r) => {
    const y = top + 37 + r * 13;
    text(s, row[0]!, 62, y);
    row.slice(1).forEach((t, k) => text(s, t, RIGHT[k]!, y, 'right'));
  });
  rule(s, 60, 450, top + 37 + BODY.length * 13 + 2, 0.8);
}

describe('multi-level headers', () => {
  it('a partial rule under a group heading makes it span the columns the rule covers', async () => {
    const [g, ...more] = await tablesOf((s) => groupedTable(s, { cmidrules: true }));
    expect(more).toHaveLength(0);
    expect([g!.rowCount, g!.colCount]).toEqual([7, 7]);
    expect(g!.headerRows).toBe(2);
    const html = tableHtml(g!);
    expect(html).toContain('<th colspan="3">Sales</th><th colspan="3">Costs</th></tr>');
    // The sub-header row keeps its six cells.
    expect(html).toContain('<th>2019</th><th>2020</th><th>2021</th><th>2019</th><th>2020</th><th>2021</th></tr></thead>');
    expect(html).toContain('<tr><td>North</td><td>10.5</td><td>11.2</td><td>12.0</td><td>3.1</td><td>4.4</td><td>5.0</td></tr>');
  });

  it('without rules, a heading centred over one column of three keeps its column', async () => {
    const [g] = await tablesOf((s) => groupedTable(s, { cmidrules: false }));
    expect(g!.colCount).toBe(7);
    const heads = g!.cells.filter((c) => c.text === 'Sales' || c.text === 'Costs');
    expect(heads).toHaveLength(2);
    expect(heads.every((c) => c.colSpan === 1)).toBe(true);
  });

  it('without rules, a heading centred over two columns spans them', async () => {
    const [g] = await tablesOf((s) => {
      const right = [200, 260, 360, 420];
      text(s, 'Revenue', (right[0]! - 18 + right[1]!) / 2, 100, 'centre');
      text(s, 'Margin', (right[2]! - 18 + right[3]!) / 2, 100, 'centre');
      text(s, 'Segment', 62, 114);
      ['2019', '2020', '2019', '2020'].forEach((t, k) => text(s, t, right[k]!, 114, 'right'));
      BODY.forEach((row, r) => {
        text(s, row[0]!, 62, 130 + r * 13);
        row.slice(1, 5).forEach((t, k) => text(s, t, right[k]!, 130 + r * 13, 'right'));
      });
    });
    expect(g!.colCount).toBe(5);
    const html = tableHtml(g!);
    expect(html).toMatch(/<th colspan="2">Revenue<\/th><th colspan="2">Margin<\/th><\/tr><tr><th>Segment<\/th><th>2019<\/th><th>2020<\/th><th>2019<\/th><th>2020<\/th><\/tr>/);
  });

  it('a heading written as several strings stays one cell across the columns', async () => {
    const [g] = await tablesOf((s) => {
      // Rows ruled, columns not (their separators come from the text's alignment).
      const xs = [60, 160, 250, 340, 430];
      [100, 130, 144, 158].forEach((y) => rule(s, xs[0]!, xs[4]!, y));
      // Three strings, the first inside one column, the second crossing the next separator.
      let x = 200;
      for (const w of ['How often', 'do you have these', 'symptoms']) {
        text(s, w, x, 103);
        x += s.font.widthOfTextAtSize(`${w} `, SIZE);
      }
      text(s, 'Symptom', 64, 110);
      ['Weekly', 'Monthly', 'Never'].forEach((t, k) => text(s, t, xs[k + 1]! + 4, 119));
      [['Headache', '239', '119', '128'], ['Back-ache', '139', '126', '217']].forEach((row, r) => row.forEach((t, k) => text(s, t, xs[k]! + 4, 133 + r * 14)));
    });
    const heading = g!.cells.find((c) => c.text.startsWith('How'));
    expect(heading).toMatchObject({ text: 'How often do you have these symptoms', row: 0, col: 1, colSpan: 3 });
    // The column headings under it are their own row, not folded into the heading's cell.
    expect(tableHtml(g!)).toContain('<tr><th>Symptom</th><th>Weekly</th><th>Monthly</th><th>Never</th></tr></thead>');
  });

  it('stacked header lines in one column are one cell joined by a space', async () => {
    const [g] = await tablesOf((s) => {
      const xs = [62, 170, 250, 330];
      rule(s, 60, 400, 96, 0.8);
      text(s, 'Model', xs[0]!, 100);
      text(s, 'Top-20', xs[1]!, 100);
      text(s, 'Top-100', xs[2]!, 100);
      text(s, 'Exact', xs[3]!, 100);
      text(s, 'WQ', xs[1]!, 111);
      text(s, 'WQ', xs[2]!, 111);
      text(s, 'match', xs[3]!, 111);
      rule(s, 60, 400, 124);
      const rows = [
        ['BM25', '59.1', '73.7', '41.2'],
        ['DPR', '78.4', '85.4', '45.1'],
        ['Ours', '80.1', '86.0', '47.3'],
        ['Base', '70.0', '80.0', '40.0'],
      ];
      rows.forEach((row, r) => row.forEach((t, k) => text(s, t, xs[k]!, 128 + r * 13)));
      rule(s, 60, 400, 128 + rows.length * 13 + 2, 0.8);
    });
    expect([g!.rowCount, g!.colCount]).toEqual([5, 4]);
    expect(g!.headerRows).toBe(1);
    expect(tableHtml(g!)).toContain('<thead><tr><th>Model</th><th>Top-20 WQ</th><th>Top-100 WQ</th><th>Exact match</th></tr></thead>');
  });

  // The DPR paper's results table (booktabs, column rules between the groups, tight labels):
  // its header used to be left out of the table (the midrule closed it), then folded into one
  // row ("Top-20 WQ").
  it.skipIf(!hasCorpus)('a booktabs paper table: "Top-20" and "Top-100" over five metric columns each', async () => {
    const [p] = await detectInPdf(corpusPath('office/unstructured/example-docs/pdf/multi-column.pdf'), { pages: [5] });
    const html = tableHtml(p!.tables[0]!);
    expect(html).toContain('<th colspan="5">Top-20</th><th colspan="5">Top-100</th></tr>');
    expect(html).toContain('<th>NQ</th><th>TriviaQA</th><th>WQ</th><th>TREC</th><th>SQuAD</th><th>NQ</th><th>TriviaQA</th><th>WQ</th><th>TREC</th><th>SQuAD</th></tr></thead>');
  });
});
