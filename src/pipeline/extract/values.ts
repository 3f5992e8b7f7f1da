/**
 * Value recognisers: find, in a run of a line's words, a value of a given kind and say which
 * words it spans (so it can be cited) and how sure the recogniser is of its shape.
 *
 * Dates are found and parsed by chrono-node (English day-first first, then month-first, then
 * French, German, Spanish, Dutch), times trimmed off; amounts accept currency symbols or codes,
 * thousands separators and decimal commas; phone numbers are libphonenumber-js's.
 */
import * as chrono from 'chrono-node';
import { findPhoneNumbersInText } from 'libphonenumber-js';
import type { ValueKind } from './lexicon.js';
import type { Token } from './tokens.js';

export interface ValueMatch {
  /** Token positions within the searched list, end exclusive. */
  start: number;
  end: number;
  /** Normalised value (number for amounts, ISO date string for dates, text otherwise). */
  value: string | number;
  /** The words as printed. */
  raw: string;
  /** 0..1: how clearly the words have the kind's shape. */
  quality: number;
}

const SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', rm: 'MYR', rs: 'INR', 'rs.': 'INR', fr: 'CHF', kr: 'SEK', zl: 'PLN' };
export const CURRENCY_CODES = new Set(['USD', 'EUR', 'GBP', 'JPY', 'INR', 'MYR', 'CHF', 'CAD', 'AUD', 'CNY', 'SGD', 'HKD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'BRL', 'MXN', 'ZAR', 'NZD', 'IDR', 'THB', 'PHP', 'AED', 'SAR', 'RUB', 'TRY', 'KRW']);

/** The text of tokens[from..to) and each token's character offset in it. */
function joined(tokens: Token[], from: number, to: number): { text: string; offsets: number[] } {
  const offsets: number[] = [];
  let text = '';
  for (let i = from; i < to; i++) {
    if (i > from) text += ' ';
    offsets.push(text.length);
    text += tokens[i]!.text;
  }
  return { text, offsets };
}

/** Token span covering characters [a, b) of a joined text. */
function spanOf(offsets: number[], from: number, a: number, b: number): [number, number] {
  let s = 0;
  while (s + 1 < offsets.length && offsets[s + 1]! <= a) s++;
  let e = s;
  while (e + 1 < offsets.length && offsets[e + 1]! < b) e++;
  return [from + s, from + e + 1];
}

const AMOUNT_RE = /^\(?-?(?:[A-Z]{3}|RM|Rs\.?|[$€£¥₹])?\s?-?(\d{1,3}(?:[.,' ]\d{3})+|\d+)(?:([.,])(\d{1,2}))?-?\)?(?:[A-Z]{3}|€|[$])?\*?$/;

/** "1.234,56" → 1234.56, "1,234.56" → 1234.56, "9.00" → 9, "6,00" → 6. */
export function parseAmount(text: string): { value: number; decimals: boolean } | null {
  const m = AMOUNT_RE.exec(text.trim());
  if (!m) return null;
  // Letters around the number must be a currency ("INV-12" is an identifier).
  const letters = text.replace(/[^A-Za-z.]/g, '').replace(/\.$/, '');
  if (letters && !CURRENCY_CODES.has(letters.toUpperCase()) && SYMBOLS[letters.toLowerCase()] === undefined && SYMBOLS[`${letters.toLowerCase()}.`] === undefined) return null;
  const intPart = m[1]!.replace(/[.,' ]/g, '');
  const value = Number(`${intPart}${m[3] ? `.${m[3]}` : ''}`);
  if (!Number.isFinite(value)) return null;
  const negative = /^\(|^-|-\)?$/.test(text.trim().replace(/[A-Z$€£¥₹*]/g, ''));
  return { value: negative ? -value : value, decimals: m[3] !== undefined && m[3].length === 2 };
}

function findAmount(tokens: Token[], from: number, to: number): ValueMatch | null {
  for (let i = from; i < to; i++) {
    const t = tokens[i]!.text;
    const sym = SYMBOLS[t.toLowerCase()] !== undefined || CURRENCY_CODES.has(t);
    const next = i + 1 < to ? tokens[i + 1]!.text : '';
    // A symbol or code as its own word, the number after it ("$ 4.11", "RM 9.00"); cents that
    // OCR set apart ("64. 15").
    const cand: [string, number][] = [];
    if (sym && next) cand.push([`${t}${next}`, 2]);
    if (/^\d+[.,]$/.test(t) && /^\d{2}$/.test(next)) cand.push([`${t}${next}`, 2]);
    cand.push([t, 1]);
    for (const [c, n] of cand) {
      const p = parseAmount(c);
      if (!p) continue;
      const end = i + n;
      const digits = c.replace(/\D/g, '').length;
      // Long digit runs without decimals are identifiers, not amounts.
      if (!p.decimals && digits > 7) continue;
      const quality = p.decimals ? 1 : /[$€£¥₹]|[A-Z]{3}/.test(c) ? 0.8 : 0.55;
      return { start: i, end, value: p.value, raw: tokens.slice(i, end).map((x) => x.text).join(' '), quality };
    }
  }
  return null;
}

const TIME_TAIL = /[\sT,]+(?:at\s+)?\d{1,2}[:.h]\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?.*$/i;
const PARSERS = [chrono.en.GB, chrono.en, chrono.fr, chrono.de, chrono.es, chrono.nl];

function iso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function findDate(tokens: Token[], from: number, to: number): ValueMatch | null {
  const { text, offsets } = joined(tokens, from, to);
  let best: { index: number; text: string; value: string; quality: number } | null = null;
  for (const parser of PARSERS) {
    for (const r of parser.parse(text, new Date(2000, 0, 1), { forwardDate: false })) {
      const k = r.start;
      if (!k.isCertain('day') || !k.isCertain('month')) continue;
      const dateText = r.text.replace(TIME_TAIL, '');
      if (!/\d/.test(dateText) || dateText.length < 6) continue;
      const y = k.isCertain('year') ? k.get('year')! : null;
      if (y === null || y < 1900 || y > 2100) continue;
      const quality = /\d{4}/.test(dateText) || /[a-z]{3}/i.test(dateText) ? 1 : 0.85;
      if (!best || r.index < best.index) best = { index: r.index, text: dateText, value: iso(y, k.get('month')!, k.get('day')!), quality };
    }
    if (best) break;
  }
  if (!best) return null;
  const [s, e] = spanOf(offsets, from, best.index, best.index + best.text.length);
  return { start: s, end: e, value: best.value, raw: best.text, quality: best.quality };
}

const EMAIL_RE = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

function findEmail(tokens: Token[], from: number, to: number): ValueMatch | null {
  for (let i = from; i < to; i++) {
    const m = EMAIL_RE.exec(tokens[i]!.text);
    if (m) return { start: i, end: i + 1, value: m[0], raw: m[0], quality: 1 };
  }
  return null;
}

function findPhone(tokens: Token[], from: number, to: number): ValueMatch | null {
  const { text, offsets } = joined(tokens, from, to);
  const found = findPhoneNumbersInText(text, { defaultCountry: 'US', extended: true } as never)[0] as { startsAt: number; endsAt: number; number: { number: string } } | undefined;
  if (!found) {
    const m = /\+?\d[\d\s().-]{6,}\d/.exec(text);
    if (!m) return null;
    const [s, e] = spanOf(offsets, from, m.index, m.index + m[0].length);
    return { start: s, end: e, value: m[0], raw: m[0], quality: 0.6 };
  }
  const [s, e] = spanOf(offsets, from, found.startsAt, found.endsAt);
  return { start: s, end: e, value: text.slice(found.startsAt, found.endsAt), raw: text.slice(found.startsAt, found.endsAt), quality: 0.95 };
}

const ID_RE = /^#?[A-Za-z0-9][A-Za-z0-9_\-/.#]*$/;

function findId(tokens: Token[], from: number, to: number): ValueMatch | null {
  for (let i = from; i < to; i++) {
    // "No: # BLR_2015…": after a colon, a lone "#" is printed as part of the number.
    if (tokens[i]!.text === '#' && i + 1 < to && i > 0 && /:$/.test(tokens[i - 1]!.text)) {
      const next = findId(tokens, i + 1, i + 2);
      if (next) return { start: i, end: next.end, value: `#${next.value}`, raw: `#${next.raw}`, quality: next.quality };
    }
    const t = tokens[i]!.text.replace(/[:;,]$/, '');
    // Two-digit numbers are identifiers too ("Invoice Number: 14"); shorter mixed words are noise.
    if (t.length < 2 || (t.length < 3 && !/^\d+$/.test(t)) || !ID_RE.test(t) || !/\d/.test(t)) continue;
    if (/^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$/.test(t)) continue; // a date
    if (/^\d+[.,]\d{2}$/.test(t)) continue; // an amount
    return { start: i, end: i + 1, value: t, raw: t, quality: /^\d+$/.test(t) || /[A-Z]/.test(t) ? 1 : 0.8 };
  }
  return null;
}

function findCurrency(tokens: Token[], from: number, to: number): ValueMatch | null {
  for (let i = from; i < to; i++) {
    const t = tokens[i]!.text;
    const code = t.replace(/[^A-Za-z]/g, '').toUpperCase();
    if (CURRENCY_CODES.has(code) && /^[A-Z]{3}$/.test(t.replace(/[^A-Za-z]/g, ''))) return { start: i, end: i + 1, value: code, raw: t, quality: 1 };
    const sym = /[$€£¥₹]/.exec(t)?.[0] ?? (/^(RM|Rs\.?)\d/i.test(t) || /^(RM|Rs\.?)$/i.test(t) ? t.replace(/\d.*$/, '').toLowerCase() : undefined);
    if (sym && SYMBOLS[sym]) return { start: i, end: i + 1, value: SYMBOLS[sym]!, raw: t, quality: 0.85 };
  }
  return null;
}

function findNumber(tokens: Token[], from: number, to: number, integer: boolean): ValueMatch | null {
  for (let i = from; i < to; i++) {
    const t = tokens[i]!.text.replace(/[x×:]$/i, '');
    const p = parseAmount(t);
    if (!p || (integer && !Number.isInteger(p.value))) continue;
    return { start: i, end: i + 1, value: p.value, raw: t, quality: 0.9 };
  }
  return null;
}

function findPercent(tokens: Token[], from: number, to: number): ValueMatch | null {
  for (let i = from; i < to; i++) {
    const m = /^(\d{1,3}(?:[.,]\d+)?)\s?%$/.exec(tokens[i]!.text);
    if (m) return { start: i, end: i + 1, value: Number(m[1]!.replace(',', '.')), raw: tokens[i]!.text, quality: 1 };
  }
  return findNumber(tokens, from, to, false);
}

/** Free text: the words from `from` up to a wide gap (a new column) or the end. */
function findText(tokens: Token[], from: number, to: number): ValueMatch | null {
  let s = from;
  while (s < to && tokens[s]!.norm === '') s++;
  if (s >= to) return null;
  let e = s + 1;
  while (e < to && tokens[e]!.gap < 2.5) e++;
  const raw = tokens.slice(s, e).map((t) => t.text).join(' ');
  return { start: s, end: e, value: raw, raw, quality: 0.7 };
}

export function recognise(kind: ValueKind, tokens: Token[], from: number, to = tokens.length): ValueMatch | null {
  switch (kind) {
    case 'amount':
      return findAmount(tokens, from, to);
    case 'date':
      return findDate(tokens, from, to);
    case 'email':
      return findEmail(tokens, from, to);
    case 'phone':
      return findPhone(tokens, from, to);
    case 'id':
      return findId(tokens, from, to);
    case 'currency':
      return findCurrency(tokens, from, to);
    case 'integer':
      return findNumber(tokens, from, to, true);
    case 'percent':
      return findPercent(tokens, from, to);
    case 'text':
      return findText(tokens, from, to);
  }
}
