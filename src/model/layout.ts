/**
 * Intermediate layout structures passed between pipeline stages (and from pool workers
 * to the main thread, so everything here is plain, structured-cloneable data).
 */
import type { BBox, OcrEntry, SegmentType } from './document.js';
import type { TableGrid } from './table.js';

/** Runs merged along one baseline. */
export interface Line {
  text: string;
  bbox: BBox;
  fontSize: number;
  bold: boolean;
  italic: boolean;
  fontName: string;
  /** Words with boxes (text-layer runs or OCR words), in reading order. */
  words: OcrEntry[];
  /** Mean OCR confidence, null for text-layer lines. */
  confidence: number | null;
}

export type BlockKind = 'text' | 'table' | 'picture';

/** A group of lines (or a table / picture region) that becomes one segment. */
export interface Block {
  kind: BlockKind;
  bbox: BBox;
  lines: Line[];
  /** Dominant font size (by characters). */
  fontSize: number;
  /** Every line bold / italic. */
  bold: boolean;
  italic: boolean;
  /** Type decided on the page (tables, pictures, list items, captions...) or later. */
  type?: SegmentType;
  /** Why the type was chosen, as a confidence in [0, 1]. */
  typeConfidence?: number;
  table?: TableGrid;
  /** Section-header level (1 = top) once the document-level stage decides it. */
  level?: number;
  /** File URL of the block's cropped image, when one was made. */
  image?: string;
  /** A chart's data read from its drawing (Picture blocks; pipeline/charts). */
  chart?: unknown;
  /**
   * What the layout model said about this block's box, when it ran on the page: the best
   * score per type among its regions boxing the block the same way (IoU ≥ 0.5). The
   * document stage settles the final type's confidence from it (classify/model-agreement).
   */
  modelVotes?: Partial<Record<SegmentType, number>>;
  /** A KeyValuePair block's label and value (pipeline/forms); `checked` for checkboxes. */
  keyValue?: { key: string; value: string; checked?: boolean };
}

/** What a pool worker returns for one page. */
export interface PageLayout {
  pageNumber: number;
  width: number;
  height: number;
  /** Blocks in reading order. */
  blocks: Block[];
  /** Characters per rounded font size (key: size * 10 rounded), for document statistics. */
  fontHistogram: Record<string, number>;
  textSource: 'text' | 'ocr' | 'none';
  /** Non-fatal problems on this page (kept when error handling is Continue). */
  warnings: string[];
  /** Set when the page could not be processed and was skipped (Continue mode). */
  error?: string;
}
