/**
 * Two HTTP servers behind a (pretend) load balancer: two `quire serve --redis` processes of
 * the built CLI on one real redis-server and one shared data folder, one `quire worker`,
 * real sockets. A client whose requests land on either server sees no difference:
 *  - a job submitted on A is polled on B;
 *  - a presigned upload ticket's URL from A is PUT on B and on A at once: one 200, one 409, the job read on A;
 *  - one key's page quota is one budget: after A used it, B answers 402;
 *  - one key's rate-limit window counts requests on both servers;
 *  - an extraction batch created on A is polled on B;
 *  - a v3 upload made on A is PUT and submitted on B; a v3 job created on A is read on B,
 *    whose presigned result_url verifies on B (and on A: one signing key);
 *  - B killed (SIGKILL) right after accepting a parse and a v3 job: A finishes the v3 job and
 *    settles the parse's reservation once B's leases lapse;
 *  - B restarted (SIGTERM, start again): everything above is still there, a job B accepted
 *    just before it stopped completes, and every page reservation is settled (the ledger empties).
 * Skipped when redis-server is absent. Waits are polls with generous limits, no timing asserts.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers.js';
import { auth, json, KEYS, parseDone, pollUntil, tempDir, writeKeysFile } from '../server/server-helpers.js';
import { hasRedis, startRedis, type TestRedis } from '../../bench/lib/redis-server.js';
import { serve, stop, worker, type Proc } from '../../bench/lib/cluster-procs.js';

let dir: string;
let keys: string;
let dataDir: string;
let redis: TestRedis;
let a: Proc & { url: string };
let b: Proc & { url: string };
let twoPages: Uint8Array;
let small: Uint8Array;
const running: Proc[] = [];
// A short lease: a killed server's pending work is taken over after 6 s, not 30 (long enough that a server starved of CPU on a loaded 2-core machine keeps its leases).
const SERVER_ARGS = ['--v3-inline-limit', '10', '--lease-timeout', '6'];
const v3 = (key = KEYS.v3only) => ({ 'X-API-Key': key });
const v3Done = (x: any) => x.status === 'done' || x.status === 'failed';
const schema = JSON.stringify({ type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false });

function form(entries: Array<[string, string] | [string, Uint8Array, string]>): FormData {
  const fd = new FormData();
  for (const e of entries) {
    if (e.length === 2) fd.append(e[0], e[1]);
    else fd.append(e[0], new Blob([e[1]]), e[2]);
  }
  return fd;
}

const parse = (url: string, bytes: Uint8Array, key = KEYS.main) => fetch(`${url}/parse`, { method: 'POST', headers: auth(key), body: form([['file', bytes, 'doc.pdf']]) });
const parsed = (url: string, id: string) => pollUntil(`${url}/parse/${id}`, auth(KEYS.main), parseDone, 120_000);

/** A v3 submission, waiting out the shared 2-per-second window if it answers 429. */
async function v3Post(url: string, init: RequestInit): Promise<Response> {
  for (let i = 0; ; i++) {
    const res = await fetch(url, { ...init, headers: { ...v3(), ...(init.headers as Record<string, string>) } });
    if (res.status !== 429 || i === 5) return res;
    await new Promise((r) => setTimeout(r, 1100));
  }
}

/** Every ledger entry settled (by the server holding it, or after its death by another). */
async function ledgerEmpties(): Promise<void> {
  const r = new Redis(redis.url);
  try {
    const end = Date.now() + 60_000;
    while ((await r.hlen('quire:srv:ledger')) > 0 && Date.now() < end) await new Promise((x) => setTimeout(x, 250));
    expect(await r.hlen('quire:srv:ledger')).toBe(0);
  } finally {
    r.disconnect();
  }
}

async function bigPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage().drawText(`Page ${i + 1}: shared state across servers.`, { x: 50, y: 700, size: 14, font });
  return doc.save();
}

beforeAll(async () => {
  if (!hasRedis) return;
  dir = await tempDir('quire-stateless-');
  keys = await writeKeysFile(dir);
  dataDir = path.join(dir, 'data');
  redis = await startRedis();
  twoPages = await bigPdf(2);
  small = new Uint8Array(await fs.readFile(fixture('pdf', 'column_span_1.pdf')));
  a = await serve(redis.url, dataDir, keys, SERVER_ARGS);
  b = await serve(redis.url, dataDir, keys, SERVER_ARGS);
  running.push(a, b, await worker(redis.url, dataDir));
}, 60_000);

