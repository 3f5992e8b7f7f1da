/**
 * Ruled tables from vector rules: merge collinear segments, group intersecting horizontal
 * and vertical rules, take their coordinates as the grid, and derive spans from missing
 * internal rules. Text runs are assigned to cells by their centres.
 */
import type { BBox } from '../../model/document.js';
import type { RuleLine, TextRun } from '../../model/page.js';
import type { TableCell, TableGrid } from '../../model/table.js';
import { buildLines } from '../lines/build-lines.js';

const TOL = 2; // points: snapping tolerance for rule coordinates

interface Seg {
  pos: number; // y for horizontal, x for vertical
  a: number; // start along the axis
  b: number; // end along the axis
}

function mergeCollinear(segs: Seg[]): Seg[] {
  const sorted = segs.slice().sort((s, t) => s.pos - t.pos || s.a - t.a);
  const out: Seg[] = [];
  for (const s of sorted) {
    const last = out.find((o) => Math.abs(o.pos - s.pos) <= TOL && s.a <= o.b + TOL && s.b >= o.a - TOL);
    if (last) {
      last.a = Math.min(last.a, s.a);
      last.b = Math.max(last.b, s.b);
    } else out.push({ ...s });
  }
  return out;
}

function cluster(values: number[]): number[] {
  const sorted = values.slice().sort((a, b) => a - b);
  const out: number[][] = [];
  for (const v of sorted) {
    const last = out[out.length - 1];
    if (last && v - last[last.length - 1]! <= TOL) last.push(v);
    else out.push([v]);
  }
  return out.map((g) => g.reduce((s, x) => s + x, 0) / g.length);
}

/** Fraction of [a, b] covered by segments at `pos` (within tolerance). */
function coverage(segs: Seg[], pos: number, a: number, b: number): number {
  if (b <= a) return 1;
  let covered = 0;
  const parts = segs
    .filter((s) => Math.abs(s.pos - pos) <= TOL && s.b > a && s.a < b)
    .map((s) => [Math.max(s.a, a), Math.min(s.b, b)] as [number, number])
    .sort((x, y) => x[0] - y[0]);
  let end = a;
  for (const [s, e] of parts) {
    if (e <= end) continue;
    covered += e - Math.max(s, end);
    end = e;
  }
  return covered / (b - a);
}

export interface DetectedTable {
  grid: TableGrid;
  /** Runs consumed by the table (indices into the input array). */
  runIndices: number[];
}

export function detectRuledTables(rules: readonly RuleLine[], runs: readonly TextRun[], pageArea: BBox): DetectedTable[] {
  const hs: Seg[] = [];
  const vs: Seg[] = [];
  for (const r of rules) {
    const dx = Math.abs(r.x1 - r.x0);
    const dy = Math.abs(r.y1 - r.y0);
    if (dy <= 1 && dx >= 4) hs.push({ pos: (r.y0 + r.y1) / 2, a: Math.min(r.x0, r.x1), b: Math.max(r.x0, r.x1) });
    else if (dx <= 1 && dy >= 4) vs.push({ pos: (r.x0 + r.x1) / 2, a: Math.min(r.y0, r.y1), b: Math.max(r.y0, r.y1) });
  }
  if (hs.length < 2 || vs.length < 2) return [];
  const H = mergeCollinear(hs);
  const V = mergeCollinear(vs);
  // Connected components of intersecting rules (union-find over H ∪ V).
  const parent = Array.from({ length: H.length + V.length }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < H.length; i++) {
    const h = H[i]!;
    for (let j = 0; j < V.length; j++) {
      const v = V[j]!;
      if (v.pos >= h.a - TOL && v.pos <= h.b + TOL && h.pos >= v.a - TOL && h.pos <= v.b + TOL) {
        parent[find(i)] = find(H.length + j);
      }
    }
  }
  const groups = new Map<number, { h: Seg[]; v: Seg[] }>();
  H.forEach((h, i) => {
    const g = groups.get(find(i)) ?? { h: [], v: [] };
    g.h.push(h);
    groups.set(find(i), g);
  });
  V.forEach((v, j) => {
    const g = groups.get(find(H.length + j)) ?? { h: [], v: [] };
    g.v.push(v);
    groups.set(find(H.length + j), g);
  });
  const tables: DetectedTable[] = [];
  const used = new Set<number>();
  for (const g of groups.values()) {
    const t = buildGrid(g.h, g.v, runs, used, pageArea);
    if (t) tables.push(t);
  }
  return tables;
}

