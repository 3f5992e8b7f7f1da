/**
 * Extraction on real documents of the shared corpus (skipped when it is absent): born-digital
 * invoices of invoice2data (MIT) and a scanned SROIE receipt, with a schema a user would write.
 * Each value is checked against the corpus's ground truth and each citation against the
 * document's own words (the cited box holds words spelling the value).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import type { ExtractJobView } from '../../src/operations/extract/views.js';
import { corpusPath, hasCorpus } from '../helpers.js';

const invoiceSchema = fs.readFileSync(new URL('../../bench/extract-schemas/invoice.json', import.meta.url), 'utf8');
const receiptSchema = fs.readFileSync(new URL('../../bench/extract-schemas/receipt.json', import.meta.url), 'utf8');
const i2d = (f: string) => corpusPath(`invoices/invoice2data/tests/compare/${f}`);

type A = { value: unknown; citation: { bbox: number[]; page: number } | null };

let engine: Engine;
beforeAll(() => {
  engine = createEngine({ workers: 1 });
});
afterAll(() => engine.close());

async function extract(file: string, schema: string): Promise<Record<string, A>> {
  const { job_id } = await engine.submit<{ job_id: string }>('extract', file, { schema_data: schema, enable_citations: true });
  const v = await engine.wait<ExtractJobView>(job_id, { timeoutMs: 120_000 });
  expect(['completed', 'review']).toContain(v.status);
  return v.result as Record<string, A>;
}

/** A citation box that is a real box on page 1. */
function sane(c: A['citation']): void {
  expect(c).not.toBeNull();
  const [l, t, r, b] = c!.bbox;
  expect(r).toBeGreaterThan(l!);
  expect(b).toBeGreaterThan(t!);
  expect(c!.page).toBe(1);
}

describe.skipIf(!hasCorpus)('extraction on the corpus', () => {
  it('AWS invoice: total, date, number, currency and four line items', async () => {
    const want = JSON.parse(fs.readFileSync(i2d('AmazonWebServices.json'), 'utf8'))[0];
    const r = await extract(i2d('AmazonWebServices.pdf'), invoiceSchema);
    expect(r.amount!.value).toBe(want.amount);
    expect(r.date!.value).toBe(want.date);
    expect(r.invoice_number!.value).toBe(want.invoice_number);
    expect(r.currency!.value).toBe(want.currency);
    expect(String(r.issuer!.value)).toContain('Amazon Web Services');
    for (const k of ['amount', 'date', 'invoice_number', 'issuer']) sane(r[k]!.citation);
    const names = (r.lines!.value as Record<string, A>[]).map((l) => l.name!.value);
    for (const l of want.lines) expect(names).toContain(l.name);
  });

  it('French invoice: Total TTC, Total HT, date and "Facture n°"', async () => {
    const want = JSON.parse(fs.readFileSync(i2d('NetpresseInvoice.json'), 'utf8'))[0];
    const r = await extract(i2d('NetpresseInvoice.pdf'), invoiceSchema);
    expect(r.amount!.value).toBe(want.amount);
    expect(r.amount_untaxed!.value).toBe(want.amount_untaxed);
    expect(r.date!.value).toBe(want.date);
    expect(r.invoice_number!.value).toBe(want.invoice_number);
    expect(r.currency!.value).toBe('EUR');
    // "56,02 €": the cited box is on the "Total TTC" line (y ≈ 414 pt from the top).
    sane(r.amount!.citation);
    expect(r.amount!.citation!.bbox[1]).toBeGreaterThan(405);
    expect(r.amount!.citation!.bbox[3]).toBeLessThan(430);
  });

  it('photographed invoice of a kind not tuned on (Mindee sample): the fields its model agrees on', async () => {
    const dir = 'classification/client-lib-test-data/v1/products/invoices';
    const p = JSON.parse(fs.readFileSync(corpusPath(`${dir}/response_v4/default_sample.json`), 'utf8')).document.inference.prediction;
    const r = await extract(corpusPath(`${dir}/default_sample.jpg`), invoiceSchema);
    expect(r.invoice_number!.value).toBe(p.invoice_number.value);
    expect(r.date!.value).toBe(p.date.value);
    expect(r.amount!.value).toBe(p.total_amount.value);
    expect(r.amount_untaxed!.value).toBe(p.total_net.value);
    const lines = (r.lines!.value as Record<string, A>[]).map((l) => [l.qty!.value, l.price_subtotal!.value]);
    expect(lines).toEqual(p.line_items.map((l: { quantity: number; total_amount: number }) => [l.quantity, l.total_amount]));
  });

  it('scanned receipt (OCR): company, date and total as printed', async () => {
    const want = JSON.parse(fs.readFileSync(corpusPath('invoices/ICDAR-2019-SROIE/data/key/023.json'), 'utf8'));
    const r = await extract(corpusPath('invoices/ICDAR-2019-SROIE/data/img/023.jpg'), receiptSchema);
    expect(r.company!.value).toBe(want.company);
    expect(r.date!.value).toBe(want.date);
    expect(r.total!.value).toBe(want.total);
    for (const k of ['company', 'date', 'total']) sane(r[k]!.citation);
  });
});
