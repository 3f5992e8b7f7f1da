/**
 * Document templates of the blind PII set: letters, HR records, bank forms, invoices, travel
 * documents, tables and look-alike-heavy technical/validation pages. Each template plants
 * identifiers with their labels (DocWriter records the boxes) and mixes in number-like strings
 * that are not PII (order and invoice numbers, ISBNs, tracking numbers, versions, prices, part
 * numbers, numbers that fail their check). Written from the definitions only.
 */
import { hi, lo, med, no, type DocWriter, type Part } from './pii-writer.js';
import { abaRouting, badChecksumIban, chance, digits, groupCard, groupIban, IBAN_COUNTRIES, int, invalidSsn, isbn10, isbn13, luhnFailing16, luhnValidNoIssuer, passportNumber, pick, td1, td3, upsTracking, uspsTracking, validCard, validIban, validSsn, type CardBrand, type Rng } from './pii-values.js';
import { address, BANKS, COMPANIES, dateText, email, fullName, person, phone, ymd, yymmdd, type Person } from './pii-people.js';

let groupSeq = 0;
const gid = (): string => `g${++groupSeq}`;
const FILLER = [
  'Please review the enclosed statement carefully and keep it for your records.',
  'If any of the information below is incomplete, reply to this notice within thirty days.',
  'This document was prepared as part of our regular annual review process.',
  'We appreciate your continued business and look forward to working with you.',
  'Amounts are shown in the currency of the account unless stated otherwise.',
  'The terms and conditions that apply to this account are available on request.',
];
const SSN_CONTEXT = ['Social Security Number:', 'SSN:', 'Soc. Sec. No.', 'SSN #', 'Taxpayer ID (SSN):', 'Social Security #:'];
const ssnStyle = (r: Rng) => pick(r, ['dash', 'dash', 'space', 'none'] as const);
const cardStyle = (r: Rng) => pick(r, ['space', 'space', 'dash', 'none'] as const);
const BRANDS: CardBrand[] = ['visa', 'mastercard', 'amex', 'discover'];
const money = (r: Rng, lo0: number, hi0: number): string => `$${int(r, lo0, hi0).toLocaleString('en-US')}.${digits(r, 2)}`;
const orderNo = (r: Rng): string => pick(r, [`${int(r, 100, 999)}-${digits(r, 7)}-${digits(r, 7)}`, digits(r, 10), `SO-${digits(r, 6)}`, `#${digits(r, 8)}`]);
const partNo = (r: Rng): string => pick(r, [`${digits(r, 3)}-${digits(r, 3)}-${digits(r, 2)}`, `P/N ${digits(r, 4)}-${digits(r, 3)}-${digits(r, 4)}`, `${digits(r, 2)}-${digits(r, 4)}-${digits(r, 4)}`, `${digits(r, 3)}.${digits(r, 3)}.${digits(r, 3)}`]);

function addressLines(w: DocWriter, r: Rng, name: string | null, x?: number): void {
  const a = address(r);
  const g = gid();
  if (name) w.line([lo('name', name)], { x });
  for (const l of a.lines) w.line([lo('address', l, g)], { x });
}

