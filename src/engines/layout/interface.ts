/**
 * The layout engine contract: a page raster in, typed regions out, in the raster's pixel
 * coordinates. Fusing regions with text-layer blocks or OCR lines is the pipeline's job
 * (src/pipeline/layout-fusion); nothing here knows about pages in PDF units or options.
 */
import type { RasterImage } from '../ocr/interface.js';

/** Everything a layout model may find: the spec's segment types except Page. */
export const LAYOUT_CLASSES = [
  'Caption', 'Footnote', 'Formula', 'ListItem', 'PageFooter', 'PageHeader', 'Picture',
  'SectionHeader', 'Table', 'Text', 'Title', 'KeyValuePair', 'Signature', 'Seal',
] as const;
export type LayoutClass = (typeof LAYOUT_CLASSES)[number];

export interface LayoutRegion {
  type: LayoutClass;
  /** Pixel box in the input raster (left, top, width, height). */
  left: number;
  top: number;
  width: number;
  height: number;
  score: number;
}

export interface LayoutEngine {
  readonly name: string;
  detect(image: RasterImage): Promise<LayoutRegion[]>;
  close(): Promise<void>;
}
