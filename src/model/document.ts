/**
 * The one shared document model. Every format loader, pipeline stage, renderer and
 * operation reads and writes these types; nothing else defines page/segment/bbox/chunk.
 *
 * Coordinates: origin top-left, x to the right, y downwards, in the units of the page's
 * `page_width` / `page_height` (PDF points for PDFs, pixels for images, cell-grid units
 * for spreadsheets).
 */

/** Segment types of the spec, with the advanced-layout additions. */
export const SEGMENT_TYPES = [
  'Title',
  'SectionHeader',
  'Text',
  'ListItem',
  'Table',
  'Picture',
  'Formula',
  'Caption',
  'Footnote',
  'PageHeader',
  'PageFooter',
  'Page',
  'KeyValuePair',
  'Signature',
  'Seal',
] as const;
export type SegmentType = (typeof SEGMENT_TYPES)[number];

/** Axis-aligned box, top-left origin. */
export interface BBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One OCR (or text-layer) word or line with its box and confidence in [0, 1]. */
export interface OcrEntry {
  text: string;
  bbox: BBox;
  confidence: number | null;
  /** '#rrggbb' fill colour from the PDF text layer (option transfer_text_color). */
  text_color?: string;
  /** URL of the PDF link annotation over the word (option attach_hyperlinks). */
  hyperlink?: string;
  /** The word is struck through in the PDF (option preserve_strikethrough). */
  strikethrough?: boolean;
}

/**
 * Links a spreadsheet segment to the cells it came from. `range` is A1-style
 * (`B2:F20`); rows and columns are 1-based.
 */
export interface CellReferences {
  sheet_name: string;
  /** 1-based position of the sheet in the workbook (the sheet plays the role of the page). */
  sheet_index: number;
  range: string;
  start_row: number;
  start_col: number;
  end_row: number;
  end_col: number;
  /** Optional per-cell detail (address, raw value, displayed text, metadata). */
  cells?: CellReference[];
}

export interface CellReference {
  address: string;
  row: number;
  col: number;
  /** Raw value as stored (number, boolean, string, ISO date string) or null. */
  value: string | number | boolean | null;
  /** The text Excel displays (number format applied). */
  display: string;
  formula?: string;
  number_format?: string;
  font_color?: string;
  fill_color?: string;
  dropdown_options?: string[];
  row_span?: number;
  col_span?: number;
}

/** Where a (possibly merged) segment came from, one entry per source page. */
export interface Provenance {
  page_number: number;
  bbox: BBox;
}

export interface Segment {
  segment_id: string;
  segment_type: SegmentType;
  /** 1-based. */
  page_number: number;
  page_width: number;
  page_height: number;
  bbox: BBox;
  content: string;
  html: string;
  markdown: string;
  /** In [0, 1]; null when no estimate exists. */
  confidence: number | null;
  embed: string;
  /** OCR / text-layer words of this segment. */
  ocr: OcrEntry[] | null;
  /** Cropped segment image: file URL, or a data URI when base64 images are requested. */
  image: string | null;
  /** Structured data for pictures identified as charts; null otherwise. */
  chart_data: unknown | null;
  /** Present on spreadsheet segments only. */
  cell_references?: CellReferences;
  /** Present on segments assembled from several pages (merged tables). */
  provenance?: Provenance[];
}

export interface Chunk {
  chunk_id: string;
  /** Number of words in the chunk's embed text. */
  chunk_length: number;
  segments: Segment[];
  embed: string;
}

/** Result of an operation that produces chunks (parse, parse excel). */
export interface ChunkedResult {
  chunks: Chunk[];
  page_count: number;
}

export function unionBBox(boxes: readonly BBox[]): BBox {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b.left);
    y0 = Math.min(y0, b.top);
    x1 = Math.max(x1, b.left + b.width);
    y1 = Math.max(y1, b.top + b.height);
  }
  if (!Number.isFinite(x0)) return { left: 0, top: 0, width: 0, height: 0 };
  return { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
}

export function intersectionArea(a: BBox, b: BBox): number {
  const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

export function iou(a: BBox, b: BBox): number {
  const inter = intersectionArea(a, b);
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/** IoU of corner boxes (x1, y1, x2, y2), the form detectors and their evaluations use. */
export function iouCorners(a: { x1: number; y1: number; x2: number; y2: number }, b: { x1: number; y1: number; x2: number; y2: number }): number {
  const iw = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const ih = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  if (iw <= 0 || ih <= 0) return 0;
  const inter = iw * ih;
  return inter / ((a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter);
}

/** Round coordinates to 2 decimals so results are compact and stable. */
export function roundBBox(b: BBox): BBox {
  // (No helper closure: this runs for every word of a document, on the main thread.)
  return { left: Math.round(b.left * 100) / 100, top: Math.round(b.top * 100) / 100, width: Math.round(b.width * 100) / 100, height: Math.round(b.height * 100) / 100 };
}
