/**
 * `detect_pii` on an extraction is answered at submission (the spec: `status: pii_blocked`,
 * `blocked: true`, no job created): through the library (PiiBlockedError, no job recorded) and
 * over a real socket (HTTP 200 with the spec's body, no job, no credit taken). A scanned page
 * has no text layer for the pre-flight to read: its submission is accepted and the job's own
 * check after OCR ends it `failed` with `pii_blocked`.
 */
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { batchExtract, getBatch } from '../../src/jobs/extract-batch.js';
import { PiiBlockedError } from '../../src/index.js';
import type { ExtractJobView } from '../../src/operations/extract/views.js';
import { auth, json, KEYS, pollUntil, testServer } from '../server/server-helpers.js';
import { INVOICE_WORDS, makePdf } from './make-invoice.js';

const schema = JSON.stringify({
  type: 'object',
  properties: { total: { type: 'number', description: 'Total amount due' }, invoice_number: { type: 'string', description: 'Invoice number' } },
  required: ['total'],
  additionalProperties: false,
});
const CARD = 'Card: 4111 1111 1111 1111';

/** A scanned page: the card number drawn as pixels, no text layer. */
async function scannedPdfWithCard(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="600"><rect width="100%" height="100%" fill="white"/>
    <text x="80" y="150" font-family="DejaVu Sans, sans-serif" font-size="44" fill="black">Invoice No: INV-7731</text>
    <text x="80" y="260" font-family="DejaVu Sans, sans-serif" font-size="44" fill="black">${CARD}</text>
    <text x="80" y="370" font-family="DejaVu Sans, sans-serif" font-size="44" fill="black">Total Due 120.00</text></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 288]);
  page.drawImage(await pdf.embedPng(png), { x: 0, y: 0, width: 595, height: 288 });
  return pdf.save();
}

describe('extraction PII pre-flight at submission (library)', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it('a text-layer PDF holding a card number is refused with PiiBlockedError and no job exists', async () => {
    const withCard = await makePdf([...INVOICE_WORDS, { text: CARD, x: 50, y: 420 }]);
    const before = (await engine.listJobs()).length;
    const err = await engine.submit('extract', { data: withCard, fileName: 'invoice.pdf' }, { schema_data: schema, detect_pii: true }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PiiBlockedError);
    const body = (err as PiiBlockedError).toBody();
    expect(body.status).toBe('pii_blocked');
    expect(body.blocked).toBe(true);
    expect(body.pii_types).toContain('credit_card');
    expect(JSON.stringify(body)).not.toContain('4111');
    expect((await engine.listJobs()).length).toBe(before);
    // The same document without detect_pii, or under a severity its findings do not reach, gets a job.
    const plain = await engine.submit<{ job_id: string; status: string }>('extract', { data: withCard, fileName: 'invoice.pdf' }, { schema_data: schema });
    expect(plain.status).toBe('queued');
    expect((await engine.wait<ExtractJobView>(plain.job_id, { timeoutMs: 60_000 })).status).not.toBe('failed');
  }, 90_000);

  it('a clean document with detect_pii gets its job and its values', async () => {
    const clean = await makePdf(INVOICE_WORDS);
    const created = await engine.submit<{ job_id: string; status: string }>('extract', { data: clean, fileName: 'invoice.pdf' }, { schema_data: schema, detect_pii: true });
    expect(created.status).toBe('queued');
    const v = await engine.wait<ExtractJobView>(created.job_id, { timeoutMs: 60_000 });
    expect(['completed', 'review']).toContain(v.status);
    expect((v.result as Record<string, { value: unknown }>).total!.value).toBe(3021);
  }, 90_000);

  it('in a batch, a blocked file is listed in the batch errors and the others run', async () => {
    const files = [{ data: await makePdf([...INVOICE_WORDS, { text: CARD, x: 50, y: 420 }]), fileName: 'a.pdf' }, { data: await makePdf(INVOICE_WORDS), fileName: 'b.pdf' }];
    const created = await batchExtract(engine, files, { schema_data: schema, detect_pii: 'true' });
    expect(created.total_files).toBe(2);
    const view = await getBatch(engine, created.batch_id);
    expect(view.jobs).toHaveLength(1);
    expect(view.errors?.[0]?.index).toBe(0);
    expect(view.errors?.[0]?.error).toMatch(/^pii_blocked: .*credit_card/);
    expect((await engine.wait<ExtractJobView>(view.jobs[0]!.job_id, { timeoutMs: 60_000 })).status).not.toBe('failed');
  }, 90_000);

  it('a scan (no text layer) is accepted at submission; the job blocks it after OCR', async () => {
    const created = await engine.submit<{ job_id: string; status: string }>('extract', { data: await scannedPdfWithCard(), fileName: 'scan.pdf' }, { schema_data: schema, detect_pii: true });
    expect(created.status).toBe('queued');
    const v = await engine.wait<ExtractJobView>(created.job_id, { timeoutMs: 90_000 });
    expect(v.status, JSON.stringify(v).slice(0, 400)).toBe('failed');
    expect(v.error).toMatch(/pii_blocked/);
    expect(v.error).not.toContain('4111');
  }, 120_000);
});

describe('extraction PII pre-flight at submission (HTTP, real socket)', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    s = await testServer();
  }, 60_000);
  afterAll(() => s?.stop());

  const submit = (pdf: Uint8Array, fields: Record<string, string>) => {
    const fd = new FormData();
    fd.append('pdf_file', new Blob([pdf]), 'invoice.pdf');
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    return fetch(`${s.url}/v2/extract`, { method: 'POST', body: fd, headers: auth(KEYS.main) });
  };

  it('POST /v2/extract answers 200 {status: pii_blocked, blocked: true} with no job and no credit taken', async () => {
    const withCard = await makePdf([...INVOICE_WORDS, { text: CARD, x: 50, y: 420 }]);
    const first = await json(await submit(await makePdf(INVOICE_WORDS), { schema_data: schema, detect_pii: 'true' }));
    expect(first.job_id).toBeTruthy();
    const jobs = (await s.ctx.store.list()).length;
    const res = await submit(withCard, { schema_data: schema, detect_pii: 'true', pii_block_severity: 'high' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.status).toBe('pii_blocked');
    expect(body.blocked).toBe(true);
    expect(body.job_id).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain('4111');
    expect((await s.ctx.store.list()).length).toBe(jobs);
    // No credit was taken: the next submission's quota_remaining is one page below the first's.
    const next = await json(await submit(await makePdf(INVOICE_WORDS), { schema_data: schema }));
    expect(next.quota_remaining).toBe(first.quota_remaining - 1);
    const done = await pollUntil(`${s.url}/extract/${next.job_id}`, auth(KEYS.main), (b) => ['completed', 'review', 'failed'].includes(b.status), 90_000);
    expect(done.status).not.toBe('failed');
  }, 150_000);
});
