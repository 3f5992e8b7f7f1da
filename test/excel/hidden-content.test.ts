/**
 * exclude_hidden and its sub-toggles on workbooks that really have hidden sheets, rows
 * and columns (checked with SheetJS): SheetJS sheet_visibility.xls(x) (a hidden and a
 * very hidden sheet), wtf_path.xlsx (row 5 and column D hidden, plus a hidden sheet) —
 * the .xlsx of both copied to test/fixtures/xlsx —
 * openpyxl bug275.xlsx (rows 3, 5, 6 hidden by an autofilter), AutoFilter.xlsx. Styling
 * exclusion uses a built workbook.
 */
import { describe, expect, it } from 'vitest';
import type { ChunkedResult, Segment } from '../../src/model/document.js';
import { validateParseExcelOptions } from '../../src/operations/parse-excel/options.js';
import { parseWorkbook } from '../../src/operations/parse-excel/parse-workbook.js';
import { buildXlsx } from './support/build-workbook.js';
import { corpusAvailable, readCorpus, readFixture } from './support/corpus.js';

function parse(bytes: Uint8Array, raw: Record<string, unknown> = {}): ChunkedResult {
  return parseWorkbook(bytes, 'book.xlsx', validateParseExcelOptions(raw));
}

function segments(r: ChunkedResult): Segment[] {
  return r.chunks.flatMap((c) => c.segments);
}

function addresses(r: ChunkedResult, sheet?: string): string[] {
  return segments(r)
    .filter((s) => !sheet || s.cell_references?.sheet_name === sheet)
    .flatMap((s) => s.cell_references?.cells ?? [])
    .map((c) => c.address);
}

function sheetNames(r: ChunkedResult): string[] {
  return [...new Set(segments(r).map((s) => `${s.page_number}:${s.cell_references!.sheet_index}:${s.cell_references!.sheet_name}`))];
}

describe('hidden sheets', () => {
  const sources: Array<[string, () => Uint8Array]> = [['sheet_visibility.xlsx', () => readFixture('sheet_visibility.xlsx')]];
  if (corpusAvailable('SheetJS-test_files')) sources.push(['sheet_visibility.xls', () => readCorpus('office', 'SheetJS-test_files', 'sheet_visibility.xls')]);
  for (const [file, load] of sources) {
    const bytes = load();
    it(`${file}: kept by default`, () => {
      const r = parse(bytes);
      expect(r.page_count).toBe(3);
      expect(sheetNames(r)).toEqual(['1:1:Visible', '2:2:Hidden', '3:3:VeryHidden']);
    });
    it(`${file}: hidden and very hidden sheets dropped with exclude_hidden`, () => {
      const r = parse(bytes, { exclude_hidden: 'true' });
      expect(r.page_count).toBe(1);
      expect(sheetNames(r)).toEqual(['1:1:Visible']);
    });
    it(`${file}: kept when exclude_hidden_sheets is false`, () => {
      expect(parse(bytes, { exclude_hidden: true, exclude_hidden_sheets: false }).page_count).toBe(3);
    });
    it(`${file}: sub-toggles alone do nothing`, () => {
      expect(parse(bytes, { exclude_hidden: false, exclude_hidden_sheets: true }).page_count).toBe(3);
    });
  }
});

