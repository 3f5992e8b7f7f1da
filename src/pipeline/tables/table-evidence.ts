/**
 * Table confidence from the evidence for the structure, not from how the table was found.
 * A table scores high when what the page shows agrees with the grid, and low when the grid
 * had to guess:
 *
 * - rules: share of the grid's inner boundaries (column and row edges) drawn on the page.
 *   Borderless tables have none; their structure then rests on the next three terms.
 * - alignment: in each column, the share of body cells whose text lines up (left, right or
 *   centre, whichever holds best) within half a text height; weighted by cells.
 * - fill: share of grid positions covered by a cell with text (spans cover their positions).
 * - row regularity: share of body rows no taller than 2.5 times the median row.
 *
 * and two kinds of cell that say the grid is probably wrong; the values such cells hold
 * beyond their first are values that lost their own cell, and their number relative to the
 * cells with text lowers the score (tripled, at most halving it):
 *
 * - stacked values: a cell holding two or more lines that are each a number ("7.51" over
 *   "1.61": rows of values joined into one cell, as a wrong row span does);
 * - glued values: a cell whose one line holds two or more numbers set apart by a gap wider
 *   than a space (two columns read as one).
 *
 * Measured with `npx tsx bench/tables-eval.ts` (AUC of exact vs corrupted tables, ICDAR 2013
 * and camelot); weights are round numbers chosen once, not fitted to those sets.
 */
import type { TableGrid } from '../../model/table.js';
import { median } from './geometry.js';
import { isNumericText } from './row-groups.js';
import { coverage, type RuleSet } from './rule-segments.js';
import type { Piece } from './text-pieces.js';

export interface TableEvidenceInput {
  grid: TableGrid;
  /** Text pieces of each cell, index-aligned with grid.cells. */
  cellPieces: ReadonlyArray<readonly Piece[]>;
  rules: RuleSet;
}

export interface TableEvidence {
  rules: number;
  alignment: number;
  fill: number;
  rowRegularity: number;
  /** Values held beyond the first in cells with stacked or glued values, per cell with text. */
  suspicious: number;
}

/** A gap between two numbers wider than this (in text heights) separates two values. */
const GLUE_GAP_EM = 0.8;

export function tableEvidence({ grid, cellPieces, rules }: TableEvidenceInput): TableEvidence {
  const b = grid.bbox;
  const colEdges = [...new Set(grid.cells.map((c) => c.bbox.left))].filter((x) => x > b.left + 1 && x < b.left + b.width - 1);
  const rowEdges = [...new Set(grid.cells.map((c) => c.bbox.top))].filter((y) => y > b.top + 1 && y < b.top + b.height - 1);
  const drawn = [...colEdges.map((x) => coverage(rules.v, x, b.top, b.top + b.height, 2.5) >= 0.5), ...rowEdges.map((y) => coverage(rules.h, y, b.left, b.left + b.width, 2.5) >= 0.5)];
  const ruleShare = drawn.length ? drawn.filter(Boolean).length / drawn.length : 0;

  const size = median(cellPieces.flat().map((p) => p.bottom - p.top), 8);
  // Alignment per column, body cells of one column only.
  let aligned = 0;
  let counted = 0;
  const byCol = new Map<number, Array<[number, number]>>();
  grid.cells.forEach((cell, i) => {
    const ps = cellPieces[i] ?? [];
    if (cell.colSpan !== 1 || cell.row < grid.headerRows || ps.length === 0) return;
    let x0 = Infinity;
    let x1 = -Infinity;
    for (const p of ps) [x0, x1] = [Math.min(x0, p.x0), Math.max(x1, p.x1)];
    byCol.set(cell.col, [...(byCol.get(cell.col) ?? []), [x0, x1]]);
  });
  for (const ext of byCol.values()) {
    if (ext.length < 2) continue;
    const share = (v: number[]) => {
      const m = median(v);
      return v.filter((x) => Math.abs(x - m) <= 0.5 * size).length / v.length;
    };
    const best = Math.max(share(ext.map((e) => e[0])), share(ext.map((e) => e[1])), share(ext.map((e) => (e[0] + e[1]) / 2)));
    aligned += best * ext.length;
    counted += ext.length;
  }
  const alignment = counted ? aligned / counted : 0.5;

  let covered = 0;
  for (const c of grid.cells) if (c.text.trim()) covered += c.rowSpan * c.colSpan;
  const fill = Math.min(1, covered / Math.max(1, grid.rowCount * grid.colCount));

  const heights = new Map<number, number>();
  for (const c of grid.cells) if (c.rowSpan === 1 && c.row >= grid.headerRows) heights.set(c.row, c.bbox.height);
  const hs = [...heights.values()];
  const mh = median(hs, 0);
  const rowRegularity = hs.length && mh > 0 ? hs.filter((h) => h <= 2.5 * mh).length / hs.length : 1;

  let suspicious = 0;
  let filled = 0;
  grid.cells.forEach((c, i) => {
    if (!c.text.trim()) return;
    filled++;
    suspicious += extraValues(cellPieces[i] ?? [], size);
  });
  return { rules: ruleShare, alignment, fill, rowRegularity, suspicious: filled ? suspicious / filled : 0 };
}

/** How many values beyond the first a cell of stacked or glued numbers holds (0: none). */
function extraValues(pieces: readonly Piece[], size: number): number {
  if (pieces.length < 2) return 0;
  const lines: Piece[][] = [];
  for (const p of [...pieces].sort((a, b) => a.top - b.top || a.x0 - b.x0)) {
    const line = lines.find((l) => Math.abs(l[0]!.top - p.top) < 0.5 * (p.bottom - p.top));
    if (line) line.push(p);
    else lines.push([p]);
  }
  const text = (l: Piece[]) => l.map((p) => p.text).join(' ');
  if (lines.length >= 2 && lines.every((l) => isNumericText(text(l)) && l.length === 1)) return lines.length - 1;
  let glued = 0;
  for (const l of lines) {
    l.sort((a, b) => a.x0 - b.x0);
    for (let k = 1; k < l.length; k++) {
      if (isNumericText(l[k - 1]!.text) && isNumericText(l[k]!.text) && l[k]!.x0 - l[k - 1]!.x1 > GLUE_GAP_EM * size) glued++;
    }
  }
  return glued;
}

/** The evidence as one score in [0.05, 0.98]. */
export function evidenceConfidence(e: TableEvidence): number {
  const base = 0.3 + 0.2 * e.rules + 0.25 * e.alignment + 0.15 * e.fill + 0.1 * e.rowRegularity;
  const penalty = Math.min(0.5, 3 * e.suspicious);
  return Math.round(Math.max(0.05, Math.min(0.98, base * (1 - penalty))) * 1000) / 1000;
}
