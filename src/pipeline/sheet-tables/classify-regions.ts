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

/**
 * Tables starting (or ending) within MAX_GAP kept rows of a rectangle, found by binary
 * search so that sheets with thousands of small tables stay linear-ish.
 */
class NearbyTables {
  private readonly byTop: number[];
  private readonly byBottom: number[];

  constructor(
    private readonly regions: SheetRegion[],
    private readonly grid: SheetGrid,
  ) {
    const tables = regions.map((_, i) => i).filter((i) => regions[i]!.kind === 'table');
    this.byTop = [...tables].sort((a, b) => regions[a]!.range.top - regions[b]!.range.top);
    this.byBottom = [...tables].sort((a, b) => regions[a]!.range.bottom - regions[b]!.range.bottom);
  }

  /** The kept row `steps` kept rows away from `row` (tables never start on omitted rows). */
  private reach(row: number, steps: number, dir: 1 | -1): number {
    let r = row;
    for (let k = 0; k < steps && r >= 0; k++) r = dir === 1 ? this.grid.omittedRows.nextKept(r) : this.grid.omittedRows.prevKept(r);
    return r;
  }

  private between(list: number[], key: (i: number) => number, lo: number, hi: number): number[] {
    let a = 0;
    let b = list.length;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (key(list[mid]!) < lo) a = mid + 1;
      else b = mid;
    }
    const out: number[] = [];
    for (let k = a; k < list.length && key(list[k]!) <= hi; k++) out.push(list[k]!);
    return out;
  }

  /** Tables whose top row is at most MAX_GAP kept rows below `r`. */
  below(r: CellRange): number[] {
    return this.between(this.byTop, (i) => this.regions[i]!.range.top, r.bottom + 1, this.reach(r.bottom, MAX_GAP + 1, 1));
  }

  /** Tables whose bottom row is at most MAX_GAP kept rows above `r`. */
  above(r: CellRange): number[] {
    return this.between(this.byBottom, (i) => this.regions[i]!.range.bottom, this.reach(r.top, MAX_GAP + 1, -1), r.top - 1);
  }
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
  const near = new NearbyTables(regions, grid);
  for (const region of regions) {
    if (region.kind === 'table' || region.attachedTo !== undefined) continue;
    let best: { i: number; gap: number; above: boolean } | null = null;
    for (const i of near.below(region.range)) {
      const t = regions[i]!.range;
      if (!columnsOverlap(region.range, t)) continue;
      const gap = grid.omittedRows.keptBetween(region.range.bottom, t.top);
      if (!best || gap < best.gap || (gap === best.gap && !best.above)) best = { i, gap, above: true };
    }
    for (const i of near.above(region.range)) {
      const t = regions[i]!.range;
      if (!columnsOverlap(region.range, t)) continue;
      const gap = grid.omittedRows.keptBetween(t.bottom, region.range.top);
      if (!best || gap < best.gap) best = { i, gap, above: false };
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
