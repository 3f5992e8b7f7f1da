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
import { regroupLinesByRegions } from './regroup-lines.js';

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
  // An OCR page's lines are grouped by the model's regions (regroup-lines.ts).
  const grouped = layout.textSource === 'ocr' ? regroupLinesByRegions(layout, inPage) : layout;
  return fuseLayout(grouped, inPage, { advanced: s.advanced });
}

function modelDpi(width: number, height: number, inputWidth: number, inputHeight: number): number {
  return Math.max(36, Math.min(200, 72 * 1.5 * Math.min(inputWidth / width, inputHeight / height)));
}