describe('hidden rows and columns: wtf_path.xlsx', () => {
  const bytes = readFixture('wtf_path.xlsx');

  it('keeps everything by default', () => {
    const r = parse(bytes);
    expect(r.page_count).toBe(2);
    const cells = addresses(r, 'SheetJS');
    expect(cells).toContain('A5');
    expect(cells).toEqual(expect.arrayContaining(['D2', 'D3', 'D4']));
    expect(segments(r).map((s) => s.content).join('\n')).toContain('hidden');
  });

  it('drops row 5, column D and the hidden sheet with exclude_hidden', () => {
    const r = parse(bytes, { exclude_hidden: true });
    expect(r.page_count).toBe(1);
    const cells = addresses(r, 'SheetJS');
    expect(cells).not.toContain('A5');
    expect(cells.filter((a) => a.startsWith('D'))).toEqual([]);
    const table = segments(r).find((s) => s.segment_type === 'Table')!;
    expect(table.html).not.toContain('>hidden<');
    expect(table.html).not.toContain('sheetjs');
    // Rows 4 and 6 are neighbours once row 5 is gone: one table, and 'visible' is in it.
    expect(table.cell_references!.range).toBe('A1:C6');
    expect(table.markdown).toContain('visible');
    expect(table.content.split('\n')).toHaveLength(5);
  });

  it('drops only columns when exclude_hidden_rows is false', () => {
    const cells = addresses(parse(bytes, { exclude_hidden: true, exclude_hidden_rows: false }), 'SheetJS');
    expect(cells).toContain('A5');
    expect(cells.filter((a) => a.startsWith('D'))).toEqual([]);
  });

  it('drops only rows when exclude_hidden_cols is false', () => {
    const cells = addresses(parse(bytes, { exclude_hidden: true, exclude_hidden_cols: false }), 'SheetJS');
    expect(cells).not.toContain('A5');
    expect(cells).toContain('D2');
  });
});

describe.skipIf(!corpusAvailable('openpyxl'))('rows hidden by an autofilter: openpyxl bug275.xlsx', () => {
  const bytes = corpusAvailable('openpyxl') ? readCorpus('office', 'openpyxl', 'openpyxl', 'reader', 'tests', 'data', 'bug275.xlsx') : new Uint8Array();
  it('keeps rows 3, 5 and 6 by default and drops them when asked', () => {
    expect(addresses(parse(bytes))).toEqual(expect.arrayContaining(['A3', 'A5', 'A6', 'B6']));
    const kept = addresses(parse(bytes, { exclude_hidden: true }));
    expect(kept).toEqual(['A1', 'B1', 'A2', 'B2', 'A4', 'B4']);
  });
});

describe.skipIf(!corpusAvailable('SheetJS-test_files'))('AutoFilter.xlsx', () => {
  it('filtered-out rows disappear from every sheet with exclude_hidden', () => {
    const bytes = readCorpus('office', 'SheetJS-test_files', 'AutoFilter.xlsx');
    const all = addresses(parse(bytes));
    const visible = addresses(parse(bytes, { exclude_hidden: true }));
    expect(visible.length).toBeLessThan(all.length);
    expect(visible.every((a) => all.includes(a))).toBe(true);
  });
});

describe('content hidden by styling', () => {
  // B1 has the ";;;" format (Excel shows nothing), C1 white text on no fill.
  const bytes = buildXlsx(
    [{ name: 'S', rows: [['shown', { t: 'n', v: 42, z: ';;;' }, 'ghost'], ['a', 'b', 'c']] }],
    (part, xml) => {
      if (part === 'xl/styles.xml') {
        return xml
          .replace(/<fonts count="1">(.*?)<\/fonts>/, '<fonts count="2">$1<font><sz val="12"/><color rgb="FFFFFFFF"/><name val="Calibri"/></font></fonts>')
          .replace(/<cellXfs count="(\d+)">(.*?)<\/cellXfs>/, (_, n: string, body: string) => `<cellXfs count="${Number(n) + 1}">${body}<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>`);
      }
      if (part === 'xl/worksheets/sheet1.xml') return xml.replace('<c r="C1"', '<c r="C1" s="2"');
      return xml;
    },
  );

  it('is kept by default (the ;;; cell displays nothing but keeps its value)', () => {
    const cells = segments(parse(bytes)).flatMap((s) => s.cell_references!.cells!);
    expect(cells.find((c) => c.address === 'B1')).toMatchObject({ value: 42, display: '' });
    expect(cells.map((c) => c.address)).toContain('C1');
  });

  it('is dropped with exclude_hidden (exclude_styling defaults to true)', () => {
    const cells = segments(parse(bytes, { exclude_hidden: true })).flatMap((s) => s.cell_references!.cells!);
    expect(cells.map((c) => c.address)).toEqual(['A1', 'A2', 'B2', 'C2']);
  });

  it('is kept with exclude_styling false', () => {
    const cells = segments(parse(bytes, { exclude_hidden: true, exclude_styling: false })).flatMap((s) => s.cell_references!.cells!);
    expect(cells.map((c) => c.address)).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'C2']);
  });
});
