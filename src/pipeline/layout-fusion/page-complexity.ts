/**
 * Which text-layer pages the default parse (smart_layout_detection) shows the layout model.
 * The model costs a text-layer page about as much as parsing it (rendering the page for it is
 * most of that: pdf.js draws every glyph), so it runs where the page's text layer shows a
 * layout the analysis reads worst and the model reads well, and nowhere else:
 *  - images or drawings the analysis did not explain, or a block it typed unsurely (the
 *    routing before issue 27, `textLayerIsEnough`);
 *  - columns: two paragraphs side by side (overlapping rows, disjoint columns). Region-shaped blocks split blocks that straddle a gutter and merge the
 *    paragraphs the line grouping cut (bench/layout-eval-parse.ts: text AP 0.275 → 0.674);
 *  - formulas: a block the page hints typed Formula (display math breaks the line grouping
 *    into fragments the model's regions put back together);
 *  - figures: three pictures or more (a report or magazine page laid out around them: the
 *    model boxes pictures and their labels better than the drawing clusters do, picture AP
 *    0.58 → 0.79 on the evaluation pages).
 * Left alone on purpose: one-column prose (a book page), its running header and page number
 * (the document stage types those from their repetition), one or two pictures the analysis
 * already boxed, tables (the fusion leaves table blocks as they are), and pages whose only sign
 * is several font sizes (the document stage types headings from their size). Decided from
 * these features of the page, not from the evaluation pages; README.md reports how many
 * pages of a book and of the evaluation set each rule sends.
 */
import type { Block, PageLayout } from '../../model/layout.js';

export type ModelReason = 'unexplained' | 'columns' | 'formula' | 'figures';

/** A page laid out around figures: this many picture blocks or more. */
const MIN_PICTURES = 3;

/**
 * A paragraph of prose: three lines or more, its median line holding MIN_WORDS words of
 * letters (numbers do not count: an index entry's page list is not prose).
 */
const MIN_LINES = 3;
const MIN_WORDS = 6;
const WORD = /\p{L}{2,}/gu;

function paragraph(b: Block): boolean {
  if (b.kind !== 'text' || b.lines.length < MIN_LINES) return false;
  const words = b.lines.map((l) => l.text.match(WORD)?.length ?? 0).sort((x, y) => x - y);
  return words[words.length >> 1]! >= MIN_WORDS;
}

/**
 * Two paragraphs side by side: they share rows and no column. Paragraphs, not any
 * multi-line blocks: the columns of an index, a list of short entries or a table set as
 * text hold lines of a few words, which the text layer's line grouping reads right (a book's
 * two-column index would otherwise send every index page to the model).
 */
export function hasColumns(layout: PageLayout): boolean {
  const text = layout.blocks.filter(paragraph);
  for (let i = 0; i < text.length; i++) {
    const a = text[i]!.bbox;
    for (let j = i + 1; j < text.length; j++) {
      const b = text[j]!.bbox;
      const rows = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
      const cols = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
      if (rows > 0 && cols < 0) return true;
    }
  }
  return false;
}

/** Why the model should see this page (undefined: the text layer's layout is kept). */
export function modelReason(layout: PageLayout, textLayerEnough: boolean): ModelReason | undefined {
  if (!textLayerEnough) return 'unexplained';
  if (hasColumns(layout)) return 'columns';
  if (layout.blocks.some((b) => b.kind === 'text' && b.type === 'Formula')) return 'formula';
  if (layout.blocks.filter((b) => b.kind === 'picture').length >= MIN_PICTURES) return 'figures';
  return undefined;
}