function buildGrid(h: Seg[], v: Seg[], runs: readonly TextRun[], used: Set<number>, pageArea: BBox): DetectedTable | undefined {
  const ys = cluster(h.map((s) => s.pos));
  const xs = cluster(v.map((s) => s.pos));
  if (ys.length < 2 || xs.length < 2) return undefined;
  const nRows = ys.length - 1;
  const nCols = xs.length - 1;
  const x0 = xs[0]!;
  const x1 = xs[xs.length - 1]!;
  const y0 = ys[0]!;
  const y1 = ys[ys.length - 1]!;
  const bbox = { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
  if (bbox.width < 20 || bbox.height < 8) return undefined;
  // A page border or frame is not a table.
  if (bbox.width * bbox.height > 0.9 * pageArea.width * pageArea.height && nRows * nCols <= 2) return undefined;

  // Union cells that are not separated by a rule.
  const id = (r: number, c: number) => r * nCols + c;
  const parent = Array.from({ length: nRows * nCols }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let r = 0; r < nRows; r++) {
    for (let c = 0; c < nCols; c++) {
      if (c + 1 < nCols && coverage(v, xs[c + 1]!, ys[r]!, ys[r + 1]!) < 0.5) parent[find(id(r, c + 1))] = find(id(r, c));
      if (r + 1 < nRows && coverage(h, ys[r + 1]!, xs[c]!, xs[c + 1]!) < 0.5) parent[find(id(r + 1, c))] = find(id(r, c));
    }
  }
  const spans = new Map<number, { r0: number; c0: number; r1: number; c1: number }>();
  for (let r = 0; r < nRows; r++) {
    for (let c = 0; c < nCols; c++) {
      const root = find(id(r, c));
      const s = spans.get(root);
      if (!s) spans.set(root, { r0: r, c0: c, r1: r, c1: c });
      else {
        s.r0 = Math.min(s.r0, r);
        s.c0 = Math.min(s.c0, c);
        s.r1 = Math.max(s.r1, r);
        s.c1 = Math.max(s.c1, c);
      }
    }
  }
  // Real tables have inner structure; a box split into one cell is a frame.
  if (spans.size < 2) return undefined;

  const cellOf = (x: number, y: number): number | undefined => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return undefined;
    let c = 0;
    while (c < nCols - 1 && x > xs[c + 1]!) c++;
    let r = 0;
    while (r < nRows - 1 && y > ys[r + 1]!) r++;
    return find(id(r, c));
  };
  const cellRuns = new Map<number, TextRun[]>();
  const runIndices: number[] = [];
  runs.forEach((run, i) => {
    if (used.has(i)) return;
    const cx = run.bbox.left + run.bbox.width / 2;
    const cy = run.bbox.top + run.bbox.height / 2;
    const root = cellOf(cx, cy);
    if (root === undefined) return;
    used.add(i);
    runIndices.push(i);
    const list = cellRuns.get(root) ?? [];
    list.push(run);
    cellRuns.set(root, list);
  });

  const cells: TableCell[] = [];
  for (const [root, s] of spans) {
    const text = buildLines(cellRuns.get(root) ?? [])
      .map((l) => l.text)
      .join(' ')
      .trim();
    cells.push({
      row: s.r0,
      col: s.c0,
      rowSpan: s.r1 - s.r0 + 1,
      colSpan: s.c1 - s.c0 + 1,
      text,
      bbox: { left: xs[s.c0]!, top: ys[s.r0]!, width: xs[s.c1 + 1]! - xs[s.c0]!, height: ys[s.r1 + 1]! - ys[s.r0]! },
    });
  }
  cells.sort((a, b) => a.row - b.row || a.col - b.col);
  const nonEmpty = cells.filter((c) => c.text.length > 0).length;
  if (nonEmpty === 0) return undefined;
  const headerRows = detectHeaderRows(cells, cellRuns, spans, find, id, nRows);
  return {
    grid: { rowCount: nRows, colCount: nCols, cells, headerRows, bbox, method: 'ruled', confidence: Math.min(0.95, 0.6 + 0.05 * nonEmpty) },
    runIndices,
  };
}

const NUMERIC = /^[\s$€£¥%()+\-−.,0-9]+$/;

function detectHeaderRows(
  cells: TableCell[],
  cellRuns: Map<number, TextRun[]>,
  _spans: Map<number, unknown>,
  find: (i: number) => number,
  id: (r: number, c: number) => number,
  nRows: number,
): number {
  if (nRows < 2) return 0;
  const first = cells.filter((c) => c.row === 0);
  const firstBold = first.some((c) => (cellRuns.get(find(id(c.row, c.col))) ?? []).some((r) => r.bold));
  const bodyBold = cells
    .filter((c) => c.row > 0)
    .every((c) => (cellRuns.get(find(id(c.row, c.col))) ?? []).every((r) => r.bold));
  if (firstBold && !bodyBold) return 1;
  const firstText = first.filter((c) => c.text && !NUMERIC.test(c.text)).length;
  const laterNumeric = cells.some((c) => c.row > 0 && c.text && NUMERIC.test(c.text));
  if (firstText >= Math.max(1, first.length - 1) && laterNumeric) return 1;
  // A first row spanning all columns above a multi-column body reads as a header too.
  return first.length > 0 && first.every((c) => c.text.length > 0) ? 1 : 0;
}
