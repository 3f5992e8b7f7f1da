/**
 * Identifier generators for the blind PII set (bench/lib/pii-blind-set.ts), written from the
 * issue's definitions only (issue 25, build item 5), NOT from the detector: real-world formats
 * with their real validity rules (SSA rules for SSNs, ICAO 9303 check digits for MRZs, Luhn and
 * issuer ranges for cards, ISO 13616 mod-97 for IBANs), and look-alikes that fail exactly one
 * of those rules. Everything draws from a seeded generator so a set is reproducible.
 */

export type Rng = () => number;

/** mulberry32: small, fast, seedable. */
export function rngOf(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const int = (r: Rng, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
export function pick<T>(r: Rng, xs: readonly T[]): T;
export function pick(r: Rng, xs: string): string;
export function pick<T>(r: Rng, xs: readonly T[] | string): T | string {
  return xs[Math.floor(r() * xs.length)]!;
}
export const chance = (r: Rng, p: number): boolean => r() < p;
export const digits = (r: Rng, n: number): string => Array.from({ length: n }, () => String(int(r, 0, 9))).join('');
const pad = (n: number, w: number): string => String(n).padStart(w, '0');
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters = (r: Rng, n: number): string => Array.from({ length: n }, () => pick(r, LETTERS)).join('');
const alnum = (r: Rng, n: number): string => Array.from({ length: n }, () => pick(r, LETTERS + '0123456789')).join('');

// ---------- US SSN ----------
function ssnParts(r: Rng): [string, string, string] {
  let area = int(r, 1, 899);
  while (area === 666) area = int(r, 1, 899);
  return [pad(area, 3), pad(int(r, 1, 99), 2), pad(int(r, 1, 9999), 4)];
}
export function formatSsn(p: [string, string, string], style: 'dash' | 'space' | 'none'): string {
  return style === 'dash' ? p.join('-') : style === 'space' ? p.join(' ') : p.join('');
}
export function validSsn(r: Rng, style: 'dash' | 'space' | 'none'): string {
  return formatSsn(ssnParts(r), style);
}
/** Nine digits that break one SSA rule: area 000 / 666 / 9xx, group 00 or serial 0000. */
export function invalidSsn(r: Rng, style: 'dash' | 'space' | 'none'): { value: string; rule: string } {
  const p = ssnParts(r);
  const rule = pick(r, ['area000', 'area666', 'area9xx', 'group00', 'serial0000'] as const);
  if (rule === 'area000') p[0] = '000';
  if (rule === 'area666') p[0] = '666';
  if (rule === 'area9xx') p[0] = String(int(r, 900, 999));
  if (rule === 'group00') p[1] = '00';
  if (rule === 'serial0000') p[2] = '0000';
  return { value: formatSsn(p, style), rule };
}

// ---------- Luhn, payment cards ----------
export function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}
export const luhnValid = (n: string): boolean => luhnCheckDigit(n.slice(0, -1)) === Number(n.slice(-1));

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover';
function cardPrefix(r: Rng, brand: CardBrand): { prefix: string; len: number } {
  if (brand === 'visa') return { prefix: '4', len: 16 };
  if (brand === 'mastercard') return chance(r, 0.7) ? { prefix: String(int(r, 51, 55)), len: 16 } : { prefix: String(int(r, 2221, 2720)), len: 16 };
  if (brand === 'amex') return { prefix: pick(r, ['34', '37']), len: 15 };
  return pick(r, [{ prefix: '6011', len: 16 }, { prefix: '65', len: 16 }, { prefix: String(int(r, 644, 649)), len: 16 }]);
}
export function groupCard(n: string, style: 'space' | 'dash' | 'none'): string {
  if (style === 'none') return n;
  const sep = style === 'space' ? ' ' : '-';
  if (n.length === 15) return [n.slice(0, 4), n.slice(4, 10), n.slice(10)].join(sep);
  return n.match(/.{1,4}/g)!.join(sep);
}
export function validCard(r: Rng, brand: CardBrand): string {
  const { prefix, len } = cardPrefix(r, brand);
  const body = prefix + digits(r, len - 1 - prefix.length);
  return body + luhnCheckDigit(body);
}
/** 16 digits whose last digit is not the Luhn digit (any leading digit, issuer-like or not). */
export function luhnFailing16(r: Rng): string {
  const body = String(int(r, 1, 9)) + digits(r, 14);
  const good = luhnCheckDigit(body);
  return body + String((good + int(r, 1, 9)) % 10);
}
/** Luhn-valid 16 digits outside every card issuer range (leading 1, 7, 8, 9; or 0). */
export function luhnValidNoIssuer(r: Rng): string {
  const body = pick(r, ['1', '7', '8', '9', '0']) + digits(r, 14);
  return body + luhnCheckDigit(body);
}

// ---------- IBAN ----------
type BbanSpec = (r: Rng) => string;
const IBAN_BBAN: Record<string, BbanSpec> = {
  DE: (r) => digits(r, 18),
  GB: (r) => letters(r, 4) + digits(r, 14),
  FR: (r) => digits(r, 10) + alnum(r, 11) + digits(r, 2),
  NL: (r) => letters(r, 4) + digits(r, 10),
  ES: (r) => digits(r, 20),
  IT: (r) => letters(r, 1) + digits(r, 10) + alnum(r, 12),
  CH: (r) => digits(r, 5) + alnum(r, 12),
  BE: (r) => { const b = digits(r, 10); const k = Number(BigInt(b) % 97n) || 97; return b + pad(k, 2); },
  PL: (r) => digits(r, 24),
  AT: (r) => digits(r, 16),
};
export const IBAN_COUNTRIES = Object.keys(IBAN_BBAN);
function mod97(s: string): number {
  const numeric = s.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rem = 0;
  for (const ch of numeric) rem = (rem * 10 + Number(ch)) % 97;
  return rem;
}
export const ibanValid = (iban: string): boolean => mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
export function validIban(r: Rng, country: string): string {
  const bban = IBAN_BBAN[country]!(r);
  const check = 98 - mod97(bban + country + '00');
  return country + pad(check, 2) + bban;
}
/** Same shape, check digits that fail mod-97. */
export function badChecksumIban(r: Rng, country: string): string {
  const good = validIban(r, country);
  let bad = good;
  while (ibanValid(bad)) bad = good.slice(0, 2) + pad(int(r, 2, 98), 2) + good.slice(4);
  return bad;
}
export const groupIban = (iban: string): string => iban.match(/.{1,4}/g)!.join(' ');

// ---------- ICAO 9303 MRZ ----------
export function mrzCheck(s: string): number {
  const w = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const v = c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    sum += v * w[i % 3]!;
  }
  return sum % 10;
}
const fill = (s: string, n: number): string => (s + '<'.repeat(n)).slice(0, n);
const mrzName = (surname: string, given: string, n: number): string =>
  fill(surname.toUpperCase().replace(/[^A-Z]+/g, '<') + '<<' + given.toUpperCase().replace(/[^A-Z]+/g, '<'), n);
