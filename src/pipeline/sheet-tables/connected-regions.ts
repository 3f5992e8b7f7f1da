/**
 * Connected regions of occupied cells (4-neighbourhood: a blank row or column separates,
 * diagonal contact does not join), with union-find over the sparse positions so the cost
 * follows the number of cells, not the sheet's extent. Omitted (excluded hidden) rows and
 * columns are transparent.
 */
import type { AxisGaps } from '../../formats/xlsx/axis-gaps.js';
import type { Occupancy } from './occupancy.js';
import { rangesOverlap, unionRange, type CellRange } from './types.js';

class UnionFind {
  private readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }
  find(i: number): number {
    let r = i;
    while (this.parent[r] !== r) r = this.parent[r]!;
    while (this.parent[i] !== r) {
      const next = this.parent[i]!;
      this.parent[i] = r;
      i = next;
    }
    return r;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[rb] = ra;
  }
}

export interface Component {
  range: CellRange;
  /** Occupied positions in the component. */
  cells: number;
}

export function connectedComponents(occ: Occupancy, omittedRows: AxisGaps, omittedCols: AxisGaps): Component[] {
  const n = occ.length;
  const { rows, cols } = occ;
  const uf = new UnionFind(n);
  // Row groups: [start, end) index ranges of positions sharing a row.
  const starts: number[] = [];
  for (let i = 0; i < n; i++) if (i === 0 || rows[i] !== rows[i - 1]) starts.push(i);
  starts.push(n);
  for (let g = 0; g + 1 < starts.length; g++) {
    const s = starts[g]!;
    const e = starts[g + 1]!;
    for (let i = s + 1; i < e; i++) {
      if (omittedCols.keptBetween(cols[i - 1]!, cols[i]!) === 0) uf.union(i - 1, i);
    }
    if (g + 2 >= starts.length) continue;
    const e2 = starts[g + 2]!;
    if (omittedRows.keptBetween(rows[s]!, rows[e]!) !== 0) continue;
    // Same column in two vertically adjacent rows.
    let a = s;
    let b = e;
    while (a < e && b < e2) {
      if (cols[a]! === cols[b]!) uf.union(a++, b++);
      else if (cols[a]! < cols[b]!) a++;
      else b++;
    }
  }
  const byRoot = new Map<number, Component>();
  for (let i = 0; i < n; i++) {
    const root = uf.find(i);
    const r = rows[i]!;
    const c = cols[i]!;
    const comp = byRoot.get(root);
    if (!comp) byRoot.set(root, { range: { top: r, left: c, bottom: r, right: c }, cells: 1 });
    else {
      comp.cells++;
      const b = comp.range;
      if (c < b.left) b.left = c;
      if (c > b.right) b.right = c;
      if (r > b.bottom) b.bottom = r;
    }
  }
  return [...byRoot.values()];
}

export interface MergedRegion {
  range: CellRange;
  cells: number;
  /** How many connected components were merged into this rectangle. */
  parts: number;
}

/**
 * Merges components whose bounding boxes intersect (an L-shaped table contains a stray
 * note; a label column starts lower than the data), until no two boxes intersect.
 */
export function mergeOverlapping(components: Component[]): MergedRegion[] {
  let boxes: Array<MergedRegion & { dead?: boolean }> = components.map((c) => ({ range: { ...c.range }, cells: c.cells, parts: 1 }));
  let changed = true;
  while (changed) {
    changed = false;
    boxes.sort((a, b) => a.range.top - b.range.top || a.range.left - b.range.left);
    let active: typeof boxes = [];
    for (const box of boxes) {
      active = active.filter((a) => !a.dead && a.range.bottom >= box.range.top);
      let grew = true;
      while (grew) {
        grew = false;
        for (const a of active) {
          if (a.dead || a === box || !rangesOverlap(a.range, box.range)) continue;
          box.range = unionRange(a.range, box.range);
          box.cells += a.cells;
          box.parts += a.parts;
          a.dead = true;
          grew = true;
          changed = true;
        }
      }
      active.push(box);
    }
    boxes = boxes.filter((b) => !b.dead);
  }
  return boxes.map(({ range, cells, parts }) => ({ range, cells, parts }));
}
