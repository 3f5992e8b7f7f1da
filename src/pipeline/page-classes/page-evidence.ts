/**
 * What one page offers as evidence of its document type, read from the neutral document:
 * the words of its title zone (Title and SectionHeader items, and the first lines at the top
 * of the page, where a letterhead or a document title sits), the words of the whole page, and
 * layout cues, each a strength in [0, 1]: an MRZ zone, a tall narrow till-receipt shape, a
 * card shape, line-item tables with amounts, key-value labels, form fields, contact details,
 * prose, citations. Scoring (score-pages.ts) weighs these against each category's profile.
 */
import { frontMatterCue } from './front-matter.js';
import type { DocItem, QuireDocument } from '../../model/quire-document.js';
import { words } from './text.js';

export const CUE_NAMES = ['mrz', 'tallNarrow', 'clockTime', 'wideCard', 'fewWords', 'money', 'lineItems', 'keyValues', 'formFields', 'contact', 'address', 'prose', 'citations', 'formulas', 'tables', 'frontMatter'] as const;
export type CueName = (typeof CUE_NAMES)[number];

export interface PageEvidence {
  pageNumber: number;
  /** Normalised words of the title zone, space-padded (" invoice date ") for phrase search. */
  titleText: string;
  /** Normalised words of the whole page, space-padded. */
  bodyText: string;
  /** Word → count over the whole page. */
  counts: Map<string, number>;
  /** The page's long distinct words joined by "|": OCR and some text layers glue words ("DRIVERLICENSE"). */
  joined: string;
  wordCount: number;
  cues: Record<CueName, number>;
  /** Raw text of the page (boundary cues read numbers and counters from it). */
  raw: string;
  /** Raw text of the title zone. */
  rawTitle: string;
  /** Raw text of every short heading of the page (Title, SectionHeader), one per line. */
  rawHeadings: string;
  width: number;
  height: number;
}