/** A business letter with a letterhead, a recipient, and PII in the body. */
export function letter(w: DocWriter, r: Rng): void {
  w.newPage();
  const co = pick(r, COMPANIES);
  const sender = person(r);
  const to = person(r);
  w.line([co], { size: 15, font: w.fonts.bold });
  const a = address(r);
  const g = gid();
  w.line([lo('address', a.lines.join(', '), g)], { size: 9 });
  w.line(['Tel. ', med('phone', phone(r)), '  ·  ', med('email', `info@${pick(r, ['northwind-logistics.com', 'fabrikam.example.com', 'tailspin-gear.com'])}`)], { size: 9, after: 18 });
  w.line([lo('date', dateText(r, ymd(r, 2023, 2026)))], { after: 10 });
  addressLines(w, r, `${to.title} ${fullName(to)}`);
  w.gap(14);
  w.line([`Re: Order ${''}`, no('order_number', orderNo(r)), ' — account ending in ', no('card_last4', digits(r, 4))], { font: w.fonts.bold, after: 8 });
  w.line(['Dear ', lo('name', `${to.title} ${to.last}`), ','], { after: 6 });
  w.para([pick(r, FILLER), ' ', pick(r, FILLER)]);
  const body: Part[][] = [
    ['Our records show that the card ', hi('card', groupCard(validCard(r, pick(r, BRANDS)), cardStyle(r))), ' was charged ', no('price', money(r, 20, 4000)), ' on ', lo('date', dateText(r, ymd(r, 2024, 2026))), '.'],
    ['To complete your file we still need a copy of the form showing your ', pick(r, SSN_CONTEXT).replace(/:$/, ''), ' ', hi('ssn', validSsn(r, ssnStyle(r))), ' and your date of birth, ', lo('dob', dateText(r, ymd(r, 1950, 2004))), '.'],
    ['The refund will be sent to the account ', hi('iban', (chance(r, 0.6) ? groupIban : (s: string) => s)(validIban(r, pick(r, IBAN_COUNTRIES)))), ' within five business days.'],
    ['Your shipment left our warehouse with tracking number ', no('tracking', upsTracking(r)), ' and invoice ', no('invoice_number', `INV-${int(r, 2023, 2026)}-${digits(r, 6)}`), '.'],
    ['You can reach your case manager directly at ', med('phone', phone(r)), ' or by e-mail at ', med('email', email(r, sender)), '.'],
    ['For reference, the item was catalogued under ', no('isbn', `ISBN ${isbn13(r)}`), ' and priced at ', no('price', money(r, 10, 90)), '.'],
  ];
  for (const b of body.sort(() => r() - 0.5).slice(0, int(r, 3, 5))) w.para(b);
  w.para([pick(r, FILLER)]);
  w.line(['Sincerely,'], { after: 18 });
  w.line([lo('name', fullName(sender))]);
  w.line([`Customer Relations, ${co}`], { size: 9 });
}

