/**
 * Two document-stage rules for OCR pages (page images, scans), where the typography rules
 * of the text layer find nothing to hold on to: an OCR line has no font name and no bold
 * flag, its size is read from its height (noisy), and a single page image cannot repeat its
 * furniture across pages. Their text and position still say what the model, unsure at this
 * size of type, often gets wrong (issue 29):
 *
 * - A page footer is the page's lowest line, in the bottom margin, that carries the folio
 *   ("12 Neurocrine Biosciences …", "Annual report | 7") or the publisher's imprint (©, DOI,
 *   ISSN, "all rights reserved", a URL). The model calls such lines Footnote or Caption at
 *   scores under 0.6, and the text-layer rules skip them (they only reopen untyped blocks).
 *   A folio counts only on a line the model took for small print (Footnote, Caption): a
 *   receipt's last row "TOTAL 25" is not a footer.
 * - A section heading is a one-line block opening with a section number ("2.1. Chemicals",
 *   "3.4, Adsorption kinetics": OCR reads the dots as commas) followed by a capitalised
 *   title, short, without closing punctuation or further digits (a receipt's "2 Latte 4.50",
 *   a contents entry's page), with text under it. A lone number needs its dot ("1. Intro"),
 *   and is a heading only when the blocks beside it in its column are not numbered items too
 *   (a numbered list is a list). The model types these Text or ListItem at scores under 0.6.
 *
 * Both yield to the model where it is sure (a type it confirmed at 0.6 or more), and run only
 * on OCR pages: born-digital pages keep their fonts' evidence.
 */
import type { Block, PageLayout } from '../../model/layout.js';
import { blockText } from '../blocks/build-blocks.js';
import { countWords } from '../count-words.js';

const MARGIN = 0.13;
/** The model's types below this score may be overruled by the rules here. */
const MODEL_SURE = 0.6;
/** Confidence of a type given here: about the model's own for these classes (0.4–0.6). */
const RULE_CONFIDENCE = 0.55;
/** A folio at either end of a footer line: "12 Company name", "Report title 12", "Page 3". */
const FOLIO = /^\s*(page\s*)?\d{1,4}\s+\p{L}|\p{L}[\p{L}\s|.,:–—-]*\s(page\s*)?\d{1,4}\s*$/iu;
const IMPRINT = /©|\(c\)\s*\d{4}|\bcopyright\b|\bdoi\b|doi\.org|\bissn\b|\b\d{4}-\d{3}[\dX]\b|all rights reserved|https?:\/\/|www\./i;
/** A section number: one to four levels, dots (or OCR's commas) between, then a capital. */
const SECTION_NUMBER = /^\s*(\d{1,2}(?:[.,]\s?\d{1,2}){0,3})[.,]?\s+\p{Lu}/u;

const bottomOf = (b: Block) => b.bbox.top + b.bbox.height;
const overlapsX = (a: Block, b: Block) => a.bbox.left < b.bbox.left + b.bbox.width && b.bbox.left < a.bbox.left + a.bbox.width;
const unsure = (b: Block) => (b.typeConfidence ?? 0) < MODEL_SURE;

function retype(b: Block, type: 'PageFooter' | 'SectionHeader', level?: number): void {
  b.type = type;
  b.typeConfidence = RULE_CONFIDENCE;
  if (level === undefined) delete b.level;
  else b.level = level;
}

/** The lowest lines in the bottom margin carrying a folio or an imprint are the page footer. */
function markOcrFooters(p: PageLayout): void {
  for (const b of p.blocks) {
    if (b.kind !== 'text' || b.lines.length > 2 || b.bbox.top < p.height * (1 - MARGIN)) continue;
    if (b.type === 'PageFooter' || b.type === 'PageHeader' || !unsure(b)) continue;
    const lowest = !p.blocks.some((o) => o !== b && o.kind === 'text' && o.bbox.top >= bottomOf(b) - 1 && overlapsX(o, b) && o.type !== 'PageFooter');
    if (!lowest) continue;
    const text = blockText(b);
    if (countWords(text) > 25) continue;
    // A folio line the model took for small print (a note or a caption), not a receipt's last row ("TOTAL 25").
    const folio = (b.type === 'Footnote' || b.type === 'Caption') && b.lines.length === 1 && countWords(text) <= 12 && FOLIO.test(text);
    if (folio || IMPRINT.test(text)) retype(b, 'PageFooter');
  }
}

/** A block of the same column right above or below `b` (within two of its line heights). */
function neighbours(p: PageLayout, b: Block): Block[] {
  const reach = 2 * b.bbox.height;
  return p.blocks.filter((o) => o !== b && o.kind === 'text' && overlapsX(o, b) && (Math.abs(o.bbox.top - bottomOf(b)) <= reach || Math.abs(b.bbox.top - bottomOf(o)) <= reach));
}

/** One-line numbered section titles are headings; their level is the numbering's depth. */
function markOcrNumberedHeadings(p: PageLayout): void {
  for (const b of p.blocks) {
    if (b.kind !== 'text' || b.lines.length !== 1 || (b.type !== 'Text' && b.type !== 'ListItem') || !unsure(b)) continue;
    const text = blockText(b).trim();
    const m = SECTION_NUMBER.exec(text);
    if (!m) continue;
    const n = countWords(text);
    if (n < 2 || n > 10 || /[.,;:]$/.test(text) || !/\p{L}{3}/u.test(text)) continue;
    // A title is words: digits after the number are a quantity and a price, or a contents entry's page.
    if (/\d/.test(text.slice(m[0].length - 1))) continue;
    // A heading introduces text below it.
    if (!p.blocks.some((o) => o !== b && o.kind === 'text' && o.bbox.top >= bottomOf(b) - 1 && overlapsX(o, b))) continue;
    const depth = m[1]!.split(/[.,]/).filter((s) => s.trim()).length;
    // A lone number is a section's only with its dot ("1. Introduction"; "1 Burger" is a receipt's row).
    if (depth === 1 && !/^\s*\d{1,2}[.,]/.test(text)) continue;
    if (depth === 1 && neighbours(p, b).some((o) => SECTION_NUMBER.test(blockText(o)) || /^\s*\d{1,2}[.)]\s/.test(blockText(o)))) continue;
    retype(b, 'SectionHeader', Math.min(5, depth));
  }
}

/** The OCR pages' rules, after the document stage settled the model's confidence. */
export function markOcrTypography(pages: readonly PageLayout[]): void {
  for (const p of pages) {
    if (p.textSource !== 'ocr') continue;
    markOcrFooters(p);
    markOcrNumberedHeadings(p);
  }
}
