/**
 * `cell_references` of a segment: sheet, A1 range (1-based rows/columns) and, for
 * tables, titles and notes, one entry per cell with content (address, raw value,
 * displayed text, and the metadata the options ask for).
 */
import type { SheetDropdowns } from '../../formats/xlsx/data-validations.js';
import type { CellRange, GridCell, SheetGrid } from '../../formats/xlsx/sheet-grid.js';
import { XLSX } from '../../formats/xlsx/sheetjs.js';
import type { CellReference, CellReferences } from '../../model/document.js';
import type { SheetIndex } from '../../pipeline/sheet-tables/sheet-index.js';

export function a1Range(r: CellRange): string {
  return XLSX.utils.encode_range({ s: { r: r.top, c: r.left }, e: { r: r.bottom, c: r.right } });
}

/** Column letters, computed once per column: this runs for every referenced cell. */
const columnNames: string[] = [];

function columnName(col: number): string {
  let name = columnNames[col];
  if (name === undefined) {
    name = XLSX.utils.encode_col(col);
    columnNames[col] = name;
  }
  return name;
}

export function a1Cell(row: number, col: number): string {
  return columnName(col) + (row + 1);
}

export interface ReferenceContext {
  grid: SheetGrid;
  index: SheetIndex;
  dropdowns: SheetDropdowns | null;
}

function reference(cell: GridCell, ctx: ReferenceContext): CellReference {
  const ref: CellReference = { address: a1Cell(cell.row, cell.col), row: cell.row + 1, col: cell.col + 1, value: cell.value, display: cell.display };
  if (cell.formula !== undefined) ref.formula = cell.formula;
  if (cell.numberFormat !== undefined) ref.number_format = cell.numberFormat;
  if (cell.fontColor !== undefined) ref.font_color = cell.fontColor;
  if (cell.fillColor !== undefined) ref.fill_color = cell.fillColor;
  const options = ctx.dropdowns?.optionsAt(cell.row, cell.col);
  if (options) ref.dropdown_options = options;
  const m = ctx.index.mergeAt(cell.row, cell.col);
  if (m) {
    ref.row_span = m.bottom - m.top + 1;
    ref.col_span = m.right - m.left + 1;
  }
  return ref;
}

/** Empty input cells that offer a dropdown are content too (a form's choices). */
function emptyDropdownCells(range: CellRange, ctx: ReferenceContext): CellReference[] {
  const out: CellReference[] = [];
  if (!ctx.dropdowns) return out;
  for (const d of ctx.dropdowns.ranges) {
    const top = Math.max(d.top, range.top);
    const bottom = Math.min(d.bottom, range.bottom);
    const left = Math.max(d.left, range.left);
    const right = Math.min(d.right, range.right);
    if (top > bottom || left > right) continue;
    for (const r of ctx.grid.omittedRows.kept(top, bottom)) {
      for (const c of ctx.grid.omittedCols.kept(left, right)) {
        if (ctx.index.cellAt(r, c)) continue;
        const options = ctx.dropdowns.optionsAt(r, c);
        if (options) out.push({ address: a1Cell(r, c), row: r + 1, col: c + 1, value: null, display: '', dropdown_options: options });
      }
    }
  }
  return out;
}

export function cellReferences(range: CellRange, ctx: ReferenceContext, withCells: boolean): CellReferences {
  const refs: CellReferences = {
    sheet_name: ctx.grid.name,
    sheet_index: ctx.grid.index + 1,
    range: a1Range(range),
    start_row: range.top + 1,
    start_col: range.left + 1,
    end_row: range.bottom + 1,
    end_col: range.right + 1,
  };
  if (withCells) {
    const cells = [...ctx.index.cellsIn(range)].map((c) => reference(c, ctx));
    const extra = emptyDropdownCells(range, ctx);
    if (extra.length) {
      const seen = new Set(cells.map((c) => c.address));
      for (const e of extra) if (!seen.has(e.address)) (seen.add(e.address), cells.push(e));
      cells.sort((a, b) => a.row - b.row || a.col - b.col);
    }
    refs.cells = cells;
  }
  return refs;
}
