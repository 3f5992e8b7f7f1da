/**
 * Document-level typing. Needs every page at once: the body font size, text repeated in
 * the top or bottom margin across pages (page headers/footers), the largest type on the
 * first page (title), and the ladder of heading sizes (section-header levels).
 */
import type { Block, PageLayout } from '../../model/layout.js';
import { blockText } from '../blocks/build-blocks.js';
import { countWords } from '../count-words.js';
import { settleModelConfidence } from './model-agreement.js';
import { bodyFace, setApartFromBody } from './heading-face.js';
import { titleAboveAuthors } from './title-authors.js';
import { markEquationNumbers } from './equation-numbers.js';
import { markFootnotes } from './footnotes.js';
import { extendFurnitureRows, extendHeadingStyle } from './heading-style.js';
import { markOcrTypography } from './ocr-typography.js';
import { markFolioLines, markPageLabels } from './folio-lines.js';
import { markMarginStamps } from './margin-stamps.js';
import { demoteFieldHeadings } from './field-lines.js';
import { isCaptionStart } from './page-hints.js';

const MARGIN = 0.13; // share of page height that counts as top/bottom margin
const PAGE_NUMBER = /^\s*(page\s*)?[-–—(\[]?\s*([0-9]{1,4}|[ivxlc]{1,6})\s*[-–—)\]]?\s*((of|\/)\s*[0-9]{1,4})?\s*$/i;
/** A division's label alone, its stops included ("SECTION. 7.", "Article.III.", "Amendment XIV.", "Chapter 2:"). */
const DIVISION_LABEL = /^\s*(chapter|section|part|appendix|article|schedule|annex|amendment|title|book|volume|clause)\s*[.:]?\s*([0-9]{1,3}|[IVXLC]{1,6}|[A-Z])\s*[.:]?\s*$/i;
const NUMBERED_HEADING = /^\s*((\d{1,2}(\.\d{1,2}){0,3}\.?)|([IVX]{1,5}\.)|([A-Z]\.)|(chapter|section|part|appendix|article)\s+[\dIVXA-Z]+)\s+\S/i;

export function bodyFontSize(pages: readonly PageLayout[]): number {
  const total = new Map<string, number>();
  for (const p of pages) for (const [k, n] of Object.entries(p.fontHistogram)) total.set(k, (total.get(k) ?? 0) + n);
  let best = '100';
  let bestN = -1;
  for (const [k, n] of total) if (n > bestN) [best, bestN] = [k, n];
  return Number(best) / 10;
}

function normalizeRepeat(text: string): string {
  return text.toLowerCase().replace(/[0-9]+/g, '#').replace(/\s+/g, ' ').trim();
}

function isOpen(b: Block): boolean {
  return b.kind === 'text' && (b.type === undefined || b.type === 'Text');
}

/** An enumerator that numbers sections as well as list items ("2.", "IV.", "B)"); bullets do not. */
const ENUMERATOR = /^\s*(\d{1,2}(\.\d{1,2}){0,3}[.)]?|[IVX]{1,5}[.)]|[A-Z][.)])\s+\S/;

/**
 * A block the page hints typed ListItem for its enumerator that is set as a heading: one
 * line, short, without closing punctuation, in bold or larger type than the body ("2. Method"
 * in bold is a section; "2. Buy milk." in body type is a list item).
 */
function numberedHeadingCandidate(b: Block, body: number, face: string | undefined): boolean {
  if (b.kind !== 'text' || b.type !== 'ListItem' || b.lines.length !== 1) return false;
  const text = blockText(b);
  return ENUMERATOR.test(text) && countWords(text) <= 12 && !/[.,;:]$/.test(text.trim()) && (b.bold || b.fontSize >= body * 1.12 || setApartFromBody(b, face));
}

/** No other text block shares the block's line within a few font sizes of it. */
function aloneOnLine(b: Block, p: PageLayout): boolean {
  const cy = b.bbox.top + b.bbox.height / 2;
  const reach = 3 * b.fontSize;
  return !p.blocks.some((o) => {
    if (o === b || o.kind !== 'text') return false;
    if (cy < o.bbox.top || cy > o.bbox.top + o.bbox.height) return false;
    const gap = Math.max(o.bbox.left - (b.bbox.left + b.bbox.width), b.bbox.left - (o.bbox.left + o.bbox.width));
    return gap < reach;
  });
}

/**
 * A page number may stand higher than the margin when it is the lowest text of its page:
 * LaTeX's article class sets it 14-17 % of the page's height from the foot (the corpus's
 * pdflatex samples, 0.826-0.852 of the height), where it was a Text segment.
 */
const FOLIO_MARGIN = 0.2;

const lowestText = (b: Block, p: PageLayout) => !p.blocks.some((o) => o !== b && o.kind !== 'picture' && o.bbox.top > b.bbox.top + b.bbox.height / 2);