/** An HR personnel record: labelled fields, an emergency contact and a review table. */
export function hrRecord(w: DocWriter, r: Rng): void {
  w.newPage();
  const p = person(r);
  w.line(['Employee Personnel Record'], { size: 16, font: w.fonts.bold, after: 4 });
  w.line([`${pick(r, COMPANIES)} — Human Resources — Confidential`], { size: 9, after: 12 });
  const x2 = w.margin + 150;
  const field = (k: string, v: Part[]) => w.row([{ x: w.margin, parts: [k] }, { x: x2, parts: v }], { size: 10.5 });
  field('Employee name', [lo('name', fullName(p))]);
  field('Employee ID', [no('employee_id', pick(r, [`E-${digits(r, 6)}`, `EMP${digits(r, 7)}`, digits(r, 9)]))]);
  const ctx = pick(r, SSN_CONTEXT).replace(/[:#]\s*$/, '').trim();
  field(ctx, [hi('ssn', validSsn(r, ssnStyle(r)))]);
  field('Date of birth', [lo('dob', dateText(r, ymd(r, 1955, 2003)))]);
  field('Place of birth', [lo('location', address(r).city)]);
  const a = address(r);
  const g = gid();
  field('Home address', [lo('address', a.lines[0]!, g)]);
  field('', [lo('address', a.lines[1]!, g)]);
  field(pick(r, ['Mobile', 'Home phone', 'Telephone']), [med('phone', phone(r))]);
  field('Personal e-mail', [med('email', email(r, p))]);
  field('Hire date', [lo('date', dateText(r, ymd(r, 2010, 2025)))]);
  field('Annual salary', [no('price', money(r, 40000, 180000))]);
  field('Cost centre', [no('part_number', partNo(r))]);
  w.gap(10);
  w.line(['Payroll / direct deposit'], { font: w.fonts.bold });
  if (chance(r, 0.5)) {
    field('Routing number', [no('aba_routing', abaRouting(r))]);
    field('Account number', [no('account_number', digits(r, int(r, 8, 12)))]);
  } else {
    field('IBAN', [hi('iban', groupIban(validIban(r, pick(r, IBAN_COUNTRIES))))]);
    field('BIC', [no('bic', `${pick(r, ['DEUT', 'BNPA', 'INGB', 'COBA'])}${pick(r, ['DE', 'FR', 'NL'])}${pick(r, ['FF', '2L', '2A'])}XXX`)]);
  }
  w.gap(10);
  w.line(['Emergency contact'], { font: w.fonts.bold });
  const ec = person(r);
  field('Name', [lo('name', fullName(ec))]);
  field('Phone', [med('phone', phone(r))]);
  w.gap(12);
  w.line(['Performance reviews'], { font: w.fonts.bold });
  const cols = [w.margin, w.margin + 110, w.margin + 250, w.margin + 360];
  w.row([{ x: cols[0]!, parts: ['Review date'] }, { x: cols[1]!, parts: ['Reviewer'] }, { x: cols[2]!, parts: ['Score'] }, { x: cols[3]!, parts: ['Form version'] }], { font: w.fonts.bold, rule: true });
  for (let i = 0; i < int(r, 2, 4); i++) {
    w.row([
      { x: cols[0]!, parts: [lo('date', dateText(r, ymd(r, 2019, 2025)))] },
      { x: cols[1]!, parts: [lo('name', fullName(person(r)))] },
      { x: cols[2]!, parts: [no('score', `${int(r, 2, 5)}.${int(r, 0, 9)} / 5`)] },
      { x: cols[3]!, parts: [no('version', `v${int(r, 1, 4)}.${int(r, 0, 12)}.${int(r, 0, 30)}`)] },
    ]);
  }
}

/** A bank account application: applicant, identity document, IBAN, card to link, look-alikes. */
export function bankForm(w: DocWriter, r: Rng): void {
  w.newPage();
  const p = person(r);
  w.line([`${pick(r, BANKS)} — Account Opening Application`], { size: 14, font: w.fonts.bold, after: 10 });
  w.line(['Application reference ', no('reference', `APP-${digits(r, 4)}-${digits(r, 5)}`), '   Branch code ', no('branch', digits(r, 5))], { size: 9, after: 10 });
  const x2 = w.margin + 170;
  const field = (k: string, v: Part[]) => w.row([{ x: w.margin, parts: [k] }, { x: x2, parts: v }], { size: 10.5 });
  field('Applicant', [lo('name', `${p.last.toUpperCase()}, ${p.first}`)]);
  field('Date of birth', [lo('dob', dateText(r, ymd(r, 1950, 2004)))]);
  const ctry = pick(r, ['USA', 'GBR', 'DEU', 'FRA', 'CAN', 'IND']);
  field('Identity document', [`Passport (${ctry})`]);
  field(pick(r, ['Passport No.', 'Passport number', 'Document no. (passport)']), [hi('passport', passportNumber(r, ctry))]);
  const a = address(r);
  const g = gid();
  field('Residential address', [lo('address', a.lines.join(', '), g)]);
  field('Phone', [med('phone', phone(r))]);
  field('E-mail', [med('email', email(r, p))]);
  w.gap(10);
  w.line(['Accounts'], { font: w.fonts.bold });
  const iban = validIban(r, pick(r, IBAN_COUNTRIES));
  field('Account IBAN', [hi('iban', chance(r, 0.5) ? groupIban(iban) : iban)]);
  field('Debit card to link', [hi('card', groupCard(validCard(r, pick(r, BRANDS)), cardStyle(r)))]);
  field('Previous bank reference', [no('luhn_fail_16', groupCard(luhnFailing16(r), pick(r, ['space', 'none'] as const)))]);
  field('Customer number', [no('customer_number', luhnFailing16(r))]);
  w.gap(8);
  w.para(['Transfers from the account ', no('iban_bad_checksum', groupIban(badChecksumIban(r, pick(r, IBAN_COUNTRIES)))), ' could not be matched: the IBAN does not pass its check and was returned to the sender.'], { size: 9.5 });
  w.para(['Loyalty card ', no('luhn_valid_no_issuer', luhnValidNoIssuer(r)), ' was issued on ', lo('date', dateText(r, ymd(r, 2020, 2026))), '; opening deposit ', no('price', money(r, 100, 9000)), '.'], { size: 9.5 });
  w.gap(16);
  w.line(['Signature of applicant: ____________________      Date: ', lo('date', dateText(r, ymd(r, 2025, 2026)))], { size: 9.5 });
}

/** An invoice with order/invoice numbers, a line-item table, prices, ISBNs and tracking. */
export function invoice(w: DocWriter, r: Rng): void {
  w.newPage();
  const seller = pick(r, COMPANIES);
  const buyer = person(r);
  w.line([seller], { size: 15, font: w.fonts.bold });
  w.line([lo('address', address(r).lines.join(' · '))], { size: 9 });
  w.line(['VAT ID ', no('vat_id', `DE${digits(r, 9)}`), '   Phone ', med('phone', phone(r))], { size: 9, after: 14 });
  w.line(['INVOICE'], { size: 18, font: w.fonts.bold, after: 6 });
  const x2 = w.margin + 120;
  const field = (k: string, v: Part[]) => w.row([{ x: w.margin, parts: [k] }, { x: x2, parts: v }], { size: 10 });
  field('Invoice number', [no('invoice_number', pick(r, [`INV-${int(r, 2023, 2026)}-${digits(r, 6)}`, digits(r, 9), `${digits(r, 4)}/${digits(r, 5)}`]))]);
  field('Order number', [no('order_number', orderNo(r))]);
  field('Invoice date', [lo('date', dateText(r, ymd(r, 2024, 2026)))]);
  field('Due date', [lo('date', dateText(r, ymd(r, 2024, 2026)))]);
  field('Customer no.', [no('customer_number', digits(r, 8))]);
  w.gap(8);
  w.line(['Bill to:'], { font: w.fonts.bold });
  addressLines(w, r, fullName(buyer));
  w.gap(10);
  const cols = [w.margin, w.margin + 120, w.margin + 330, w.margin + 370, w.margin + 430];
  w.row(['Item no.', 'Description', 'Qty', 'Unit', 'Amount'].map((t, i) => ({ x: cols[i]!, parts: [t] })), { font: w.fonts.bold, rule: true });
  const n = int(r, 4, 9);
  for (let i = 0; i < n; i++) {
    const book = chance(r, 0.35);
    const code = book ? no('isbn', chance(r, 0.7) ? isbn13(r) : isbn10(r)) : no('part_number', partNo(r));
    w.row([
      { x: cols[0]!, parts: [code] },
      { x: cols[1]!, parts: [book ? pick(r, ['Field Guide to Birds', 'Modern Cartography', 'Intro to Statistics']) : pick(r, ['Steel bracket 40 mm', 'Toner cartridge', 'USB-C hub, 7 port', 'Desk lamp LED'])] },
      { x: cols[2]!, parts: [String(int(r, 1, 40))] },
      { x: cols[3]!, parts: [no('price', money(r, 2, 300))] },
      { x: cols[4]!, parts: [no('price', money(r, 20, 3000))] },
    ]);
  }
  w.gap(6);
  w.row([{ x: cols[3]!, parts: ['Total'] }, { x: cols[4]!, parts: [no('price', money(r, 200, 9000))] }], { font: w.fonts.bold });
  w.gap(12);
  w.para(['Shipped ', lo('date', dateText(r, ymd(r, 2024, 2026))), ' via ', pick(r, ['UPS', 'USPS']), ', tracking ', no('tracking', chance(r, 0.5) ? upsTracking(r) : uspsTracking(r)), '.'], { size: 9.5 });
  w.para(['Please pay by bank transfer to ', hi('iban', groupIban(validIban(r, pick(r, IBAN_COUNTRIES)))), ' quoting the invoice number, or call ', med('phone', phone(r)), '. Firmware of the shipped devices: ', no('version', `${int(r, 1, 12)}.${int(r, 0, 9)}.${int(r, 1000, 19999)}.${int(r, 100, 3000)}`), '.'], { size: 9.5 });
}

/** A passport data page (TD3 MRZ) or ID card (TD1), then an itinerary page. */
export function travel(w: DocWriter, r: Rng): void {
  w.newPage();
  const p = person(r);
  const country = pick(r, ['USA', 'GBR', 'FRA', 'CAN', 'NLD', 'IRL']);
  const dob = ymd(r, 1950, 2004);
  const exp = ymd(r, 2027, 2035);
  const card = chance(r, 0.35);
  const docNumber = card ? (country.slice(0, 1) + digits(r, 8)) : passportNumber(r, country);
  w.line([card ? 'IDENTITY CARD' : 'PASSPORT'], { size: 16, font: w.fonts.bold, after: 10 });
  const x2 = w.margin + 160;
  const field = (k: string, v: Part[]) => w.row([{ x: w.margin, parts: [k] }, { x: x2, parts: v }], { size: 10.5 });
  field('Type / Country code', [`${card ? 'I' : 'P'} / ${country}`]);
  field(card ? 'Document No.' : 'Passport No.', [hi(card ? 'id_card' : 'passport', docNumber)]);
  field('Surname', [lo('name', p.last.toUpperCase())]);
  field('Given names', [lo('name', p.first.toUpperCase())]);
  field('Date of birth', [lo('dob', dateText(r, dob))]);
  field('Sex', [p.sex]);
  field('Place of birth', [lo('location', address(r).city)]);
  field('Date of issue', [lo('date', dateText(r, { ...exp, y: exp.y - 10 }))]);
  field('Date of expiry', [lo('date', dateText(r, exp))]);
  w.gap(30);
  const mrz = (card ? td1 : td3)({ surname: p.last, given: p.first, country, docNumber, dob: yymmdd(dob), sex: p.sex, expiry: yymmdd(exp) });
  const g = gid();
  for (const l of mrz) w.line([hi('mrz', l, g)], { font: w.fonts.mono, size: 11 });
  w.newPage();
  w.line(['Travel itinerary'], { size: 15, font: w.fonts.bold, after: 8 });
  w.line(['Passenger: ', lo('name', `${p.last.toUpperCase()}/${p.first.toUpperCase()} ${p.sex === 'F' ? 'MS' : 'MR'}`)]);
  w.line(['Booking reference: ', no('booking_ref', `${alnum6(r)}`), '   E-ticket: ', no('ticket_number', `${int(r, 100, 299)}-${digits(r, 10)}`)]);
  w.line(['Frequent flyer: ', no('ff_number', `${pick(r, ['LH', 'BA', 'AF', 'UA'])} ${digits(r, 9)}`), '   Contact: ', med('phone', phone(r)), ' / ', med('email', email(r, p))], { after: 10 });
  const cols = [w.margin, w.margin + 90, w.margin + 160, w.margin + 300, w.margin + 400];
  w.row(['Date', 'Flight', 'From', 'To', 'Seat'].map((t, i) => ({ x: cols[i]!, parts: [t] })), { font: w.fonts.bold, rule: true });
  for (let i = 0; i < int(r, 2, 4); i++) {
    w.row([
      { x: cols[0]!, parts: [lo('date', dateText(r, ymd(r, 2025, 2026)))] },
      { x: cols[1]!, parts: [no('flight', `${pick(r, ['LH', 'BA', 'AF', 'UA', 'KL'])} ${int(r, 10, 9999)}`)] },
      { x: cols[2]!, parts: [lo('location', pick(r, ['Frankfurt', 'London Heathrow', 'Paris CDG', 'Chicago O\'Hare']))] },
      { x: cols[3]!, parts: [lo('location', pick(r, ['Toronto', 'Amsterdam', 'Tokyo Haneda', 'Boston']))] },
      { x: cols[4]!, parts: [`${int(r, 1, 45)}${pick(r, ['A', 'C', 'F', 'K'])}`] },
    ]);
  }
  w.gap(10);
  w.para(['Fare ', no('price', money(r, 300, 4000)), ' charged to card ', hi('card', groupCard(validCard(r, pick(r, BRANDS)), cardStyle(r))), '. Baggage tag ', no('bag_tag', `${pick(r, ['0220', '0125', '0057'])} ${digits(r, 6)}`), '.'], { size: 9.5 });
}
const alnum6 = (r: Rng): string => Array.from({ length: 6 }, () => pick(r, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')).join('');

export { payrollTable, validationReport, releaseNotes } from './pii-templates-2.js';
export type { Person };
