/**
 * The three `table_clustering` modes.
 *  - accurate: connected regions (blank rows/columns separate, diagonal contact does not
 *    join), intersecting boxes merged, merged section labels split off, lone cells turned
 *    into titles/notes. Mirrors docling's default (gap tolerance 0) segmentation.
 *  - fast: one pass over row bands separated by blank rows; side-by-side tables in the
 *    same band merge into one (the documented trade-off).
 *  - off: the sheet's used range is one table.
 */
import type { SheetGrid } from '../../formats/xlsx/sheet-grid.js';
import { classifyRegions, splitSectionLabel, type Candidate } from './classify-regions.js';
import { connectedComponents, mergeOverlapping } from './connected-regions.js';
import { occupancy, occupiedBounds, type Occupancy } from './occupancy.js';
import type { SheetIndex } from './sheet-index.js';
import type { CellRange, ClusteringMode, SheetRegion } from './types.js';

function visibleArea(grid: SheetGrid, r: CellRange): number {
  const rows = r.bottom - r.top + 1 - grid.omittedRows.countIn(r.top, r.bottom);
  const cols = r.right - r.left + 1 - grid.omittedCols.countIn(r.left, r.right);
  return Math.max(1, rows * cols);
}

/**
 * Heuristic confidence: dense rectangles made of one connected region are the clearest
 * tables; sparse boxes and boxes glued from several regions are less certain.
 */
function clusterConfidence(cells: number, area: number, parts: number, scale: number): number {
  const fill = Math.min(1, cells / area);
  const c = (0.55 + 0.44 * fill - 0.05 * (parts - 1)) * scale;
  return Math.round(Math.max(0.3, Math.min(0.99, c)) * 100) / 100;
}

function accurate(grid: SheetGrid, occ: Occupancy, index: SheetIndex): SheetRegion[] {
  const merged = mergeOverlapping(connectedComponents(occ, grid.omittedRows, grid.omittedCols));
  const candidates: Array<Candidate & { kind?: SheetRegion['kind'] }> = [];
  for (const m of merged) {
    const c = { range: m.range, confidence: clusterConfidence(m.cells, visibleArea(grid, m.range), m.parts, 1) };
    const pieces = splitSectionLabel(c, index, grid);
    if (pieces.length === 2) candidates.push({ ...pieces[0]!, kind: 'title' }, { ...pieces[1]!, kind: 'table' });
    else candidates.push(c);
  }
  return classifyRegions(candidates, index, grid);
}

function fast(grid: SheetGrid, occ: Occupancy, index: SheetIndex): SheetRegion[] {
  const candidates: Candidate[] = [];
  let band: CellRange | null = null;
  let cells = 0;
  const flush = () => {
    if (band) candidates.push({ range: band, confidence: clusterConfidence(cells, visibleArea(grid, band), 1, 0.85) });
  };
  for (let i = 0; i < occ.length; i++) {
    const r = occ.rows[i]!;
    const c = occ.cols[i]!;
    if (band && r !== band.bottom && grid.omittedRows.keptBetween(band.bottom, r) > 0) {
      flush();
      band = null;
    }
    if (!band) {
      band = { top: r, left: c, bottom: r, right: c };
      cells = 0;
    }
    band.bottom = r;
    if (c < band.left) band.left = c;
    if (c > band.right) band.right = c;
    cells++;
  }
  flush();
  return classifyRegions(candidates, index, grid);
}

export function clusterSheet(grid: SheetGrid, index: SheetIndex, mode: ClusteringMode): SheetRegion[] {
  const occ = occupancy(grid);
  if (occ.length === 0) return [];
  if (mode === 'off') {
    return [{ kind: 'table', range: occupiedBounds(occ)!, confidence: 1 }];
  }
  return mode === 'fast' ? fast(grid, occ, index) : accurate(grid, occ, index);
}