/** Mark page headers and footers: margin text that repeats across pages, or page numbers. */
function markHeadersFooters(pages: readonly PageLayout[]): void {
  const counts = new Map<string, Set<number>>();
  // `pageNumber`: a number alone on its line ("[18]" beside its reference is a label, not a page number).
  const candidates: Array<{ block: Block; key: string; zone: 'top' | 'bottom'; page: number; pageNumber: boolean }> = [];
  // A running head or foot stands once on a page; text found twice in one page's margin is a
  // heading style at the top of columns ("SECTION. 7." and "SECTION. 8.", numbers aside).
  const twice = new Set<string>();
  for (const p of pages) {
    for (const b of p.blocks) {
      if (b.kind !== 'text' || b.lines.length > 3) continue;
      // The margins first: joining and counting the text of every short block costs more.
      const bottom = b.bbox.top + b.bbox.height;
      const inBottom = b.bbox.top >= p.height * (1 - MARGIN);
      // Above the margin, only the page's lowest line (a page number, tested below) is furniture.
      const low = !inBottom && b.bbox.top >= p.height * (1 - FOLIO_MARGIN) && b.lines.length === 1 && lowestText(b, p);
      const zone = bottom <= p.height * MARGIN * 1.2 ? 'top' : inBottom || low ? 'bottom' : undefined;
      if (!zone) continue;
      const text = blockText(b);
      // A caption repeats as a continued table's does ("Table 4. … —Continued"): it is body.
      // (By its text: the layout model types some running feet Caption.)
      if (b.type === 'Caption' && isCaptionStart(text)) continue;
      if (zone === 'bottom' && !inBottom && !PAGE_NUMBER.test(text)) continue;
      if (countWords(text) > 25) continue;
      const key = `${zone}:${normalizeRepeat(text)}`;
      candidates.push({ block: b, key, zone, page: p.pageNumber, pageNumber: PAGE_NUMBER.test(text) && aloneOnLine(b, p) });
      const set = counts.get(key) ?? new Set<number>();
      if (set.has(p.pageNumber)) twice.add(key);
      set.add(p.pageNumber);
      counts.set(key, set);
    }
  }
  const minRepeat = pages.length >= 3 ? Math.max(2, Math.ceil(pages.length * 0.2)) : 2;
  const found: Array<{ c: (typeof candidates)[number]; repeated: boolean }> = [];
  for (const c of candidates) {
    const repeated = (counts.get(c.key)?.size ?? 0) >= minRepeat && !twice.has(c.key);
    if (repeated || c.pageNumber) found.push({ c, repeated });
  }
  const furniture = new Set(found.map((f) => f.c.block));
  const byNumber = new Map(pages.map((p) => [p.pageNumber, p]));
  for (const { c, repeated } of found) {
    if (c.zone === 'bottom' && repeated && listLineAbove(c.block, byNumber.get(c.page)!, furniture)) continue;
    if (c.zone === 'top' && !c.pageNumber && bodyLineAbove(c.block, byNumber.get(c.page)!, furniture)) continue;
    c.block.type = c.zone === 'top' ? 'PageHeader' : 'PageFooter';
    c.block.typeConfidence = repeated ? 0.9 : 0.75;
  }
}

/**
 * Body text (no furniture) ends right above `b`: from 0.3 of its size over its top to
 * `reachEm` of its size above it, and `fits` it.
 */
function bodyRightAbove(b: Block, p: PageLayout, furniture: ReadonlySet<Block>, reachEm: number, fits: (o: Block, size: number) => boolean): boolean {
  const size = b.fontSize || 10;
  return p.blocks.some((o) => {
    if (o === b || o.kind !== 'text' || furniture.has(o)) return false;
    const gap = b.bbox.top - (o.bbox.top + o.bbox.height);
    return gap >= -0.3 * size && gap < reachEm * size && fits(o, size);
  });
}

/**
 * Text that is no furniture ends right above `b` (under an em between them) across part of
 * its width: `b` goes on from the body, as a table's unit line ("[In thousands]") under its
 * caption does on every page of a statistical report. A running head stands above the
 * body, not under a caption or a heading.
 */
function bodyLineAbove(b: Block, p: PageLayout, furniture: ReadonlySet<Block>): boolean {
  return bodyRightAbove(b, p, furniture, 1, (o) => Math.min(b.bbox.left + b.bbox.width, o.bbox.left + o.bbox.width) > Math.max(b.bbox.left, o.bbox.left));
}

/**
 * A line of the body stands right above `b` (half an em or less between them), on its left
 * edge and in its size: `b` is the next line of a list that runs low on the page (a
 * landscape rate sheet's "Extra Variable Interest Only Rate", on both its pages), not a
 * footer. A footer is set apart from the body above it.
 */
