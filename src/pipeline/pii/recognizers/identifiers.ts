/**
 * Direct identifiers (severity high), each confirmed by its own validity rules:
 *  - US SSN: area not 000, 666 or 900-999, group not 00, serial not 0000, not a number the
 *    SSA marks as never issued (078-05-1120, 219-09-9999); formatted NNN-NN-NNNN anywhere,
 *    nine bare digits only after an "SSN / social security" label (advanced engine);
 *  - passport numbers after a "passport" label (6-9 letters/digits with a digit), and MRZs
 *    (ICAO 9303 TD1/TD2/TD3) whose check digits hold;
 *  - payment cards: validator's isCreditCard (Luhn + issuer ranges: Visa, Mastercard, Amex,
 *    Discover, Diners, JCB, UnionPay), not when labelled as an order/invoice/ISBN number;
 *  - IBAN: validator's isIBAN (country length and format, mod-97).
 */
import validator from 'validator';
import { before, continuesAccountNumber, namedAsReference } from '../context.js';
import type { Match, PiiEngine } from '../types.js';
import { digitsAt, oZeroVariants, range } from './mrz-ocr.js';

/** ABA routing numbers: weights 3, 7, 1 over the nine digits, sum divisible by 10. */
export function abaChecksum(d: string): boolean {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(d[i]) * [3, 7, 1][i % 3]!;
  return sum % 10 === 0;
}

const SSN_HEADER = /\b(?:SSN|SSNs|[Ss]ocial [Ss]ecurity)\b/;
/** A label that names the number as another identifier: "Employee ID", "Account no.", "Routing number". */
const OTHER_ID_LABEL = /\b(?!ssn\b|social\b|sec\b)[a-z]+\.?\s*(?:id|no|nr|number|num|code|#)\b\.?[\s.:#-]*$|\b(?:routing|aba|account|acct|employee|customer|member|invoice|order|ref)\b[\s.:#-]*$/;
const NEVER_ISSUED = new Set(['078051120', '219099999', '123456789']);

export function validSsn(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || NEVER_ISSUED.has(digits)) return false;
  const area = Number(digits.slice(0, 3));
  return area !== 0 && area !== 666 && area < 900 && digits.slice(3, 5) !== '00' && digits.slice(5) !== '0000';
}

// "SSN", "SSN #", "Social Security No.", "Soc. Sec. No.", "Taxpayer ID (SSN):" just before the number.
const SSN_LABEL = /\b(?:ssn|ss#|ss no|social\s+security|soc\.?\s*sec|taxpayer\s+id|tin)\.?(?:\s*(?:no|nr|number|num|#)\b\.?)?[\s.:#()-]*$/;

function ssn(text: string, engine: PiiEngine, out: Match[]): void {
  for (const m of text.matchAll(/(?<![\d-])(\d{3})([- ])(\d{2})\2(\d{4})(?![\d-])/g)) {
    const digits = m[1] + m[3] + m[4];
    if (!validSsn(digits) || namedAsReference(text, m.index)) continue;
    // After a country code ("+33 167 32 1498") the groups belong to a phone number.
    if (/\+\d{1,3}[\s.-]?$/.test(text.slice(Math.max(0, m.index - 6), m.index))) continue;
    const labelled = SSN_LABEL.test(before(text, m.index, 30));
    // The advanced engine wants a dash form or a label: "123 45 6789" alone is often a table row.
    if (engine === 'advanced' && m[2] === ' ' && !labelled) continue;
    out.push({ type: 'us_ssn', start: m.index, end: m.index + m[0].length, value: m[0], confidence: labelled ? 0.99 : 0.85 });
  }
  // Nine bare digits count right after an SSN label, in both engines (the label is cheap to
  // check; without it nine digits are as often an invoice or employee number).
  // A table whose column is headed "SSN" (a payroll register) gives each cell its label from the
  // header: on a page that names SSNs, nine valid digits count unless a label of their own
  // ("Employee ID", "Invoice no.", "Ref.") names them as something else, or, on a page that
  // speaks of routing numbers, they pass the ABA routing checksum (OCR may have moved the
  // "Routing number" label away from its value).
  const pageNamesSsn = SSN_HEADER.test(text);
  const pageNamesRouting = /\b(?:routing|ABA)\b/i.test(text);
  // Nine digits standing alone: not inside a longer code ("L673460893D<<", an MRZ or serial).
  for (const m of text.matchAll(/(?<![\p{L}\d<-])\d{9}(?![\p{L}\d<-])/gu)) {
    if (!validSsn(m[0])) continue;
    const head = before(text, m.index, 30);
    const labelled = SSN_LABEL.test(head);
    if (!labelled && !(pageNamesSsn && !OTHER_ID_LABEL.test(head) && !namedAsReference(text, m.index) && !(pageNamesRouting && abaChecksum(m[0])))) continue;
    out.push({ type: 'us_ssn', start: m.index, end: m.index + 9, value: m[0], confidence: labelled ? 0.95 : 0.85 });
  }
}

const PASSPORT_LABEL = /\bpassport(?:\s+(?:no|number|num|#|id))?\.?[\s.:#()-]*$/;

function passport(text: string, out: Match[]): void {
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])[A-Z0-9]{6,9}(?![\p{L}\p{N}])/gu)) {
    if (!/\d/.test(m[0]) || !PASSPORT_LABEL.test(before(text, m.index, 24))) continue;
    out.push({ type: 'passport_number', start: m.index, end: m.index + m[0].length, value: m[0], confidence: 0.95 });
  }
}

