/**
 * A labelled PII test set, generated (seeded, reproducible): documents of a few paragraphs with
 * planted identifiers of every kind — values generated to be valid by their own rules (Luhn and
 * issuer prefix, mod-97, ICAO check digits, SSA rules) — and look-alikes that must not fire:
 * order and invoice numbers, ISBNs, tracking numbers, dates in tables, 16-digit numbers that
 * fail Luhn, IBANs and MRZs with a wrong check digit, SSNs in never-issued ranges, prices.
 * Each label gives the planted value's character range and kind.
 */
import type { PiiKind } from '../../src/pipeline/pii/types.js';

export interface Label {
  type: PiiKind;
  start: number;
  end: number;
}

export interface LabelledDoc {
  text: string;
  labels: Label[];
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type R = () => number;
const int = (r: R, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: R, xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
const digits = (r: R, n: number) => Array.from({ length: n }, () => int(r, 0, 9)).join('');

function luhnDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

function card(r: R): string {
  const kind = pick(r, ['visa', 'mc', 'amex', 'discover'] as const);
  const prefix = kind === 'visa' ? '4' : kind === 'mc' ? String(int(r, 51, 55)) : kind === 'amex' ? pick(r, ['34', '37']) : '6011';
  const len = kind === 'amex' ? 15 : 16;
  const body = prefix + digits(r, len - 1 - prefix.length);
  const n = body + luhnDigit(body);
  const style = int(r, 0, 2);
  if (style === 0) return n;
  const sep = style === 1 ? ' ' : '-';
  return kind === 'amex' ? [n.slice(0, 4), n.slice(4, 10), n.slice(10)].join(sep) : n.match(/.{4}/g)!.join(sep);
}

function nonLuhn16(r: R): string {
  const body = String(int(r, 1, 9)) + digits(r, 14);
  return body + ((luhnDigit(body) + int(r, 1, 9)) % 10);
}

function ssn(r: R): string {
  let area = int(r, 1, 899);
  if (area === 666) area = 667;
  return `${String(area).padStart(3, '0')}-${String(int(r, 1, 99)).padStart(2, '0')}-${String(int(r, 1, 9999)).padStart(4, '0')}`;
}

function mod97(s: string): number {
  let rem = 0;
  for (const ch of s) {
    const v = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rem = (rem * 10 + Number(d)) % 97;
  }
  return rem;
}

function iban(r: R, breakIt = false): string {
  const country = pick(r, ['DE', 'GB', 'FR', 'NL', 'ES'] as const);
  const letters = () => Array.from({ length: 4 }, () => String.fromCharCode(65 + int(r, 0, 25))).join('');
  const bban = country === 'DE' ? digits(r, 18) : country === 'GB' ? letters() + digits(r, 14) : country === 'FR' ? digits(r, 10) + digits(r, 11) + digits(r, 2) : country === 'NL' ? letters() + digits(r, 10) : digits(r, 20);
  let check = 98 - mod97(bban + country + '00');
  if (breakIt) check = ((check + int(r, 1, 50)) % 97) + 2;
  const raw = country + String(check).padStart(2, '0') + bban;
  return int(r, 0, 1) ? raw.match(/.{1,4}/g)!.join(' ') : raw;
}

const MRZV = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
const cd = (s: string) => String([...s].reduce((a, c, i) => a + MRZV(c) * [7, 3, 1][i % 3], 0) % 10);

function mrz(r: R, breakIt = false): string {
  const surname = pick(r, ['ERIKSSON', 'SMITH', 'MUELLER', 'GARCIA', 'NGUYEN']);
  const given = pick(r, ['ANNA<MARIA', 'JOHN', 'LUCAS', 'SOFIA', 'MINH']);
  const l1 = `P<${pick(r, ['UTO', 'USA', 'DEU', 'FRA'])}${surname}<<${given}`.padEnd(44, '<').slice(0, 44);
  const num = String.fromCharCode(65 + int(r, 0, 25)) + digits(r, 8);
  const dob = `${int(r, 50, 99)}${String(int(r, 1, 12)).padStart(2, '0')}${String(int(r, 1, 28)).padStart(2, '0')}`;
  const exp = `${int(r, 25, 35)}${String(int(r, 1, 12)).padStart(2, '0')}${String(int(r, 1, 28)).padStart(2, '0')}`;
  let numCd = cd(num);
  if (breakIt) numCd = String((Number(numCd) + int(r, 1, 9)) % 10);
  const body = `${num}${numCd}UTO${dob}${cd(dob)}${pick(r, ['M', 'F'])}${exp}${cd(exp)}${'<'.repeat(14)}`;
  const l2 = `${body}${cd('<'.repeat(14))}`;
  const withComposite = l2 + cd(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43));
  return `${l1}\n${withComposite.slice(0, 44)}`;
}

const FIRST = ['Maria', 'James', 'Aisha', 'Chen', 'Olivia', 'Mateo', 'Priya', 'Lukas', 'Fatima', 'Noah', 'Elena', 'Kwame'];
const LAST = ['Gonzalez', 'Whitaker', 'Okafor', 'Lindqvist', 'Novak', 'Haddad', 'Fernandes', 'Kowalski', 'Tanaka', 'Brennan'];
const STREETS = ['Maple', 'Oak Ridge', 'Cedar', 'Lincoln', 'Harbor View', 'Willow'];
const STREET_TYPES = ['Street', 'Avenue', 'Road', 'Lane', 'Drive', 'Boulevard'];
const CITIES = [['Springfield', 'IL', '62704'], ['Austin', 'TX', '78701'], ['Portland', 'OR', '97205'], ['Madison', 'WI', '53703']] as const;
const PHONES = ['(212) 736-5000', '650-253-0000', '+44 20 7946 0958', '+49 30 901820', '(415) 983-1234', '+33 1 42 68 53 00', '312.555.0199', '+1 617-253-1000', '(303) 499-7111', '+61 2 9374 4000'];
const MONTH = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const FILLER = [
  'The committee reviewed the quarterly figures and agreed to revisit the budget next month.',
  'Please keep this form with your records; the office is closed on public holidays.',
  'Shipping is free for orders above the threshold shown in the catalogue.',
  'All measurements were repeated three times and the mean is reported.',
  'The warranty covers manufacturing defects for a period of two years.',
];

class DocBuilder {
  text = '';
  labels: Label[] = [];
  put(s: string): this {
    this.text += s;
    return this;
  }
  plant(type: PiiKind, value: string): this {
    this.labels.push({ type, start: this.text.length, end: this.text.length + value.length });
    this.text += value;
    return this;
  }
}

/** `count` documents; each has positives of several kinds and look-alikes. */
export function piiDataset(count = 120, seed = 25): LabelledDoc[] {
  const r = rng(seed);
  const docs: LabelledDoc[] = [];
  for (let i = 0; i < count; i++) {
    const d = new DocBuilder();
    const name = `${pick(r, FIRST)} ${pick(r, LAST)}`;
    const [city, st, zip] = pick(r, CITIES);
    d.put(pick(r, FILLER) + '\n');
    switch (i % 6) {
      case 0:
        d.put('Employee record. Name: ').plant('person_name', name).put('\nSSN: ').plant('us_ssn', ssn(r)).put('\nDate of birth: ');
        d.plant('date_of_birth', `${String(int(r, 1, 12)).padStart(2, '0')}/${String(int(r, 1, 28)).padStart(2, '0')}/${int(r, 1950, 2004)}`).put('\n');
        d.put(`Order number ${card(r).replace(/[ -]/g, '')} shipped on `).plant('date', `${pick(r, MONTH)} ${int(r, 1, 28)}, ${int(r, 2015, 2024)}`).put('.\n');
        break;
      case 1:
        d.put('Please charge my card ').plant('credit_card', card(r)).put(' for the subscription. Contact me at ').plant('email', `${pick(r, FIRST).toLowerCase()}.${pick(r, LAST).toLowerCase()}@example.org`).put('.\n');
        d.put(`Invoice no. ${digits(r, 10)} — reference ${nonLuhn16(r)} — ISBN 978-0-306-40615-7.\n`);
        break;
      case 2:
        d.put('Wire the refund to IBAN ').plant('iban', iban(r)).put('. Old account ').put(iban(r, true)).put(' was closed.\n');
        d.put('Phone: ').plant('phone_number', pick(r, PHONES)).put(`\nTracking ${digits(r, 12)}; total $${int(r, 100, 9999)}.${digits(r, 2)}.\n`);
        break;
      case 3:
        d.put('Passport No: ').plant('passport_number', String.fromCharCode(65 + int(r, 0, 25)) + digits(r, 8)).put('\n');
        d.plant('mrz', mrz(r)).put('\nSpecimen with a bad check digit:\n').put(mrz(r, true)).put('\n');
        d.put('Issued at ').plant('postal_address', `${int(r, 1, 9999)} ${pick(r, STREETS)} ${pick(r, STREET_TYPES)}`).put(', ').plant('postal_address', `${city}, ${st} ${zip}`).put('.\n');
        break;
      case 4:
        d.put('Quarter | Date | Units\n');
        for (let k = 0; k < 4; k++) d.put(`Q${k + 1} | `).plant('date', `${int(r, 2019, 2024)}-${String(int(r, 1, 12)).padStart(2, '0')}-${String(int(r, 1, 28)).padStart(2, '0')}`).put(` | ${int(r, 100, 99999)}\n`);
        d.put(`Serial ${digits(r, 9)}, part 000-${digits(r, 2)}-${digits(r, 4)}, batch 987-65-4321 and ${nonLuhn16(r).replace(/(.{4})/g, '$1 ').trim()}.\n`);
        break;
      default:
        d.put('Dear ').plant('person_name', name).put(',\nwe could not reach you on ').plant('phone_number', pick(r, PHONES)).put('. Call us or write to ').plant('email', `support${int(r, 1, 99)}@quire-test.net`).put('.\n');
        d.put(`Your social security number ${ssn(r).replace(/^\d{3}/, String(int(r, 900, 999)))} is not valid; ticket ${digits(r, 16)}.\n`);
        break;
    }
    d.put(pick(r, FILLER));
    docs.push({ text: d.text, labels: d.labels });
  }
  return docs;
}