function listLineAbove(b: Block, p: PageLayout, furniture: ReadonlySet<Block>): boolean {
  return bodyRightAbove(b, p, furniture, 0.5, (o, size) => Math.abs(o.bbox.left - b.bbox.left) <= size && Math.abs(o.fontSize - size) <= 0.1 * size);
}

function markTitle(pages: readonly PageLayout[], body: number): { title: Block; authors?: Block } | undefined {
  const first = pages.find((p) => p.blocks.some((b) => b.kind === 'text'));
  if (!first) return undefined;
  const candidates: Block[] = [];
  for (const b of first.blocks) {
    if (!isOpen(b) && b.type !== 'SectionHeader') continue;
    if (b.lines.length > 4 || countWords(blockText(b)) > 30) continue;
    if (b.bbox.top > first.height * 0.6) continue;
    if (b.fontSize < body * 1.3) continue;
    // A number set large (a form's number, "1040", beside its name) is no title.
    if ((blockText(b).match(/\p{L}/gu)?.length ?? 0) < 2) continue;
    candidates.push(b);
  }
  if (candidates.length === 0) return undefined;
  const byAuthors = titleAboveAuthors(candidates, first);
  if (byAuthors) {
    byAuthors.title.type = 'Title';
    byAuthors.title.typeConfidence = 0.9;
    return byAuthors;
  }
  let best = candidates[0]!;
  for (const b of candidates) if (b.fontSize > best.fontSize) best = b;
  best.type = 'Title';
  best.typeConfidence = best.fontSize >= body * 1.8 ? 0.9 : 0.75;
  return { title: best };
}

function markSectionHeaders(pages: readonly PageLayout[], body: number, face: string | undefined): void {
  const headers: Block[] = [];
  for (const p of pages) {
    p.blocks.forEach((b, i) => {
      if (!isOpen(b) && !numberedHeadingCandidate(b, body, face)) return;
      // Before the text is joined: most blocks are paragraphs.
      if (b.lines.length > 3) return;
      // A heading introduces what follows it: short bold text in the bottom margin with no
      // text below it on the page (a company name in the footer) is not one.
      if (b.bbox.top >= p.height * (1 - MARGIN) && !p.blocks.some((o) => o !== b && o.kind === 'text' && o.bbox.top > b.bbox.top + b.bbox.height / 2)) return;
      const text = blockText(b);
      const n = countWords(text);
      if (n === 0 || n > 25) return;
      if (/[.,;:]$/.test(text.trim()) && !NUMBERED_HEADING.test(text) && !DIVISION_LABEL.test(text)) return;
      const next = p.blocks[i + 1];
      const larger = b.fontSize >= body * 1.12;
      const boldShort = b.bold && b.fontSize >= body * 0.95 && n <= 15 && (!next || !next.bold || next.kind !== 'text');
      const numbered = NUMBERED_HEADING.test(text) && n <= 14 && (b.bold || b.fontSize > body * 1.05 || (b.lines.length === 1 && setApartFromBody(b, face)));
      if (larger || boldShort || numbered) {
        if (!/[a-zA-Z\u00C0-\uFFFF]/.test(text)) return; // digits-only lines are not headings
        b.type = 'SectionHeader';
        b.typeConfidence = larger ? 0.8 : 0.7;
        headers.push(b);
      }
    });
  }
  // Levels: larger type ranks higher; bold body-size headings come last.
  const sizes = [...new Set(headers.map((h) => Math.round(h.fontSize * 2) / 2))].sort((a, b) => b - a);
  for (const h of headers) h.level = Math.min(5, sizes.indexOf(Math.round(h.fontSize * 2) / 2) + 1);
}

/** Assign a final type to every block (mutates the pages). */
export function classifyDocument(pages: readonly PageLayout[]): void {
  const body = bodyFontSize(pages);
  markHeadersFooters(pages);
  markFolioLines(pages, body);
  markPageLabels(pages);
  markMarginStamps(pages);
  extendFurnitureRows(pages);
  const title = markTitle(pages, body);
  const face = bodyFace(pages);
  markSectionHeaders(pages, body, face);
  // The author line under the title is text, whatever its size made of it above.
  if (title?.authors && title.authors.type === 'SectionHeader') {
    title.authors.type = 'Text';
    title.authors.typeConfidence = 0.9;
    delete title.authors.level;
  }
  extendHeadingStyle(pages, face);
  demoteFieldHeadings(pages);
  markFootnotes(pages, body);
  markEquationNumbers(pages);
  for (const p of pages) {
    for (const b of p.blocks) {
      if (!b.type) {
        b.type = 'Text';
        b.typeConfidence = 0.9;
      }
    }
  }
  settleModelConfidence(pages);
  markOcrTypography(pages);
}