const MRZ_VALUE: Record<string, number> = { '<': 0 };
for (let i = 0; i < 10; i++) MRZ_VALUE[String(i)] = i;
for (let i = 0; i < 26; i++) MRZ_VALUE[String.fromCharCode(65 + i)] = 10 + i;

/** ICAO 9303 check digit: weights 7, 3, 1 repeated, sum mod 10. */
export function mrzCheckDigit(field: string): number {
  let sum = 0;
  for (let i = 0; i < field.length; i++) sum += (MRZ_VALUE[field[i]] ?? 0) * [7, 3, 1][i % 3];
  return sum % 10;
}

const ok = (field: string, digit: string) => digit !== '<' && mrzCheckDigit(field) === Number(digit);

/** An optional field's check digit: ICAO 9303 allows '<' when the field is all fillers. */
const okOptional = (field: string, digit: string) => (digit === '<' ? /^<*$/.test(field) : mrzCheckDigit(field) === Number(digit));

/**
 * TD3 (passport, 2 x 44) and TD2 (2 x 36) second lines: number, birth date, expiry date, the
 * TD3 personal number, and the composite check digit over all of them (a line whose composite
 * digit is wrong is not a machine-readable zone, whatever its other digits say).
 */
export function validTd23Line2(l: string): boolean {
  if (!(ok(l.slice(0, 9), l[9]) && ok(l.slice(13, 19), l[19]) && ok(l.slice(21, 27), l[27]))) return false;
  const last = l.length - 1;
  if (l.length === 44 && !okOptional(l.slice(28, 42), l[42])) return false;
  return ok(l.slice(0, 10) + l.slice(13, 20) + l.slice(21, last), l[last]);
}

/** TD1 (ID card, 3 x 30): number on line 1, dates on line 2, the composite digit over both. */
export function validTd1(l1: string, l2: string): boolean {
  return ok(l1.slice(5, 14), l1[14]) && ok(l2.slice(0, 6), l2[6]) && ok(l2.slice(8, 14), l2[14]) && ok(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29), l2[29]);
}

/** A TD3/TD2 second line as OCR read it, repaired (mrz-ocr.ts) until its check digits hold; null if they never do. */
function repairTd23Line2(l: string): string | null {
  if (validTd23Line2(l)) return l;
  const last = l.length - 1;
  const fixed = digitsAt(l, [9, ...range(13, 20), ...range(21, 28), ...(l.length === 44 ? [42] : []), last]);
  for (const doc of oZeroVariants(fixed.slice(0, 9))) if (validTd23Line2(doc + fixed.slice(9))) return doc + fixed.slice(9);
  return null;
}

/** TD1's first two lines, repaired the same way. */
function repairTd1(l1: string, l2: string): [string, string] | null {
  const f2 = digitsAt(l2, [...range(0, 7), ...range(8, 15), 29]);
  const f1 = digitsAt(l1, [14]);
  for (const doc of oZeroVariants(f1.slice(5, 14))) {
    const c1 = f1.slice(0, 5) + doc + f1.slice(14);
    if (validTd1(c1, f2)) return [c1, f2];
  }
  return null;
}

