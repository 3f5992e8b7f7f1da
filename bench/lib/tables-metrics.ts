/**
 * Table evaluation measures.
 *
 * - Adjacency relations (ICDAR 2013 structure measure): for every non-empty cell, its
 *   nearest non-empty neighbour to the right in each row it spans and below in each column
 *   it spans. A relation is (content A, content B, direction); contents are compared after
 *   NFKC and removal of all whitespace. Precision/recall count relations as a multiset.
 * - Region matching by intersection over union.
 * - Dense grids with a documented normalisation, for exact comparison with camelot.
 */
import { iou, type BBox } from '../../src/model/document.js';
import type { TableGrid } from '../../src/model/table.js';
import type { TableLine } from '../../src/pipeline/tables/grid-builder.js';
import { bagOfWords } from './text-metrics.js';

export interface SpanCell {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
  text: string;
  /** The cell's text box, PDF user space [x1, y1, x2, y2] (ICDAR ground truth only). */
  box?: [number, number, number, number];
}

export function normCellText(s: string): string {
  return s.normalize('NFKC').replace(/\s+/g, '');
}

export function gridSpanCells(g: TableGrid): SpanCell[] {
  return g.cells.map((c) => ({ r0: c.row, c0: c.col, r1: c.row + c.rowSpan - 1, c1: c.col + c.colSpan - 1, text: c.text }));
}

export function adjacencyRelations(cells: readonly SpanCell[]): Map<string, number> {
  const filled = cells.filter((c) => normCellText(c.text) !== '');
  const at = new Map<string, number>();
  let maxR = 0;
  let maxC = 0;
  filled.forEach((c, i) => {
    for (let r = c.r0; r <= c.r1; r++) for (let k = c.c0; k <= c.c1; k++) at.set(`${r},${k}`, i);
    maxR = Math.max(maxR, c.r1);
    maxC = Math.max(maxC, c.c1);
  });
  const pairs = new Set<string>();
  const out = new Map<string, number>();
  const add = (a: number, b: number, dir: 'h' | 'v') => {
    const key = `${a}|${b}|${dir}`;
    if (pairs.has(key)) return;
    pairs.add(key);
    const rel = `${normCellText(filled[a]!.text)}\u0000${normCellText(filled[b]!.text)}\u0000${dir}`;
    out.set(rel, (out.get(rel) ?? 0) + 1);
  };
  filled.forEach((c, i) => {
    for (let r = c.r0; r <= c.r1; r++) {
      for (let k = c.c1 + 1; k <= maxC; k++) {
        const j = at.get(`${r},${k}`);
        if (j !== undefined && j !== i) {
          add(i, j, 'h');
          break;
        }
      }
    }
    for (let k = c.c0; k <= c.c1; k++) {
      for (let r = c.r1 + 1; r <= maxR; r++) {
        const j = at.get(`${r},${k}`);
        if (j !== undefined && j !== i) {
          add(i, j, 'v');
          break;
        }
      }
    }
  });
  return out;
}

export function countRelations(m: Map<string, number>): number {
  let n = 0;
  for (const v of m.values()) n += v;
  return n;
}