const MONEY = /(?:^|[\s$€£¥:])\d{1,3}(?:[,. ]?\d{3})*[.,]\d{2}(?!\d)/g;
const KEY_VALUE = /^\s*[\p{L}][\p{L}0-9 .#/()'&-]{1,32}\s*:\s*\S/gmu;
const FORM_FIELD = /_{4,}|\.{8,}|[☐☑☒□■]/g;
const CONTACT = /[\w.+-]+@[\w-]+\.[\w.]+|\bwww\.[\w-]+\.\w+|\+?\(?\d{2,4}\)?[\s.-]\d{3,4}[\s.-]\d{3,4}\b/g;
const ADDRESS = /\b\d{1,5}\s+[\p{L}]+(?:\s+[\p{L}]+)?\s+(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|way|court|ct)\b|\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/gimu;
const CITATION = /\[\d{1,3}(?:[,–-]\s*\d{1,3})*\]|\bet al\b/g;
const MRZ_LINE = /[A-Z0-9<]{25,}/g;
/** A time of day next to a date or an amount: tills print when the sale happened (12:27:43, 11:44 PM). */
const CLOCK_TIME = /\b(?:[01]?\d|2[0-3])[:h][0-5]\d(?::[0-5]\d)?(?:\s*[ap]\.?m\b)?/gi;
/**
 * A range of hours ("9h30 à 19h30", "09:00 - 18:00", "8:00 to 17:00") is when a shop opens,
 * printed on invoices and receipts alike, not when a sale happened: removed before counting
 * clock times. The first time is read loosely (OCR turns "9h30" into "Gh30").
 */
const HOURS_RANGE = /\S{1,2}[:h][0-5]\d\s*(?:-|–|à|a|to|till|until|bis)\s*(?:[01]?\d|2[0-3])[:h][0-5]\d\b/gi;

const TOP_ITEMS = 3;
/** Share of the page height, from the top, where a document's title block sits. */
const TOP_SHARE = 0.3;

function count(re: RegExp, text: string): number {
  return text.match(re)?.length ?? 0;
}

function isTitleItem(it: DocItem): boolean {
  return it.type === 'Title' || (it.type === 'SectionHeader' && !NUMBERED_SECTION.test(it.text));
}

/**
 * A numbered heading ("5.1 Hyper Parameter Optimization", "3. Results") names a section
 * inside a document, never the document: it does not join the title zone, where its words
 * would weigh as a title's.
 */
const NUMBERED_SECTION = /^\s*\d{1,2}(?:\.\d{1,2})*\.?\s+\p{L}/u;

/** Split the document's items by page (an item merged across pages counts on its first page). */
export function itemsByPage(doc: QuireDocument, pageCount: number): DocItem[][] {
  const out: DocItem[][] = Array.from({ length: pageCount }, () => []);
  for (const it of doc.items) {
    const p = it.prov[0]?.pageNumber ?? 1;
    if (p >= 1 && p <= pageCount) out[p - 1]!.push(it);
  }
  return out;
}

export function pageEvidence(items: readonly DocItem[], pageNumber: number, size: { width: number; height: number }): PageEvidence {
  const body = items.filter((i) => i.type !== 'Picture' || i.text);
  const raw = body.map((i) => i.text).join('\n');
  // The title zone: short items that are titles, or headings / first lines in the top part of
  // the page (a heading in the middle of a form is a field group, not the document's title).
  const short = (i: DocItem) => words(i.text).length <= 16;
  const nearTop = (i: DocItem) => {
    const box = i.prov[0]?.bbox;
    return !box || size.height <= 0 || box.top <= size.height * TOP_SHARE;
  };
  // A page header at the top counts too: letterheads and one-page documents' titles are often typed as headers.
  const top = [...body.filter((i) => i.type === 'PageHeader' && short(i) && nearTop(i) && /\p{L}{3}/u.test(i.text)), ...body.filter((i) => !i.furniture).slice(0, TOP_ITEMS).filter((i) => short(i) && nearTop(i) && !NUMBERED_SECTION.test(i.text))];
  const titleItems = [...new Set([...body.filter((i) => i.type === 'Title' && short(i)), ...body.filter((i) => isTitleItem(i) && short(i) && nearTop(i)), ...top])];
  const rawTitle = titleItems.map((i) => i.text).join('\n');
  const ws = words(raw);
  const counts = new Map<string, number>();
  for (const w of ws) counts.set(w, (counts.get(w) ?? 0) + 1);
  const { width, height } = size;
  const aspect = width > 0 ? height / width : 0;
  const money = count(MONEY, raw);
  const tablesWithMoney = body.filter((i) => i.type === 'Table' && count(MONEY, i.text) >= 2).length;
  const amountLines = raw.split('\n').filter((l) => /\d[.,]\d{2}\s*\S{0,3}\s*$/.test(l)).length;
  const contentAspect = textExtentAspect(body, size);
  const mrzLines = (raw.replace(/ /g, '').match(MRZ_LINE) ?? []).filter((l) => count(/</g, l) >= 4).length;
  const cues: Record<CueName, number> = {
    mrz: Math.min(1, mrzLines / 1),
    tallNarrow: Math.max(narrowness(aspect), narrowness(contentAspect)),
    clockTime: count(CLOCK_TIME, raw.replace(HOURS_RANGE, ' ')) > 0 && money > 0 ? 1 : 0,
    wideCard: aspect > 0 && aspect <= 0.8 ? 1 : 0,
    fewWords: ws.length === 0 ? 0 : ws.length <= 40 ? 1 : ws.length <= 90 ? 0.5 : 0,
    money: Math.min(1, money / 8),
    lineItems: tablesWithMoney > 0 || amountLines >= 4 ? 1 : amountLines >= 2 ? 0.5 : 0,
    keyValues: Math.min(1, count(KEY_VALUE, raw) / 8),
    formFields: Math.min(1, count(FORM_FIELD, raw) / 6),
    contact: Math.min(1, count(CONTACT, raw) / 3),
    address: Math.min(1, count(ADDRESS, raw) / 2),
    prose: ws.length >= 300 ? 1 : ws.length >= 150 ? 0.5 : 0,
    citations: Math.min(1, count(CITATION, raw) / 5),
    formulas: Math.min(1, body.filter((i) => i.type === 'Formula').length / 3),
    tables: Math.min(1, body.filter((i) => i.type === 'Table').length / 2),
    frontMatter: frontMatterCue(raw, ws.length),
  };
  return {
    pageNumber,
    titleText: ` ${words(rawTitle).join(' ')} `,
    bodyText: ` ${ws.join(' ')} `,
    counts,
    // Only long words can hold a glued term (a 6-letter term and at least one more word).
    joined: `|${[...counts.keys()].filter((w) => w.length >= 9).join('|')}|`,
    wordCount: ws.length,
    cues,
    raw,
    rawTitle,
    rawHeadings: body.filter((i) => isTitleItem(i) && short(i)).map((i) => i.text).join('\n'),
    width,
    height,
  };
}

function narrowness(aspect: number): number {
  return aspect >= 1.75 ? 1 : aspect >= 1.55 ? 0.5 : 0;
}

/**
 * Height / width of the box holding the page's text, when that text fills most of the page's
 * height and at most half its width: a till receipt photographed on a table (a square photo)
 * is a tall, narrow column of text all the same. 0 otherwise: a printed page's text block
 * (a journal's narrow LNCS column included, ~58% of the width) is not a receipt.
 */
function textExtentAspect(items: readonly DocItem[], size: { width: number; height: number }): number {
  let left = Infinity, right = -Infinity, top = Infinity, bottom = -Infinity, n = 0;
  for (const it of items) {
    const b = it.prov[0]?.bbox;
    if (!b || it.type === 'Picture' || !it.text) continue;
    left = Math.min(left, b.left);
    right = Math.max(right, b.left + b.width);
    top = Math.min(top, b.top);
    bottom = Math.max(bottom, b.top + b.height);
    n++;
  }
  if (n < 3 || !(right > left) || size.height <= 0 || bottom - top < 0.5 * size.height || right - left > 0.5 * size.width) return 0;
  return (bottom - top) / (right - left);
}

/** Evidence for every page of a document; `sizes` gives page sizes when the document lacks them. */
export function documentEvidence(doc: QuireDocument, pageCount: number, sizes?: ReadonlyArray<{ width: number; height: number }>): PageEvidence[] {
  const byPage = itemsByPage(doc, pageCount);
  return byPage.map((items, i) => {
    const info = doc.pages.find((p) => p.pageNumber === i + 1);
    // The parse's page size first: it is the visible page (CropBox, rotation applied) that the
    // items' boxes are measured in; a PDF's MediaBox (what pdf-lib's getSize gives) can be far
    // larger on a cropped page and made the split operation read shapes the classify one did not.
    const size = info && info.width > 0 && info.height > 0 ? { width: info.width, height: info.height } : (sizes?.[i] ?? { width: 0, height: 0 });
    return pageEvidence(items, i + 1, size);
  });
}
