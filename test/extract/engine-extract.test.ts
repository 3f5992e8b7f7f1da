/**
 * The extract operation end to end through the engine, on a generated born-digital invoice:
 * real values with their citations, result shapes A and B, review, bounded work on a schema of
 * hundreds of fields, and the failures (no text, corrupt bytes) as terminal jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import type { ExtractJobView } from '../../src/operations/extract/views.js';
import fs from 'node:fs';
import { fixture } from '../helpers.js';
import { INVOICE_WORDS, makeImageOnlyPdf, makePdf } from './make-invoice.js';

const schema = {
  type: 'object',
  properties: {
    vendor: { type: 'string', description: 'Company that issued the invoice' },
    invoice_number: { type: 'string', description: 'Invoice number' },
    invoice_date: { type: 'string', format: 'date', description: 'Date the invoice was issued' },
    due_date: { type: 'string', format: 'date', description: 'Payment due date' },
    email: { type: 'string', format: 'email', description: 'Contact email' },
    subtotal: { type: 'number', description: 'Total before tax' },
    tax: { type: 'number', description: 'VAT amount' },
    total: { type: 'number', description: 'Total amount due' },
    currency: { type: 'string', description: 'Currency code' },
    purchase_order: { type: ['string', 'null'], description: 'Purchase order number' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          description: { type: 'string', description: 'Item description' },
          quantity: { type: 'number', description: 'Quantity' },
          unit_price: { type: 'number', description: 'Unit price' },
          amount: { type: 'number', description: 'Line amount' },
        },
      },
    },
  },
  required: ['vendor', 'invoice_number', 'total'],
  additionalProperties: false,
};

let engine: Engine;
let pdf: Uint8Array;

beforeAll(async () => {
  engine = createEngine({ workers: 1 });
  pdf = await makePdf(INVOICE_WORDS);
});
afterAll(() => engine.close());

async function extract(input: Uint8Array, options: Record<string, unknown>): Promise<ExtractJobView> {
  const created = await engine.submit<{ job_id: string; status: string }>('extract', { data: input, fileName: 'invoice.pdf' }, options);
  expect(created.status).toBe('queued');
  return engine.wait<ExtractJobView>(created.job_id, { timeoutMs: 60_000 });
}

type A = { value: unknown; score: { grounding_score: number; extraction_score: number }; citation?: { bbox: number[]; page: number; page_width: number; page_height: number } | null };

describe('extract (generated invoice)', () => {
  it('finds each value in the words, with a citation around them', async () => {
    const v = await extract(pdf, { schema_data: JSON.stringify(schema), enable_citations: true });
    expect(v.metadata.order).toEqual(Object.keys(schema.properties));
    expect(v.metadata.page_count).toBe(1);
    const r = v.result as Record<string, A>;
    expect(r.invoice_number!.value).toBe('INV-2024-0815');
    expect(r.invoice_date!.value).toBe('2024-03-14');
    expect(r.due_date!.value).toBe('2024-04-13');
    expect(r.email!.value).toBe('billing@northwind.example');
    expect(r.subtotal!.value).toBe(2517.5);
    expect(r.tax!.value).toBe(503.5);
    expect(r.total!.value).toBe(3021);
    expect(r.currency!.value).toBe('GBP');
    expect(String(r.vendor!.value)).toContain('Northwind Traders Ltd');
    // The invoice number's box is where pdf-lib drew it: x 360.., y 120.. from the top.
    const c = r.invoice_number!.citation!;
    expect(c.page).toBe(1);
    expect(c.page_width).toBe(595);
    expect(c.page_height).toBe(842);
    expect(c.bbox[0]).toBeGreaterThan(360);
    expect(c.bbox[1]).toBeGreaterThan(115);
    expect(c.bbox[3]).toBeLessThan(140);
    // A field the document does not hold: null, score 0, no citation.
    expect(r.purchase_order).toEqual({ value: null, score: { grounding_score: 0, extraction_score: 0 }, citation: null });
    // Line items from the table: sub-fields with their own citations, the array's citation null.
    const items = r.items!.value as Record<string, A>[];
    expect(items.map((i) => i.description!.value)).toEqual(['Paper towels, case of 12', 'Hand soap refill 5L']);
    expect(items.map((i) => i.quantity!.value)).toEqual([3, 2]);
    expect(items.map((i) => i.unit_price!.value)).toEqual([12.5, 1240]);
    expect(items.map((i) => i.amount!.value)).toEqual([37.5, 2480]);
    expect(items[1]!.amount!.citation!.bbox[1]).toBeGreaterThan(295);
    expect(r.items!.citation).toBeNull();
    for (const f of Object.values(r)) if (f.value !== null) expect(f.score.extraction_score).toBeGreaterThan(0);
  });

  it('shape B without citations on alpha/beta/delta; shape A without boxes on gamma', async () => {
    const b = await extract(pdf, { schema_data: JSON.stringify(schema), model: 'beta' });
    const rb = b.result as Record<string, { value: unknown; score: unknown }>;
    expect(typeof rb.total!.score).toBe('number');
    expect('citation' in rb.total!).toBe(false);
    expect(rb.total!.value).toBe(3021);
    const g = await extract(pdf, { schema_data: JSON.stringify(schema) });
    const rg = g.result as Record<string, A>;
    expect(rg.total!.citation).toBeNull();
    expect(rg.total!.score.grounding_score).toBe(0);
  });

  it('review when a required field is missing', async () => {
    const s = { ...schema, properties: { ...schema.properties, iban: { type: 'string', description: 'IBAN bank account' } }, required: ['iban'] };
    const v = await extract(pdf, { schema_data: JSON.stringify(s) });
    expect(v.status).toBe('review');
    expect((v.result as Record<string, A>).iban!.value).toBeNull();
  });

  it('a schema of hundreds of fields is bounded work and still answers every field', async () => {
    const props = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`field_${i}`, { type: 'string', description: `Field number ${i}` }]));
    const v = await extract(pdf, { schema_data: JSON.stringify({ type: 'object', properties: props, required: [], additionalProperties: false }) });
    expect(['completed', 'review']).toContain(v.status);
    expect(Object.keys(v.result!)).toHaveLength(600);
  });

  it('an image-only document with no words fails with a clear error', async () => {
    const v = await extract(await makeImageOnlyPdf(), { schema_data: JSON.stringify(schema) });
    expect(v.status).toBe('failed');
    expect(v.error).toMatch(/no readable text/);
    expect(v.result).toBeUndefined();
  });

  it('a 500-page document reads pages 1-50 and says so', async () => {
    const v = await extract(await makePdf(INVOICE_WORDS, 500), { schema_data: JSON.stringify(schema), enable_citations: true });
    expect(['completed', 'review']).toContain(v.status);
    expect(v.metadata.page_count).toBe(500);
    expect(v.metadata.notes).toContain('Only pages 1-50 of 500 were read.');
    expect((v.result as Record<string, A>).total!.value).toBe(3021);
  }, 120_000);

  it('detect_pii: a document with a direct identifier is refused at severity high, not at its absence', async () => {
    const withCard = await makePdf([...INVOICE_WORDS, { text: 'Card: 4111 1111 1111 1111', x: 50, y: 420 }]);
    // Blocked at submission: no job (test/extract/pii-submission.test.ts covers the answer).
    await expect(engine.submit('extract', { data: withCard, fileName: 'invoice.pdf' }, { schema_data: JSON.stringify(schema), detect_pii: true })).rejects.toThrow(/pii_blocked/);
    const clean = await extract(pdf, { schema_data: JSON.stringify(schema), detect_pii: true, pii_block_severity: 'high' });
    expect(['completed', 'review']).toContain(clean.status);
  });

  it('an encrypted document without its password fails with a clear error', async () => {
    const v = await extract(fs.readFileSync(fixture('pdf', 'password-1234.pdf')), { schema_data: JSON.stringify(schema) });
    expect(v.status).toBe('failed');
    expect(v.error).toMatch(/password/i);
  });

  it('corrupt bytes fail the job; a bad schema creates no job', async () => {
    const v = await extract(new TextEncoder().encode('%PDF-1.7\nnot really a pdf'), { schema_data: JSON.stringify(schema) });
    expect(v.status).toBe('failed');
    expect(v.error).toBeTruthy();
    const before = (await engine.list()).length;
    await expect(engine.submit('extract', { data: pdf, fileName: 'x.pdf' }, { schema_data: '{"type":"object"}' })).rejects.toThrow(/schema_data/);
    expect((await engine.list()).length).toBe(before);
  });
});
