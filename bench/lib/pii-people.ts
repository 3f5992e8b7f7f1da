/**
 * People, places, contact data and dates for the blind PII set: varied real-world formats
 * (US, UK, German, French addresses; E.164, national and dotted phone numbers; several date
 * styles), drawn from a seeded generator. Written from the issue's definitions, not the detector.
 */
import { chance, digits, int, pick, type Rng } from './pii-values.js';

const FIRST = ['James', 'Maria', 'Wei', 'Aisha', 'Daniel', 'Sofia', 'Olumide', 'Hannah', 'Rahul', 'Elena', 'Mateo', 'Chloe', 'Yusuf', 'Ingrid', 'Kenji', 'Fatima', 'Lukas', 'Priya', 'Thomas', 'Amara', 'Jonas', 'Grace', 'Diego', 'Anika', 'Samuel', 'Leila', 'Patrick', 'Mei', 'Viktor', 'Nora', 'Carlos', 'Zoe', 'Ahmed', 'Claire', 'Tomasz', 'Ruth'];
const LAST = ['Okafor', 'Weber', 'Garcia', 'Nguyen', 'Johansson', 'Patel', 'Kowalski', 'Dubois', 'Tanaka', 'Haddad', 'Fischer', 'Murphy', 'Rossi', 'Schmidt', 'Mensah', 'Lindqvist', 'Moreau', 'Castillo', 'Brennan', 'Novak', 'Ishikawa', 'Adeyemi', 'Hoffmann', 'Sullivan', 'Romero', 'Bauer', 'Kim', 'Fernandes', 'Whitaker', 'Osei', 'Larsen', 'Chen'];
export interface Person { first: string; last: string; title: 'Mr.' | 'Ms.' | 'Dr.'; sex: 'M' | 'F' }
const FEMALE = new Set(['Maria', 'Aisha', 'Sofia', 'Hannah', 'Elena', 'Chloe', 'Ingrid', 'Fatima', 'Priya', 'Amara', 'Grace', 'Anika', 'Leila', 'Mei', 'Nora', 'Zoe', 'Claire', 'Ruth']);
export function person(r: Rng): Person {
  const first = pick(r, FIRST);
  const sex = FEMALE.has(first) ? 'F' : 'M';
  return { first, last: pick(r, LAST), title: chance(r, 0.15) ? 'Dr.' : sex === 'F' ? 'Ms.' : 'Mr.', sex };
}
export const fullName = (p: Person): string => `${p.first} ${p.last}`;

const US_STREETS = ['Maple Avenue', 'Oak Street', 'Lakeview Drive', 'Cedar Lane', 'Washington Boulevard', 'Pine Ridge Road', 'Elm Court', 'Harbor Way', 'Sunset Terrace', 'Mill Creek Parkway'];
const US_CITIES: [string, string, string][] = [['Springfield', 'IL', '627'], ['Portland', 'OR', '972'], ['Austin', 'TX', '787'], ['Madison', 'WI', '537'], ['Raleigh', 'NC', '276'], ['Columbus', 'OH', '432'], ['Tucson', 'AZ', '857'], ['Albany', 'NY', '122'], ['Boise', 'ID', '837'], ['Richmond', 'VA', '232']];
const UK: [string, string][] = [['London', 'SW1A'], ['Manchester', 'M14'], ['Leeds', 'LS6'], ['Bristol', 'BS8'], ['Edinburgh', 'EH3'], ['Cardiff', 'CF10']];
const UK_STREETS = ['High Street', 'Victoria Road', 'Church Lane', 'Station Road', 'Kingsway', 'Queen Street'];
const DE: [string, string][] = [['Berlin', '10115'], ['München', '80331'], ['Hamburg', '20095'], ['Köln', '50667'], ['Leipzig', '04109'], ['Stuttgart', '70173']];
const DE_STREETS = ['Hauptstraße', 'Bahnhofstraße', 'Gartenweg', 'Schillerstraße', 'Lindenallee', 'Am Markt'];
const FR: [string, string][] = [['Paris', '75011'], ['Lyon', '69003'], ['Marseille', '13006'], ['Toulouse', '31000'], ['Nantes', '44000']];
const FR_STREETS = ['rue de la République', 'avenue Jean Jaurès', 'boulevard Voltaire', 'rue des Lilas', 'place Bellecour'];

