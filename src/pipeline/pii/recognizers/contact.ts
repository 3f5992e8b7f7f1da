/**
 * Contact data (severity medium): e-mail addresses (validator's isEmail on each candidate) and
 * phone numbers (libphonenumber-js: found in text, then kept only when valid for their country —
 * numbering plan, length, area code). Phone look-alikes — dates, money, reference numbers,
 * plain digit runs in tables — are dropped: a number needs separators, a "+" or a phone label
 * to count; the advanced engine also drops those labelled as other references.
 */
import validator from 'validator';
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/max';
import { before, continuesAccountNumber, namedAsReference } from '../context.js';
import type { Match, PiiEngine } from '../types.js';

function emails(text: string, out: Match[]): void {
  for (const m of text.matchAll(/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu)) {
    const value = m[0].replace(/[.]+$/, '');
    if (validator.isEmail(value)) out.push({ type: 'email', start: m.index, end: m.index + value.length, value, confidence: 0.99 });
  }
}

const PHONE_LABEL = /\b(phone|tel|telephone|mobile|cell|fax|call|contact|whatsapp|ph)\b[\s.:#()-]*$/;
const DATE_LIKE = /^\(?\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\)?$/;

/**
 * Shapes numbering plans never use: a last group of one digit ("7-438-99084-2", an ISBN or a
 * part number's check digit; written phone numbers end in groups of two or more), and hyphenated
 * strings that are valid ISBNs.
 */
/**
 * Part of a longer digit run ("4532 7788 1290 3345", a reference in groups): a digit group
 * joined to the candidate by a dash or one space. A neighbouring table cell is not a run: a
 * date ("07/12/1980"), an amount ("4,123.45") or another number with its own punctuation stays
 * a separate value, and a number written as a phone ("+1 …", "(206) …") is one whatever stands
 * next to it.
 */
function partOfDigitRun(text: string, start: number, end: number, value: string): boolean {
  if (/^\s*[+(]/.test(value)) return false;
  if (/\d-$/.test(text.slice(Math.max(0, start - 2), start)) || /^-\d/.test(text.slice(end, end + 2))) return true;
  const prev = /(?:^|\s)(\S+)\s$/.exec(text.slice(Math.max(0, start - 24), start))?.[1];
  const next = /^\s(\S+)/.exec(text.slice(end, end + 24))?.[1];
  const group = (t: string | undefined) => t !== undefined && /^\d{1,6}$/.test(t.replace(/[,;:]$/, ''));
  if (/\d$/.test(text.slice(Math.max(0, start - 1), start)) || /^\d/.test(text.slice(end, end + 1))) return true;
  return group(prev) || group(next);
}

/**
 * A number written without "+" follows its country's national grouping. For the North American
 * plan that is 3-3-4, optionally after a 1 ((415) 867-2301, 415.867.2301, 1-415-867-2301) or no
 * grouping at all; "90-9953-9828" or "1570-361-0691" are part numbers that happen to dial.
 */
export function nationalGrouping(value: string, callingCode: string): boolean {
  const v = value.trim();
  if (v.startsWith('+') || callingCode !== '1') return true;
  const groups = v.split(/[^\d]+/).filter(Boolean).map((g) => g.length).join('-');
  return ['3-3-4', '1-3-3-4', '10', '11', '3-7'].includes(groups);
}

export function plausiblePhoneShape(value: string): boolean {
  const v = value.trim();
  if (/[\s.-]\d$/.test(v)) return false;
  const digits = v.replace(/[^\dX]/g, '');
  if (/^\d{1,5}-\d{1,7}-\d{1,7}-[\dX]{1,3}$/.test(v) && (validator.isISBN(digits, 10) || validator.isISBN(digits, 13))) return false;
  return true;
}

/**
 * libphonenumber's finder gives up on a number that follows a date in the same run of text
 * ("07/12/1980 (206) 885-7667", a table row). Dates and amounts, which no phone number looks
 * like, are blanked to spaces of the same length first, so offsets still point into `text`.
 */
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
const NON_PHONE = new RegExp(
  [
    String.raw`\b\d{1,2}\/\d{1,2}\/\d{2,4}\b`, // 07/12/1980
    String.raw`\b(?:19|20)\d{2}-\d{2}-\d{2}\b`, // 1980-12-07
    String.raw`\b\d{1,2}\.\d{1,2}\.(?:19|20)\d{2}\b`, // 07.12.1980
    String.raw`\b\d{1,2}\s+${MONTH},?\s+(?:19|20)\d{2}\b`, // 7 Dec 1980
    String.raw`\b${MONTH}\s+\d{1,2},?\s+(?:19|20)\d{2}\b`, // December 7, 1980
    String.raw`[$€£]\s?\d[\d,]*(?:\.\d{2})?(?!\d)`, // $1,033.83
    String.raw`\b\d{1,3}(?:,\d{3})+(?:\.\d{2})?(?!\d)`, // 1,033.83
    String.raw`(?<![\d.])\d+\.\d{2}(?![\d.])`, // 949.35 (not 01.42.68.53.00)
  ].join('|'),
  'gi',
);
export const blankNonPhones = (text: string): string => text.replace(NON_PHONE, (m) => ' '.repeat(m.length));

function phones(text: string, engine: PiiEngine, defaultCountry: CountryCode, out: Match[]): void {
  const scan = blankNonPhones(text);
  for (const found of findPhoneNumbersInText(scan, { defaultCountry })) {
    const value = text.slice(found.startsAt, found.endsAt);
    if (!found.number.isValid()) continue;
    if (DATE_LIKE.test(value.trim())) continue;
    // Part of a longer digit run (a card-like or reference number in groups): not a phone.
    if (partOfDigitRun(scan, found.startsAt, found.endsAt, value)) continue;
    // The cents of an amount ("$1,033.83 225-220-94") or a version's parts are not a number's start.
    if (/\d[.,]\s?$/.test(text.slice(Math.max(0, found.startsAt - 3), found.startsAt)) && !value.trim().startsWith('+')) continue;
    if (!plausiblePhoneShape(value) || !nationalGrouping(value, found.number.countryCallingCode)) continue;
    const labelled = PHONE_LABEL.test(before(text, found.startsAt, 24));
    const international = value.trim().startsWith('+');
    const separated = /\d[\s().-]+\d/.test(value);
    if (!labelled && !international && !separated) continue;
    if (namedAsReference(text, found.startsAt) || continuesAccountNumber(text, found.startsAt)) continue;
    if (engine === 'advanced' && !labelled && !international && !/^\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}$/.test(value.trim()) && !/\d{2,4}[\s.-]\d{2,4}[\s.-]\d{2,4}/.test(value)) continue;
    out.push({ type: 'phone_number', start: found.startsAt, end: found.endsAt, value, confidence: labelled || international ? 0.95 : 0.8 });
  }
}

export function findContacts(text: string, engine: PiiEngine, defaultCountry: CountryCode = 'US'): Match[] {
  const out: Match[] = [];
  emails(text, out);
  phones(text, engine, defaultCountry, out);
  return out;
}
