/**
 * The presigned-upload flow over HTTP (ticket, PUT without a key, 403 for a wrong type, a
 * tampered or expired URL, automatic queueing, Failed on quota), the queue-full 503 with
 * its exact body and Retry-After, and a client that trickles its body (408, server healthy).
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireTickets } from '../../src/server/upload-flow.js';
import { fixture } from '../helpers.js';
import { auth, json, KEYS, parseDone, pollUntil, testServer } from './server-helpers.js';

let s: Awaited<ReturnType<typeof testServer>>;
let pdf: Uint8Array;

beforeAll(async () => {
  s = await testServer({ requestTimeoutMs: 1500 });
  pdf = new Uint8Array(await fs.readFile(fixture('pdf', 'us_constitution.pdf')));
}, 60_000);
afterAll(async () => {
  await s?.stop();
  await fs.rm(s.dir, { recursive: true, force: true });
});

const ticket = async (body: Record<string, unknown>, key = KEYS.main) => {
  const res = await fetch(`${s.url}/v2/parse/upload`, { method: 'POST', headers: { ...auth(key), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { res, body: await json(res) };
};

describe('presigned upload', () => {
  it('ticket → PUT with upload_headers (no key) → queued automatically → Succeeded', async () => {
    const { res, body: t } = await ticket({ file_name: 'constitution.pdf', page_range: '1-2' });
    expect(res.status).toBe(200);
    expect(t).toMatchObject({ upload_method: 'PUT', upload_headers: { 'Content-Type': 'application/pdf' }, credit_used: 1 });
    const ttl = (Date.parse(t.expires_at) - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(14 * 60);
    expect(ttl).toBeLessThanOrEqual(15 * 60);
    expect(t.upload_url.startsWith(`${s.url}/v2/parse/upload/`)).toBe(true);
    const waiting = await json(await fetch(`${s.url}/parse/${t.job_id}`, { headers: auth(KEYS.main) }));
    expect(waiting.status).toBe('Starting');

    const wrongType = await fetch(t.upload_url, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: pdf });
    expect(wrongType.status).toBe(403);
    const tampered = await fetch(t.upload_url.replace(/expires=(\d+)/, (_: string, e: string) => `expires=${Number(e) + 60}`), { method: 'PUT', headers: t.upload_headers, body: pdf });
    expect(tampered.status).toBe(403);
    expect((await json(tampered)).error.code).toBe('forbidden');

    const put = await fetch(t.upload_url, { method: 'PUT', headers: t.upload_headers, body: pdf });
    expect(put.status).toBe(200);
    const done = await pollUntil(`${s.url}/parse/${t.job_id}`, auth(KEYS.main), parseDone);
    expect(done).toMatchObject({ job_id: t.job_id, status: 'Succeeded', page_count: 2, credit_used: 2 });
    expect((await fetch(t.upload_url, { method: 'PUT', headers: t.upload_headers, body: pdf })).status).toBe(409);
    expect((await fetch(`${s.url}/parse/${t.job_id}`, { headers: auth(KEYS.other) })).status).toBe(404);
  }, 60_000);

  it('an expired URL is refused; expires_in sets the lifetime; the expired ticket fails and gives its page back', async () => {
    const main = s.ctx.keys.keys.find((k) => k.name === 'main')!;
    const before = (await s.ctx.quota.remaining(main));
    const { body: t } = await ticket({ file_name: 'a.pdf', expires_in: 1 });
    expect((await s.ctx.quota.remaining(main))).toBe(before - 1);
    expect(Date.parse(t.expires_at) - Date.now()).toBeLessThanOrEqual(1000);
    await new Promise((r) => setTimeout(r, 2100));
    const put = await fetch(t.upload_url, { method: 'PUT', headers: t.upload_headers, body: pdf });
    expect(put.status).toBe(403);
    expect((await json(put)).error.message).toMatch(/expired/);
    expect(await expireTickets(s.ctx)).toBeGreaterThanOrEqual(1); // the server also runs this every minute
    const st = await json(await fetch(`${s.url}/parse/${t.job_id}`, { headers: auth(KEYS.main) }));
    expect(st.status).toBe('Failed');
    expect(st.message).toMatch(/expired/);
    expect((await s.ctx.quota.remaining(main))).toBe(before);
  });

  it('a document the remaining quota cannot cover goes to Failed without processing', async () => {
    const { body: t } = await ticket({ file_name: 'a.pdf' }, KEYS.poor);
    const put = await fetch(t.upload_url, { method: 'PUT', headers: t.upload_headers, body: pdf });
    expect(put.status).toBe(200);
    const st = await json(await fetch(`${s.url}/parse/${t.job_id}`, { headers: auth(KEYS.poor) }));
    expect(st.status).toBe('Failed');
    expect(st.message).toMatch(/quota/);
    expect(st.started_at).toBeUndefined();
  });

  it('400 for a missing or unsupported file_name', async () => {
    expect((await ticket({})).res.status).toBe(400);
    const bad = await ticket({ file_name: 'a.exe' });
    expect(bad.res.status).toBe(400);
    expect(bad.body.error.details.field).toBe('file_name');
  });
});

describe('capacity', () => {
  it('503 queue_full with Retry-After 5..60 when the queue is full; nothing created', async () => {
    const q = await testServer({ maxQueuedJobs: 1, maxConcurrentJobs: 1 });
    try {
      const submit = () => {
        const fd = new FormData();
        fd.append('file', new Blob([pdf]), 'c.pdf');
        fd.append('page_range', '1-3');
        return fetch(`${q.url}/parse`, { method: 'POST', headers: auth(KEYS.main), body: fd });
      };
      const answers = await Promise.all(Array.from({ length: 6 }, submit));
      const full = answers.filter((r) => r.status === 503);
      expect(full.length).toBeGreaterThan(0);
      expect(answers.every((r) => r.status === 200 || r.status === 503)).toBe(true);
      const body = await json(full[0]!);
      const retry = Number(full[0]!.headers.get('retry-after'));
      expect(retry).toBeGreaterThanOrEqual(5);
      expect(retry).toBeLessThanOrEqual(60);
      expect(body).toEqual({ error: { code: 'service_unavailable', message: expect.any(String), details: { reason: 'queue_full', retry_after: retry } } });
      expect((await q.ctx.store.list()).length).toBe(answers.length - full.length);
    } finally {
      await q.stop();
      await fs.rm(q.dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('a submission still uploading holds its queue slot: the next one is refused at once, before its upload', async () => {
    const q = await testServer({ maxQueuedJobs: 1, maxConcurrentJobs: 1 });
    try {
      const head = Buffer.from(`--xx\r\nContent-Disposition: form-data; name="file"; filename="c.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
      const tail = Buffer.from('\r\n--xx--\r\n');
      const body = Buffer.concat([head, pdf, tail]);
      const sock = net.connect(Number(new URL(q.url).port), '127.0.0.1');
      let answer = '';
      sock.on('data', (d) => (answer += d.toString()));
      sock.write(`POST /parse HTTP/1.1\r\nHost: x\r\napi-key: ${KEYS.main}\r\nContent-Type: multipart/form-data; boundary=xx\r\nContent-Length: ${body.length}\r\n\r\n`);
      sock.write(body.subarray(0, 1000));
      await new Promise((r) => setTimeout(r, 300)); // the server has started reading it
      const fd = new FormData();
      fd.append('file', new Blob([pdf]), 'c.pdf');
      const refused = await fetch(`${q.url}/parse`, { method: 'POST', headers: auth(KEYS.main), body: fd });
      expect(refused.status).toBe(503);
      expect((await json(refused)).error.details.reason).toBe('queue_full');
      sock.write(body.subarray(1000));
      for (let i = 0; i < 100 && !/\r\n\r\n\{/.test(answer); i++) await new Promise((r) => setTimeout(r, 50));
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      sock.destroy();
      expect((await q.ctx.store.list()).length).toBe(1);
      // The slot was given back: once the job has left the queue, a submission is accepted.
      await pollUntil(`${q.url}/parse/${JSON.parse(answer.slice(answer.indexOf('{'))).job_id}?include_chunks=false`, auth(KEYS.main), parseDone, 60_000);
      const fd2 = new FormData();
      fd2.append('file', new Blob([pdf]), 'c.pdf');
      expect((await fetch(`${q.url}/parse`, { method: 'POST', headers: auth(KEYS.main), body: fd2 })).status).toBe(200);
    } finally {
      await q.stop();
      await fs.rm(q.dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('a PUT arriving while the queue is full is accepted, parked, and queued once there is room', async () => {
    const q = await testServer({ maxQueuedJobs: 1, maxConcurrentJobs: 1 });
    try {
      const big = new Uint8Array(await fs.readFile(fixture('pdf', 'us_constitution.pdf')));
      const submit = async (extra: Record<string, string>) => {
        const fd = new FormData();
        for (const [k, v] of Object.entries(extra)) fd.append(k, v);
        fd.append('file', new Blob([big]), 'c.pdf');
        const res = await fetch(`${q.url}/parse`, { method: 'POST', headers: auth(KEYS.main), body: fd });
        expect(res.status).toBe(200);
        return (await json(res)).job_id as string;
      };
      const t = await json(await fetch(`${q.url}/v2/parse/upload`, { method: 'POST', headers: { ...auth(KEYS.main), 'content-type': 'application/json' }, body: JSON.stringify({ file_name: 'a.pdf' }) }));
      await submit({ page_range: '1-2', ocr_mode: 'full_ocr' }); // runs
      for (let i = 0; i < 100 && q.ctx.engine.queuedJobs > 0; i++) await new Promise((r) => setTimeout(r, 20));
      await submit({ page_range: '1' }); // waits: the queue is full
      expect(q.ctx.engine.queuedJobs).toBe(1);
      const put = await fetch(t.upload_url, { method: 'PUT', headers: t.upload_headers, body: pdf });
      expect(put.status).toBe(200);
      const parked = await json(await fetch(`${q.url}/parse/${t.job_id}`, { headers: auth(KEYS.main) }));
      expect(parked.status).toBe('Starting');
      expect(parked.upload_status).toBe('uploaded');
      const done = await pollUntil(`${q.url}/parse/${t.job_id}?include_chunks=false`, auth(KEYS.main), parseDone, 120_000);
      expect(done.status).toBe('Succeeded');
      expect(done.job_id).toBe(t.job_id);
    } finally {
      await q.stop();
      await fs.rm(q.dir, { recursive: true, force: true });
    }
  }, 150_000);

  it('a client that sends one byte a second is cut off (408) and the server stays healthy', async () => {
    const sock = net.connect(Number(new URL(s.url).port), '127.0.0.1');
    let answer = '';
    sock.on('data', (d) => (answer += d.toString()));
    const closed = new Promise((r) => sock.on('close', r));
    sock.write(`POST /parse HTTP/1.1\r\nHost: x\r\napi-key: ${KEYS.main}\r\nContent-Type: multipart/form-data; boundary=xx\r\nContent-Length: 100000\r\n\r\n`);
    const timer = setInterval(() => sock.writable && sock.write('a'), 1000);
    await closed;
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect((await fetch(`${s.url}/health`)).status).toBe(200);
  }, 20_000);
});