export function correctRelations(gt: Map<string, number>, det: Map<string, number>): number {
  let n = 0;
  for (const [k, v] of gt) n += Math.min(v, det.get(k) ?? 0);
  return n;
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

export function prf(correct: number, detected: number, truth: number): Prf {
  const precision = detected ? correct / detected : truth ? 0 : 1;
  const recall = truth ? correct / truth : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/** Greedy one-to-one matching of boxes by IoU (best pairs first); returns [gtIndex, detIndex] pairs. */
export function matchByIou(gt: readonly BBox[], det: readonly BBox[], minIou: number): Array<[number, number, number]> {
  const pairs: Array<[number, number, number]> = [];
  gt.forEach((g, i) => det.forEach((d, j) => pairs.push([i, j, iou(g, d)])));
  pairs.sort((a, b) => b[2] - a[2]);
  const usedG = new Set<number>();
  const usedD = new Set<number>();
  const out: Array<[number, number, number]> = [];
  for (const p of pairs) {
    if (p[2] < minIou || usedG.has(p[0]) || usedD.has(p[1])) continue;
    usedG.add(p[0]);
    usedD.add(p[1]);
    out.push(p);
  }
  return out;
}

export interface DenseOptions {
  /** camelot copy_text: repeat a spanning cell's text down ('v') and/or across ('h'). */
  copyText?: string[];
  /** camelot shift_text: where a spanning cell's text goes ('l'/'r', 't'/'b'); default left-top. */
  shiftText?: string[];
}

/** A grid as rows of strings, spanning text placed as camelot would place it. */
export function denseGrid(g: TableGrid, o: DenseOptions = {}): string[][] {
  const rows = Array.from({ length: g.rowCount }, () => Array<string>(g.colCount).fill(''));
  const shift = o.shiftText ?? ['l', 't'];
  const copy = o.copyText ?? [];
  for (const c of g.cells) {
    const r1 = c.row + c.rowSpan - 1;
    const c1 = c.col + c.colSpan - 1;
    const r = shift.includes('b') ? r1 : c.row;
    const k = shift.includes('r') ? c1 : c.col;
    rows[r]![k] = c.text;
    if (copy.includes('v')) for (let rr = c.row; rr <= r1; rr++) rows[rr]![k] = c.text;
    if (copy.includes('h')) for (let kk = c.col; kk <= c1; kk++) rows[r]![kk] = c.text;
    if (copy.includes('v') && copy.includes('h')) for (let rr = c.row; rr <= r1; rr++) for (let kk = c.col; kk <= c1; kk++) rows[rr]![kk] = c.text;
  }
  return rows;
}

/**
 * A table at text-line granularity, as camelot's text-based flavours (stream, network,
 * hybrid) emit it: one row per text line, each chunk in the column holding its centre.
 */
export function lineGrid(lines: readonly TableLine[], colCount: number): string[][] {
  return lines.map((l) => {
    const row = Array<string>(colCount).fill('');
    for (const c of l.cells) row[c.centre] = row[c.centre] ? `${row[c.centre]} ${c.text}` : c.text;
    return row;
  });
}

export interface GridNormalisation {
  /** Characters removed from every cell (camelot strip_text). */
  strip?: string;
}

/**
 * Normalisation for exact grid comparison: markup camelot adds (`<s>` around sub- and
 * superscripts) removed, the case's strip characters removed, all whitespace removed
 * (camelot's text keeps the spaces pdfminer inserts inside numbers, "11,062 .6"), then rows
 * and columns that are empty on that side dropped.
 */
export function normaliseGrid(rows: readonly (readonly string[])[], n: GridNormalisation = {}): string[][] {
  const strip = n.strip ? new RegExp(`[${n.strip.replace(/[\\\]^-]/g, '\\$&')}]`, 'g') : undefined;
  let out = rows.map((r) =>
    r.map((c) => {
      let t = c.replace(/<\/?s>/g, '');
      if (strip) t = t.replace(strip, '');
      return t.replace(/\s+/g, '');
    }),
  );
  out = out.filter((r) => r.some((c) => c !== ''));
  const width = Math.max(0, ...out.map((r) => r.length));
  const keep = [...Array(width).keys()].filter((k) => out.some((r) => (r[k] ?? '') !== ''));
  return out.map((r) => keep.map((k) => r[k] ?? ''));
}

export function sameGrid(a: readonly (readonly string[])[], b: readonly (readonly string[])[]): boolean {
  return a.length === b.length && a.every((r, i) => r.length === b[i]!.length && r.every((c, k) => c === b[i]![k]));
}

/** Cell-level precision/recall of two normalised grids aligned by position. */
export function cellOverlap(expected: readonly (readonly string[])[], got: readonly (readonly string[])[]): { correct: number; expected: number; got: number } {
  let correct = 0;
  let e = 0;
  let g = 0;
  for (const r of expected) for (const c of r) if (c) e++;
  for (const r of got) for (const c of r) if (c) g++;
  expected.forEach((r, i) => r.forEach((c, k) => c && got[i]?.[k] === c && correct++));
  return { correct, expected: e, got: g };
}

/**
 * Cells of `truth` (non-empty, whitespace ignored) found text for text among `got`'s cells,
 * each of `got` used once: how many of a table's cells a reading recovered, whatever the grid.
 */
export function cellsFound(truth: readonly string[], got: readonly string[]): { hit: number; cells: number } {
  const norm = (s: string) => s.replace(/\s+/g, '');
  const want = truth.map(norm).filter((c) => c !== '');
  return { hit: bagOfWords(got.map(norm), want).tp, cells: want.length };
}
