/**
 * The neutral document: what every format loader produces and every operation consumes.
 * It says nothing about output formats — the spec's segments and chunks, the tables result,
 * v3 markdown pages, extraction citations and exports are serializers of it (render/).
 * Borrowed from docling-core's DoclingDocument (typed items + provenance), kept flat: items
 * are in reading order, headings carry a `level`, page furniture is flagged, not a tree.
 *
 * Coordinates follow model/document.ts: origin top-left, y down, in the page's units
 * (`unit`: PDF points, image pixels, or null boxes for formats without pages, such as a
 * DOCX read without a renderer).
 */
import type { BBox, CellReferences, OcrEntry, SegmentType } from './document.js';
import type { TableGrid } from './table.js';

export type PageUnit = 'pt' | 'px' | 'cell' | 'none';

/** Where a page's text came from. */
export type TextSource = 'text-layer' | 'ocr' | 'native' | 'none';

export interface PageInfo {
  /** 1-based. */
  pageNumber: number;
  width: number;
  height: number;
  unit: PageUnit;
  textSource: TextSource;
}

/** One place an item comes from: a page and, when the format has geometry, a box. */
export interface ItemProvenance {
  pageNumber: number;
  bbox: BBox | null;
}

export interface ListInfo {
  ordered: boolean;
  /** The marker as the document states it ("1.", "a)", "•"), when known. */
  marker?: string;
  /** 0-based nesting depth. */
  depth: number;
  /** A task-list item: its checkbox control's state (the glyph is not in `text`). */
  checked?: boolean;
}

export interface Hyperlink {
  /** The linked words as they appear in `text`. */
  text: string;
  href: string;
}

/**
 * A stretch of an item's text with one direct formatting (Word's run properties, a slide's
 * run properties). Loaders give runs only when the text has some formatting, a link or a
 * checkbox, and only when their texts joined equal the item's `text` exactly, so a
 * serializer may use either; PDFs carry none (their v1 output stays unchanged).
 */
export interface InlineRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  /** The run is a link to this target. */
  href?: string;
  /** The run is a checkbox control's glyph (☒/☐), in this state. */
  checkbox?: boolean;
}

/** A reviewer's comment (Word's comments part, a slide's comment list). */
export interface DocComment {
  text: string;
  author?: string;
  initials?: string;
  /** As the file states it (ISO 8601, local or UTC). */
  date?: string;
}

export interface DocItem {
  /** Stable within a job (model/ids or the loader's own). */
  id: string;
  type: SegmentType;
  /** Plain text (the wire `content`). */
  text: string;
  /** Heading level for Title (0) / SectionHeader (1..). */
  level?: number;
  /** Page and box; more than one entry for items merged across pages. */
  prov: ItemProvenance[];
  /** Page header/footer material (kept, but out of the body's flow). */
  furniture?: boolean;
  /** In [0, 1]; null when no estimate exists. */
  confidence: number | null;
  /** Words (OCR or text layer) with boxes. */
  words?: OcrEntry[];
  /** Table structure: PDF, image, docx, pptx and sheet tables alike. */
  table?: TableGrid;
  /** Spreadsheet provenance. */
  cells?: CellReferences;
  /** Reference to the item's cropped image (file URL or blob key), when one was made. */
  image?: string | null;
  list?: ListInfo;
  links?: Hyperlink[];
  /** Structured chart series for pictures that are charts. */
  chart?: unknown;
  /** Formatted stretches of `text` (see InlineRun); absent for plain text. */
  runs?: InlineRun[];
  /** Comments anchored to this item's text (Word). */
  comments?: DocComment[];
  /** The item is itself a comment placed on the page (a slide's comment), not content. */
  comment?: Omit<DocComment, 'text'>;
  /** Key and value of a KeyValuePair item. */
  keyValue?: { key: string; value: string; checked?: boolean };
}

export interface DocWarning {
  pageNumber?: number;
  message: string;
  /** What kind of warning: 'page_skipped' marks a page left out (error_handling Continue). */
  code?: string;
}

export interface QuireDocument {
  source: { fileName: string; mimeType: string | null; sha256?: string };
  pages: PageInfo[];
  /** Reading order. */
  items: DocItem[];
  warnings: DocWarning[];
  /** Format-specific facts a serializer may show (e.g. how pages and boxes were obtained). */
  metadata?: Record<string, unknown>;
}
