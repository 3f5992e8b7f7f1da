/**
 * Table clustering and the segment/chunk output on small workbooks built in memory:
 * the three clustering modes, titles and notes, docling's edge cases (diagonal tables,
 * a label column attached to the left, a one-column gap), merged cells, splitting, and
 * the schema of every segment.
 */
import { describe, expect, it } from 'vitest';
import type { ChunkedResult, Segment } from '../../src/model/document.js';
import { validateParseExcelOptions } from '../../src/operations/parse-excel/options.js';
import { parseWorkbook } from '../../src/operations/parse-excel/parse-workbook.js';
import { buildXlsx, type SheetSpec } from './support/build-workbook.js';

function parse(sheets: SheetSpec[], raw: Record<string, unknown> = {}): ChunkedResult {
  return parseWorkbook(buildXlsx(sheets), 'built.xlsx', validateParseExcelOptions(raw));
}

function segs(r: ChunkedResult): Segment[] {
  return r.chunks.flatMap((c) => c.segments);
}

function summary(r: ChunkedResult): string[] {
  return segs(r).map((s) => `${s.segment_type} ${s.cell_references!.range}`);
}

const table = (top: number, rows: number, cols: number, tag: string) => Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (r === 0 ? `${tag}${c}` : top * 100 + r * 10 + c)));

/** Places blocks of rows at given (row, col) offsets on one grid. */
function place(...blocks: Array<[number, number, Array<Array<string | number | null>>]>): Array<Array<string | number | null>> {
  const grid: Array<Array<string | number | null>> = [];
  for (const [r0, c0, block] of blocks) {
    block.forEach((row, r) => {
      grid[r0 + r] ??= [];
      row.forEach((v, c) => (grid[r0 + r]![c0 + c] = v));
    });
  }
  for (let r = 0; r < grid.length; r++) grid[r] ??= [];
  return grid;
}

describe('clustering modes', () => {
  const sideBySide: SheetSpec = { name: 'S', rows: place([0, 0, table(0, 4, 3, 'a')], [0, 4, table(1, 4, 2, 'b')], [6, 0, table(2, 3, 2, 'c')]) };

  it('accurate: blank columns and rows separate tables', () => {
    expect(summary(parse([sideBySide]))).toEqual(['Table A1:C4', 'Table E1:F4', 'Table A7:B9']);
  });
  it('fast: side-by-side tables in one row band merge, blank rows still separate', () => {
    expect(summary(parse([sideBySide], { table_clustering: 'fast' }))).toEqual(['Table A1:F4', 'Table A7:B9']);
  });
  it('off: the used range is one table with confidence 1', () => {
    const r = parse([sideBySide], { table_clustering: 'off' });
    expect(summary(r)).toEqual(['Table A1:F9']);
    expect(segs(r)[0]!.confidence).toBe(1);
  });
  it('accurate: diagonal contact does not join two tables', () => {
    expect(summary(parse([{ name: 'S', rows: place([0, 0, table(0, 3, 2, 'a')], [3, 2, table(1, 3, 2, 'b')]) }]))).toEqual(['Table A1:B3', 'Table C4:D6']);
  });
  it('accurate: a label column starting lower is attached to the table (L shape)', () => {
    const rows = place([0, 1, table(0, 5, 3, 'h')], [1, 0, [['x'], ['y'], ['z'], ['w']]]);
    expect(summary(parse([{ name: 'S', rows }]))).toEqual(['Table A1:D5']);
  });
  it('accurate: an empty column splits a numbering column from its table (docling gap tolerance 0)', () => {
    const rows = [['1', null, 'Rated system voltage', 'kV', '400'], [null, null, 'Frequency', 'Hz', '50'], [null, null, 'Phases', '', '3']];
    const out = summary(parse([{ name: 'S', rows }]));
    expect(out).toContain('Table C1:E3');
    expect(out).toContain('Text A1');
  });
});

