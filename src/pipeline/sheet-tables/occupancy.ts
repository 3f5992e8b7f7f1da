/**
 * The occupied cell positions of a sheet, sorted row-major: every cell with content plus
 * every position covered by a merged cell whose anchor has content (a merged header
 * spanning three columns occupies all three). Stored as two parallel typed arrays.
 */
import type { SheetGrid } from '../../formats/xlsx/sheet-grid.js';

export interface Occupancy {
  rows: Int32Array;
  cols: Int32Array;
  length: number;
}

/** Positions are unique keys: Excel has at most 16384 columns. */
export const COLS_PER_ROW = 16384;

export function cellKey(row: number, col: number): number {
  return row * COLS_PER_ROW + col;
}

export function occupancy(grid: SheetGrid): Occupancy {
  const keys: number[] = grid.cells.map((c) => cellKey(c.row, c.col));
  if (grid.merges.length) {
    const occupied = new Set(keys);
    for (const m of grid.merges) {
      if (!occupied.has(cellKey(m.top, m.left))) continue;
      for (const r of grid.omittedRows.kept(m.top, m.bottom)) {
        for (const c of grid.omittedCols.kept(m.left, m.right)) {
          const k = cellKey(r, c);
          if (!occupied.has(k)) {
            occupied.add(k);
            keys.push(k);
          }
        }
      }
    }
    keys.sort((a, b) => a - b);
  }
  const rows = new Int32Array(keys.length);
  const cols = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    rows[i] = Math.floor(keys[i]! / COLS_PER_ROW);
    cols[i] = keys[i]! % COLS_PER_ROW;
  }
  return { rows, cols, length: keys.length };
}

/** Bounding box of all occupied positions, or null for an empty sheet. */
export function occupiedBounds(occ: Occupancy): { top: number; left: number; bottom: number; right: number } | null {
  if (occ.length === 0) return null;
  let left = Infinity;
  let right = -Infinity;
  for (let i = 0; i < occ.length; i++) {
    left = Math.min(left, occ.cols[i]!);
    right = Math.max(right, occ.cols[i]!);
  }
  return { top: occ.rows[0]!, left, bottom: occ.rows[occ.length - 1]!, right };
}
