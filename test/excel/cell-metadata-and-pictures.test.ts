/**
 * cell_metadata (colours, formulas, dropdown options, number formats) and Picture
 * segments from drawing anchors.
 */
import { describe, expect, it } from 'vitest';
import type { CellReference, ChunkedResult } from '../../src/model/document.js';
import { validateParseExcelOptions } from '../../src/operations/parse-excel/options.js';
import { parseWorkbook } from '../../src/operations/parse-excel/parse-workbook.js';
import { buildXlsx } from './support/build-workbook.js';
import { corpusAvailable, readCorpus } from './support/corpus.js';

function parse(bytes: Uint8Array, raw: Record<string, unknown> = {}): ChunkedResult {
  return parseWorkbook(bytes, 'book.xlsx', validateParseExcelOptions(raw));
}

function cells(r: ChunkedResult): Record<string, CellReference> {
  const out: Record<string, CellReference> = {};
  for (const c of r.chunks) for (const s of c.segments) for (const cell of s.cell_references?.cells ?? []) out[`${s.cell_references!.sheet_name}!${cell.address}`] = cell;
  return out;
}

describe.skipIf(!corpusAvailable('SheetJS-test_files'))('colours and formulas', () => {
  const styled = corpusAvailable('SheetJS-test_files') ? readCorpus('office', 'SheetJS-test_files', 'cell_style_simple.xlsx') : new Uint8Array();

  it('are absent unless cell_metadata is on', () => {
    const c = cells(parse(styled))['Sheet1!B1']!;
    expect(c).toEqual({ address: 'B1', row: 1, col: 2, value: 2, display: '2' });
  });

  it('fill colours resolve theme + tint; formulas are reported', () => {
    const c = cells(parse(styled, { cell_metadata: true }))['Sheet1!B1']!;
    // theme 9 (accent6, F79646) with tint -0.25, the value Excel shows.
    expect(c).toMatchObject({ formula: 'A1+1', fill_color: '#E46C0A', font_color: '#000000' });
  });

  it('each sub-toggle switches its own field off', () => {
    const c = cells(parse(styled, { cell_metadata: true, include_colors: false, include_formulas: 'false' }))['Sheet1!B1']!;
    expect(c.formula).toBeUndefined();
    expect(c.fill_color).toBeUndefined();
    expect(c.font_color).toBeUndefined();
  });
});

describe.skipIf(!corpusAvailable('openpyxl'))('font colours', () => {
  it('openpyxl complex-styles.xlsx: blue text on a green fill', () => {
    const bytes = readCorpus('office', 'openpyxl', 'openpyxl', 'reader', 'tests', 'data', 'complex-styles.xlsx');
    expect(cells(parse(bytes, { cell_metadata: true }))['Sheet1!I2']).toMatchObject({ display: 'Column Text Blue (#3300FF)', font_color: '#3300FF', fill_color: '#006600' });
  });
});

describe('dropdown options', () => {
  const bytes = buildXlsx(
    [
      { name: 'Form', rows: [['Question', 'Answer', 'Colour', 'Size'], ['Q1', 'Yes', 'red', null], ['Q2', null, null, null]] },
      { name: 'Lists', rows: [['red'], ['green'], ['blue']] },
    ],
    (part, xml) => {
      if (part !== 'xl/worksheets/sheet1.xml') return xml;
      const classic =
        '<dataValidations count="2"><dataValidation type="list" allowBlank="1" sqref="B2:B3"><formula1>"Yes,No,Maybe"</formula1></dataValidation>' +
        '<dataValidation type="list" sqref="C2:C3"><formula1>Lists!$A$1:$A$3</formula1></dataValidation></dataValidations>';
      const x14 =
        '<extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">' +
        '<x14:dataValidations count="1" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><x14:dataValidation type="list"><x14:formula1><xm:f>\'Lists\'!$A$1:$A$2</xm:f></x14:formula1><xm:sqref>D2</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst>';
      return xml.replace('</sheetData>', `</sheetData>${classic}`).replace('</worksheet>', `${x14}</worksheet>`);
    },
  );

  it('literal lists, ranges on another sheet and x14 lists are resolved, also on empty input cells', () => {
    const c = cells(parse(bytes, { cell_metadata: true }));
    expect(c['Form!B2']).toMatchObject({ display: 'Yes', dropdown_options: ['Yes', 'No', 'Maybe'] });
    expect(c['Form!B3']).toMatchObject({ display: '', value: null, dropdown_options: ['Yes', 'No', 'Maybe'] });
    expect(c['Form!C2']!.dropdown_options).toEqual(['red', 'green', 'blue']);
    expect(c['Form!D2']).toMatchObject({ value: null, dropdown_options: ['red', 'green'] });
    expect(c['Form!A2']!.dropdown_options).toBeUndefined();
  });

  it('are off with include_dropdowns false', () => {
    const c = cells(parse(bytes, { cell_metadata: true, include_dropdowns: false }));
    expect(c['Form!B2']!.dropdown_options).toBeUndefined();
    expect(c['Form!B3']).toBeUndefined();
  });
});

describe.skipIf(!corpusAvailable('docling'))('pictures', () => {
  const oneCell = corpusAvailable('docling') ? readCorpus('office', 'docling', 'tests', 'data', 'xlsx', 'sources', 'xlsx_08_one_cell_anchor.xlsx') : new Uint8Array();

  it('a oneCellAnchor picture covers its anchor cell (D2), like docling', () => {
    const pics = parse(oneCell).chunks.flatMap((c) => c.segments).filter((s) => s.segment_type === 'Picture');
    expect(pics).toHaveLength(1);
    expect(pics[0]).toMatchObject({ segment_id: 's1-pic1', bbox: { left: 3, top: 1, width: 1, height: 1 }, image: null, confidence: 1, page_width: 4, page_height: 3 });
    expect(pics[0]!.cell_references!.range).toBe('D2');
  });

  it('a twoCellAnchor picture spans from..to (docling xlsx_01 Sheet3: l8 t18 r13 b36)', () => {
    const bytes = readCorpus('office', 'docling', 'tests', 'data', 'xlsx', 'sources', 'xlsx_01.xlsx');
    const pic = parse(bytes).chunks.flatMap((c) => c.segments).find((s) => s.segment_type === 'Picture')!;
    expect(pic.bbox).toEqual({ left: 8, top: 18, width: 5, height: 18 });
    expect(pic.cell_references!.sheet_name).toBe('Sheet3');
  });

  it('exclude_images drops them', () => {
    expect(parse(oneCell, { exclude_images: true }).chunks.flatMap((c) => c.segments).map((s) => s.segment_type)).toEqual(['Table']);
  });
});