describe('titles, notes and section labels', () => {
  it('a lone text above a table is its Title and shares its chunk; a note below joins too', () => {
    const rows = place([0, 1, [['Ducks per year']]], [2, 1, table(0, 4, 2, 'h')], [7, 1, [['Source: survey']]]);
    const r = parse([{ name: 'S', rows }]);
    expect(summary(r)).toEqual(['Title B1', 'Table B3:C6', 'Text B8']);
    expect(r.chunks).toHaveLength(1);
    const [title, tbl, note] = r.chunks[0]!.segments;
    expect(title!.segment_id).toBe('s1-t1-title');
    expect(title!.html).toBe('<h1>Ducks per year</h1>');
    expect(tbl!.segment_id).toBe('s1-t1');
    expect(note!.segment_id).toBe('s1-t1-note1');
    expect(r.chunks[0]!.embed.startsWith('Ducks per year\n\n| h0 | h1 |')).toBe(true);
  });
  it('a merged label over the column headers is split off as the Title', () => {
    const rows = [['Reading List', null, null], ['#', 'Title', 'Author'], [1, 'Hound', 'Doyle'], [2, 'Time', 'Hawking']];
    expect(summary(parse([{ name: 'S', rows, merges: ['A1:C1'] }]))).toEqual(['Title A1:C1', 'Table A2:C4']);
  });
  it('a lone cell far from any table is free Text', () => {
    const rows = place([0, 0, table(0, 3, 2, 'h')], [10, 5, [['remark']]]);
    expect(summary(parse([{ name: 'S', rows }]))).toEqual(['Table A1:B3', 'Text F11']);
  });
});

describe('rendering', () => {
  it('merged cells become colspan/rowspan; markdown repeats them; content is tab separated', () => {
    const rows = [['Region', 'Sales', null], [null, 'Q1', 'Q2'], ['North', 1, 2], ['South', 3, 4]];
    const r = parse([{ name: 'S', rows, merges: ['A1:A2', 'B1:C1'] }]);
    const t = segs(r)[0]!;
    expect(t.html).toBe(
      '<table><thead><tr><th rowspan="2">Region</th><th colspan="2">Sales</th></tr><tr><th>Q1</th><th>Q2</th></tr></thead>' +
        '<tbody><tr><td>North</td><td>1</td><td>2</td></tr><tr><td>South</td><td>3</td><td>4</td></tr></tbody></table>',
    );
    expect(t.markdown.split('\n')).toEqual(['| Region | Sales | Sales |', '|---|---|---|', '| Region | Q1 | Q2 |', '| North | 1 | 2 |', '| South | 3 | 4 |']);
    expect(t.content).toBe('Region\tSales\t\n\tQ1\tQ2\nNorth\t1\t2\nSouth\t3\t4');
    expect(t.embed).toBe(t.markdown);
    expect(t.cell_references!.cells!.find((c) => c.address === 'B1')).toMatchObject({ col_span: 2, row_span: 1 });
  });

  it('numbers, dates, percentages and currencies are shown as Excel displays them; raw values are kept', () => {
    const rows = [['what', 'value'], ['pct', { t: 'n' as const, v: 0.125, z: '0.0%' }], ['date', { t: 'n' as const, v: 45292, z: 'yyyy-mm-dd' }], ['eur', { t: 'n' as const, v: -1234.5, z: '#,##0.00 "€";-#,##0.00 "€"' }], ['when', { t: 'n' as const, v: 45292.75, z: 'm/d/yy h:mm' }]];
    const t = segs(parse([{ name: 'S', rows }]))[0]!;
    const byAddr = Object.fromEntries(t.cell_references!.cells!.map((c) => [c.address, c]));
    expect(byAddr.B2).toMatchObject({ display: '12.5%', value: 0.125 });
    expect(byAddr.B3).toMatchObject({ display: '2024-01-01', value: '2024-01-01' });
    expect(byAddr.B4).toMatchObject({ display: '-1,234.50 €', value: -1234.5 });
    expect(byAddr.B5).toMatchObject({ display: '1/1/24 18:00', value: '2024-01-01T18:00:00' });
    expect(t.markdown).toContain('| pct | 12.5% |');
  });

  it('escapes HTML and markdown', () => {
    const t = segs(parse([{ name: 'S', rows: [['a|b', '<x>'], ['line1\nline2', '&']] }]))[0]!;
    expect(t.html).toContain('<th>a|b</th><th>&lt;x&gt;</th>');
    expect(t.html).toContain('<td>line1<br>line2</td><td>&amp;</td>');
    expect(t.markdown.split('\n')[0]).toBe('| a\\|b | <x> |');
    expect(t.markdown).toContain('| line1<br>line2 | & |');
  });
});

