/**
 * Extraction's detect_pii (default severity `high`) runs the shared detector: a document with a
 * direct identifier is blocked with a message naming the kinds (never the values); contact
 * data alone passes at `high` and is blocked at `medium`. A text-layer PDF is blocked at
 * submission (PiiBlockedError, the spec's `{status: 'pii_blocked', blocked: true}`, no job).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, PiiBlockedError, type Engine } from '../../src/index.js';

async function pdfWith(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((l, i) => page.drawText(l, { x: 72, y: 720 - i * 24, size: 12, font }));
  return doc.save();
}

const schema = JSON.stringify({ type: 'object', properties: { name: { type: 'string', description: 'Employee name' } }, required: ['name'], additionalProperties: false });

describe('extract with detect_pii', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  const extract = async (bytes: Uint8Array, o: Record<string, unknown>) => {
    let created: { job_id: string };
    try {
      created = await engine.submit<{ job_id: string }>('extract', { data: bytes, fileName: 'doc.pdf' }, { schema_data: schema, ...o });
    } catch (err) {
      if (err instanceof PiiBlockedError) return { ...err.toBody(), error: err.message };
      throw err;
    }
    return engine.wait<Record<string, unknown>>(created.job_id, { timeoutMs: 60_000 });
  };

  it('blocks direct identifiers at the default severity and contact data only when asked', async () => {
    const ssn = await pdfWith(['Employee: Jane Roe', 'SSN: 123-45-6780']);
    const email = await pdfWith(['Employee: Jane Roe', 'Write to jane.roe@example.org']);
    const blocked = JSON.stringify(await extract(ssn, { detect_pii: true }));
    expect(blocked).toMatch(/pii_blocked/);
    expect(blocked).toMatch(/us_ssn/);
    expect(blocked).not.toMatch(/6780/);
    expect(JSON.stringify(await extract(email, { detect_pii: true }))).not.toMatch(/pii_blocked/);
    expect(JSON.stringify(await extract(email, { detect_pii: true, pii_block_severity: 'medium' }))).toMatch(/pii_blocked.*email/);
  });
});
