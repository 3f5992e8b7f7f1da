/**
 * Two small typographic rules of the document stage that need the furniture and headings
 * already found:
 * - A running header or footer shares its row with the page number: a short line in the top
 *   or bottom margin, level with a block already typed PageHeader/PageFooter, is one too
 *   ("J. Yu et al. / Journal of … (2012) 99–106" beside "100" on a two-page excerpt, where it
 *   cannot repeat often enough to be found by repetition, and "J. " read as a section number).
 * - A document sets its headings in one style: an unnumbered one-line block in the exact face
 *   and size of the numbered headings found ("Acknowledgments", "Appendix A. Supplementary
 *   data" in the bold cut of "4. Conclusions") is a heading too. Only faces that are not the
 *   body's count, so body-face lines never qualify.
 */
import type { Block, PageLayout } from '../../model/layout.js';
import { blockText } from '../blocks/build-blocks.js';
import { countWords } from '../count-words.js';

const MARGIN = 0.13;

function sameRow(a: Block, b: Block): boolean {
  const ca = a.bbox.top + a.bbox.height / 2;
  const cb = b.bbox.top + b.bbox.height / 2;
  return (ca >= b.bbox.top && ca <= b.bbox.top + b.bbox.height) || (cb >= a.bbox.top && cb <= a.bbox.top + a.bbox.height);
}

/** Short margin lines level with a running header/footer already found take its type. */
export function extendFurnitureRows(pages: readonly PageLayout[]): void {
  for (const p of pages) {
    // Row furniture only: a margin's column of line numbers or a sideways stamp, typed
    // PageHeader, stands level with every line of the body, not on the margin's row.
    const inMargin = (b: Block) => b.bbox.top + b.bbox.height <= p.height * MARGIN * 1.2 || b.bbox.top >= p.height * (1 - MARGIN * 1.2);
    const furniture = p.blocks.filter((b) => (b.type === 'PageHeader' || b.type === 'PageFooter') && inMargin(b));
    if (furniture.length === 0) continue;
    for (const b of p.blocks) {
      if (b.kind !== 'text' || (b.type !== undefined && b.type !== 'Text' && b.type !== 'ListItem') || b.lines.length > 2) continue;
      const top = b.bbox.top + b.bbox.height <= p.height * MARGIN;
      const bottom = b.bbox.top >= p.height * (1 - MARGIN);
      if (!top && !bottom) continue;
      const f = furniture.find((o) => sameRow(o, b) && (o.type === 'PageHeader') === top);
      if (!f || countWords(blockText(b)) > 25) continue;
      b.type = f.type;
      b.typeConfidence = 0.75;
    }
  }
}

const styleOf = (b: Block) => `${b.lines[0]!.fontName}|${Math.round(b.fontSize * 2)}|${b.bold}`;

/** One-line blocks in the face and size of the document's headings (a face not the body's) are headings. */
export function extendHeadingStyle(pages: readonly PageLayout[], face: string | undefined): void {
  const styles = new Map<string, number>();
  for (const p of pages) {
    for (const b of p.blocks) {
      if (b.type !== 'SectionHeader' || b.lines.length !== 1 || !b.lines[0]!.fontName || b.lines[0]!.fontName === face) continue;
      styles.set(styleOf(b), b.level ?? 1);
    }
  }
  if (styles.size === 0) return;
  for (const p of pages) {
    for (const b of p.blocks) {
      if (b.kind !== 'text' || (b.type !== undefined && b.type !== 'Text') || b.lines.length !== 1) continue;
      const level = styles.get(styleOf(b));
      if (level === undefined) continue;
      // A heading introduces text: a bold name alone at the page's foot is a footer (as in document-types.ts).
      if (b.bbox.top >= p.height * (1 - MARGIN) && !p.blocks.some((o) => o !== b && o.kind === 'text' && o.bbox.top > b.bbox.top + b.bbox.height / 2)) continue;
      const text = blockText(b).trim();
      const n = countWords(text);
      // A contents entry ends with its page number ("CHAPTER TWELVE: Harms 183"), set like the chapter heading.
      if (n === 0 || n > 10 || /[.,;:]$/.test(text) || /\s\d{1,4}$/.test(text) || !/\p{L}{2}/u.test(text)) continue;
      b.type = 'SectionHeader';
      b.typeConfidence = 0.7;
      b.level = level;
    }
  }
}
