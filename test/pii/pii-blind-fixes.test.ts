/**
 * What the blind PII set (bench/pii-blind.ts) exposed, one case per fixed miss or false
 * positive, on generated inputs: the identifiers come from bench/lib/pii-values.ts, written
 * independently of the detector (its own Luhn, mod-97 and ICAO check digits), so a test
 * cannot pass by reusing the detector's rules.
 */
import { describe, expect, it } from 'vitest';
import { findPiiMatches } from '../../src/pipeline/pii/detect.js';
import type { PiiEngine } from '../../src/pipeline/pii/types.js';
import { abaRouting, groupCard, luhnFailing16, rngOf, td1, td3, validCard, validIban, validSsn, luhnValid, type Rng } from '../../bench/lib/pii-values.js';

const ENGINES: PiiEngine[] = ['standard', 'advanced'];
const types = async (text: string, engine: PiiEngine) => (await findPiiMatches(text, engine)).map((m) => `${m.type}:${m.value}`);
const person = { surname: 'Castillo', given: 'Zoe', country: 'GBR', docNumber: 'U06846791', dob: '791009', sex: 'F' as const, expiry: '350708' };

function discover644(r: Rng): string {
  for (;;) {
    const n = validCard(r, 'discover');
    if (/^64[4-9]/.test(n)) return n;
  }
}

