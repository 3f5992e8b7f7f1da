/**
 * Every route over a real loopback socket with Node's fetch/FormData: multipart uploads
 * (fields before and after the file), polling to completion, signed file URLs, isolation
 * between keys, and the 400/401/402/403/404/413/501 answers with the error body.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers.js';
import { auth, json, KEYS, parseDone, pollUntil, testServer } from './server-helpers.js';

let s: Awaited<ReturnType<typeof testServer>>;
let pdf: Uint8Array;
let small: Uint8Array;

beforeAll(async () => {
  s = await testServer({ limits: { parse: 2 * 2 ** 20, excel: 100_000, tables: 2 * 2 ** 20, upload: 2 * 2 ** 20, json: 2 ** 20 } });
  pdf = new Uint8Array(await fs.readFile(fixture('pdf', 'us_constitution.pdf')));
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

const post = (p: string, body: FormData | string, key = KEYS.main, headers: Record<string, string> = {}) =>
  fetch(s.url + p, { method: 'POST', body, headers: { ...auth(key), ...headers } });

async function jobCount(): Promise<number> {
  return (await s.ctx.store.list()).length;
}

async function leftoverInputs(): Promise<number> {
  const files = await fs.readdir(s.ctx.dirs.inputs).catch(() => []);
  const live = new Set((await s.ctx.store.list()).map((r) => r.location));
  return files.filter((f) => !live.has(path.join(s.ctx.dirs.inputs, f)) && !f.endsWith('.upload')).length;
}

describe('parse over HTTP', () => {
  it('accepts fields before and after the file, runs the job and serves results through signed URLs', async () => {
    const res = await post('/parse', form([['page_range', '1'], ['file', pdf, 'us_constitution.pdf'], ['response_profile', 'full']]));
    const created = await json(res);
    expect(res.status).toBe(200);
    expect(created).toMatchObject({ status: 'Starting', file_name: 'us_constitution.pdf', credit_used: 1, merge_tables: false });
    const done = await pollUntil(`${s.url}/parse/${created.job_id}`, auth(KEYS.main), parseDone);
    expect(done.status).toBe('Succeeded');
    expect(done.page_count).toBe(1);
    expect(done.configuration.response_profile).toBe('full'); // the field after the file part was read
    expect(done.chunks.length).toBe(done.total_chunks);
    expect(done.chunks.flatMap((c: any) => c.segments).some((g: any) => /CONSTITUTION/.test(g.content))).toBe(true);
    expect(done.pdf_url).toMatch(new RegExp(`^${s.url}/files/`));
    const file = await fetch(done.pdf_url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    // A changed signature or path is refused.
    // The signature's first character is changed to a different one (a fixed replacement would equal it one time in 64).
    const tampered = await fetch(done.pdf_url.replace(/signature=(.)/, (_m: string, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`));
    expect(tampered.status).toBe(403);
    expect((await json(tampered)).error.code).toBe('forbidden');

    const noChunks = await json(await fetch(`${s.url}/parse/${created.job_id}?include_chunks=false`, { headers: { Authorization: `Bearer ${KEYS.main}` } }));
    expect(noChunks.chunks).toBeUndefined();
    expect(noChunks.total_chunks).toBe(done.total_chunks);
    const out = await json(await fetch(`${s.url}/parse/${created.job_id}?output_file=true`, { headers: { 'X-API-Key': KEYS.main } }));
    expect(out.chunks).toBeUndefined();
    const full = await json(await fetch(out.output_file));
    expect(full.chunks.length).toBe(done.total_chunks);

    const generic = await json(await fetch(`${s.url}/jobs/${created.job_id}`, { headers: auth(KEYS.main) }));
    expect(generic).toMatchObject({ id: created.job_id, status: 'COMPLETED', type: 'chunking', pdf_name: 'us_constitution.pdf' });
    expect(generic.pdf_hash).toMatch(/^[0-9a-f]{64}$/);

    // Another key cannot tell this job from one that never existed.
    const foreign = await fetch(`${s.url}/parse/${created.job_id}`, { headers: auth(KEYS.other) });
    const unknown = await fetch(`${s.url}/parse/00000000-0000-0000-0000-000000000000`, { headers: auth(KEYS.other) });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await foreign.text()).toBe(await unknown.text());
    expect((await fetch(`${s.url}/jobs/${created.job_id}`, { headers: auth(KEYS.other) })).status).toBe(404);
  }, 60_000);

  it('runs a table extraction job and reads it on /jobs/{id}/results and /result', async () => {
    const created = await json(await post('/tables', form([['pdf_file', pdf, 'us_constitution.pdf'], ['page_range', '1']])));
    expect(created.status).toBe('queued');
    await pollUntil(`${s.url}/jobs/${created.job_id}`, auth(KEYS.main), (b) => b.status === 'COMPLETED' || b.status === 'FAILED');
    for (const p of ['results', 'result']) {
      const r = await json(await fetch(`${s.url}/jobs/${created.job_id}/${p}`, { headers: auth(KEYS.main) }));
      expect(r.status).toBe('completed');
      expect(Array.isArray(r.results.tables)).toBe(true);
      expect(r.results.summary.pages_processed).toBe(1);
    }
    // A table job is not a parse job.
    expect((await fetch(`${s.url}/parse/${created.job_id}`, { headers: auth(KEYS.main) })).status).toBe(404);
  }, 60_000);
});

describe('operations of the registry over HTTP', () => {
  it('classifies a PDF: 202, then GET /classify/{id} to completed; another key gets 404', async () => {
    const res = await post('/classify', form([['pdf_file', pdf, 'us_constitution.pdf'], ['categories', JSON.stringify([{ name: 'legal text' }, { name: 'invoice' }])]]));
    const created = await json(res);
    expect(res.status, JSON.stringify(created)).toBe(202);
    expect(created.status).toBe('processing');
    const done = await pollUntil(`${s.url}/classify/${created.job_id}`, auth(KEYS.main), (b) => b.status === 'completed' || b.status === 'failed', 120_000);
    expect(done.status, JSON.stringify(done)).toBe('completed');
    expect((await fetch(`${s.url}/classify/${created.job_id}`, { headers: auth(KEYS.other) })).status).toBe(404);
    expect((await fetch(`${s.url}/parse/${created.job_id}`, { headers: auth(KEYS.main) })).status).toBe(404);
  }, 150_000);

  it('extracts by schema: POST /v2/extract, then GET /extract/{id} to a terminal state', async () => {
    const schema = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false };
    const created = await json(await post('/v2/extract', form([['pdf_file', pdf, 'us_constitution.pdf'], ['schema_data', JSON.stringify(schema)]])));
    expect(created.job_id).toBeTruthy();
    const done = await pollUntil(`${s.url}/extract/${created.job_id}`, auth(KEYS.main), (b) => ['completed', 'review', 'failed'].includes(b.status), 120_000);
    expect(['completed', 'review'], JSON.stringify(done).slice(0, 300)).toContain(done.status);
    expect(done.result).toBeTruthy();
    const bad = await post('/v2/extract', form([['pdf_file', pdf, 'a.pdf'], ['schema_data', '{not json']]));
    expect(bad.status).toBe(400);
  }, 150_000);
});

describe('splitting over HTTP', () => {
  it('POST /splitter/split-pdf-v1?classes=… then GET /splitter/{id}; classes is required', async () => {
    const missing = await post('/splitter/split-pdf-v1', form([['file', small, 'a.pdf']]));
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.message).toMatch(/classes/);
    const created = await json(await post('/splitter/split-pdf-v1?classes=constitution,invoice', form([['file', pdf, 'us_constitution.pdf'], ['page_range', '1-3']])));
    expect(created.job_id).toBeTruthy();
    const done = await pollUntil(`${s.url}/splitter/${created.job_id}`, auth(KEYS.main), (b) => b.status === 'completed' || b.status === 'failed', 120_000);
    expect(done.status, JSON.stringify(done).slice(0, 300)).toBe('completed');
    expect(JSON.stringify(done)).not.toContain('file://');
  }, 150_000);
});

describe('authentication and limits', () => {
  it('answers 401 without or with an unknown key, 403 when revoked or out of scope; health needs no key', async () => {
    expect((await fetch(`${s.url}/health`)).status).toBe(200);
    const none = await fetch(`${s.url}/parse/x`);
    expect(none.status).toBe(401);
    expect((await json(none)).error.code).toBe('unauthorized');
    expect((await fetch(`${s.url}/parse/x`, { headers: auth('not-a-key') })).status).toBe(401);
    const revoked = await fetch(`${s.url}/parse/x`, { headers: auth(KEYS.revoked) });
    expect(revoked.status).toBe(403);
    expect((await json(revoked)).error.message).toMatch(/revoked/);
    expect((await fetch(`${s.url}/parse/x`, { headers: auth(KEYS.v3only) })).status).toBe(403);
  });

  it('402 at submission when the page quota cannot cover the selected pages, nothing created', async () => {
    const before = await jobCount();
    const res = await post('/parse', form([['file', pdf, 'c.pdf'], ['page_range', '1-5']]), KEYS.poor);
    expect(res.status).toBe(402);
    expect((await json(res)).error).toMatchObject({ code: 'insufficient_quota', details: { pages_needed: 5, quota_remaining: 3 } });
    expect(await jobCount()).toBe(before);
    const ok = await json(await post('/parse', form([['file', pdf, 'c.pdf'], ['page_range', '2']]), KEYS.poor));
    expect(ok).toMatchObject({ credit_used: 1, quota_remaining: 2 });
  }, 30_000);

  it('429 with Retry-After past the per-key rate, no job created', async () => {
    const before = await jobCount();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('/parse', form([['page_range', '1']]), KEYS.slow)));
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(answers.every((r) => r.status === 429 || r.status === 400)).toBe(true);
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await json(limited[0]!)).error.code).toBe('rate_limited');
    expect(await jobCount()).toBe(before);
    // Status endpoints are not rate limited.
    const polls = await Promise.all(Array.from({ length: 10 }, () => fetch(`${s.url}/parse/nope`, { headers: auth(KEYS.slow) })));
    expect(polls.every((r) => r.status === 404)).toBe(true);
  });

  it('413 for a body over the endpoint limit, while it streams', async () => {
    const before = await jobCount();
    const big = new Uint8Array(400_000).fill(65);
    const res = await post('/parse/excel', form([['file', big, 'big.xlsx']]));
    expect(res.status).toBe(413);
    expect((await json(res)).error.code).toBe('payload_too_large');
    expect(await jobCount()).toBe(before);
    expect((await fetch(`${s.url}/health`)).status).toBe(200);
  });
});

describe('bad input: a clear 4xx, nothing created', () => {
  const cases: Array<[string, () => Promise<Response>, RegExp]> = [
    ['missing file and url', () => post('/parse', form([['page_range', '1']])), /file/],
    ['invalid JSON in an option field', () => post('/parse', form([['output_fields', '{not json'], ['file', pdf, 'a.pdf']])), /output_fields/],
    ['an unknown enum value', () => post('/parse', form([['file', pdf, 'a.pdf'], ['segmentation_method', 'magic']])), /segmentation_method/],
    ['a path-like file name', () => post('/parse', '--xx\r\nContent-Disposition: form-data; name="file"; filename="../../x.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--xx--\r\n', KEYS.main, { 'content-type': 'multipart/form-data; boundary=xx' }), /file name/],
    ['content that contradicts the extension', () => post('/parse', form([['file', new TextEncoder().encode('hello, not an image'), 'a.png']])), /file/],
    ['a non-Excel file to /parse/excel', () => post('/parse/excel', form([['file', small, 'a.pdf']])), /file/],
    ['multipart without a boundary', () => post('/parse', 'garbage', KEYS.main, { 'content-type': 'multipart/form-data' }), /multipart/i],
    ['truncated multipart', () => post('/parse', '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc', KEYS.main, { 'content-type': 'multipart/form-data; boundary=xx' }), /multipart/i],
    ['a URL with a scheme other than http(s)', () => post('/parse/excel', JSON.stringify({ url: 'ftp://example.com/a.xlsx' }), KEYS.main, { 'content-type': 'application/json' }), /url/],
    ['invalid JSON body', () => post('/parse/excel', '{"url": ', KEYS.main, { 'content-type': 'application/json' }), /JSON/i],
    ['an unknown query flag value', () => fetch(`${s.url}/parse/x?include_chunks=maybe`, { headers: auth(KEYS.main) }), /include_chunks/],
  ];
  for (const [name, send, pattern] of cases) {
    it(name, async () => {
      const before = await jobCount();
      const res = await send();
      const body = await json(res);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(body.error.message).toMatch(pattern);
      expect(await jobCount()).toBe(before);
      expect(await leftoverInputs()).toBe(0);
    });
  }
});

describe('endpoints of the interface, and the docs', () => {
  it('every endpoint once answering 501 now needs a key and answers for real', async () => {
    for (const [method, p] of [['POST', '/batch/cite'], ['POST', '/batch/extract'], ['POST', '/splitter'], ['POST', '/v3/parse'], ['GET', '/v3/parse/abc'], ['POST', '/api/v1/pdf-editor/edit/reparse']] as const) {
      expect((await fetch(s.url + p, { method })).status, p).toBe(401);
      const res = await fetch(s.url + p, { method, headers: auth(KEYS.main) });
      expect(res.status, p).not.toBe(501);
      expect(res.status, p).toBeLessThan(500);
    }
  });

  it('serves /openapi.json from the route schemas and Swagger UI from npm', async () => {
    const doc = await json(await fetch(`${s.url}/openapi.json`));
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/parse', '/parse/excel', '/v2/parse/upload', '/parse/{job_id}', '/tables', '/jobs/{job_id}', '/jobs/{job_id}/results', '/v2/extract', '/batch/cite', '/batch/{batch_id}', '/splitter', '/v3/parse', '/v3/parse/{job_id}', '/api/v1/pdf-editor/edit/reparse']));
    expect(JSON.stringify(doc.paths['/parse/{job_id}'])).toContain('include_chunks');
    const ui = await fetch(`${s.url}/docs/`);
    expect(ui.status).toBe(200);
    const html = await ui.text();
    expect(html).toContain('swagger');
    expect(html).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs)/);
  });
});
