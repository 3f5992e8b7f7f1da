/**
 * Header detection and splitting of a table into parts of at most N body rows
 * (`split_large_tables` / `max_rows_per_segment`). Every part after the first repeats
 * the header rows in its rendering, so each part reads as a table on its own.
 */
import type { SheetIndex } from './sheet-index.js';
import type { CellRange } from './types.js';

/** Multi-row headers deeper than this are treated as data. */
const MAX_HEADER_ROWS = 3;

/**
 * Header rows of a table, given its kept rows: one, or more when the first row holds
 * merged group headers (a cell spanning rows, or spanning columns above sub-headers).
 */
export function headerRowCount(rows: readonly number[], range: CellRange, index: SheetIndex): number {
  if (rows.length <= 2) return 1;
  const first = rows[0]!;
  let depth = 1;
  for (const cell of index.rowCells(first, range.left, range.right)) {
    const m = index.mergeAt(cell.row, cell.col);
    if (!m) continue;
    if (m.bottom > m.top) depth = Math.max(depth, rows.filter((r) => r >= m.top && r <= Math.min(m.bottom, range.bottom)).length);
    else if (m.right > m.left) depth = Math.max(depth, 2);
  }
  return Math.min(depth, MAX_HEADER_ROWS, rows.length - 1);
}

export interface TablePart {
  /** Rows to render, in order: header rows first (repeated in later parts), then body rows. */
  rows: number[];
  /** How many leading `rows` are header rows. */
  headerCount: number;
  /** Rows that belong to this part (bbox, range and cell_references). */
  ownRows: number[];
}

/** `maxBodyRows` null: one part. */
export function splitTable(rows: readonly number[], headerCount: number, maxBodyRows: number | null): TablePart[] {
  const header = rows.slice(0, headerCount);
  const body = rows.slice(headerCount);
  if (maxBodyRows === null || body.length <= maxBodyRows) return [{ rows: [...rows], headerCount, ownRows: [...rows] }];
  const parts: TablePart[] = [];
  for (let i = 0; i < body.length; i += maxBodyRows) {
    const slice = body.slice(i, i + maxBodyRows);
    parts.push({ rows: [...header, ...slice], headerCount, ownRows: i === 0 ? [...header, ...slice] : slice });
  }
  return parts;
}
