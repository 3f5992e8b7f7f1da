/**
 * Tables printed sideways (landscape tables on portrait pages) are built in the frame of
 * their text: runs, rules and graphics are rotated so the text reads left to right, the
 * table is found there, and its boxes are rotated back to the page.
 */
import type { BBox } from '../../model/document.js';
import type { RuleLine, TextRun } from '../../model/page.js';
import type { TableGrid } from '../../model/table.js';
import { fromFrame, toFrame } from '../lines/rotation.js';

export type TextDir = 0 | 90 | 180 | 270;

function ruleBox(r: RuleLine): BBox {
  return { left: Math.min(r.x0, r.x1), top: Math.min(r.y0, r.y1), width: Math.abs(r.x1 - r.x0), height: Math.abs(r.y1 - r.y0) };
}

export function ruleToFrame(r: RuleLine, dir: TextDir): RuleLine {
  if (dir === 0) return r;
  const b = toFrame(ruleBox(r), dir);
  return b.width >= b.height
    ? { x0: b.left, y0: b.top + b.height / 2, x1: b.left + b.width, y1: b.top + b.height / 2, width: r.width }
    : { x0: b.left + b.width / 2, y0: b.top, x1: b.left + b.width / 2, y1: b.top + b.height, width: r.width };
}

export function runToFrame(r: TextRun, dir: TextDir): TextRun {
  return dir === 0 ? r : { ...r, bbox: toFrame(r.bbox, dir) };
}

export function boxToFrame(b: BBox, dir: TextDir): BBox {
  return dir === 0 ? b : toFrame(b, dir);
}

export function boxToPage(b: BBox, dir: TextDir): BBox {
  return dir === 0 ? b : fromFrame(b, dir);
}

/** Rotate a grid built in a text frame back to page coordinates (in place). */
export function gridToPage(grid: TableGrid, dir: TextDir): TableGrid {
  if (dir === 0) return grid;
  grid.bbox = fromFrame(grid.bbox, dir);
  for (const c of grid.cells) c.bbox = fromFrame(c.bbox, dir);
  return grid;
}

/** Text directions on the page, most text first. */
export function textDirections(runs: readonly TextRun[]): TextDir[] {
  const chars = new Map<TextDir, number>();
  for (const r of runs) {
    const d = (r.dir ?? 0) as TextDir;
    chars.set(d, (chars.get(d) ?? 0) + r.text.length);
  }
  return [...chars].sort((a, b) => b[1] - a[1]).map(([d]) => d);
}
