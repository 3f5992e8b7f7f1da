import type { TableGrid } from '../../model/table.js';
import type { TableLine } from './grid-builder.js';

export interface DetectedTable {
  grid: TableGrid;
  /** Runs consumed by the table (indices into the page's run array). */
  runIndices: number[];
  /** The table's text lines before they were joined into rows (diagnostics, comparisons). */
  lines: TableLine[];
}
