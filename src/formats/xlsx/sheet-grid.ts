/**
 * One SheetJS worksheet → a SheetGrid: the sparse list of cells that carry content, with
 * display text and raw value, merges, and the rows/columns to leave out. Everything
 * downstream (clustering, rendering, cell_references) reads only this structure.
 */
import { AxisGaps } from './axis-gaps.js';
import { cellValues, type CellKind } from './cell-values.js';
import type { CellStyleLookup } from './cell-styles.js';
import type { CellObject, WorkBook, WorkSheet } from './sheetjs.js';

/** Inclusive, 0-based cell rectangle. */
export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface GridCell {
  /** 0-based. */
  row: number;
  col: number;
  kind: CellKind;
  display: string;
  value: string | number | boolean | null;
  formula?: string;
  numberFormat?: string;
  fontColor?: string;
  fillColor?: string;
}

export interface SheetGrid {
  name: string;
  /** 0-based position in the workbook. */
  index: number;
  hidden: boolean;
  /** Chartsheets hold no cells of their own (SheetJS fills them with the chart's cache). */
  isChart: boolean;
  /** Cells with content, sorted by row then column. */
  cells: GridCell[];
  merges: CellRange[];
  /** Rows/columns dropped by exclude_hidden (their cells are already removed from `cells`). */
  omittedRows: AxisGaps;
  omittedCols: AxisGaps;
}

export interface GridOptions {
  omitHiddenRows: boolean;
  omitHiddenCols: boolean;
  /** Drop content hidden by its style: `;;;`-style formats, text coloured like its background. */
  omitStyleHidden: boolean;
  withFormulas: boolean;
  withNumberFormats: boolean;
  withColors: boolean;
}

interface SheetProps {
  Hidden?: number;
}

export function isSheetHidden(wb: WorkBook, index: number): boolean {
  const props = (wb.Workbook?.Sheets as SheetProps[] | undefined)?.[index];
  return (props?.Hidden ?? 0) > 0;
}

function hiddenIndices(list: Array<{ hidden?: boolean } | null | undefined> | undefined): number[] {
  const out: number[] = [];
  if (!list) return out;
  list.forEach((item, i) => {
    if (item?.hidden) out.push(i);
  });
  return out;
}

/** Text drawn in its background colour is invisible in Excel. */
function colourHidden(fontColor: string | undefined, fillColor: string | undefined): boolean {
  if (!fontColor) return false;
  return fontColor.toUpperCase() === (fillColor ?? '#FFFFFF').toUpperCase();
}

export function buildSheetGrid(wb: WorkBook, index: number, opts: GridOptions, styles: CellStyleLookup | null): SheetGrid {
  const name = wb.SheetNames[index]!;
  const ws = wb.Sheets[name] as WorkSheet & { '!type'?: string; '!data'?: Array<Array<CellObject | undefined> | undefined> };
  const date1904 = Boolean(wb.Workbook?.WBProps?.date1904);
  const isChart = ws['!type'] === 'chart';
  const omittedRows = opts.omitHiddenRows ? new AxisGaps(hiddenIndices(ws['!rows'])) : AxisGaps.NONE;
  const omittedCols = opts.omitHiddenCols ? new AxisGaps(hiddenIndices(ws['!cols'])) : AxisGaps.NONE;
  const cells: GridCell[] = [];
  const data = isChart ? undefined : ws['!data'];
  if (data) {
    for (let r = 0; r < data.length; r++) {
      const row = data[r];
      if (!row || omittedRows.has(r)) continue;
      for (let c = 0; c < row.length; c++) {
        const cell = row[c];
        if (!cell || omittedCols.has(c)) continue;
        const values = cellValues(cell, date1904);
        if (!values) continue;
        const style = styles?.(r, c);
        if (opts.omitStyleHidden) {
          const formatHidden = values.display === '' && values.value !== '' && values.value !== null;
          if (formatHidden || colourHidden(style?.fontColor, style?.fillColor)) continue;
        }
        const g: GridCell = { row: r, col: c, kind: values.kind, display: values.display, value: values.value };
        if (opts.withFormulas && typeof cell.f === 'string' && cell.f) g.formula = cell.f;
        if (opts.withNumberFormats && typeof cell.z === 'string' && cell.z !== 'General') g.numberFormat = cell.z;
        if (opts.withColors && style) {
          if (style.fontColor) g.fontColor = style.fontColor;
          if (style.fillColor) g.fillColor = style.fillColor;
        }
        cells.push(g);
      }
    }
  }
  const merges: CellRange[] = [];
  for (const m of ws['!merges'] ?? []) {
    if (omittedRows.has(m.s.r) || omittedCols.has(m.s.c)) continue;
    merges.push({ top: m.s.r, left: m.s.c, bottom: m.e.r, right: m.e.c });
  }
  return { name, index, hidden: isSheetHidden(wb, index), isChart, cells, merges, omittedRows, omittedCols };
}