describe('splitting large tables', () => {
  const rows = table(0, 121, 3, 'col');

  it('splits into parts of max_rows_per_segment body rows, repeating the header', () => {
    const r = parse([{ name: 'S', rows }], { max_rows_per_segment: 50 });
    const parts = segs(r);
    expect(parts.map((s) => `${s.segment_id} ${s.cell_references!.range}`)).toEqual(['s1-t1-p1 A1:C51', 's1-t1-p2 A52:C101', 's1-t1-p3 A102:C121']);
    expect(r.chunks.map((c) => c.segments.length)).toEqual([1, 1, 1]);
    for (const p of parts) {
      expect(p.html.startsWith('<table><thead><tr><th>col0</th><th>col1</th><th>col2</th></tr></thead><tbody>')).toBe(true);
      expect(p.markdown.split('\n')[0]).toBe('| col0 | col1 | col2 |');
    }
    expect(parts[1]!.bbox).toEqual({ left: 0, top: 51, width: 3, height: 50 });
    expect(parts[2]!.markdown.split('\n')).toHaveLength(2 + 20);
    // Each cell is referenced by exactly one part; the header only by the first.
    expect(parts.map((p) => p.cell_references!.cells!.length)).toEqual([153, 150, 60]);
  });

  it('keeps one segment when split_large_tables is false', () => {
    expect(summary(parse([{ name: 'S', rows }], { split_large_tables: 'false' }))).toEqual(['Table A1:C121']);
  });
});

describe('output schema', () => {
  it('every segment carries the fields of parse, in cell-grid units, pages = output sheets', () => {
    const r = parse([
      { name: 'One', rows: place([1, 1, table(0, 3, 2, 'h')]) },
      { name: 'Hidden', rows: [['x']], hidden: 1 },
      { name: 'Two', rows: [['only']] },
    ], { exclude_hidden: true });
    expect(r.page_count).toBe(2);
    const all = segs(r);
    for (const s of all) {
      expect(s).toMatchObject({ ocr: null, image: null, chart_data: null });
      expect(typeof s.confidence).toBe('number');
      expect(s.bbox.left + s.bbox.width).toBeLessThanOrEqual(s.page_width);
      expect(s.bbox.top + s.bbox.height).toBeLessThanOrEqual(s.page_height);
    }
    expect(all.map((s) => [s.segment_id, s.page_number, s.cell_references!.sheet_index, s.page_width, s.page_height])).toEqual([
      ['s1-t1', 1, 1, 3, 4],
      ['s3-text1', 2, 3, 1, 1],
    ]);
    expect(all[0]!.bbox).toEqual({ left: 1, top: 1, width: 2, height: 3 });
    expect(all[0]!.cell_references).toMatchObject({ sheet_name: 'One', range: 'B2:C4', start_row: 2, start_col: 2, end_row: 4, end_col: 3 });
    for (const c of r.chunks) expect(c.chunk_length).toBe(c.embed.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length);
    expect(r.chunks.map((c) => c.chunk_id)).toEqual(['s1-c1', 's3-c1']);
  });

  it('is deterministic', () => {
    const sheets: SheetSpec[] = [{ name: 'S', rows: place([0, 0, table(0, 4, 3, 'a')], [0, 4, table(1, 4, 2, 'b')]) }];
    expect(JSON.stringify(parse(sheets))).toBe(JSON.stringify(parse(sheets)));
  });
});
