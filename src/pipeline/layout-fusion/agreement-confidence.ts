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
 *  - A one-line block of a few words without closing punctuation that a SectionHeader
 *    region boxes the same way is a heading, whatever else the model also proposed there.
 *  - An open text block (untyped: the analysis saw plain text) that a region of another
 *    text type boxes the same way, more surely than any Text region, takes that type
 *    (not PageHeader/PageFooter: a line at the top of one page is not a header by itself).
 *  - A block no region of its type confirms keeps at most DISPUTED, which is below the
 *    model's own reporting threshold (0.4): such a block ranks after every confirmed one.
 * Blocks a region made (region-blocks.ts) already carry its score. Untyped text blocks become Text here (the document stage may still retype them from
 * evidence across pages: headers, footers, heading sizes). Tables keep the confidence of their grid's evidence (tables/table-confidence), which
 * says something else (how sure the structure is).
 */
import { intersectionArea, type BBox, type SegmentType } from '../../model/document.js';
import type { Block, PageLayout } from '../../model/layout.js';
import type { LayoutRegion } from '../../engines/layout/interface.js';
import { regionShaped, TEXT_REGION_TYPES } from './region-blocks.js';
import { DISPUTED } from '../classify/model-agreement.js';

const AGREE_IOU = 0.5;

const area = (b: BBox) => Math.max(0, b.width) * Math.max(0, b.height);

function iou(a: BBox, b: BBox): number {
  const i = intersectionArea(a, b);
  const u = area(a) + area(b) - i;
  return u > 0 ? i / u : 0;
}

const MAX_HEADING_WORDS = 12;
/** Page headers and footers are the document stage's call (text repeated across pages). */
const FURNITURE = new Set(['PageHeader', 'PageFooter']);

function headingLike(b: Block): boolean {
  if (b.kind !== 'text' || b.lines.length !== 1) return false;
  const text = b.lines[0]!.text.trim();
  return text.split(/\s+/).length <= MAX_HEADING_WORDS && !/[.,;:]$/.test(text);
}

function votesFor(box: BBox, regions: readonly LayoutRegion[]): Partial<Record<SegmentType, number>> {
  const votes: Partial<Record<SegmentType, number>> = {};
  for (const r of regions) {
    const t = r.type as SegmentType;
    if (iou(box, { left: r.left, top: r.top, width: r.width, height: r.height }) >= AGREE_IOU) votes[t] = Math.max(votes[t] ?? 0, r.score);
  }
  return votes;
}

/** Sets `typeConfidence` of the page's text and picture blocks from the model's regions (page units). */
export function confidenceFromAgreement(layout: PageLayout, regions: readonly LayoutRegion[]): PageLayout {
  for (const b of layout.blocks) {
    if (b.kind === 'table' || b.type === 'Page') continue;
    b.modelVotes = votesFor(b.bbox, regions);
    if (regionShaped.has(b)) {
      b.modelVotes[b.type!] = Math.max(b.modelVotes[b.type!] ?? 0, b.typeConfidence ?? 0);
      continue;
    }
    const type = b.type ?? (b.kind === 'picture' ? 'Picture' : 'Text');
    const own = b.typeConfidence ?? 0.9;
    let same = 0;
    let other: LayoutRegion | undefined;
    let heading: LayoutRegion | undefined;
    for (const r of regions) {
      if (iou(b.bbox, { left: r.left, top: r.top, width: r.width, height: r.height }) < AGREE_IOU) continue;
      if (r.type === 'SectionHeader' && (!heading || r.score > heading.score)) heading = r;
      if (r.type === type) same = Math.max(same, r.score);
      else if (b.kind === 'text' && TEXT_REGION_TYPES.has(r.type) && !FURNITURE.has(r.type) && (!other || r.score > other.score)) other = r;
    }
    // A heading the model sees as one (even when it also proposes Text for the same box):
    // one short line without closing punctuation, as a numbered "2.4. Adsorption" is. A
    // list item the analysis saw by its marker stays one ("1. Biometrics" reads the same as
    // "2. Methods"; the document stage tells them apart by weight and size).
    if (heading && headingLike(b) && (b.type === undefined || b.type === 'Text')) {
      b.type = 'SectionHeader';
      b.typeConfidence = heading.score;
      continue;
    }
    // A block the analysis left open (plain text) that the model, boxing it the same way,
    // calls something else with more confidence than it calls it text takes that type.
    if (other && (b.type === undefined || b.type === 'Text') && b.typeConfidence === undefined && other.score > same) {
      b.type = other.type as SegmentType;
      b.typeConfidence = other.score;
      continue;
    }
    b.typeConfidence = same > 0 ? same : Math.min(own, DISPUTED);
    // Typed now, so that the document stage's default (untyped → Text at 0.9) leaves it be.
    b.type = type;
  }
  return layout;
}
