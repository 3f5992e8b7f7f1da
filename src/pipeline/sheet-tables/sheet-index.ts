/**
 * Random access over a SheetGrid: cell by position, cells of a rectangle, and which
 * merged range covers a position. Built once per sheet and shared by clustering and
 * rendering. Cells stay in the grid's row-major array; lookups binary-search it (a Map
 * keyed by position costs more time and memory than the searches on big sheets).
 */
import type { GridCell, SheetGrid } from '../../formats/xlsx/sheet-grid.js';
import { cellKey } from './occupancy.js';
import type { CellRange } from './types.js';

/** Merges larger than this are not expanded position by position (whole-sheet merges). */
const MAX_EXPANDED_MERGE = 1_000_000;

export class SheetIndex {
  /** Distinct rows with content, ascending, and where each starts in grid.cells. */
  private readonly rows: number[] = [];
  private readonly starts: number[] = [];
  private readonly mergeByAnchor = new Map<number, CellRange>();
  private readonly coveredBy = new Map<number, CellRange>();

  constructor(readonly grid: SheetGrid) {
    const cells = grid.cells;
    for (let i = 0; i < cells.length; i++) {
      if (i === 0 || cells[i - 1]!.row !== cells[i]!.row) {
        this.rows.push(cells[i]!.row);
        this.starts.push(i);
      }
    }
    this.starts.push(cells.length);
    for (const m of grid.merges) {
      this.mergeByAnchor.set(cellKey(m.top, m.left), m);
      if ((m.bottom - m.top + 1) * (m.right - m.left + 1) > MAX_EXPANDED_MERGE) continue;
      for (let r = m.top; r <= m.bottom; r++) for (let c = m.left; c <= m.right; c++) this.coveredBy.set(cellKey(r, c), m);
    }
  }

  get hasMerges(): boolean {
    return this.coveredBy.size > 0;
  }

  /** Index in `rows` of the first row ≥ `row`. */
  private firstRowAtOrAfter(row: number): number {
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.rows[mid]! < row) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** [start, end) of `row` in grid.cells, or null. */
  private slice(row: number): [number, number] | null {
    const k = this.firstRowAtOrAfter(row);
    return this.rows[k] === row ? [this.starts[k]!, this.starts[k + 1]!] : null;
  }

  /** First index in [s, e) whose column is ≥ col. */
  private firstColAtOrAfter(s: number, e: number, col: number): number {
    const cells = this.grid.cells;
    let lo = s;
    let hi = e;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cells[mid]!.col < col) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  cellAt(row: number, col: number): GridCell | undefined {
    const sl = this.slice(row);
    if (!sl) return undefined;
    const i = this.firstColAtOrAfter(sl[0], sl[1], col);
    const c = this.grid.cells[i];
    return i < sl[1] && c!.col === col ? c : undefined;
  }

  /** The merge whose anchor is (row, col). */
  mergeAt(row: number, col: number): CellRange | undefined {
    return this.mergeByAnchor.get(cellKey(row, col));
  }

  /** The merge covering (row, col), anchor included. */
  mergeCovering(row: number, col: number): CellRange | undefined {
    return this.coveredBy.get(cellKey(row, col));
  }

  /** Non-empty cells of one row inside [left, right], in column order. */
  rowCells(row: number, left: number, right: number): GridCell[] {
    const sl = this.slice(row);
    if (!sl) return [];
    const out: GridCell[] = [];
    const cells = this.grid.cells;
    for (let i = this.firstColAtOrAfter(sl[0], sl[1], left); i < sl[1] && cells[i]!.col <= right; i++) out.push(cells[i]!);
    return out;
  }

  /** Cells with content inside `range`, row-major. */
  *cellsIn(range: CellRange): Generator<GridCell> {
    const cells = this.grid.cells;
    for (let k = this.firstRowAtOrAfter(range.top); k < this.rows.length && this.rows[k]! <= range.bottom; k++) {
      const e = this.starts[k + 1]!;
      for (let i = this.firstColAtOrAfter(this.starts[k]!, e, range.left); i < e && cells[i]!.col <= range.right; i++) yield cells[i]!;
    }
  }
}
