/**
 * Page-level primitives: what a format loader (text layer or OCR) hands to the pipeline
 * stages. Same coordinate convention as document.ts (top-left origin, page units).
 */
import type { BBox } from './document.js';

/** A run of text with uniform style: a pdf.js text item, or an OCR word. */
export interface TextRun {
  text: string;
  bbox: BBox;
  /** Font size in page units (for OCR: the x-height-derived line height estimate). */
  fontSize: number;
  fontName: string;
  bold: boolean;
  italic: boolean;
  /** In [0, 1]; null for text-layer runs. */
  confidence: number | null;
  source: 'text' | 'ocr';
  /** Explicit end-of-line after this run (last word of an OCR line). */
  eol?: boolean;
  /** Baseline direction on the page in degrees (0 = left to right; 90 = top to bottom). */
  dir?: 0 | 90 | 180 | 270;
  /** Fill colour '#rrggbb' from the text layer; set only when the job asks for text colour. */
  color?: string;
  /** URL of the link annotation over the run; set only when the job asks for hyperlinks. */
  href?: string;
  /** Crossed out by a rule through its middle; set only when the job asks for strikethrough. */
  strike?: boolean;
  /** Text layer: how far a slanted run's box (a synthetic italic's text matrix) reaches right of its baseline's end. */
  lean?: number;
  /** Text layer: letter spacing (PDF Tc) in page units, signed; its glyphs stand this much further apart (closer when negative), and the box ends at the last glyph's ink. */
  tracking?: number;
  /**
   * Text layer: a run whose every glyph was spaced apart (its pieces between spaces one or two
   * letters each): the gap before each piece but the first, in font sizes, -1 where a space
   * glyph stood. The lines stage reads letter-spaced words from it (pipeline/lines/letter-spacing.ts).
   */
  letterGaps?: number[];
  /** Text layer: a space glyph of a real space's width was drawn right before this run (a word space before it). */
  afterSpace?: boolean;
}

/** A link annotation's active area and target (PDF /Link with a URI action). */
export interface LinkArea {
  bbox: BBox;
  href: string;
}

/** A straight ruling segment (stroked line, or a thin filled rectangle). */
export interface RuleLine {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Stroke width in page units. */
  width: number;
}

/**
 * A painted vector path with its vertices and colours, kept for reading charts (bars by
 * fill colour, line-chart polylines, pie slices). Curves keep their end points only; a
 * vertex reached by a curve is flagged, so a pie slice's apex (reached and left by straight
 * edges) can be told from its arc.
 */
export interface VectorShape {
  /** Vertices in page units (y down), subpath by subpath; a closed subpath repeats its first. */
  points: Array<[number, number]>;
  /** Per vertex: reached by a curve segment. */
  curve: boolean[];
  /** Fill colour '#rrggbb' when filled, else null. */
  fill: string | null;
  /** Stroke colour '#rrggbb' when stroked, else null. */
  stroke: string | null;
  /** The subpath ends with a close (or returns to its start). */
  closed: boolean;
}

/**
 * An interactive form field's widget (AcroForm), read only under advanced layout detection:
 * where a value goes on the page and the value filled in (pipeline/forms pairs it with its
 * printed label).
 */
export interface FormWidget {
  bbox: BBox;
  kind: 'text' | 'checkbox' | 'radio' | 'choice' | 'signature';
  /** Filled text (text and choice fields); '' when empty. */
  value: string;
  /** Checkbox and radio state. */
  checked?: boolean;
  /** The field's tooltip (/TU), often its printed label's words. */
  tooltip?: string;
}

/** A raster image's box on the page, and its resolution there when known. */
export interface PlacedImage extends BBox {
  /** Image pixels per inch of the page along the image's coarser axis. */
  ppi?: number;
}

/** Everything the pipeline knows about one page before segmentation. */
export interface PageContent {
  /** 1-based. */
  pageNumber: number;
  width: number;
  height: number;
  runs: TextRun[];
  /** Horizontal and vertical ruling segments (tables, separators). */
  rules: RuleLine[];
  /** Filled rectangles that are not thin rules (cell shading, boxes). */
  rects: BBox[];
  /** Raster images placed on the page. */
  images: PlacedImage[];
  /** Boxes of vector paths that are neither rules nor plain rectangles (curves, polygons). */
  graphics: BBox[];
  /** Painted paths with vertices and colours (PDF text layers; for charts). Absent for OCR pages. */
  shapes?: VectorShape[];
  /** How the text was obtained. */
  textSource: 'text' | 'ocr' | 'none';
  /** Link annotations of the page; read only when the job asks for hyperlinks. */
  links?: LinkArea[];
  /** Form field widgets of the page; read only under advanced layout detection. */
  widgets?: FormWidget[];
}
