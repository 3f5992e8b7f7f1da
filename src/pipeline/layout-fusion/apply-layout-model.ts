/**
 * The layout-model stage of a page: route, run the model, fuse. Routing is cheap on
 * purpose: a plain one-column text-layer page keeps its text-layer layout, because rendering
 * it for the model would cost as much as parsing it (page-complexity.ts says which pages
 * are not plain; bench/layout-eval-parse.ts measures what routing gives up).
 */
import type { PageContent } from '../../model/page.js';
import { intersectionArea, type BBox } from '../../model/document.js';
import type { PageLayout } from '../../model/layout.js';
import type { RasterImage } from '../../engines/ocr/interface.js';
import { greyTwoThirds } from '../../raster/grey-shrink.js';
import type { LayoutModelRef } from '../../engines/layout/model-ref.js';
import { layoutEngineFor } from '../../engines/layout/worker-engine.js';
import { fuseLayout } from './fuse-layout.js';
import { fuseOcrPage } from './ocr-region-blocks.js';
import { shapeBlocksByRegions } from './region-blocks.js';
import { confidenceFromAgreement } from './agreement-confidence.js';
import type { LayoutRegion } from '../../engines/layout/interface.js';
import { modelReason } from './page-complexity.js';

export interface LayoutStageSettings extends LayoutModelRef {
  /** advanced_layout_detection: keep KeyValuePair, Signature and Seal. */
  advanced: boolean;
}

const CONFIDENT = 0.6;
/** Images and drawings smaller than this share of the page (logos, rules, bullets) do not count. */
const MIN_VISUAL_SHARE = 0.02;

/** Whether a text-layer page can keep its own layout without asking the model. */
export function textLayerIsEnough(content: PageContent, layout: PageLayout): boolean {
  // Images and drawings are where the text layer is blind, unless the analysis already
  // explained them as a picture or table block.
  const explained = (v: BBox) => layout.blocks.some((b) => b.kind !== 'text' && intersectionArea(b.bbox, v) >= 0.8 * v.width * v.height);
  const unexplained = (v: BBox) => v.width * v.height > MIN_VISUAL_SHARE * content.width * content.height && !explained(v);
  if (content.images.some(unexplained) || content.graphics.some(unexplained)) return false;
  return layout.blocks.every((b) => b.kind !== 'text' || b.typeConfidence === undefined || b.typeConfidence >= CONFIDENT);
}

/**
 * Whether the model runs on a text-layer page. With the model on every page and
 * region-shaped blocks parse's mAP@0.5 rises from 0.368 to 0.527 (bench/layout-eval-parse.ts
 * --born-digital, 21 annotated pages), at about +140 ms CPU per page (bench/layout-cost.ts).
 * `advanced_layout_detection` pays that on every page; the default `smart_layout_detection`
 * runs it only where the text layer's typing is unsure (textLayerIsEnough). Routing by page
 * complexity (page-complexity.ts: columns of prose, formulas, figures) reaches 0.557 by
 * default but sends every two-column page to the model: the README's sample (19 two-column
 * pages) went from about 0.1 s to 1.7 s, so it is measured, not the default (README).
 * QUIRE_LAYOUT_ROUTING=complexity, =text-layer or =every-page forces one routing.
 */
export function modelRunsOn(content: PageContent, layout: PageLayout, advanced = false): boolean {
  const routing = process.env.QUIRE_LAYOUT_ROUTING;
  if (routing === 'every-page' || advanced) return layout.blocks.length > 0;
  if (routing === 'complexity') return modelReason(layout, textLayerIsEnough(content, layout)) !== undefined;
  return !textLayerIsEnough(content, layout);
}

/**
 * Model regions fused into `layout`. `raster` is the page image at `scale` pixels per page
 * unit, or a function that renders one at a given DPI (called with 1.5 times the DPI at
 * which the page fills the model input, then shrunk: pageForModel).
 */
export async function applyLayoutModel(
  layout: PageLayout,
  raster: { image: RasterImage; scale: number } | ((dpi: number) => Promise<{ image: RasterImage; scale: number }>),
  s: LayoutStageSettings,
): Promise<PageLayout> {
  const engine = await layoutEngineFor(s);
  const { image, scale } = typeof raster === 'function' ? await pageForModel(raster, modelDpi(layout.width, layout.height, engine.inputWidth, engine.inputHeight)) : raster;
  const regions = await engine.detect(image);
  const inPage = regions.map((r) => ({ ...r, left: r.left / scale, top: r.top / scale, width: r.width / scale, height: r.height / scale }));
  return fuseModelRegions(layout, inPage, s);
}

/** Text-layer lines join the model's confident text regions at or above this score. */
const SHAPING_MIN_SCORE = 0.6; // swept over the open set: 0.4–0.7 gave 0.515–0.537 (README)

/**
 * The fusion itself, on regions already in page units (bench/layout-eval.ts scores exactly
 * this). An OCR page's lines are grouped by the model's regions (regroup-lines.ts); a text
 * layer's blocks are split, merged and retyped by the confident ones (region-blocks.ts);
 * then pictures and the remaining retyping (fuse-layout.ts).
 */
export function fuseModelRegions(layout: PageLayout, inPage: readonly LayoutRegion[], s: { advanced: boolean }): PageLayout {
  if (layout.textSource === 'ocr') return fuseOcrPage(layout, inPage, s);
  // An OCR segment's confidence stays its reading's (the agreement applies to text layers).
  return confidenceFromAgreement(fuseLayout(shapeBlocksByRegions(layout, inPage, { minScore: SHAPING_MIN_SCORE }), inPage, { advanced: s.advanced }), inPage);
}

/**
 * A text-layer page for the model: drawn at 1.5 times the DPI that fills its input (as the
 * model's training renders were, then resized) and shrunk to two thirds in grey by area
 * (raster/grey-shrink.ts), so the letterbox only pads it. Where the DPI limits capped the
 * drawing (a huge page), the letterbox resizes as it does for OCR rasters.
 */
async function pageForModel(render: (dpi: number) => Promise<{ image: RasterImage; scale: number }>, dpi: number): Promise<{ image: RasterImage; scale: number }> {
  const r = await render(1.5 * dpi);
  if (r.image.channels === 1 || Math.abs(r.scale - (1.5 * dpi) / 72) > 1e-6) return r;
  return { image: greyTwoThirds(r.image), scale: (r.scale * 2) / 3 };
}

function modelDpi(width: number, height: number, inputWidth: number, inputHeight: number): number {
  return Math.max(18, Math.min(100, 72 * Math.min(inputWidth / width, inputHeight / height)));
}
