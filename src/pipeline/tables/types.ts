import type { TableGrid } from '../../model/table.js';

export interface DetectedTable {
  grid: TableGrid;
  /** Runs consumed by the table (indices into the page's run array). */
  runIndices: number[];
}