export interface MrzPerson { surname: string; given: string; country: string; docNumber: string; dob: string; sex: 'M' | 'F'; expiry: string; }
/** TD3 (passport): two lines of 44. `corrupt` changes one check digit. */
export function td3(p: MrzPerson, corrupt = false, r?: Rng): string[] {
  const l1 = fill('P<' + p.country + mrzName(p.surname, p.given, 39), 44);
  const doc = fill(p.docNumber, 9);
  const personal = fill('', 14);
  const parts = [doc + mrzCheck(doc), p.country, p.dob + mrzCheck(p.dob), p.sex, p.expiry + mrzCheck(p.expiry), personal + mrzCheck(personal)];
  let l2 = parts.join('');
  const composite = l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43);
  l2 += String(mrzCheck(composite));
  if (corrupt && r) l2 = corruptDigitAt(l2, pick(r, [9, 19, 27, 43]), r);
  return [l1, l2];
}
/** TD1 (identity card): three lines of 30. */
export function td1(p: MrzPerson, corrupt = false, r?: Rng): string[] {
  const doc = fill(p.docNumber, 9);
  let l1 = fill('I<' + p.country + doc + mrzCheck(doc), 30);
  let l2 = p.dob + mrzCheck(p.dob) + p.sex + p.expiry + mrzCheck(p.expiry) + p.country + fill('', 11);
  const composite = l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29);
  l2 += String(mrzCheck(composite));
  const l3 = mrzName(p.surname, p.given, 30);
  if (corrupt && r) {
    if (chance(r, 0.5)) l1 = corruptDigitAt(l1, 14, r);
    else l2 = corruptDigitAt(l2, pick(r, [6, 14, 29]), r);
  }
  return [l1, l2, l3];
}
function corruptDigitAt(line: string, i: number, r: Rng): string {
  const d = Number(line[i]);
  return line.slice(0, i) + String((d + int(r, 1, 9)) % 10) + line.slice(i + 1);
}

// ---------- passport numbers (visual zone) ----------
export function passportNumber(r: Rng, country: string): string {
  switch (country) {
    case 'USA': return chance(r, 0.5) ? digits(r, 9) : letters(r, 1) + digits(r, 8);
    case 'GBR': return digits(r, 9);
    case 'D': case 'DEU': return Array.from({ length: 9 }, () => pick(r, 'CFGHJKLMNPRTVWXYZ0123456789')).join('');
    case 'FRA': return digits(r, 2) + letters(r, 2) + digits(r, 5);
    case 'CAN': return letters(r, 2) + digits(r, 6);
    case 'IND': return letters(r, 1) + digits(r, 7);
    default: return letters(r, 2) + digits(r, 7);
  }
}

// ---------- ABA routing (a 9-digit look-alike with its own check) ----------
export function abaRouting(r: Rng): string {
  const b = pad(int(r, 1, 12), 2) + digits(r, 6);
  const w = [3, 7, 1, 3, 7, 1, 3, 7];
  const s = [...b].reduce((a, c, i) => a + Number(c) * w[i]!, 0);
  return b + String((10 - (s % 10)) % 10);
}

// ---------- ISBN ----------
export function isbn13(r: Rng): string {
  const body = '978' + digits(r, 9);
  const s = [...body].reduce((a, c, i) => a + Number(c) * (i % 2 ? 3 : 1), 0);
  const d = body + String((10 - (s % 10)) % 10);
  return `${d.slice(0, 3)}-${d.slice(3, 4)}-${d.slice(4, 8)}-${d.slice(8, 12)}-${d.slice(12)}`;
}
export function isbn10(r: Rng): string {
  const body = digits(r, 9);
  const s = [...body].reduce((a, c, i) => a + Number(c) * (10 - i), 0);
  const k = (11 - (s % 11)) % 11;
  const d = body + (k === 10 ? 'X' : String(k));
  return `${d.slice(0, 1)}-${d.slice(1, 4)}-${d.slice(4, 9)}-${d.slice(9)}`;
}

// ---------- UPS tracking (1Z + 16, mod-10 check), USPS 22 digits ----------
export function upsTracking(r: Rng): string {
  return '1Z' + alnum(r, 6) + digits(r, 10);
}
export function uspsTracking(r: Rng): string {
  const d = '9400' + digits(r, 18);
  return d.match(/.{1,4}/g)!.join(' ');
}
