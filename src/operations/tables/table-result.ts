/**
 * TableGrid → the spec's table extraction result entry.
 *
 * - `bbox` `{x1, y1, x2, y2}`: PDF points, origin at the page's top-left corner (as every
 *   Quire box), /Rotate applied: x1,y1 is the top-left corner, x2,y2 the bottom-right.
 * - `headers`: one name per column, the header rows' texts of that column joined with a
 *   space (a spanning header names every column it covers). Without a detected header
 *   row the names are `Column 1`…`Column N` and every row is a data row.
 * - `rows`: the data rows, one string per column; a spanning cell's text sits in its
 *   first (top-left) position, the positions it covers are empty.
 * - `structured_data.data`: one object per data row keyed by header (duplicate or empty
 *   names made unique: `Total`, `Total (2)`, `Column 3`); a cell spanning several rows
 *   repeats its text in each of them, so every record is complete.
 * - `table_type`: `ruled` (cells drawn with rules), `borderless` (columns and rows from
 *   text alignment), `hybrid` (some rules, e.g. only horizontal ones, plus alignment),
 *   `scanned` (found on a page image).
 */
import type { TableGrid } from '../../model/table.js';

export interface TableEntry {
  table_id: string;
  page_number: number;
  bbox: { x1: number; y1: number; x2: number; y2: number };
  confidence: number;
  headers: string[];
  rows: string[][];
  structured_data: { headers: string[]; data: Array<Record<string, string>> };
  table_type: 'ruled' | 'borderless' | 'hybrid' | 'scanned';
  column_count: number;
  row_count: number;
}

const TYPE: Record<TableGrid['method'], TableEntry['table_type']> = {
  ruled: 'ruled',
  stream: 'borderless',
  hybrid: 'hybrid',
  ocr: 'scanned',
  model: 'ruled',
};

const r2 = (v: number) => Math.round(v * 100) / 100;
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Positions → text: anchors only, or with row-spanning text repeated down its rows. */
function positions(grid: TableGrid, repeatDown: boolean): string[][] {
  const rows = Array.from({ length: grid.rowCount }, () => Array<string>(grid.colCount).fill(''));
  for (const c of grid.cells) {
    const last = repeatDown ? c.row + c.rowSpan - 1 : c.row;
    for (let r = c.row; r <= last && r < grid.rowCount; r++) rows[r]![c.col] = clean(c.text);
  }
  return rows;
}

export function headerNames(grid: TableGrid): string[] {
  if (grid.headerRows === 0) return Array.from({ length: grid.colCount }, (_, c) => `Column ${c + 1}`);
  return Array.from({ length: grid.colCount }, (_, c) => {
    const parts: string[] = [];
    for (const cell of grid.cells) {
      if (cell.row >= grid.headerRows || c < cell.col || c >= cell.col + cell.colSpan) continue;
      const t = clean(cell.text);
      if (t && !parts.includes(t)) parts.push(t);
    }
    return parts.join(' ');
  });
}

/** Keys for structured records: header names made unique and non-empty. */
export function recordKeys(headers: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headers.map((h, c) => {
    const base = h || `Column ${c + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

export function tableEntry(grid: TableGrid, pageNumber: number, tableId: string): TableEntry {
  const headers = headerNames(grid);
  const rows = positions(grid, false).slice(grid.headerRows);
  const full = positions(grid, true).slice(grid.headerRows);
  const keys = recordKeys(headers);
  const b = grid.bbox;
  return {
    table_id: tableId,
    page_number: pageNumber,
    bbox: { x1: r2(b.left), y1: r2(b.top), x2: r2(b.left + b.width), y2: r2(b.top + b.height) },
    confidence: Math.round(grid.confidence * 1000) / 1000,
    headers,
    rows,
    structured_data: { headers: keys, data: full.map((row) => Object.fromEntries(keys.map((k, c) => [k, row[c] ?? '']))) },
    table_type: TYPE[grid.method],
    column_count: grid.colCount,
    row_count: rows.length,
  };
}