afterAll(async () => {
  for (const p of running) await stop(p, 'SIGKILL');
  await redis?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe.skipIf(!hasRedis)('stateless HTTP servers on one Redis', () => {
  let parseId = '';
  let ticketId = '';
  let batchId = '';
  let v3Id = '';

  it('a job submitted on A is polled on B', async () => {
    const res = await parse(a.url, twoPages);
    const created = await json(res);
    expect(res.status, JSON.stringify(created)).toBe(200);
    parseId = created.job_id;
    const onB = await parsed(b.url, parseId);
    expect(onB.status).toBe('Succeeded');
    expect(onB.chunks.length).toBeGreaterThan(0);
    expect((await fetch(`${b.url}/parse/${parseId}`, { headers: auth(KEYS.other) })).status).toBe(404);
  }, 120_000);

  it('a presigned upload URL from A, PUT on B and A at once: one upload wins; the job is read on A', async () => {
    const t = await json(await fetch(`${a.url}/v2/parse/upload`, { method: 'POST', headers: { ...auth(KEYS.main), 'content-type': 'application/json' }, body: JSON.stringify({ file_name: 'doc.pdf' }) }));
    expect(t.upload_url.startsWith(`${a.url}/`), JSON.stringify(t)).toBe(true);
    ticketId = t.job_id;
    expect((await json(await fetch(`${b.url}/parse/${ticketId}`, { headers: auth(KEYS.main) }))).status).toBe('Starting');
    // The same URL PUT on B and on A at once: one upload wins, the other is told it was used.
    const puts = await Promise.all([t.upload_url.replace(a.url, b.url), t.upload_url].map((u: string) => fetch(u, { method: 'PUT', headers: t.upload_headers, body: twoPages })));
    expect(puts.map((p) => p.status).sort(), await puts[0]!.clone().text()).toEqual([200, 409]);
    const done = await parsed(a.url, ticketId);
    expect(done.status).toBe('Succeeded');
    expect(done.job_id).toBe(ticketId);
  }, 120_000);

  it("a key's page quota is one budget: after A used it, B answers 402", async () => {
    const first = await json(await parse(a.url, twoPages, KEYS.poor)); // quota 3
    expect(first.quota_remaining, JSON.stringify(first)).toBe(1);
    const refused = await parse(b.url, twoPages, KEYS.poor);
    const body = await json(refused);
    expect(refused.status).toBe(402);
    expect(body.error.details).toMatchObject({ pages_needed: 2, quota_remaining: 1 });
  }, 60_000);

  it("a key's rate-limit window counts requests on both servers", async () => {
    // Key "slow": 2 submissions per second. Two on A fill the window; B, counting alone,
    // would let the next one through. A trial can straddle a window edge on a slow machine:
    // tried a few times, it must happen at least once.
    let sharedSeen = false;
    for (let trial = 0; trial < 5 && !sharedSeen; trial++) {
      await new Promise((r) => setTimeout(r, 1100));
      const onA = await Promise.all([0, 1].map(() => fetch(`${a.url}/parse`, { method: 'POST', headers: auth(KEYS.slow) })));
      const onB = await fetch(`${b.url}/parse`, { method: 'POST', headers: auth(KEYS.slow) });
      if (onA.every((r) => r.status !== 429) && onB.status === 429) sharedSeen = true;
    }
    expect(sharedSeen).toBe(true);
  }, 60_000);

  it('an extraction batch created on A is polled on B', async () => {
    const created = await json(await fetch(`${a.url}/batch/extract`, { method: 'POST', headers: auth(KEYS.main), body: form([['schema_data', schema], ['pdf_files', small, 'one.pdf']]) }));
    expect(created.batch_id, JSON.stringify(created)).toBeTruthy();
    batchId = created.batch_id;
    const done = await pollUntil(`${b.url}/batch/${batchId}`, auth(KEYS.main), (x) => x.status === 'completed', 120_000);
    expect(done.jobs).toHaveLength(1);
    expect((await fetch(`${b.url}/batch/${batchId}`, { headers: auth(KEYS.other) })).status).toBe(404);
  }, 120_000);

  it('v3: an upload from A is PUT and submitted on B; a job created on A is read on B, its result_url verifying on B and A', async () => {
    const up = await json(await v3Post(`${a.url}/v3/parse/upload`, { method: 'POST' }));
    expect((await fetch(up.upload_url.replace(a.url, b.url), { method: 'PUT', body: small, headers: { 'Content-Type': 'application/pdf' } })).status).toBe(200);
    const fromUpload = await json(await v3Post(`${b.url}/v3/parse`, { method: 'POST', body: JSON.stringify({ file_id: up.file_id }), headers: { 'content-type': 'application/json' } }));
    expect(fromUpload.job_id, JSON.stringify(fromUpload)).toBe(up.file_id);
    // Taken once: the same file_id on A is gone.
    const twice = await v3Post(`${a.url}/v3/parse`, { method: 'POST', body: JSON.stringify({ file_id: up.file_id }), headers: { 'content-type': 'application/json' } });
    expect(twice.status).toBe(404);

    const fd = new FormData();
    fd.append('file', new Blob([small], { type: 'application/pdf' }), 'a.pdf');
    const created = await json(await v3Post(`${a.url}/v3/parse`, { method: 'POST', body: fd }));
    expect(created.job_id, JSON.stringify(created)).toBeTruthy();
    v3Id = created.job_id;
    const onB = await pollUntil(`${b.url}/v3/parse/${v3Id}`, v3(), v3Done, 120_000);
    expect(onB.status, JSON.stringify(onB).slice(0, 300)).toBe('done');
    expect(onB.result_url.startsWith(`${b.url}/v3/parse/${v3Id}/result?`)).toBe(true);
    const full = await json(await fetch(onB.result_url));
    expect(full.job_id).toBe(v3Id);
    expect(JSON.stringify(full).slice(0, 800)).toContain("\"pages\":[{");
    expect((await fetch(onB.result_url.replace(b.url, a.url))).status).toBe(200);
    expect((await fetch(`${b.url}/v3/parse/${v3Id}`, { headers: v3(KEYS.main) })).status).toBe(404);
    const viaUpload = await pollUntil(`${a.url}/v3/parse/${up.file_id}`, v3(), v3Done, 120_000);
    expect(viaUpload.status).toBe('done');
  }, 180_000);

  it('B killed (SIGKILL) with work pending: A finishes its v3 job and settles its reservation', async () => {
    const fd = new FormData();
    fd.append('file', new Blob([small], { type: 'application/pdf' }), 'a.pdf');
    const created = await json(await v3Post(`${b.url}/v3/parse`, { method: 'POST', body: fd }));
    expect(created.job_id, JSON.stringify(created)).toBeTruthy();
    const res = await parse(b.url, twoPages);
    const id = (await json(res)).job_id as string;
    expect(res.status).toBe(200);
    await stop(b, 'SIGKILL');
    const job = await pollUntil(`${a.url}/v3/parse/${created.job_id}`, v3(), v3Done, 120_000);
    expect(job.status, JSON.stringify(job).slice(0, 300)).toBe('done');
    expect((await json(await fetch(job.result_url))).pages.length).toBeGreaterThan(0);
    expect((await parsed(a.url, id)).status).toBe('Succeeded');
    await ledgerEmpties();
    b = await serve(redis.url, dataDir, keys, SERVER_ARGS);
    running.push(b);
  }, 180_000);

  it('B restarted: nothing is lost, a job B accepted just before stopping completes, every reservation is settled', async () => {
    const res = await parse(b.url, small);
    const late = (await json(res)).job_id as string;
    expect(res.status).toBe(200);
    expect(await stop(b)).toBe(0);
    b = await serve(redis.url, dataDir, keys, SERVER_ARGS);
    running.push(b);
    for (const id of [parseId, ticketId, late]) expect((await parsed(b.url, id)).status).toBe('Succeeded');
    expect((await json(await fetch(`${b.url}/batch/${batchId}`, { headers: auth(KEYS.main) }))).status).toBe('completed');
    const job = await json(await fetch(`${b.url}/v3/parse/${v3Id}`, { headers: v3() }));
    expect((await fetch(job.result_url)).status).toBe(200);
    expect((await parse(b.url, twoPages, KEYS.poor)).status).toBe(402);
    await ledgerEmpties();
  }, 180_000);
});
