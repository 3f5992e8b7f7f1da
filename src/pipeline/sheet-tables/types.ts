/**
 * What table clustering produces for one sheet: rectangles of cells, each a table, a
 * title (a lone text above a table) or a text (a note below a table, or free text).
 */
import type { CellRange } from '../../formats/xlsx/sheet-grid.js';

export type { CellRange };

export type RegionKind = 'table' | 'title' | 'text';

export interface SheetRegion {
  kind: RegionKind;
  /** Inclusive, 0-based. */
  range: CellRange;
  /** In [0, 1]: how sure the clustering is that this rectangle is one unit. */
  confidence: number;
  /** Titles and notes: index (in the returned list) of the table they belong to. */
  attachedTo?: number;
}

export type ClusteringMode = 'accurate' | 'fast' | 'off';

export function rangeArea(r: CellRange): number {
  return (r.bottom - r.top + 1) * (r.right - r.left + 1);
}

export function rangesOverlap(a: CellRange, b: CellRange): boolean {
  return a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;
}

export function unionRange(a: CellRange, b: CellRange): CellRange {
  return { top: Math.min(a.top, b.top), left: Math.min(a.left, b.left), bottom: Math.max(a.bottom, b.bottom), right: Math.max(a.right, b.right) };
}
