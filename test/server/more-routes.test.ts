/**
 * The routes wired in the routes wave, over a real loopback socket: POST /splitter (classes
 * in the form), the extraction batches (/batch/cite, /batch/extract, GET /batch/{id}, the
 * 20-file cap) and the PDF editor (edit, pdf_url served signed, re-parse owned by the key).
 */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers.js';
import { auth, json, KEYS, parseDone, pollUntil, testServer } from './server-helpers.js';

let s: Awaited<ReturnType<typeof testServer>>;
let small: Uint8Array;

beforeAll(async () => {
  s = await testServer({ limits: { parse: 8 * 2 ** 20, excel: 100_000, tables: 2 * 2 ** 20, upload: 2 * 2 ** 20, json: 2 ** 20 } });
  small = new Uint8Array(await fs.readFile(fixture('pdf', 'column_span_1.pdf')));
}, 60_000);
afterAll(async () => {
  await s?.stop();
  await fs.rm(s.dir, { recursive: true, force: true });
});

function form(entries: Array<[string, string] | [string, Uint8Array, string]>): FormData {
  const fd = new FormData();
  for (const e of entries) {
    if (e.length === 3) fd.append(e[0], new Blob([e[1]]), e[2]);
    else fd.append(e[0], e[1]);
  }
  return fd;
}

const post = (p: string, body: FormData | string, key = KEYS.main) => fetch(s.url + p, { method: 'POST', body, headers: auth(key) });
const jobCount = async () => (await s.ctx.store.list()).length;
const schema = JSON.stringify({ type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false });

describe('POST /splitter', () => {
  it('takes classes as a form field, polls on GET /splitter/{id}; without classes 400', async () => {
    const missing = await post('/splitter', form([['file', small, 'a.pdf']]));
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.message).toMatch(/classes/);
    const created = await json(await post('/splitter', form([['classes', 'article,invoice'], ['file', small, 'a.pdf']])));
    expect(created.job_id, JSON.stringify(created)).toBeTruthy();
    const done = await pollUntil(`${s.url}/splitter/${created.job_id}`, auth(KEYS.main), (b) => b.status === 'completed' || b.status === 'failed', 120_000);
    expect(done.status, JSON.stringify(done).slice(0, 300)).toBe('completed');
  }, 150_000);
});

describe('extraction batches', () => {
  it('POST /batch/extract runs every file; GET /batch/{id} lists the jobs; another key gets 404', async () => {
    const created = await json(await post('/batch/extract', form([['schema_data', schema], ['batch_size', '1'], ['pdf_files', small, 'one.pdf'], ['pdf_files', small, 'two.pdf']])));
    expect(created.batch_id, JSON.stringify(created)).toBeTruthy();
    expect(created.total_files).toBe(2);
    const done = await pollUntil(`${s.url}/batch/${created.batch_id}`, auth(KEYS.main), (b) => b.status === 'completed', 180_000);
    expect(done.jobs).toHaveLength(2);
    for (const j of done.jobs) expect(['completed', 'review', 'failed']).toContain(j.status);
    for (const j of done.jobs) expect((await fetch(`${s.url}/extract/${j.job_id}`, { headers: auth(KEYS.main) })).status).toBe(200);
    expect((await fetch(`${s.url}/extract/${done.jobs[1].job_id}`, { headers: auth(KEYS.other) })).status).toBe(404);
    expect((await fetch(`${s.url}/batch/${created.batch_id}`, { headers: auth(KEYS.other) })).status).toBe(404);
    expect((await fetch(`${s.url}/batch/nope`, { headers: auth(KEYS.main) })).status).toBe(404);
  }, 200_000);

  it('refuses more than 20 files, a bad schema and a missing file with 400 and creates no job', async () => {
    const before = await jobCount();
    const many: Array<[string, Uint8Array, string]> = Array.from({ length: 21 }, (_, i) => ['pdf_files', small, `f${i}.pdf`]);
    const over = await post('/batch/cite', form([['schema_data', schema], ...many]));
    expect(over.status).toBe(400);
    expect((await json(over)).error.message).toBe('At most 20 files per batch');
    expect((await post('/batch/cite', form([['schema_data', '{nope'], ['pdf_files', small, 'a.pdf']]))).status).toBe(400);
    expect((await post('/batch/extract', form([['schema_data', schema]]))).status).toBe(400);
    expect(await jobCount()).toBe(before);
  });

  it('POST /batch/cite creates a batch with citations', async () => {
    const created = await json(await post('/batch/cite', form([['pdf_files', small, 'a.pdf'], ['schema_data', schema]])));
    expect(created.batch_id, JSON.stringify(created)).toBeTruthy();
    const view = await json(await fetch(`${s.url}/batch/${created.batch_id}`, { headers: auth(KEYS.main) }));
    expect(view.total_files).toBe(1);
  });
});

describe('PDF editor', () => {
  const url = '/api/v1/pdf-editor/edit/reparse';
  const edit = JSON.stringify({ items: [{ type: 'text', page_number: 1, bbox: { left: 50, top: 50, width: 200, height: 30 }, replacement_text: 'EDITED BY TEST' }] });

  it('edits, serves the edited PDF through a signed pdf_url, and re-parses a parse job of the key', async () => {
    const parsed = await json(await post('/parse', form([['file', small, 'a.pdf']])));
    await pollUntil(`${s.url}/parse/${parsed.job_id}`, auth(KEYS.main), parseDone, 120_000);
    const res = await post(url, form([['file', small, 'a.pdf'], ['edit_request', edit], ['upload_to_storage', 'true'], ['job_id', parsed.job_id]]));
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.success, JSON.stringify(body)).toBe(true);
    expect(body.items_processed).toBe(1);
    expect(body.pdf_url).toMatch(/\/files\/.*signature=/);
    const pdf = Buffer.from(await (await fetch(body.pdf_url)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(body.reparsed).toBe(true);
    const again = await pollUntil(`${s.url}/parse/${body.new_job_id}`, auth(KEYS.main), parseDone, 120_000);
    expect(again.status).toBe('Succeeded');
  }, 250_000);

  it('400 without edit_request or file, 404 for an unknown or another key\'s job', async () => {
    expect((await post(url, form([['file', small, 'a.pdf']]))).status).toBe(400);
    expect((await post(url, form([['edit_request', edit]]))).status).toBe(400);
    expect((await post(url, form([['file', small, 'a.pdf'], ['edit_request', '{"items": 3}']]))).status).toBe(400);
    const nf = await post(url, form([['file', small, 'a.pdf'], ['edit_request', edit], ['job_id', 'no-such-job']]));
    expect(nf.status).toBe(404);
  });
});
