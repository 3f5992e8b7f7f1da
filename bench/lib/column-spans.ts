/**
 * Column spans against ICDAR 2013 ground truth (multi-level headers). The adjacency measure
 * barely sees a wrong span (a group heading's right neighbour is the same either way), so
 * spans are scored on their own:
 * - a ground-truth cell spanning ≥ 2 columns is **right** when one detected cell holds all
 *   its words, no word of another ground-truth cell, and covers exactly its columns;
 * - a detected cell spanning ≥ 2 of its grid's columns is a **false span** when the
 *   ground-truth columns it covers are more than those of the ground-truth cells its words
 *   come from (it absorbed a neighbour's space, or claims a span the truth does not have).
 * Columns are compared through their positions: a ground-truth column's extent is the
 * union of its one-column cells' boxes; a detected cell covers the columns whose extent's
 * centre lies inside its box.
 */
import type { BBox } from '../../src/model/document.js';
import type { TableGrid } from '../../src/model/table.js';
import type { PageTables } from './tables-pdf.js';
import type { SpanCell } from './tables-metrics.js';

export interface SpanScore {
  /** Ground-truth cells spanning ≥ 2 columns, and those reproduced exactly. */
  truth: number;
  right: number;
  /** Detected cells spanning ≥ 2 columns (with text), and the false ones. */
  detected: number;
  falseSpans: number;
  /** Ground-truth spanning cells missed, as "text: truth columns → detected columns". */
  misses: string[];
}

interface Word {
  x: number;
  y: number;
}

const inside = (w: Word, b: BBox) => w.x >= b.left && w.x <= b.left + b.width && w.y >= b.top && w.y <= b.top + b.height;

function pageWords(p: PageTables): Word[] {
  const words: Word[] = [];
  for (const r of p.content.runs) {
    const n = r.text.length || 1;
    for (const m of r.text.matchAll(/\S+/g)) words.push({ x: r.bbox.left + (r.bbox.width * (m.index + m[0].length / 2)) / n, y: r.bbox.top + r.bbox.height / 2 });
  }
  return words;
}

export function scoreColumnSpans(p: PageTables, gtCells: readonly SpanCell[], grid: TableGrid): SpanScore {
  const out: SpanScore = { truth: 0, right: 0, detected: 0, falseSpans: 0, misses: [] };
  const gt = gtCells.filter((c) => c.box).map((c) => ({ ...c, bbox: p.toPage(...c.box!) }));
  const extent = new Map<number, [number, number]>();
  for (const c of gt) {
    if (c.c0 !== c.c1) continue;
    const e = extent.get(c.c0);
    const a = c.bbox.left;
    const b = c.bbox.left + c.bbox.width;
    extent.set(c.c0, e ? [Math.min(e[0], a), Math.max(e[1], b)] : [a, b]);
  }
  const covered = (b: BBox) =>
    [...extent]
      .filter(([, [a, z]]) => (a + z) / 2 >= b.left && (a + z) / 2 <= b.left + b.width)
      .map(([k]) => k)
      .sort((x, y) => x - y);
  const words = pageWords(p);
  const owner = (w: Word) => gt.findIndex((g) => inside(w, g.bbox));
  const cellOwners = grid.cells.map((c) => new Set(words.filter((w) => inside(w, c.bbox)).map(owner).filter((g) => g >= 0)));

  gt.forEach((g, gi) => {
    if (g.c1 <= g.c0 || !g.text.trim()) return;
    out.truth++;
    const holders = grid.cells.map((_, ci) => ci).filter((ci) => cellOwners[ci]!.has(gi));
    const want = Array.from({ length: g.c1 - g.c0 + 1 }, (_, k) => g.c0 + k).filter((k) => extent.has(k));
    const cell = holders.length === 1 ? grid.cells[holders[0]!]! : undefined;
    const got = cell ? covered(cell.bbox) : [];
    if (cell && cellOwners[holders[0]!]!.size === 1 && got.join() === want.join()) out.right++;
    else out.misses.push(`${g.text.slice(0, 30)}: ${want.join(',')} → ${holders.length === 1 ? got.join(',') : `${holders.length} cells`}`);
  });

  grid.cells.forEach((c, ci) => {
    if (c.colSpan < 2 || !c.text.trim()) return;
    out.detected++;
    const truthCols = new Set<number>();
    for (const gi of cellOwners[ci]!) for (let k = gt[gi]!.c0; k <= gt[gi]!.c1; k++) truthCols.add(k);
    if (covered(c.bbox).some((k) => !truthCols.has(k))) out.falseSpans++;
  });
  return out;
}
