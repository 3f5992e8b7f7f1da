/**
 * Rectangles → tables, titles and notes.
 *  - A merged label spanning the first row of a table (a section header such as
 *    "Reading List" over the column headers) is split off as the table's title.
 *  - A rectangle holding a single cell of content is not a table: directly above a table
 *    (≤ MAX_GAP blank rows, overlapping columns) it is that table's title (short text) or
 *    intro text; directly below one it is a note; otherwise free text.
 */
import type { SheetGrid } from '../../formats/xlsx/sheet-grid.js';
import type { SheetIndex } from './sheet-index.js';
import type { CellRange, SheetRegion } from './types.js';

/** Blank rows allowed between a title/note and its table. */
export const MAX_GAP = 2;
/** Longer lone texts above a table are intro text rather than a title. */
const MAX_TITLE_CHARS = 120;

export interface Candidate {
  range: CellRange;
  confidence: number;
}

function nextKeptRow(grid: SheetGrid, row: number, bottom: number): number | null {
  for (const r of grid.omittedRows.kept(row + 1, bottom)) return r;
  return null;
}

/** docling's merged section label rule, generalised to hidden rows. */
export function splitSectionLabel(c: Candidate, index: SheetIndex, grid: SheetGrid): Candidate[] {
  const { range } = c;
  if (range.right === range.left) return [c];
  const second = nextKeptRow(grid, range.top, range.bottom);
  if (second === null) return [c];
  const first = index.rowCells(range.top, range.left, range.right);
  if (first.length !== 1 || first[0]!.col !== range.left || first[0]!.kind !== 'text') return [c];
  const merge = index.mergeAt(range.top, range.left);
  if (!merge || merge.bottom !== merge.top || merge.right === merge.left) return [c];
  const headers = index.rowCells(second, range.left, range.right).filter((cell) => {
    const m = index.mergeAt(cell.row, cell.col);
    return !m || m.right === m.left;
  });
  if (headers.length < 2) return [c];
  return [
    { range: { top: range.top, left: range.left, bottom: range.top, right: Math.min(merge.right, range.right) }, confidence: c.confidence },
    { range: { ...range, top: second }, confidence: c.confidence },
  ];
}

function contentCount(range: CellRange, index: SheetIndex, limit: number): number {
  let n = 0;
  for (const _ of index.cellsIn(range)) if (++n >= limit) break;
  return n;
}

function columnsOverlap(a: CellRange, b: CellRange): boolean {
  return a.left <= b.right && b.left <= a.right;
}

/**
 * Classifies candidates (already separated rectangles) and links titles/notes to tables.
 * `forcedTables` (e.g. the pieces split off by section labels) keep the given kinds.
 */
export function classifyRegions(candidates: Array<Candidate & { kind?: SheetRegion['kind'] }>, index: SheetIndex, grid: SheetGrid): SheetRegion[] {
  const sorted = [...candidates].sort((a, b) => a.range.top - b.range.top || a.range.left - b.range.left);
  const regions: SheetRegion[] = sorted.map((c) => {
    if (c.kind) return { kind: c.kind, range: c.range, confidence: c.confidence };
    const lone = contentCount(c.range, index, 2) === 1;
    return { kind: lone ? 'text' : 'table', range: c.range, confidence: c.confidence };
  });
  const tables = regions.map((r, i) => ({ r, i })).filter((x) => x.r.kind === 'table');
  for (const region of regions) {
    if (region.kind === 'table' || region.attachedTo !== undefined) continue;
    let best: { i: number; gap: number; above: boolean } | null = null;
    for (const { r: t, i } of tables) {
      if (!columnsOverlap(region.range, t.range)) continue;
      if (t.range.top > region.range.bottom) {
        const gap = grid.omittedRows.keptBetween(region.range.bottom, t.range.top);
        if (gap <= MAX_GAP && (!best || gap < best.gap || (gap === best.gap && !best.above))) best = { i, gap, above: true };
      } else if (t.range.bottom < region.range.top) {
        const gap = grid.omittedRows.keptBetween(t.range.bottom, region.range.top);
        if (gap <= MAX_GAP && (!best || gap < best.gap)) best = { i, gap, above: false };
      }
    }
    if (!best) continue;
    region.attachedTo = best.i;
    if (best.above) {
      const cell = index.cellsIn(region.range).next().value;
      if (cell && cell.kind === 'text' && cell.display.length <= MAX_TITLE_CHARS && !cell.display.includes('\n')) region.kind = 'title';
    }
  }
  // A table keeps at most one title: the nearest one (the last above it in reading order).
  const titled = new Set<number>();
  for (let k = regions.length - 1; k >= 0; k--) {
    const r = regions[k]!;
    if (r.kind !== 'title') continue;
    if (titled.has(r.attachedTo!)) r.kind = 'text';
    else titled.add(r.attachedTo!);
  }
  return regions;
}
