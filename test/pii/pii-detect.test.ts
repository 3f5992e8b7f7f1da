/**
 * The shared PII detector: precision and recall on the generated labelled set (both engines),
 * look-alikes that must not fire, the block rule per severity, and detect_pii on parse jobs
 * (refused before parsing, a message naming kinds and never values) and engine.detectPii
 * (boxes on the page) on generated PDFs.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { findPiiMatches, piiEngineOf, piiVerdict } from '../../src/pipeline/pii/detect.js';
import type { PiiFinding } from '../../src/pipeline/pii/types.js';
import { piiDataset } from './pii-dataset.js';
import { scorePii } from './pii-eval.js';

describe('PII detector on the labelled set', () => {
  for (const engine of ['standard', 'advanced'] as const) {
    it(`${engine}: high ≥ 0.95 and medium ≥ 0.90 precision and recall`, async () => {
      const s = await scorePii(piiDataset(120, 7), engine);
      expect(s.high.precision, s.high.falsePositives.join('\n')).toBeGreaterThanOrEqual(0.95);
      expect(s.high.recall, s.high.misses.join('\n')).toBeGreaterThanOrEqual(0.95);
      expect(s.medium.precision, s.medium.falsePositives.join('\n')).toBeGreaterThanOrEqual(0.9);
      expect(s.medium.recall, s.medium.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    });
  }

  it('lets look-alikes pass: ISBNs, Luhn failures, labelled order numbers, invalid SSNs, IBANs and MRZs with bad check digits', async () => {
    const lookalikes = [
      'ISBN 978-0-306-40615-7',
      'reference 4111 1111 1111 1112',
      'Order number 4111111111111111',
      'Invoice no. 5500 0000 0000 0004',
      'SSN 000-12-3456 and 666-12-3456 and 912-34-5678 and 123-00-4567',
      'IBAN DE89 3704 0044 0532 0130 01',
      'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C46UTO7408122F1204159ZE184226B<<<<<10',
      'Total 1,234,567.89 on 2023-06-20 at 10:30',
    ];
    for (const text of lookalikes) {
      const high = (await findPiiMatches(text, 'advanced')).filter((m) => ['us_ssn', 'credit_card', 'iban', 'mrz', 'passport_number', 'phone_number', 'email'].includes(m.type));
      expect(high.map((m) => `${m.type}:${m.value}`), text).toEqual([]);
    }
    // And their valid twins fire.
    const valid = ['card 4111 1111 1111 1111', 'SSN 123-45-6780', 'IBAN DE89 3704 0044 0532 0130 00', 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10'];
    for (const text of valid) expect((await findPiiMatches(text, 'standard')).length, text).toBeGreaterThan(0);
  });

  it('blocks at or above the requested severity', () => {
    const f = (severity: PiiFinding['severity'], type: PiiFinding['type']): PiiFinding => ({ type, severity, page_number: 1, bbox: null, masked_value: '*', confidence: 1 });
    const onlyLow = [f('low', 'date')];
    const contact = [f('medium', 'email'), f('low', 'person_name')];
    const direct = [f('high', 'us_ssn')];
    expect(piiVerdict(onlyLow, 'any').blocked).toBe(true);
    expect(piiVerdict(onlyLow, 'low').blocked).toBe(true);
    expect(piiVerdict(onlyLow, 'medium').blocked).toBe(false);
    expect(piiVerdict(contact, 'medium')).toMatchObject({ blocked: true, kinds: ['email'] });
    expect(piiVerdict(contact, 'high').blocked).toBe(false);
    expect(piiVerdict(direct, 'high')).toMatchObject({ blocked: true, kinds: ['us_ssn'] });
    expect(piiVerdict([], 'any').blocked).toBe(false);
    expect(piiEngineOf('ADVANCED')).toBe('advanced');
    expect(piiEngineOf('turbo')).toBe('standard');
  });
});

async function pdfWith(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((l, i) => page.drawText(l, { x: 72, y: 720 - i * 24, size: 12, font }));
  return doc.save();
}

describe('detect_pii on parse jobs and engine.detectPii', () => {
  let engine: Engine;
  let withSsn: Uint8Array;
  let withEmail: Uint8Array;
  let clean: Uint8Array;
  beforeAll(async () => {
    engine = createEngine({ workers: 1 });
    withSsn = await pdfWith(['Employee file', 'SSN: 123-45-6780', 'Contact: jane.roe@example.org']);
    withEmail = await pdfWith(['Questions? Write to help.desk@example.org']);
    clean = await pdfWith(['The quarterly report is attached.', 'Revenue grew in all regions.']);
  });
  afterAll(() => engine.close());

  const run = async (bytes: Uint8Array, o: Record<string, unknown>) => engine.waitForJob((await engine.parse(bytes, { file_name: 'doc.pdf', ...o })).job_id);

  it('refuses at or above pii_block_severity, naming kinds and never values', async () => {
    const blocked = await run(withSsn, { detect_pii: true });
    expect(blocked.status).toBe('Failed');
    expect(blocked.message).toMatch(/us_ssn/);
    expect(blocked.message).toMatch(/email/);
    expect(blocked.message).not.toMatch(/6780|jane/);
    expect(blocked.credit_used).toBe(0);
    expect((await run(withSsn, { detect_pii: true, pii_block_severity: 'high' })).message).toMatch(/us_ssn/);
    expect((await run(withEmail, { detect_pii: true, pii_block_severity: 'high' })).status).toBe('Succeeded');
    expect((await run(withEmail, { detect_pii: true, pii_block_severity: 'medium' })).status).toBe('Failed');
    expect((await run(withEmail, { detect_pii: false })).status).toBe('Succeeded');
    expect((await run(clean, { detect_pii: true, pii_engine: 'advanced' })).status).toBe('Succeeded');
  });

  it('engine.detectPii reports type, severity, page, box and a masked value', async () => {
    const r = await engine.detectPii(withSsn, { pii_engine: 'unknown-engine', file_name: 'doc.pdf' });
    expect(r.pii_engine).toBe('standard');
    const ssn = r.findings.find((f) => f.type === 'us_ssn')!;
    expect(ssn).toMatchObject({ severity: 'high', page_number: 1, masked_value: '***-**-6780' });
    // "SSN: 123-45-6780" is the second line: baseline at 792 - 696 = 96 pt from the top.
    expect(ssn.bbox!.top).toBeGreaterThan(80);
    expect(ssn.bbox!.top).toBeLessThan(100);
    expect(r.findings.find((f) => f.type === 'email')).toMatchObject({ severity: 'medium', masked_value: 'j***@example.org' });
  });
});
