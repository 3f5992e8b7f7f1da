/**
 * The OCR engine contract. Engines see one raster at a time and return words and lines in
 * that raster's pixel coordinates; page units, rotation and deskew are the caller's business
 * (src/pipeline/ocr). Nothing here knows about jobs or options of the service.
 */
import type { BBox } from '../../model/document.js';

import type { RasterImage } from '../../raster/raster-image.js';

export type { RasterImage };

/** Page segmentation, i.e. how the engine looks for text on the raster. */
export type PageSegmentation =
  /** Columns, blocks and lines found automatically (tesseract PSM 3). */
  | 'auto'
  /** One uniform block of text (PSM 6): crops of a single segment. */
  | 'single_block'
  /** One text line (PSM 7). */
  | 'single_line'
  /** As much text as possible in no particular order (PSM 11): forms, labels, diagrams. */
  | 'sparse';

export interface OcrRequest {
  segmentation?: PageSegmentation;
  /** Overrides `image.dpi`; lets the engine size its filters. Unknown: the engine estimates. */
  dpi?: number | null;
}

export interface OcrWord {
  text: string;
  /** In image pixels. */
  bbox: BBox;
  /** In [0, 1]. */
  confidence: number;
  /** Index into `OcrPageResult.lines`. */
  line: number;
}

export interface OcrLine {
  text: string;
  bbox: BBox;
  /** Mean of the line's word confidences, in [0, 1]. */
  confidence: number;
  /** Words `[firstWord, endWord)` of `OcrPageResult.words`. */
  firstWord: number;
  endWord: number;
  /** Engine block and paragraph numbers (1-based, engine order). */
  block: number;
  paragraph: number;
}

export interface OcrPageResult {
  /** Size of the raster the coordinates refer to. */
  width: number;
  height: number;
  /** In reading order as the engine found it. */
  words: OcrWord[];
  lines: OcrLine[];
  /** Character-weighted mean word confidence in [0, 1]; null when no word was found. */
  meanConfidence: number | null;
  /** Which engine configuration produced this (for logs and benchmarks). */
  engine: string;
}

export interface OcrEngine {
  /** Spec-level name (`ServiceHawk`, ...) of the configuration actually running. */
  readonly name: string;
  /** Human-readable configuration: implementation, model, languages. */
  readonly description: string;
  recognize(image: RasterImage, request?: OcrRequest): Promise<OcrPageResult>;
  /** Optional: load the model and start threads ahead of the first recognize. */
  warmUp?(): Promise<void>;
  /** Frees the engine's worker or process resources; the engine is unusable afterwards. */
  terminate(): Promise<void>;
}
