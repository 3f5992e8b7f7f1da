/**
 * Fuse layout-model regions with the blocks of the text-layer (or OCR) analysis.
 *
 * The analysis knows the text exactly; the model sees what text positions cannot say
 * (that a block is a caption, a page header, a formula, that a region is a picture with
 * labels in it, a signature or a stamp). So blocks keep their text and boxes, and the
 * model is believed where it is confident and the analysis was not:
 *  - a block mostly covered by one model region is retyped when the region's score beats
 *    the analysis's own confidence for the type it chose;
 *  - a Picture region with no picture block under it becomes one, absorbing the
 *    short text blocks inside it (chart labels);
 *  - with advanced layout, Signature, Seal and KeyValuePair regions are kept: blocks
 *    inside take their type, and a signature or seal over no text becomes its own block.
 * Tables are not created here: a table needs a grid, which the table stage builds.
 */
import type { BBox, SegmentType } from '../../model/document.js';
import type { Block, PageLayout } from '../../model/layout.js';
import type { LayoutClass, LayoutRegion } from '../../engines/layout/interface.js';
import { intersectionArea, unionBBox } from '../../model/document.js';
import { countWords } from '../count-words.js';

export interface FusionOptions {
  /** Keep KeyValuePair, Signature and Seal (advanced_layout_detection). */
  advanced?: boolean;
  /** Regions below this score are not used. */
  minScore?: number;
  /**
   * Blocks a region already shaped and typed (OCR pages: ocr-region-blocks.ts gives them the
   * region's vote) keep that type: a larger overlapping region (a paragraph box the model also
   * drew over a heading) would otherwise retype them.
   */
  keepRegionTypes?: boolean;
}

const TEXT_TYPES = new Set<LayoutClass>(['Title', 'SectionHeader', 'Text', 'ListItem', 'Caption', 'Footnote', 'PageHeader', 'PageFooter', 'Formula']);
const ADVANCED = new Set<LayoutClass>(['KeyValuePair', 'Signature', 'Seal']);
const PICTURE_MIN_SCORE = 0.6;
/**
 * Words a new Picture may absorb. On a text layer, more words than a few labels mean the
 * model took a text box for a figure. OCR reads a figure's insides (axis labels, legends,
 * text in photos, specks read as letters) as words: on an OCR page a confident picture may
 * hold many (PubLayNet's figures: 20–150 OCR words each).
 */
const PICTURE_MAX_WORDS = { text: 12, ocr: 200 };
const OCR_PICTURE_MIN_SCORE = 0.7;

const area = (b: BBox) => Math.max(0, b.width) * Math.max(0, b.height);
const regionBox = (r: LayoutRegion): BBox => ({ left: r.left, top: r.top, width: r.width, height: r.height });

const RETYPE_COVER = 0.6;
/** A title or heading holds no more words than this (the document stage's title test too). */
const HEADING_MAX_WORDS = 30;

/**
 * Title and SectionHeader regions whose blocks (each covered for RETYPE_COVER of its area)
 * hold more words than a heading can: the model boxed a page's large watermark ("COPY"
 * across a tax form, pdf-lib's with_annots.pdf) as a Title, and every form line under it
 * became a Title. Such a region retypes nothing.
 */
function overfullHeadings(layout: PageLayout, regions: readonly LayoutRegion[]): Set<LayoutRegion> {
  const out = new Set<LayoutRegion>();
  for (const r of regions) {
    if (r.type !== 'Title' && r.type !== 'SectionHeader') continue;
    const box = regionBox(r);
    let words = 0;
    for (const b of layout.blocks) {
      const a = area(b.bbox);
      if (b.kind === 'text' && a > 0 && intersectionArea(b.bbox, box) >= RETYPE_COVER * a) words += b.lines.reduce((n, l) => n + countWords(l.text), 0);
    }
    if (words > HEADING_MAX_WORDS) out.add(r);
  }
  return out;
}

