/**
 * A running footer found on one page alone. Repetition finds a document's footers when they
 * recur (document-types.ts); a two-page excerpt whose first page has no footer, or a
 * one-page document, leaves its footer to the model and the page hints, which typed "16
 * Neurocrine Biosciences 2024 Corporate Sustainability Report" a Caption (docling-eval
 * 7f11a5a2, page 2). A footer carries the folio: a one-line block at the page's foot (bottom
 * 13 %), the lowest text over its width, in body size or smaller, short (≤ 12 words), set
 * apart from the text above it (1.5 of its line heights), with a page number at either end
 * ("16 Neurocrine …", "Appendix A – Page 1 of 51") that is not a note's raised mark ("¹⁶
 * FEMIP Support Fund …" is a footnote). Text-layer pages only: OCR pages have their own
 * rule (ocr-typography.ts), where the height of a word says little.
 */
import type { Block, PageLayout } from '../../model/layout.js';
import { blockText } from '../blocks/build-blocks.js';
import { countWords } from '../count-words.js';

const MARGIN = 0.13;
/**
 * A folio at either end of a footer line: "12 Company name", "Report title 12", "Page 3 of
 * 9", or a page of a count closing a line of words ("The EFSA Journal 2009 – 223 27/312").
 */
export const FOLIO = /^\s*(page\s*)?\d{1,4}\s+\p{L}|\p{L}[\p{L}\s|.,:–—-]*\s(page\s*)?\d{1,4}(\s+(of|\/)\s*\d{1,4})?\s*$|\p{L}.*\s\d{1,4}\s*\/\s*\d{1,4}\s*$/iu;
const LEADING_NUMBER = /^\s*\d/;

const bottomOf = (b: Block) => b.bbox.top + b.bbox.height;
const overlapsX = (a: Block, b: Block) => a.bbox.left < b.bbox.left + b.bbox.width && b.bbox.left < a.bbox.left + a.bbox.width;

/** The leading number is set lower or smaller than the word after it: a note's mark, not a folio. */
function raisedNumber(b: Block): boolean {
  const [m, w] = b.lines[0]!.words;
  if (!m || !w || !LEADING_NUMBER.test(m.text)) return false;
  return m.bbox.height < 0.9 * w.bbox.height || m.bbox.top + m.bbox.height < w.bbox.top + 0.85 * w.bbox.height;
}

function isFolioLine(b: Block, p: PageLayout, body: number): boolean {
  if (b.kind !== 'text' || b.lines.length !== 1 || b.bbox.top < p.height * (1 - MARGIN) || b.fontSize > body * 1.05) return false;
  const text = blockText(b);
  if (countWords(text) > 12 || !FOLIO.test(text) || raisedNumber(b)) return false;
  const lineHeight = b.bbox.height;
  for (const o of p.blocks) {
    if (o === b || o.kind !== 'text' || !overlapsX(o, b)) continue;
    if (o.bbox.top >= bottomOf(b) - 1 && o.type !== 'PageFooter') return false; // not the lowest
    const gap = b.bbox.top - bottomOf(o);
    if (bottomOf(o) <= b.bbox.top + 1 && gap < 1.5 * lineHeight) return false; // not set apart
  }
  return true;
}

/** Lone folio lines at the foot of text-layer pages become PageFooter (before the model's types are settled). */
export function markFolioLines(pages: readonly PageLayout[], body: number): void {
  for (const p of pages) {
    if (p.textSource !== 'text') continue;
    for (const b of p.blocks) {
      if (b.type === 'PageFooter' || b.type === 'PageHeader' || b.type === 'Table' || b.type === 'Picture') continue;
      if (!isFolioLine(b, p, body)) continue;
      b.type = 'PageFooter';
      b.typeConfidence = 0.7;
      delete b.level;
    }
  }
}

/** "Page 3 of 15", "Page 3/15": a page's label naming itself and the count. */
const PAGE_LABEL = /^\s*page\s*(\d{1,4})\s*(?:of|\/)\s*\d{1,4}\s*$/i;
/** A page label stands in the page's top or bottom third. */
const LABEL_ZONE = 1 / 3;

/**
 * A line that says which page it is on, of how many ("Page 3/15" on an XFA form's fallback
 * pages, set a sixth of the way down, below the top margin), is furniture wherever it stands
 * in the page's top or bottom third, when the number is the page's own: PageHeader above the
 * middle, PageFooter below. It was a SectionHeader (bold) on each of the form's pages.
 */
export function markPageLabels(pages: readonly PageLayout[]): void {
  for (const p of pages) {
    for (const b of p.blocks) {
      if (b.kind !== 'text' || b.lines.length !== 1 || b.type === 'PageFooter' || b.type === 'PageHeader') continue;
      const m = PAGE_LABEL.exec(blockText(b));
      if (!m || Number(m[1]) !== p.pageNumber) continue;
      const top = bottomOf(b) <= p.height * LABEL_ZONE;
      if (!top && b.bbox.top < p.height * (1 - LABEL_ZONE)) continue;
      b.type = top ? 'PageHeader' : 'PageFooter';
      b.typeConfidence = 0.75;
      delete b.level;
    }
  }
}
