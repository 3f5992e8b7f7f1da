/**
 * Table structure shared by the table detectors, the renderers, merge_tables and the
 * tables operation. Rows and columns are 0-based grid indices.
 */
import type { BBox } from './document.js';
import type { InlineRun } from './quire-document.js';

export interface TableCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  bbox: BBox;
  /**
   * Formatted stretches of `text` (office cells: bold, links, checkbox controls; the cell's
   * paragraphs are separated by a '\n' run); joined, they equal `text`. Absent for plain cells.
   */
  runs?: InlineRun[];
}

export interface TableGrid {
  rowCount: number;
  colCount: number;
  /** Only anchor cells (top-left of a span); covered positions are implied. */
  cells: TableCell[];
  /** Number of leading rows that form the header. */
  headerRows: number;
  bbox: BBox;
  /** How the grid was found. */
  method: 'ruled' | 'stream' | 'hybrid' | 'model' | 'ocr';
  confidence: number;
}
