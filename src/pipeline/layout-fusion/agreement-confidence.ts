/**
 * A segment's confidence once the layout model has looked at its page: how far the model
 * agrees with the segment's box and type. Without it, every text block the analysis made
 * carried the same fixed confidence (0.9 by default), so a block the model boxed the same
 * way and a block the model saw as something else, or did not see at all, ranked alike;
 * users filtering on `confidence`, and the layout measures that rank by it (mAP), could not
 * tell them apart.
 *
 *  - A text or picture block that a model region of the same type overlaps at IoU ≥ 0.5
 *    takes the best such region's score: the two agree, as far as the model is sure.
 *  - A block no region of its type confirms keeps at most DISPUTED, which is below the
 *    model's own reporting threshold (0.4): such a block ranks after every confirmed one.
 * Blocks a region made (region-blocks.ts) already carry its score. Untyped text blocks become Text here (the document stage may still retype them from
 * evidence across pages: headers, footers, heading sizes). Tables keep the confidence of their grid's evidence (tables/table-confidence), which
 * says something else (how sure the structure is).
 */
import { intersectionArea, type BBox } from '../../model/document.js';
import type { PageLayout } from '../../model/layout.js';
import type { LayoutRegion } from '../../engines/layout/interface.js';
import { regionShaped } from './region-blocks.js';

/** The most an unconfirmed block may claim. */
export const DISPUTED = 0.35;
const AGREE_IOU = 0.5;

const area = (b: BBox) => Math.max(0, b.width) * Math.max(0, b.height);

function iou(a: BBox, b: BBox): number {
  const i = intersectionArea(a, b);
  const u = area(a) + area(b) - i;
  return u > 0 ? i / u : 0;
}

/** Sets `typeConfidence` of the page's text and picture blocks from the model's regions (page units). */
export function confidenceFromAgreement(layout: PageLayout, regions: readonly LayoutRegion[]): PageLayout {
  for (const b of layout.blocks) {
    if (b.kind === 'table' || b.type === 'Page' || regionShaped.has(b)) continue;
    const type = b.type ?? (b.kind === 'picture' ? 'Picture' : 'Text');
    let best = 0;
    for (const r of regions) {
      if (r.type !== type || r.score <= best) continue;
      if (iou(b.bbox, { left: r.left, top: r.top, width: r.width, height: r.height }) >= AGREE_IOU) best = r.score;
    }
    const own = b.typeConfidence ?? 0.9;
    b.typeConfidence = best > 0 ? best : Math.min(own, DISPUTED);
    // Typed now, so that the document stage's default (untyped → Text at 0.9) leaves it be.
    b.type = type;
  }
  return layout;
}