const D = '[\\dOQDI]';

function mrz(original: string, out: Match[]): void {
  // OCR reads the '<' filler as 'c' or '«' (never MRZ characters); same length, so offsets hold.
  const text = original.replace(/[c«‹]/g, '<');
  for (const m of text.matchAll(/(?<![A-Z0-9<])([PVIAC][A-Z<][A-Z<]{3}[A-Z0-9<]{31}(?:[A-Z0-9<]{8})?)\s+([A-Z0-9<]{36}(?:[A-Z0-9<]{8})?)(?![A-Z0-9<])/g)) {
    const l2 = m[1].length === m[2].length ? repairTd23Line2(m[2]) : null;
    if (!l2) continue;
    out.push({ type: 'mrz', start: m.index, end: m.index + m[0].length, value: m[0].slice(0, m[0].length - l2.length) + l2, confidence: 0.99 });
  }
  // A TD3/TD2 second line alone, every check digit holding (composite included): OCR often
  // garbles the first line's long run of '<' fillers, while the second line carries the
  // identifiers and four check digits.
  const line2 = new RegExp(`(?<![A-Z0-9<])[A-Z0-9<]{9}${D}[A-Z<]{3}${D}{7}[MFX<]${D}{7}(?:[A-Z0-9<]{14}(?:${D}|<)${D}|[A-Z0-9<]{7}${D})(?![A-Z0-9<])`, 'g');
  for (const m of text.matchAll(line2)) {
    if (out.some((o) => o.type === 'mrz' && m.index >= o.start && m.index < o.end)) continue;
    const l2 = repairTd23Line2(m[0]);
    if (l2) out.push({ type: 'mrz', start: m.index, end: m.index + m[0].length, value: l2, confidence: 0.97 });
  }
  const td1Re = new RegExp(`(?<![A-Z0-9<])([ACI][A-Z<][A-Z<]{3}[A-Z0-9<]{25})\\s+((?:${D}|<){7}[MFX<](?:${D}|<){7}[A-Z<]{3}[A-Z0-9<]{12})(?:\\s+([A-Z<]{30}))?(?![A-Z0-9<])`, 'g');
  for (const m of text.matchAll(td1Re)) {
    const fixed = repairTd1(m[1]!, m[2]!);
    if (!fixed) continue;
    const value = m[0].replace(m[1]!, fixed[0]).replace(m[2]!, fixed[1]);
    out.push({ type: 'mrz', start: m.index, end: m.index + m[0].length, value, confidence: 0.99 });
  }
}

/**
 * validator's isCreditCard (Luhn + its issuer list), plus the Discover range 644-649 that its
 * list lacks (Discover issues 6011, 644-649 and 65; 16 to 19 digits).
 */
export function validCardNumber(digits: string): boolean {
  if (validator.isCreditCard(digits)) return true;
  return /^64[4-9]\d{13,16}$/.test(digits) && validator.isLuhnNumber(digits);
}

/**
 * How a card number is written: its first group is the 4-digit start of the issuer number and
 * no group in between is shorter than 4 (4-4-4-4…, Amex 4-6-5, Diners 4-6-4, and the merged
 * groups OCR makes, "4111 111111111111"); only the last group may be shorter (4-4-4-4-3).
 */
const CARD_GROUPING = /^\d{4}(?:[ -]\d{4,})*(?:[ -]\d{1,7})?$/;

/**
 * The card inside a run of digit groups: the whole run when it is one compact number or
 * written as a card is, else the longest span of whole groups that is ("#12345 4111 1111 1111
 * 1111": a record number before the card is not part of it).
 */
function cardSpan(run: string): { offset: number; value: string } | null {
  if (!/[ -]/.test(run)) return { offset: 0, value: run };
  const groups = [...run.matchAll(/\d+/g)].map((g) => ({ start: g.index, end: g.index + g[0].length }));
  for (let len = groups.length; len >= 2; len--) {
    for (let i = 0; i + len <= groups.length; i++) {
      const value = run.slice(groups[i]!.start, groups[i + len - 1]!.end);
      const digits = value.replace(/[ -]/g, '');
      if (digits.length >= 13 && digits.length <= 19 && CARD_GROUPING.test(value) && validCardNumber(digits)) return { offset: groups[i]!.start, value };
    }
  }
  return null;
}

