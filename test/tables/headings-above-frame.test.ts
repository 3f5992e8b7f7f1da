/**
 * Group headings standing on a ruled table's top rule (years over pairs of "Value | Share"
 * columns, as tabula's puertos1 sets them) belong to the table: a header row whose headings
 * span the columns they are centred across, the first column's cell empty. A caption, a
 * sentence, a running head or a line of labels above a ruled table stays out of it. PDFs written here with pdf-lib; the corpus
 * page is checked too (skipped without the corpus).
 */
import { StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { TableGrid } from '../../src/model/table.js';
import { detectInPdf } from '../../bench/lib/tables-pdf.js';
import { corpusPath, hasCorpus } from '../helpers.js';
import { drawnPageTables } from './support/pdf-page-tables.js';

const H = 792;
const SIZE = 8;

interface Sheet {
  page: PDFPage;
  font: PDFFont;
}

function text(s: Sheet, t: string, x: number, yTop: number, centre = false): void {
  const left = centre ? x - s.font.widthOfTextAtSize(t, SIZE) / 2 : x;
  s.page.drawText(t, { x: left, y: H - yTop - SIZE, size: SIZE, font: s.font });
}

function line(s: Sheet, x0: number, y0: number, x1: number, y1: number): void {
  s.page.drawLine({ start: { x: x0, y: H - y0 }, end: { x: x1, y: H - y1 }, thickness: 0.5, color: rgb(0, 0, 0) });
}

/** Column edges: Product, then Value and Share for each of three years. */
const X = [60, 170, 215, 260, 305, 350, 395, 440];
const YEARS = ['2019', '2020', '2021'];
const ROWS = [
  ['Fresh fish', '663', '2.5%', '478', '1.9%', '619', '2.1%'],
  ['Frozen fillets', '232', '0.9%', '241', '0.9%', '267', '0.9%'],
  ['Canned fish', '895', '3.4%', '718', '2.8%', '886', '3.0%'],
];

/** A fully ruled table whose top rule is at `top`, with `above` drawn over it. */
function ruledTable(s: Sheet, top: number, above: (s: Sheet) => void): void {
  above(s);
  text(s, 'Product', X[0]! + 3, top + 4);
  for (let k = 0; k < 6; k++) text(s, k % 2 ? 'Share' : 'Value', X[k + 1]! + 3, top + 4);
  ROWS.forEach((r, i) => r.forEach((t, c) => text(s, t, X[c]! + 3, top + 20 + i * 14)));
  const ys = [top, top + 16, ...ROWS.map((_, i) => top + 30 + i * 14)];
  for (const y of ys) line(s, X[0]!, y, X[7]!, y);
  for (const x of X) line(s, x, top, x, ys[ys.length - 1]!);
}

const tablesOf = (draw: (s: Sheet) => void): Promise<TableGrid[]> => drawnPageTables([612, H], StandardFonts.Helvetica, draw);

const cellAt = (g: TableGrid, r: number, c: number) => g.cells.find((x) => x.row <= r && r < x.row + (x.rowSpan ?? 1) && x.col <= c && c < x.col + (x.colSpan ?? 1));

describe('headings standing on a ruled table', () => {
  it('takes the year headings into the table, each spanning its two columns', async () => {
    const [g, ...rest] = await tablesOf((s) =>
      ruledTable(s, 120, (t) => YEARS.forEach((y, k) => text(t, y, X[2 * k + 2]!, 110, true))),
    );
    expect(rest).toEqual([]);
    expect([g!.rowCount, g!.colCount]).toEqual([5, 7]);
    expect(cellAt(g!, 0, 0)!.text).toBe('');
    YEARS.forEach((y, k) => {
      const cell = cellAt(g!, 0, 2 * k + 1)!;
      expect([cell.text, cell.col, cell.colSpan]).toEqual([y, 2 * k + 1, 2]);
    });
    expect(g!.headerRows).toBe(2);
    expect(cellAt(g!, 2, 0)!.text).toBe('Fresh fish');
    expect(cellAt(g!, 4, 6)!.text).toBe('3.0%');
  });

  it('leaves a caption, a sentence, a running head and labels above the frame out of the table', async () => {
    for (const above of [
      (t: Sheet) => text(t, 'Table 2: Exports by product', X[0]!, 108),
      (t: Sheet) => text(t, 'Exports rose in each of the three years, fresh fish most.', X[0]!, 108),
      (t: Sheet) => {
        text(t, 'Form 1040 (2021)', X[0]!, 108);
        text(t, 'Page 2', X[7]! - 30, 108);
      },
      (t: Sheet) => {
        text(t, 'REGION : NORTH', X[1]! + 3, 108);
        text(t, 'PAGE NO. 1', X[5]! + 3, 108);
      },
    ]) {
      const [g] = await tablesOf((s) => ruledTable(s, 120, above));
      expect([g!.rowCount, g!.colCount]).toEqual([4, 7]);
      expect(cellAt(g!, 0, 0)!.text).toBe('Product');
    }
  });

  it.skipIf(!hasCorpus)("takes puertos1's years into its two tables", async () => {
    const [p1] = await detectInPdf(corpusPath('tables/tabula-java/src/test/resources/technology/tabula/puertos1.pdf'));
    const heads = p1!.tables.map((t) => t.cells.filter((c) => c.row === 0 && /^20\d\d$/.test(c.text)).map((c) => c.text));
    const years = ['2001', '2002', '2003', '2004', '2005', '2006', '2007'];
    expect(heads).toEqual([years, years]);
    const second = p1!.tables[1]!;
    expect(second.cells.filter((c) => c.row === 0 && /^20\d\d$/.test(c.text)).map((c) => c.colSpan)).toEqual(years.map(() => 2));
  });
});
