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
import type { PageLayout } from '../../model/layout.js';
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

/** Retype as Text the headings (and titles) that are a form's fields. */
export function demoteFieldHeadings(pages: readonly PageLayout[]): void {
  for (const p of pages) {
    for (const b of p.blocks) {
      if (b.kind !== 'text' || (b.type !== 'SectionHeader' && b.type !== 'Title') || b.lines.length > 2) continue;
      if (!isFieldLine(blockText(b))) continue;
      b.type = 'Text';
      b.typeConfidence = 0.8;
      delete b.level;
    }
  }
}