function cards(text: string, engine: PiiEngine, out: Match[]): void {
  // 13-19 digits, in one run or in groups separated by single spaces or dashes (up to 24
  // digits, so that a number before the card is seen and cut off by cardSpan).
  // The number may end a sentence ("… charged to card 4111 1111 1111 1111."): a period or
  // comma after it rules it out only when a digit follows (a decimal, a longer number).
  for (const m of text.matchAll(/(?<![\d.,/-])\d(?:[ -]?\d){12,23}(?![\d/]|[.,]\d|-\d)/g)) {
    const span = cardSpan(m[0]);
    if (!span) continue;
    const start = m.index + span.offset;
    const digits = span.value.replace(/[ -]/g, '');
    // Card numbers have 13 to 19 digits (validator also accepts 12).
    if (digits.length < 13 || digits.length > 19 || !validCardNumber(digits)) continue;
    if (namedAsReference(text, start) || continuesAccountNumber(text, start)) continue;
    // Look-alike guards: ISBN-13 (978/979 prefix and its own check) is a book, not a card.
    if (/^97[89]\d{10}$/.test(digits) && validator.isISBN(digits, 13)) continue;
    const grouped = span.value !== digits;
    const labelled = /\b(card|visa|mastercard|amex|american express|discover|credit|debit|cc|pan)\b[^\d]{0,20}$/.test(before(text, start, 30));
    // Ungrouped and unlabelled, only an issuer's usual length counts (16; Amex 15).
    if (engine === 'advanced' && !grouped && !labelled && digits.length !== 16 && !/^3[47]\d{13}$/.test(digits)) continue;
    out.push({ type: 'credit_card', start, end: start + span.value.length, value: span.value, confidence: labelled || grouped ? 0.97 : 0.85 });
  }
}

/** OCR reads the check digits "03" as "O3" or "0l": positions 3-4 are digits in every IBAN. */
const ocrDigits = (s: string): string => s.replace(/[OoQD]/g, '0').replace(/[Il|]/g, '1');

function ibans(text: string, out: Match[]): void {
  for (const m of text.matchAll(/(?<![A-Z0-9])[A-Z]{2}[\dOIl]{2}(?:[ ]?[A-Z0-9]){11,30}(?![A-Z0-9])/g)) {
    // Trim trailing groups until the candidate validates (the regex may take a following word).
    let value = m[0];
    const iban = (v: string) => (v.slice(0, 2) + ocrDigits(v.slice(2, 4)) + v.slice(4)).replace(/ /g, '');
    while (value.length >= 15 && !validator.isIBAN(iban(value))) value = value.replace(/\s*[A-Z0-9]$/, '');
    if (value.length < 15) continue;
    out.push({ type: 'iban', start: m.index, end: m.index + value.length, value, confidence: 0.99 });
  }
}

/**
 * A document number printed in the visual zone of a passport or identity card ("Document No.
 * U06846791") is confirmed by the machine-readable zone on the same page: the MRZ carries it
 * with its own check digit, so every other occurrence of that number is the document number.
 */
function documentNumbersFromMrz(text: string, out: Match[]): void {
  const numbers = new Set<string>();
  for (const m of out) {
    if (m.type !== 'mrz') continue;
    const lines = m.value.split(/\s+/);
    const td1 = lines[0]!.length === 30;
    const field = td1 ? lines[0]!.slice(5, 14) : (lines.length > 1 ? lines[1]! : lines[0]!).slice(0, 9);
    const n = field.replace(/<+$/, '');
    if (n.length >= 6 && /\d/.test(n)) numbers.add(n);
  }
  for (const n of numbers) {
    for (const m of text.matchAll(new RegExp(`(?<![A-Z0-9<])${n}(?![A-Z0-9<])`, 'g'))) {
      if (out.some((o) => m.index >= o.start && m.index < o.end)) continue;
      out.push({ type: 'passport_number', start: m.index, end: m.index + n.length, value: n, confidence: 0.97 });
    }
  }
}

export function findIdentifiers(text: string, engine: PiiEngine): Match[] {
  const out: Match[] = [];
  ssn(text, engine, out);
  passport(text, out);
  mrz(text, out);
  documentNumbersFromMrz(text, out);
  cards(text, engine, out);
  ibans(text, out);
  return out;
}
