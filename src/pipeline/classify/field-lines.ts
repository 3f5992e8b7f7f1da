/**
 * A form's field is no heading. Invoices and forms set their fields ("Order Date:
 * 15-10-2015", "VAT/TIN: 29670869006", "Invoice No : # BLR_WFLD2015…") larger than their
 * fine print, which is the commonest size and so the page's body size; set "larger than the
 * body", every field became a SectionHeader, and an invoice read as a stack of headings. A
 * block of one or two lines whose text is a label, a colon and a value of figures (one or two
 * tokens that each hold a digit, three digits in all: an identifier, a date, a number, a
 * phone) is a field, typed Text whatever typed it a heading. A heading's colon is followed by
 * words ("Chapter 2: Results") or a period of years ("Employment outlook: 2010–2020").
 */
import type { Block, PageLayout } from '../../model/layout.js';
import { blockText } from '../blocks/build-blocks.js';

const LABEL = /^([^:]{1,40}?)\s*:\s*#?\s*(.+)$/su;
const YEARS = /^\d{4}\s*[-–—]\s*\d{4}$/u;

/** `text` reads as "label: value", the value one or two tokens of figures. */
export function isFieldLine(text: string): boolean {
  const m = LABEL.exec(text.replace(/\s+/g, ' ').trim());
  if (!m || !/\p{L}/u.test(m[1]!)) return false;
  const value = m[2]!;
  const tokens = value.split(' ');
  if (tokens.length > 2 || YEARS.test(value)) return false;
  return tokens.every((t) => /\d/.test(t)) && (value.match(/\d/g)?.length ?? 0) >= 3;
}

/** A field's value beside its label: four tokens at most, one holding a digit ("20 Dec 2026", "OH-88213"), no bracketed note ("(Rs. in 000)"). */
const VALUE = /^(?=.*\d)[^([\s]\S*(?: \S+){0,3}$/u;
/** A field's label: three words at most ("Due date", "PO number"); a table's title is longer. */
const LABEL_WORDS = 3;

/**
 * A label set apart from its value on one baseline ("Due date" … "20 Dec 2026", an invoice's
 * bold keys over a wide gap): a label of three words at most, its value a block of one line
 * in its size, no heading (the next column's "SECTION 2." beside the constitution's
 * "Amendment XIII."), right of it, level with it
 * (tops within a third of its size), starting within six of its font sizes. A heading has
 * nothing on its baseline so close.
 */
function labelBesideValue(b: Block, blocks: readonly Block[]): boolean {
  if (b.lines.length !== 1 || blockText(b).trim().split(/\s+/).length > LABEL_WORDS) return false;
  const right = b.bbox.left + b.bbox.width;
  const size = b.fontSize;
  return blocks.some(
    (o) =>
      o !== b &&
      o.kind === 'text' &&
      o.lines.length === 1 &&
      o.type !== 'SectionHeader' &&
      o.type !== 'Title' &&
      Math.abs(o.fontSize - size) <= 0.2 * size &&
      Math.abs(o.bbox.top - b.bbox.top) <= size / 3 &&
      o.bbox.left >= right &&
      o.bbox.left - right <= 6 * size &&
      VALUE.test(blockText(o).replace(/\s+/g, ' ').trim()),
  );
}

/** Retype as Text the headings (and titles) that are a form's fields or a field's label. */
export function demoteFieldHeadings(pages: readonly PageLayout[]): void {
  for (const p of pages) {
    for (const b of p.blocks) {
      if (b.kind !== 'text' || (b.type !== 'SectionHeader' && b.type !== 'Title') || b.lines.length > 2) continue;
      if (!isFieldLine(blockText(b)) && !labelBesideValue(b, p.blocks)) continue;
      b.type = 'Text';
      b.typeConfidence = 0.8;
      delete b.level;
    }
  }
}
