/**
 * Parse v3 over a real socket: the three body shapes of POST /v3/parse (multipart with
 * `pages`, JSON url, JSON file_id after the presigned PUT), GET with output=markdown, the
 * v3 error bodies (401/403/404/413/400) and the per-key limits (429 Limit Exceeded).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers.js';
import { json, KEYS, pollUntil, testServer } from './server-helpers.js';

let s: Awaited<ReturnType<typeof testServer>>;
let small: Uint8Array;
const v3 = (key = KEYS.v3only) => ({ 'X-API-Key': key });
const done = (b: any) => b.status === 'done' || b.status === 'failed';

beforeAll(async () => {
  s = await testServer({ v3Limits: { perSecond: 1000, perDay: 1000 } });
  small = new Uint8Array(await fs.readFile(fixture('pdf', 'column_span_1.pdf')));
}, 60_000);
afterAll(async () => {
  await s?.stop();
  await fs.rm(s.dir, { recursive: true, force: true });
});

function pdfForm(bytes: Uint8Array): FormData {
  const fd = new FormData();
  fd.append('file', new Blob([bytes]), 'a.pdf');
  return fd;
}

describe('POST /v3/parse and GET /v3/parse/{job_id}', () => {
  it('multipart with pages=1: queued, then done with page 1 markdown; output=markdown is text/markdown; another key 404', async () => {
    const res = await fetch(`${s.url}/v3/parse?pages=1`, { method: 'POST', body: pdfForm(small), headers: v3() });
    const created = await json(res);
    expect(res.status, JSON.stringify(created)).toBe(200);
    expect(created.job_id).toMatch(/^[0-9a-f]{32}$/);
    expect(created.status).toBe('queued');
    const job = await pollUntil(`${s.url}/v3/parse/${created.job_id}`, v3(), done, 120_000);
    expect(job.status, JSON.stringify(job).slice(0, 300)).toBe('done');
    expect(job.page_count).toBe(1);
    expect(job.pages.map((p: any) => p.page)).toEqual([1]);
    expect(job.pages[0].markdown.length).toBeGreaterThan(20);
    const md = await fetch(`${s.url}/v3/parse/${created.job_id}?output=markdown`, { headers: v3() });
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await md.text()).toBe(job.pages[0].markdown);
    const other = await fetch(`${s.url}/v3/parse/${created.job_id}`, { headers: v3(KEYS.main) });
    expect(other.status).toBe(404);
    expect(await json(other)).toEqual({ error: 'Job not found' });
  }, 150_000);

  it('presigned upload: PUT application/pdf, then {file_id}; the job id is the file_id', async () => {
    const ticket = await json(await fetch(`${s.url}/v3/parse/upload`, { method: 'POST', headers: v3() }));
    expect(ticket).toMatchObject({ method: 'PUT', content_type: 'application/pdf', max_size_bytes: 52428800, expires_in: 3600 });
    const early = await fetch(`${s.url}/v3/parse`, { method: 'POST', body: JSON.stringify({ file_id: ticket.file_id }), headers: { ...v3(), 'content-type': 'application/json' } });
    expect(early.status).toBe(404);
    expect(await json(early)).toEqual({ error: `no upload found for file_id=${ticket.file_id}` });
    expect((await fetch(ticket.upload_url, { method: 'PUT', body: small, headers: { 'Content-Type': 'text/plain' } })).status).toBe(403);
    expect((await fetch(ticket.upload_url, { method: 'PUT', body: small, headers: { 'Content-Type': 'application/pdf' } })).status).toBe(200);
    const created = await json(await fetch(`${s.url}/v3/parse`, { method: 'POST', body: JSON.stringify({ file_id: ticket.file_id }), headers: { ...v3(), 'content-type': 'application/json' } }));
    expect(created.job_id).toBe(ticket.file_id);
    const job = await pollUntil(`${s.url}/v3/parse/${created.job_id}`, v3(), done, 120_000);
    expect(job.status).toBe('done');
    expect(job.page_count).toBeGreaterThan(0);
  }, 150_000);

  it('answers the v3 error bodies', async () => {
    expect(await json(await fetch(`${s.url}/v3/parse/abc`))).toEqual({ message: 'Unauthorized' });
    const scope = await fetch(`${s.url}/v3/parse/abc`, { headers: v3(KEYS.revoked) });
    expect(scope.status).toBe(403);
    expect(await json(scope)).toEqual({ message: 'Forbidden' });
    const big = await fetch(`${s.url}/v3/parse`, { method: 'POST', body: pdfForm(new Uint8Array(4 * 2 ** 20)), headers: v3() });
    expect(big.status).toBe(413);
    expect(await json(big)).toEqual({ message: 'Request Too Long' });
    const noUrl = await fetch(`${s.url}/v3/parse/batch`, { method: 'POST', body: '{}', headers: { ...v3(), 'content-type': 'application/json' } });
    expect(noUrl.status).toBe(400);
    expect((await json(noUrl)).error).toMatch(/url/);
    for (const url of ['ftp://example.com/a.pdf', 'http://169.254.169.254/latest/a.pdf']) {
      const badUrl = await fetch(`${s.url}/v3/parse`, { method: 'POST', body: JSON.stringify({ url }), headers: { ...v3(), 'content-type': 'application/json' } });
      const body = await json(badUrl);
      expect(badUrl.status, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(body.error).toMatch(/^invalid url: /);
    }
    const badPages = await fetch(`${s.url}/v3/parse?pages=zz`, { method: 'POST', body: pdfForm(small), headers: v3() });
    expect(badPages.status).toBe(400);
    expect(typeof (await json(badPages)).error).toBe('string');
  });
});

describe('v3 by URL', () => {
  it('{url} of a PDF and /v3/parse/batch {url} of a zip (non-PDF entries skipped) reach done', async () => {
    const t = await testServer({ v3Limits: { perSecond: 1000, perDay: 1000 }, engine: { allowPrivateUrls: true } });
    const zip = zipSync({ 'docs/a.pdf': small, 'notes.txt': new TextEncoder().encode('not a pdf'), 'b.pdf': small });
    const files = http.createServer((req, res) => {
      res.setHeader('content-type', req.url === '/a.pdf' ? 'application/pdf' : 'application/zip');
      res.end(req.url === '/a.pdf' ? small : zip);
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    const postJson = (p: string, body: object) => fetch(`${t.url}${p}`, { method: 'POST', body: JSON.stringify(body), headers: { ...v3(), 'content-type': 'application/json' } });
    try {
      const one = await json(await postJson('/v3/parse?pages=1', { url: `${base}/a.pdf` }));
      const job = await pollUntil(`${t.url}/v3/parse/${one.job_id}`, v3(), done, 120_000);
      expect(job.status, JSON.stringify(job).slice(0, 300)).toBe('done');
      expect(job.page_count).toBe(1);
      const batch = await json(await postJson('/v3/parse/batch', { url: `${base}/docs.zip` }));
      const all = await pollUntil(`${t.url}/v3/parse/${batch.job_id}`, v3(), done, 120_000);
      expect(all.status, JSON.stringify(all).slice(0, 300)).toBe('done');
      expect(all.documents.map((d: any) => d.pdf).sort()).toEqual(['b.pdf', 'docs/a.pdf']);
      for (const d of all.documents) expect(d.pages.length).toBeGreaterThan(0);
    } finally {
      files.close();
      await t.stop();
      await fs.rm(t.dir, { recursive: true, force: true });
    }
  }, 200_000);
});

describe('v3 results over the inline limit', () => {
  it('answers {job_id, status: done, result_url}, a presigned GET of the full JSON; a bad signature is 403', async () => {
    const t = await testServer({ v3Limits: { perSecond: 1000, perDay: 1000 }, engine: { markdownJobs: { inlineLimitBytes: 10 } } });
    try {
      const created = await json(await fetch(`${t.url}/v3/parse`, { method: 'POST', body: pdfForm(small), headers: v3() }));
      const job = await pollUntil(`${t.url}/v3/parse/${created.job_id}`, v3(), done, 120_000);
      expect(job.status).toBe('done');
      expect(job.pages).toBeUndefined();
      expect(job.result_url).toMatch(new RegExp(`^${t.url}/v3/parse/${created.job_id}/result\\?expires=`));
      const full = await json(await fetch(job.result_url));
      expect(full.job_id).toBe(created.job_id);
      expect(full.pages.length).toBeGreaterThan(0);
      expect((await fetch(job.result_url.replace(/signature=(.{4})/, (_m: string, c: string) => `signature=${c === 'AAAA' ? 'BBBB' : 'AAAA'}`))).status).toBe(403);
      const md = await fetch(`${t.url}/v3/parse/${created.job_id}?output=markdown`, { headers: v3() });
      expect(await md.text()).toBe(full.pages.map((p: any) => p.markdown).join('\n\n'));
    } finally {
      await t.stop();
      await fs.rm(t.dir, { recursive: true, force: true });
    }
  }, 150_000);
});

describe('v3 limits', () => {
  it('429 Limit Exceeded with Retry-After past the daily cap of the key', async () => {
    const t = await testServer({ v3Limits: { perSecond: 1000, perDay: 2 } });
    try {
      for (let i = 0; i < 2; i++) expect((await fetch(`${t.url}/v3/parse/upload`, { method: 'POST', headers: v3() })).status).toBe(200);
      const res = await fetch(`${t.url}/v3/parse/upload`, { method: 'POST', headers: v3() });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(await json(res)).toEqual({ message: 'Limit Exceeded' });
    } finally {
      await t.stop();
      await fs.rm(t.dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('429 Limit Exceeded past 2 submissions at once (burst 2)', async () => {
    const t = await testServer({ v3Limits: { perSecond: 2, perDay: 1000 } });
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(`${t.url}/v3/parse/upload`, { method: 'POST', headers: v3() })));
      const limited = answers.filter((r) => r.status === 429);
      expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(2);
      expect(limited.length).toBeGreaterThan(0);
      expect(await json(limited[0]!)).toEqual({ message: 'Limit Exceeded' });
      expect(limited[0]!.headers.get('retry-after')).toBeTruthy();
    } finally {
      await t.stop();
      await fs.rm(t.dir, { recursive: true, force: true });
    }
  }, 60_000);
});
