/**
 * Whether a built grid is a table, and how sure we are. A table has at least two rows and
 * two columns holding text, and its cells are short: a frame around a paragraph, or two
 * columns of running text, are not tables. A chart's axes and gridlines make a grid too,
 * but a mostly empty one, usually with curves or markers drawn inside it.
 */
import { intersectionArea, type BBox } from '../../model/document.js';
import type { TableGrid } from '../../model/table.js';
import { coverage, type Seg } from './rule-segments.js';
import { evidenceConfidence, tableEvidence, type TableEvidenceInput } from './table-evidence.js';

/** A cell with more words than this is running text. */
const PROSE_WORDS = 25;

/** Words of a cell's text: those carrying a letter or digit (dot leaders and dashes do not count). */
const cellWords = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

export function tableStats(grid: TableGrid): { filled: number; rowsWithText: number; colsWithText: number; proseShare: number; words: number } {
  const rows = new Set<number>();
  const cols = new Set<number>();
  let filled = 0;
  let words = 0;
  let proseWords = 0;
  for (const c of grid.cells) {
    if (!c.text.trim()) continue;
    filled++;
    rows.add(c.row);
    cols.add(c.col);
    const n = cellWords(c.text);
    words += n;
    if (n > PROSE_WORDS) proseWords += n;
  }
  return { filled, rowsWithText: rows.size, colsWithText: cols.size, proseShare: words ? proseWords / words : 0, words };
}

/**
 * Columns between drawn vertical rules holding short text (under PROSE_WORDS words) in two
 * rows or more. A grid with three such columns is a table even when most of its words are
 * in one column of comments: the rules and the short columns carry its structure, which a
 * frame drawn around running text has not (columns found by text alignment alone do not
 * count: a CV's bullets and indents inside a ruled frame are not columns).
 */
function ruledShortColumns(grid: TableGrid, v: readonly Seg[]): number {
  const top = grid.bbox.top;
  const bottom = grid.bbox.top + grid.bbox.height;
  const drawn = (x: number) => coverage(v, x, top, bottom, 2) >= 0.5;
  const rowsByCol = new Map<number, Set<number>>();
  for (const c of grid.cells) {
    const n = cellWords(c.text);
    if (n === 0 || n > PROSE_WORDS || (c.colSpan ?? 1) > 1 || !drawn(c.bbox.left) || !drawn(c.bbox.left + c.bbox.width)) continue;
    const rows = rowsByCol.get(c.col) ?? new Set<number>();
    rows.add(c.row);
    rowsByCol.set(c.col, rows);
  }
  return [...rowsByCol.values()].filter((rows) => rows.size >= 2).length;
}

/** Share of cells holding text below which a grid is a chart's frame, not a table. */
const MIN_FILL = 0.25;
/** With this many vector paths (curves, markers) inside, a half-empty grid is a chart. */
const CHART_PATHS = 5;

/**
 * Share of the words that sit in columns of running text: a column whose consecutive cells
 * continue one another's sentences (the lower one starting in lower case) is a page
 * column cut into rows by a frame or a sidebar, not table cells.
 */
function flowingShare(grid: TableGrid): number {
  let flowingWords = 0;
  let total = 0;
  for (let c = 0; c < grid.colCount; c++) {
    const col = grid.cells.filter((x) => x.col === c && x.text.trim()).sort((a, b) => a.row - b.row);
    const words = col.reduce((n, x) => n + cellWords(x.text), 0);
    total += words;
    if (col.length < 4) continue;
    let flows = 0;
    for (let i = 1; i < col.length; i++) if (/[\p{L},;]$/u.test(col[i - 1]!.text.trim()) && /^\p{Ll}/u.test(col[i]!.text.trim())) flows++;
    if (flows >= 0.4 * (col.length - 1)) flowingWords += words;
  }
  return total ? flowingWords / total : 0;
}

export function acceptTable(grid: TableGrid, graphics: readonly BBox[] = [], evidence?: Omit<TableEvidenceInput, 'grid'>): boolean {
  const s = tableStats(grid);
  if (s.rowsWithText < 2 || s.colsWithText < 2 || s.filled < 3) return false;
  if (s.proseShare > 0.5 && !(evidence && ruledShortColumns(grid, evidence.rules.v) >= 3)) return false;
  if (flowingShare(grid) >= 0.5) return false;
  const fill = s.filled / Math.max(1, grid.cells.length);
  if (fill < MIN_FILL) return false;
  // Charts: curves and markers in or right around the grid (plot areas overhang their
  // axis labels and legends), or large drawn shapes over it.
  const b = grid.bbox;
  const padX = 0.1 * b.width;
  const padY = 0.1 * b.height;
  const near = graphics.filter((g) => {
    const cx = g.left + g.width / 2;
    const cy = g.top + g.height / 2;
    return cx >= b.left - padX && cx <= b.left + b.width + padX && cy >= b.top - padY && cy <= b.top + b.height + padY;
  });
  const drawn = near.reduce((s, g) => s + intersectionArea(g, b), 0) / Math.max(1, b.width * b.height);
  if (near.length >= CHART_PATHS && (fill < 0.6 || drawn > 0.5)) return false;
  grid.confidence = evidence ? evidenceConfidence(tableEvidence({ grid, ...evidence })) : confidenceOf(grid, s.filled);
  return true;
}

function confidenceOf(grid: TableGrid, filled: number): number {
  const base = grid.method === 'ruled' ? 0.75 : grid.method === 'hybrid' ? 0.65 : 0.55;
  const fill = filled / Math.max(1, grid.rowCount * grid.colCount);
  return Math.round(Math.min(0.98, base + 0.1 * fill + 0.01 * Math.min(10, grid.rowCount)) * 1000) / 1000;
}
