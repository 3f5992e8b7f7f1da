/**
 * The layout-model stage of a page: route, run the model, fuse. Routing is cheap on
 * purpose: a born-digital page with no images, no vector graphics and nothing the analysis
 * typed with low confidence keeps its text-layer layout, because rendering it for the model
 * would cost as much as parsing it (bench/layout-eval.ts measures what routing gives up).
 */
import type { PageContent } from '../../model/page.js';
import { intersectionArea, type BBox } from '../../model/document.js';
import type { PageLayout } from '../../model/layout.js';
import type { RasterImage } from '../../engines/ocr/interface.js';
import type { LayoutModelRef } from '../../engines/layout/model-ref.js';
import { layoutEngineFor } from '../../engines/layout/worker-engine.js';
import { fuseLayout } from './fuse-layout.js';
import { fuseOcrPage } from './ocr-region-blocks.js';
import { shapeBlocksByRegions } from './region-blocks.js';
import { confidenceFromAgreement } from './agreement-confidence.js';
import type { LayoutRegion } from '../../engines/layout/interface.js';

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
 * Whether the model runs on a text-layer page. Measured (bench/layout-eval-parse.ts
 * --born-digital, 21 annotated pages): with the model on every page and region-shaped blocks
 * parse's mAP@0.5 rises from 0.368 to 0.527, at about +140 ms CPU per page (2.6x a
 * born-digital page's parse; bench/layout-cost.ts). That cost is what
 * `advanced_layout_detection` (the spec's slower, more thorough option) pays; the default
 * `smart_layout_detection` keeps its routing (the model where the text layer's own typing is
 * unsure), so default parse speed is unchanged. QUIRE_LAYOUT_ROUTING=text-layer or =every-page
 * forces one routing for measuring.
 */
export function modelRunsOn(content: PageContent, layout: PageLayout, advanced = false): boolean {
  const routing = process.env.QUIRE_LAYOUT_ROUTING;
  if (routing === 'text-layer') return !textLayerIsEnough(content, layout);
  if (routing === 'every-page' || advanced) return layout.blocks.length > 0;
  return !textLayerIsEnough(content, layout);
}

/**
 * Model regions fused into `layout`. `raster` is the page image at `scale` pixels per page
 * unit, or a function that renders one at a given DPI (called with the DPI that fills the
 * model input about 1.5 times, so that resizing still anti-aliases).
 */
export async function applyLayoutModel(
  layout: PageLayout,
  raster: { image: RasterImage; scale: number } | ((dpi: number) => Promise<{ image: RasterImage; scale: number }>),
  s: LayoutStageSettings,
): Promise<PageLayout> {
  const engine = await layoutEngineFor(s);
  const { image, scale } = typeof raster === 'function' ? await raster(modelDpi(layout.width, layout.height, engine.inputWidth, engine.inputHeight)) : raster;
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

function modelDpi(width: number, height: number, inputWidth: number, inputHeight: number): number {
  return Math.max(36, Math.min(200, 72 * 1.5 * Math.min(inputWidth / width, inputHeight / height)));
}