/** A postal address as one or two lines. */
export function address(r: Rng, country?: 'US' | 'UK' | 'DE' | 'FR'): { lines: string[]; city: string; country: string } {
  const c = country ?? pick(r, ['US', 'US', 'US', 'UK', 'DE', 'FR'] as const);
  if (c === 'US') {
    const [city, st, zip3] = pick(r, US_CITIES);
    const street = `${int(r, 12, 9870)} ${pick(r, US_STREETS)}${chance(r, 0.3) ? `, Apt ${int(r, 1, 40)}${pick(r, ['A', 'B', ''])}` : ''}`;
    const zip = zip3 + digits(r, 2) + (chance(r, 0.2) ? '-' + digits(r, 4) : '');
    return { lines: [street, `${city}, ${st} ${zip}`], city, country: c };
  }
  if (c === 'UK') {
    const [city, out] = pick(r, UK);
    return { lines: [`${int(r, 1, 220)} ${pick(r, UK_STREETS)}`, `${city} ${out} ${int(r, 1, 9)}${pick(r, ['AB', 'XE', 'PQ', 'DN', 'LT'])}`], city, country: c };
  }
  if (c === 'DE') {
    const [city, plz] = pick(r, DE);
    return { lines: [`${pick(r, DE_STREETS)} ${int(r, 1, 140)}`, `${plz} ${city}`], city, country: c };
  }
  const [city, cp] = pick(r, FR);
  return { lines: [`${int(r, 1, 88)} ${pick(r, FR_STREETS)}`, `${cp} ${city}`], city, country: c };
}

const US_AREAS = ['212', '312', '415', '503', '512', '608', '617', '704', '720', '919', '206', '404'];
/** A phone number in one of many real formats (all valid numbering-plan numbers). */
export function phone(r: Rng): string {
  const kind = pick(r, ['us-paren', 'us-dot', 'us-dash', 'us-e164', 'us-intl', 'uk', 'de', 'fr', 'jp'] as const);
  const a = pick(r, US_AREAS);
  const ex = String(int(r, 201, 989));
  const sub = digits(r, 4);
  switch (kind) {
    case 'us-paren': return `(${a}) ${ex}-${sub}`;
    case 'us-dot': return `${a}.${ex}.${sub}`;
    case 'us-dash': return `${a}-${ex}-${sub}`;
    case 'us-e164': return `+1${a}${ex}${sub}`;
    case 'us-intl': return `+1 ${a} ${ex} ${sub}`;
    case 'uk': return chance(r, 0.5) ? `+44 20 7${digits(r, 3)} ${digits(r, 4)}` : `+44 7${int(r, 400, 999)} ${digits(r, 6)}`;
    case 'de': return chance(r, 0.5) ? `+49 30 ${int(r, 2000000, 9999999)}` : `+49 89 ${int(r, 200, 999)} ${digits(r, 4)}`;
    // French numbers: after the one-digit zone the next digit is 1-9 (04 05 … is not allocated).
    case 'fr': return `+33 ${pick(r, ['1', '4', '6'])} ${int(r, 1, 9)}${digits(r, 1)} ${digits(r, 2)} ${digits(r, 2)} ${digits(r, 2)}`;
    default: return `+81 3-${int(r, 3000, 6999)}-${digits(r, 4)}`;
  }
}

const DOMAINS = ['gmail.com', 'outlook.com', 'northwind-logistics.com', 'mail.fabrikam.co.uk', 'contoso.de', 'uni-example.edu', 'proton.me', 'orange.fr'];
export function email(r: Rng, p: Person): string {
  const f = p.first.toLowerCase();
  const l = p.last.toLowerCase();
  const local = pick(r, [`${f}.${l}`, `${f[0]}${l}`, `${f}_${l}${int(r, 1, 99)}`, `${l}.${f[0]}`, `${f}${l[0]}+billing`]);
  return `${local}@${pick(r, DOMAINS)}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export interface Ymd { y: number; m: number; d: number }
export const ymd = (r: Rng, y0: number, y1: number): Ymd => ({ y: int(r, y0, y1), m: int(r, 1, 12), d: int(r, 1, 28) });
const p2 = (n: number): string => String(n).padStart(2, '0');
/** A date in one of several written styles. */
export function dateText(r: Rng, t: Ymd): string {
  switch (int(r, 0, 5)) {
    case 0: return `${p2(t.m)}/${p2(t.d)}/${t.y}`;
    case 1: return `${p2(t.d)}.${p2(t.m)}.${t.y}`;
    case 2: return `${t.d} ${MONTHS[t.m - 1]} ${t.y}`;
    case 3: return `${MONTHS[t.m - 1]} ${t.d}, ${t.y}`;
    case 4: return `${t.y}-${p2(t.m)}-${p2(t.d)}`;
    default: return `${p2(t.d)} ${MONTHS[t.m - 1]!.slice(0, 3).toUpperCase()} ${t.y}`;
  }
}
export const yymmdd = (t: Ymd): string => `${p2(t.y % 100)}${p2(t.m)}${p2(t.d)}`;

export const COMPANIES = ['Northwind Logistics Inc.', 'Fabrikam Office Supply', 'Contoso Data Services GmbH', 'Tailspin Outdoor Gear', 'Litware Publishing', 'Adventure Works Cycles', 'Proseware Medical Ltd.', 'Wingtip Travel Partners'];
export const BANKS = ['First Lakeside Bank', 'Meridian Savings', 'Banque du Rhône', 'Nordische Kreditbank'];