describe('PII fixes from the blind set', () => {
  it.each(ENGINES)('%s: a card number ending a sentence, Amex grouped 4-6-5 and Discover 644-649', async (engine) => {
    const r = rngOf(11);
    const amex = groupCard(validCard(r, 'amex'), 'space');
    const disc = groupCard(discover644(r), 'space');
    expect(await types(`Fare charged to card ${amex}.`, engine)).toContain(`credit_card:${amex}`);
    expect(await types(`Debit card to link: ${disc}, thank you.`, engine)).toContain(`credit_card:${disc}`);
    let bad = luhnFailing16(r);
    while (!bad.startsWith('64')) bad = luhnFailing16(r);
    expect((await types(`Card ${bad}.`, engine)).filter((t) => t.startsWith('credit_card'))).toEqual([]);
  });

  it.each(ENGINES)('%s: a card is a whole grouping: a record number before it is cut off, odd groupings are no card', async (engine) => {
    const r = rngOf(17);
    const visa = groupCard(validCard(r, 'visa'), 'space');
    expect(await types(`#27360 ${visa} card field`, engine)).toContain(`credit_card:${visa}`);
    // The last three groups of a Luhn-failing 16-digit number: 12 digits are no card number.
    expect((await types('batch 987-65-4321 and 6240 5486 1631 6657.', engine)).filter((t) => t.startsWith('credit_card'))).toEqual([]);
    // OCR merges groups ("4111 111111111111"): still written as a card, from a 4-digit start.
    const merged = visa.slice(0, 5) + visa.slice(5).replace(/ /g, '');
    expect(await types(`Card: ${merged}`, engine)).toContain(`credit_card:${merged}`);
    // Luhn-failing 16 digits after a record number: no span of whole groups is a card.
    let bad = luhnFailing16(r);
    while (!bad.startsWith('36')) bad = luhnFailing16(r);
    // Record numbers 81000-81099 before it: with some of them the first 17 digits pass Luhn and
    // the UnionPay 81 range, a card only if the record number is taken into the run.
    for (let n = 81000; n < 81100; n++) {
      expect((await types(`#${n} ${groupCard(bad, 'space')} card field: fails the Luhn check`, engine)).filter((t) => t.startsWith('credit_card'))).toEqual([]);
    }
  });

  it('advanced: an ungrouped 15-digit Amex in a table cell', async () => {
    const amex = validCard(rngOf(5), 'amex');
    expect(await types(`Leila Hoffmann ${amex} DE89370400440532013000`, 'advanced')).toContain(`credit_card:${amex}`);
  });

  it.each(ENGINES)('%s: an MRZ counts only when every check digit holds, composite included', async (engine) => {
    const good = td3(person);
    expect((await findPiiMatches(good.join('\n'), engine)).map((m) => m.type)).toContain('mrz');
    // Corrupt only the composite digit (the last one): the other three still hold.
    const l2 = good[1]!;
    const badComposite = [good[0]!, l2.slice(0, 43) + String((Number(l2[43]) + 3) % 10)];
    expect((await findPiiMatches(badComposite.join('\n'), engine)).map((m) => m.type)).not.toContain('mrz');
    const badTd1 = td1(person, true, rngOf(3));
    expect((await findPiiMatches(badTd1.join('\n'), engine)).map((m) => m.type)).not.toContain('mrz');
  });

  it.each(ENGINES)('%s: a TD3 second line alone (OCR garbled the first), and the document number it confirms', async (engine) => {
    const [, l2] = td3(person);
    const text = `Passport data page Document No. U06846791\nP<GBRCASTILLO<<ZOE<<<<ccccceccccc#c<\n${l2}`;
    const found = await types(text, engine);
    expect(found).toContain(`mrz:${l2}`);
    expect(found).toContain('passport_number:U06846791');
    const lines = td1(person);
    expect(await types(`IDENTITY CARD Document No. U06846791\n${lines.join('\n')}`, engine)).toContain('passport_number:U06846791');
  });

  it.each(ENGINES)('%s: OCR misreadings in an MRZ (O read as 0 in the document number, a check digit read as Q) are repaired; wrong check digits stay wrong', async (engine) => {
    const p = { ...person, docNumber: 'OG8638686', country: 'IRL' };
    const [l1, l2] = td3(p);
    const ocr2 = '0' + l2!.slice(1);
    expect((await findPiiMatches(`${l1!.replace(/<{14}/, 'CCCCCCCCCCCCCC')}\n${ocr2}`, engine)).map((m) => m.type)).toContain('mrz');
    const t1 = td1({ ...person, docNumber: 'U68677559', country: 'USA' });
    expect(t1[1]![29]).toBe('0'); // its composite digit, which OCR reads as Q
    const q = [t1[0], t1[1]!.slice(0, 29) + 'Q', t1[2]].join('\n');
    expect(await types(`Document No. U68677559\n${q}`, engine)).toContain('passport_number:U68677559');
    // A filler read as a lower-case c.
    const c = [t1[0]!.slice(0, 26) + 'c' + t1[0]!.slice(27), t1[1], t1[2]].join('\n');
    expect((await findPiiMatches(c, engine)).map((m) => m.type)).toContain('mrz');
    // Corrupted check digits with O/0 in the document number: the repair never makes them valid.
    const r = rngOf(8);
    for (let i = 0; i < 40; i++) {
      const bad = td3({ ...person, docNumber: `O${String(i).padStart(2, '0')}0O${String(i * 7).padStart(4, '0')}` }, true, r);
      expect((await findPiiMatches(bad.join('\n'), engine)).map((m) => m.type)).not.toContain('mrz');
    }
  });

  it.each(ENGINES)('%s: nine bare digits after an SSN label (with "Soc. Sec. No."), not after an invoice label', async (engine) => {
    expect(await types('Soc. Sec. No. 807354973', engine)).toContain('us_ssn:807354973');
    expect(await types('SSN 807354973', engine)).toContain('us_ssn:807354973');
    expect((await types('Invoice number 807354973', engine)).filter((t) => t.startsWith('us_ssn'))).toEqual([]);
  });

  it.each(ENGINES)('%s: a passport number labelled "(passport)"; an IBAN whose check digits OCR read as letters', async (engine) => {
    expect(await types('Document no. (passport) JV046139', engine)).toContain('passport_number:JV046139');
    const r = rngOf(9);
    let iban = validIban(r, 'PL');
    while (!iban.slice(2, 4).includes('0')) iban = validIban(r, 'PL'); // check digits with a zero for OCR to misread
    const ocr = iban.slice(0, 2) + iban.slice(2, 4).replace(/0/g, 'O') + iban.slice(4);
    expect((await findPiiMatches(`refund to ${ocr} within five days`, engine)).map((m) => m.type)).toContain('iban');
    const broken = iban.slice(0, 2) + 'O' + String((Number(iban[3]) + 1) % 10) + iban.slice(4);
    expect((await findPiiMatches(`refund to ${broken} within five days`, engine)).map((m) => m.type)).not.toContain('iban');
  });

  it.each(ENGINES)('%s: no phone number in an amount followed by a part number, an ISBN-10 or a one-digit last group', async (engine) => {
    const phones = async (t: string) => (await types(t, engine)).filter((x) => x.startsWith('phone_number'));
    expect(await phones('Steel bracket 40 mm 34 $70.71 $1,033.83 225-220-94 Desk lamp LED')).toEqual([]);
    expect(await phones('7-438-99084-2 Field Guide to Birds 3 $12.00')).toEqual([]);
    expect(await phones('or call +1 404 470 7813.')).toEqual(['phone_number:+1 404 470 7813']);
    expect(await phones('Mobile (415) 867-2301')).toEqual(['phone_number:(415) 867-2301']);
    expect(await phones('Item no. 90-9953-9828 Desk lamp LED 3')).toEqual([]);
    expect(await phones('P/N 1570-361-0691 USB-C hub')).toEqual([]);
    expect(await phones('Call 1-415-867-2301 today')).toEqual(['phone_number:1-415-867-2301']);
  });

  it.each(ENGINES)('%s: dates ending a sentence; place of birth; German and French street forms', async (engine) => {
    expect(await types('and your date of birth, 23.03.1978.', engine)).toContain('date_of_birth:23.03.1978');
    expect(await types('Invoice date 2024-11-13.', engine)).toContain('date:2024-11-13');
    expect(await types('Place of birth Springfield Home address', engine)).toContain('location:Springfield');
    expect(await types('Mr. Diego Sullivan Bahnhofstraße 93 80331 München', engine)).toEqual(expect.arrayContaining(['person_name:Diego Sullivan', 'postal_address:Bahnhofstraße 93']));
    expect(await types('Home address 77 place Bellecour 75011 Paris', engine)).toContain('postal_address:77 place Bellecour');
  });

  it.each(ENGINES)('%s: names stay on one line and end at the next field label; identity-document and ticket names', async (engine) => {
    const names = async (t: string) => (await types(t, engine)).filter((x) => x.startsWith('person_name'));
    expect(await names('Employee Personnel Record\nNorthwind Logistics Inc. — Human Resources — Confidential')).toEqual([]);
    expect(await names('Name Phone E-mail Start date')).toEqual([]);
    expect(await names('Emergency contact Name Viktor Dubois Phone +49 30 7369267')).toEqual(['person_name:Viktor Dubois']);
    expect(await names('Surname GARCIA Given names CHLOE Date of birth 19 May 1964 Sex F')).toEqual(['person_name:GARCIA', 'person_name:CHLOE']);
    expect(await names('Passenger: HADDAD/KENJI MR')).toEqual(['person_name:HADDAD/KENJI']);
  });

  it.each(ENGINES)('%s: a payroll table: bare SSNs under an "SSN" header, phones after a date cell; an employee ID is not an SSN', async (engine) => {
    const r = rngOf(21);
    const rows = Array.from({ length: 4 }, (_, i) => ({ ssn: validSsn(r, 'none'), phone: ['(206) 885-7667', '+16177775778', '919.623.2659', '206-369-9321'][i]! }));
    const text = ['Employee SSN Date of birth Phone Net pay', ...rows.map((x, i) => `Claire Dubois ${x.ssn} 07/1${i}/1980 ${x.phone} 4,123.45`)].join('\n');
    const found = await types(text, engine);
    for (const x of rows) expect(found).toEqual(expect.arrayContaining([`us_ssn:${x.ssn}`, `phone_number:${x.phone}`]));
    const id = validSsn(r, 'none');
    expect((await types(`Employee ID ${id}\nSSN ${validSsn(r, 'dash')}`, engine)).filter((t) => t === `us_ssn:${id}`)).toEqual([]);
    // Without an SSN anywhere on the page, nine bare digits in a row are not an SSN.
    expect((await types(`Claire Dubois ${id} 07/12/1980`, engine)).filter((t) => t.startsWith('us_ssn'))).toEqual([]);
  });

  it.each(ENGINES)('%s: a phone after a written-out date and before a plain amount; nine digits inside a code on an SSN page', async (engine) => {
    const found = await types('Employee SSN Date of birth Phone Net pay\nAmara Kim 03 JUL 1967 608.870.7883 1,189.66\nAhmed Romero 2003-04-25 +33 1 51 43 96 81 949.35', engine);
    expect(found).toEqual(expect.arrayContaining(['phone_number:608.870.7883', 'phone_number:+33 1 51 43 96 81']));
    // "L673460893D<<…": the document number's digits and its check digit make nine valid SSN digits.
    const bad = td3({ ...person, docNumber: 'L67346089', country: 'D<<' }, true, rngOf(4));
    expect(bad[1]).toMatch(/^L\d{9}D<</);
    expect((await types(`Rejected: SSN field area 000\n${bad.join('\n')}`, engine)).filter((t) => t.startsWith('us_ssn'))).toEqual([]);
  });

  it.each(ENGINES)('%s: on an SSN page, a routing number separated from its label, and a phone number after its country code, are no SSN', async (engine) => {
    const r = rngOf(31);
    let aba = abaRouting(r);
    while (!/^[0-8]\d{2}(?!00)\d{2}(?!0000)\d{4}$/.test(aba) || aba.startsWith('000')) aba = abaRouting(r);
    const ssnOf = (t: string) => t.startsWith('us_ssn');
    expect((await types(`Employee name Zoe Chen SSN 148-62-2373\nRouting number\nPayroll / direct deposit\n${aba}\nPerformance reviews`, engine)).filter(ssnOf)).toEqual(['us_ssn:148-62-2373']);
    expect((await types('Phone +33 167 32 1498 SSN 148-62-2373', engine)).filter(ssnOf)).toEqual(['us_ssn:148-62-2373']);
  });

  it('the generators the tests rely on are themselves valid (Luhn)', () => {
    const r = rngOf(1);
    for (const b of ['visa', 'mastercard', 'amex', 'discover'] as const) expect(luhnValid(validCard(r, b))).toBe(true);
    expect(luhnValid(luhnFailing16(r))).toBe(false);
  });
});