/** `regions` are in page units (the caller maps raster pixels to the page). */
export function fuseLayout(layout: PageLayout, regions: readonly LayoutRegion[], opts: FusionOptions = {}): PageLayout {
  const minScore = opts.minScore ?? 0.5;
  const usable = regions.filter((r) => r.score >= minScore && (opts.advanced || !ADVANCED.has(r.type)));
  if (usable.length === 0) return layout;

  // Retype text blocks.
  const overfull = overfullHeadings(layout, usable);
  for (const b of layout.blocks) {
    if (b.kind !== 'text' || b.type === 'Page') continue;
    if (opts.keepRegionTypes && b.type && b.modelVotes?.[b.type] !== undefined) continue;
    const a = area(b.bbox);
    if (a <= 0) continue;
    let best: LayoutRegion | undefined;
    let bestCover = RETYPE_COVER;
    for (const r of usable) {
      if (overfull.has(r)) continue;
      if (!TEXT_TYPES.has(r.type) && !ADVANCED.has(r.type)) continue;
      const cover = intersectionArea(b.bbox, regionBox(r)) / a;
      if (cover >= bestCover) {
        bestCover = cover;
        best = r;
      }
    }
    if (!best) continue;
    const current = (b.type ?? 'Text') as SegmentType;
    if (best.type === current) {
      b.typeConfidence = Math.max(b.typeConfidence ?? 0.5, best.score);
      continue;
    }
    // A repeated header/footer or a decided list item is document evidence the model lacks.
    if ((b.typeConfidence ?? 0.5) >= best.score) continue;
    b.type = best.type as SegmentType;
    b.typeConfidence = best.score;
  }

  // Pictures (and signatures/seals) the analysis did not see.
  const added: Block[] = [];
  const absorbed = new Set<Block>();
  for (const r of usable) {
    if (r.type !== 'Picture' && r.type !== 'Signature' && r.type !== 'Seal') continue;
    const box = regionBox(r);
    const seen = layout.blocks.find((b) => b.kind === 'picture' && intersectionArea(b.bbox, box) > 0.5 * Math.min(area(b.bbox), area(box)));
    if (seen) {
      if (r.type === 'Picture' && r.score >= PICTURE_MIN_SCORE) takeLabels(seen, box, layout, absorbed);
      continue;
    }
    if (layout.blocks.some((b) => b.kind === 'table' && intersectionArea(b.bbox, box) > 0.3 * area(box))) continue;
    const inside = layout.blocks.filter((b) => b.kind === 'text' && !absorbed.has(b) && intersectionArea(b.bbox, box) > 0.8 * area(b.bbox));
    // A "picture" holding more than a few labels' worth of text is a model mistake, not a
    // figure, and a weak region is not worth rewriting the analysis for.
    const words = inside.reduce((n, b) => n + b.lines.reduce((m, l) => m + l.words.length, 0), 0);
    const ocr = layout.textSource === 'ocr';
    if (r.score < PICTURE_MIN_SCORE || words > PICTURE_MAX_WORDS[ocr ? 'ocr' : 'text'] || (ocr && words > PICTURE_MAX_WORDS.text && r.score < OCR_PICTURE_MIN_SCORE)) continue;
    added.push({ kind: 'picture', bbox: box, lines: inside.flatMap((b) => b.lines), fontSize: 0, bold: false, italic: false, type: r.type as SegmentType, typeConfidence: r.score });
    for (const b of inside) absorbed.add(b);
  }
  if (added.length || absorbed.size) {
    const kept = layout.blocks.filter((b) => !absorbed.has(b));
    // Place each new block before the first block below it, keeping reading order sensible.
    for (const nb of added) {
      const at = kept.findIndex((b) => b.bbox.top > nb.bbox.top + nb.bbox.height / 2 && b.bbox.left < nb.bbox.left + nb.bbox.width);
      kept.splice(at < 0 ? kept.length : at, 0, nb);
    }
    layout.blocks = kept;
  }
  return layout;
}

/** Most words on one line of a figure's label (axis titles, ticks, legends). */
const LABEL_LINE_WORDS = 6;
const LABELS_MAX_WORDS = 80;

/**
 * A picture the analysis found (its drawing or image) whose model region reaches further
 * takes the short text blocks inside the region: axis ticks, axis titles and legends drawn
 * as text beside the drawing belong to the figure (they were segments of their own, typed
 * Text, PageFooter or SectionHeader by their position and size). Its box grows to hold them.
 */
function takeLabels(picture: Block, region: BBox, layout: PageLayout, absorbed: Set<Block>): void {
  const labels = layout.blocks.filter(
    (b) => b.kind === 'text' && !absorbed.has(b) && b.type !== 'Caption' && intersectionArea(b.bbox, region) > 0.8 * area(b.bbox) && b.lines.every((l) => l.words.length <= LABEL_LINE_WORDS),
  );
  if (labels.length === 0) return;
  const words = labels.reduce((n, b) => n + b.lines.reduce((m, l) => m + l.words.length, 0), 0) + picture.lines.reduce((m, l) => m + l.words.length, 0);
  if (words > LABELS_MAX_WORDS) return;
  for (const b of labels) absorbed.add(b);
  picture.lines = [...picture.lines, ...labels.flatMap((b) => b.lines)];
  picture.bbox = unionBBox([picture.bbox, ...labels.map((b) => b.bbox)]);
}
