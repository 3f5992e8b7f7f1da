/** Extraction batches: refusal beyond 20 files (no job created), groups of batch_size, reading a batch. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchCite, batchExtract, createEngine, getBatch, type Engine } from '../../src/index.js';
import { INVOICE_WORDS, makePdf } from './make-invoice.js';

const schema = JSON.stringify({
  type: 'object',
  properties: { invoice_number: { type: 'string', description: 'Invoice number' }, total: { type: 'number', description: 'Total amount due' } },
  required: ['invoice_number'],
  additionalProperties: false,
});

let engine: Engine;
let pdf: Uint8Array;
beforeAll(async () => {
  engine = createEngine({ workers: 1 });
  pdf = await makePdf(INVOICE_WORDS);
});
afterAll(() => engine.close());

describe('extraction batches', () => {
  it('refuses more than 20 files, and a bad schema, before any job exists', async () => {
    const files = Array.from({ length: 21 }, () => ({ data: pdf, fileName: 'a.pdf' }));
    await expect(batchExtract(engine, files, { schema_data: schema })).rejects.toThrow('At most 20 files per batch');
    await expect(batchCite(engine, [{ data: pdf, fileName: 'a.pdf' }], '{"type":"object"}')).rejects.toThrow(/schema_data/);
    expect(await engine.list()).toHaveLength(0);
  });

  it('runs every file in groups of batch_size and lists the jobs with citations', async () => {
    const files = Array.from({ length: 3 }, (_, i) => ({ data: pdf, fileName: `inv${i}.pdf` }));
    const created = await batchCite(engine, files, schema, 2);
    expect(created).toMatchObject({ status: 'queued', total_files: 3 });
    let view = await getBatch(engine, created.batch_id);
    expect(view.jobs.length).toBe(2); // the first group only
    for (let i = 0; i < 200 && view.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      view = await getBatch(engine, created.batch_id);
    }
    expect(view.status).toBe('completed');
    expect(view.jobs.map((j) => j.file_name)).toEqual(['inv0.pdf', 'inv1.pdf', 'inv2.pdf']);
    for (const j of view.jobs) {
      const r = j.result as Record<string, { value: unknown; citation: { page: number } | null }>;
      expect(r.invoice_number!.value).toBe('INV-2024-0815');
      expect(r.total!.value).toBe(3021);
      expect(r.invoice_number!.citation!.page).toBe(1);
    }
    await expect(getBatch(engine, 'no-such-batch')).rejects.toThrow(/not found/);
  });
});
