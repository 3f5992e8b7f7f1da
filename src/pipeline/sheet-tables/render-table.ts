/**
 * A sheet table's rows × columns laid out for the one table renderer (render/table.ts):
 * merged cells are clipped to what is rendered (a merge cut by a part boundary or by
 * excluded hidden rows keeps its text in the first rendered row/column it covers), then
 * rendered as HTML, markdown (the sheet layout: every row a row, merged text repeated) and
 * plain text, with the same cell escaping as every other table.
 */
import { renderHtml, renderMarkdown, renderText, type DenseTable } from '../../render/table.js';
import type { SheetIndex } from './sheet-index.js';
import type { CellRange } from './types.js';

export interface RenderedTable {
  html: string;
  markdown: string;
  content: string;
}

/**
 * One section (header or body) laid out as a text grid. `rowSpan`/`colSpan` are null when
 * the sheet has no merges (the common, fast case); otherwise 0 marks a position covered
 * by another cell's span.
 */
interface Section {
  text: string[][];
  rowSpan: number[][] | null;
  colSpan: number[][] | null;
}

function countIn(list: readonly number[], lo: number, hi: number): number {
  let n = 0;
  for (const v of list) if (v >= lo && v <= hi) n++;
  return n;
}

function layoutSection(index: SheetIndex, rows: readonly number[], cols: readonly number[]): Section {
  const left = cols[0] ?? 0;
  const right = cols[cols.length - 1] ?? -1;
  const colPos = new Int32Array(Math.max(0, right - left + 1)).fill(-1);
  cols.forEach((c, i) => (colPos[c - left] = i));
  const text = rows.map((r) => {
    const line = new Array<string>(cols.length).fill('');
    for (const cell of index.rowCells(r, left, right)) {
      const i = colPos[cell.col - left]!;
      if (i >= 0) line[i] = cell.display;
    }
    return line;
  });
  if (!index.hasMerges) return { text, rowSpan: null, colSpan: null };

  const rowSpan = rows.map(() => new Array<number>(cols.length).fill(1));
  const colSpan = rows.map(() => new Array<number>(cols.length).fill(1));
  const done = new Set<CellRange>();
  rows.forEach((r, ri) => {
    cols.forEach((c, ci) => {
      const m = index.mergeCovering(r, c);
      if (!m || done.has(m)) return;
      done.add(m);
      // Scanning row-major, (ri, ci) is the first rendered position inside the merge.
      const rs = countIn(rows, m.top, m.bottom);
      const cs = countIn(cols, m.left, m.right);
      const value = index.cellAt(m.top, m.left)?.display ?? '';
      for (let dr = 0; dr < rs; dr++) {
        for (let dc = 0; dc < cs; dc++) {
          if (ri + dr >= rows.length || ci + dc >= cols.length) continue;
          const anchor = dr === 0 && dc === 0;
          text[ri + dr]![ci + dc] = value;
          rowSpan[ri + dr]![ci + dc] = anchor ? rs : 0;
          colSpan[ri + dr]![ci + dc] = anchor ? cs : 0;
        }
      }
    });
  });
  return { text, rowSpan, colSpan };
}

/** `rows`: sheet rows in render order; the first `headerCount` form the header. */
export function renderTable(index: SheetIndex, rows: readonly number[], cols: readonly number[], headerCount: number): RenderedTable {
  const head = layoutSection(index, rows.slice(0, headerCount), cols);
  const body = layoutSection(index, rows.slice(headerCount), cols);
  const table: DenseTable = {
    text: [...head.text, ...body.text],
    rowSpan: head.rowSpan && body.rowSpan ? [...head.rowSpan, ...body.rowSpan] : null,
    colSpan: head.colSpan && body.colSpan ? [...head.colSpan, ...body.colSpan] : null,
    headerRows: head.text.length,
    colCount: cols.length,
  };
  return { html: renderHtml(table), markdown: renderMarkdown(table, 'sheet'), content: renderText(table, 'sheet') };
}
