import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { DEFAULT_PARSE_EXCEL_OPTIONS, effectiveOptions, validateParseExcelOptions } from '../../src/operations/parse-excel/options.js';

function fieldOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).field;
  }
  throw new Error('expected a ValidationError');
}

describe('validateParseExcelOptions', () => {
  it('applies the spec defaults', () => {
    expect(validateParseExcelOptions({})).toEqual({
      cell_metadata: false,
      include_colors: true,
      include_formulas: true,
      include_dropdowns: true,
      exclude_hidden: false,
      exclude_hidden_sheets: true,
      exclude_hidden_rows: true,
      exclude_hidden_cols: true,
      exclude_styling: true,
      exclude_images: false,
      split_large_tables: true,
      max_rows_per_segment: 50,
      table_clustering: 'accurate',
    });
    expect(validateParseExcelOptions({})).toEqual(DEFAULT_PARSE_EXCEL_OPTIONS);
  });

  it('accepts booleans and integers as multipart/CLI strings', () => {
    const o = validateParseExcelOptions({ cell_metadata: 'true', exclude_images: 'FALSE', split_large_tables: ' false ', max_rows_per_segment: '25', table_clustering: 'Fast', expires_in: '3600' });
    expect(o).toMatchObject({ cell_metadata: true, exclude_images: false, split_large_tables: false, max_rows_per_segment: 25, table_clustering: 'fast', expires_in: 3600 });
  });

  it('treats empty multipart fields as absent', () => {
    expect(validateParseExcelOptions({ cell_metadata: '', max_rows_per_segment: null })).toEqual(DEFAULT_PARSE_EXCEL_OPTIONS);
  });

  it('rejects bad values naming the field', () => {
    expect(fieldOf(() => validateParseExcelOptions({ table_clustering: 'weird' }))).toBe('table_clustering');
    expect(fieldOf(() => validateParseExcelOptions({ max_rows_per_segment: 0 }))).toBe('max_rows_per_segment');
    expect(fieldOf(() => validateParseExcelOptions({ max_rows_per_segment: '2.5' }))).toBe('max_rows_per_segment');
    expect(fieldOf(() => validateParseExcelOptions({ max_rows_per_segment: 3_000_000_000 }))).toBe('max_rows_per_segment');
    expect(fieldOf(() => validateParseExcelOptions({ cell_metadata: 'yes' }))).toBe('cell_metadata');
    expect(fieldOf(() => validateParseExcelOptions({ exclude_hidden_rows: 1 }))).toBe('exclude_hidden_rows');
    expect(fieldOf(() => validateParseExcelOptions({ expires_in: 'soon' }))).toBe('expires_in');
  });

  it('ignores PDF options, unknown keys and the input fields', () => {
    const o = validateParseExcelOptions({ ocr_strategy: 'force_ocr', layout_analysis: 'x', segment_processing: { Table: {} }, file: 'a.xlsx', url: 'http://x', whatever: 1 });
    expect(o).toEqual(DEFAULT_PARSE_EXCEL_OPTIONS);
  });

  it('sub-toggles only count under their master switch', () => {
    const off = effectiveOptions(validateParseExcelOptions({ include_formulas: true, exclude_hidden_rows: true, split_large_tables: false }));
    expect(off).toMatchObject({ formulas: false, colors: false, dropdowns: false, dropHiddenRows: false, dropHiddenSheets: false, maxBodyRows: null });
    const on = effectiveOptions(validateParseExcelOptions({ cell_metadata: true, include_colors: false, exclude_hidden: true, exclude_hidden_cols: false }));
    expect(on).toMatchObject({ formulas: true, colors: false, dropdowns: true, dropHiddenRows: true, dropHiddenCols: false, dropHiddenSheets: true, dropStyleHidden: true, maxBodyRows: 50 });
  });
});
