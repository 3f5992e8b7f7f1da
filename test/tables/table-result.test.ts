/** TableGrid → the spec's table entry (headers, rows, structured records). */
import { describe, expect, it } from 'vitest';
import type { TableCell, TableGrid } from '../../src/model/table.js';
import { recordKeys, tableEntry } from '../../src/operations/tables/table-result.js';

const box = { left: 10, top: 20, width: 5, height: 5 };
const c = (row: number, col: number, text: string, rowSpan = 1, colSpan = 1): TableCell => ({ row, col, rowSpan, colSpan, text, bbox: box });

function grid(cells: TableCell[], rowCount: number, colCount: number, headerRows: number): TableGrid {
  return { rowCount, colCount, cells, headerRows, bbox: { left: 72.004, top: 100.5, width: 300, height: 80 }, method: 'hybrid', confidence: 0.81234 };
}

describe('table entries', () => {
  it('names columns after multi-row headers and repeats row-spanning text in records only', () => {
    const g = grid([c(0, 0, 'Year', 2), c(0, 1, 'Sales', 1, 2), c(1, 1, 'EU'), c(1, 2, 'US'), c(2, 0, '2020', 2), c(2, 1, '1'), c(2, 2, '2'), c(3, 1, '3'), c(3, 2, '4')], 4, 3, 2);
    const t = tableEntry(g, 3, 'id-1');
    expect(t.headers).toEqual(['Year', 'Sales EU', 'Sales US']);
    expect(t.rows).toEqual([
      ['2020', '1', '2'],
      ['', '3', '4'],
    ]);
    expect(t.structured_data.data).toEqual([
      { Year: '2020', 'Sales EU': '1', 'Sales US': '2' },
      { Year: '2020', 'Sales EU': '3', 'Sales US': '4' },
    ]);
    expect(t).toMatchObject({ table_id: 'id-1', page_number: 3, table_type: 'hybrid', column_count: 3, row_count: 2, confidence: 0.812 });
    expect(t.bbox).toEqual({ x1: 72, y1: 100.5, x2: 372, y2: 180.5 });
  });

  it('generates names without a header row, and keeps record keys unique', () => {
    const t = tableEntry(grid([c(0, 0, 'a'), c(0, 1, 'b')], 1, 2, 0), 1, 'x');
    expect(t.headers).toEqual(['Column 1', 'Column 2']);
    expect(t.rows).toEqual([['a', 'b']]);
    expect(recordKeys(['Total', '', 'Total'])).toEqual(['Total', 'Column 2', 'Total (2)']);
  });
});
