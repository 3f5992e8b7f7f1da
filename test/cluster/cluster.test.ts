/**
 * Cluster mode against a real Redis (redis-helper.ts) and real processes (the built CLI):
 * one `quire serve --redis` and `quire worker` processes on one data folder.
 *  - results are identical to the embedded server's for the same documents;
 *  - a worker SIGKILLed mid-job: the job completes on the other after the stall interval;
 *  - Redis restarted mid-run (AOF): every accepted job succeeds, each finished exactly once;
 *  - a job whose workers keep dying fails after the bounded attempts, with a message;
 *  - SIGTERM drains: the running job ends on the stopping worker, which exits 0.
 * Stall intervals are short here (--lock-timeout 2); skipped when redis-server is absent.
 * Redis and the processes are started by bench/lib/ (shared with bench/cluster.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers.js';
import { normaliseResult } from '../golden/normalise.js';
import { auth, json, KEYS, parseDone, pollUntil, tempDir, testServer, writeKeysFile } from '../server/server-helpers.js';
import { hasRedis, startRedis, type TestRedis } from '../../bench/lib/redis-server.js';
import { logLines, serve, stop, untilJobState, worker, type Proc } from '../../bench/lib/cluster-procs.js';

let dir: string;
let keys: string;
let longPdf: Uint8Array;
const running: Proc[] = [];
const redises: TestRedis[] = [];

function post(url: string, bytes: Uint8Array, name: string, fields: Record<string, string> = {}, key = KEYS.main): Promise<Response> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([bytes]), name);
  return fetch(`${url}/parse`, { method: 'POST', headers: auth(key), body: fd });
}

async function submit(url: string, bytes: Uint8Array, name: string, fields: Record<string, string> = {}): Promise<string> {
  const res = await post(url, bytes, name, fields);
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.job_id;
}

const result = (url: string, id: string, timeoutMs = 240_000) => pollUntil(`${url}/parse/${id}`, auth(KEYS.main), parseDone, timeoutMs);

/** A result compared across servers: signed file URLs become the file's path in the data folder. */
function normal(body: unknown, dataDir: string): string {
  const text = JSON.stringify(body).replace(/https?:\/\/[^/"]+\/files\/([A-Za-z0-9_-]+)\?expires=\d+&signature=[A-Za-z0-9_-]+/g, (_m, t: string) => `<file:${Buffer.from(t, 'base64url').toString()}>`);
  return normaliseResult(JSON.parse(text), dataDir, '/nowhere');
}

async function cluster(workers: number, workerArgs: string[] = [], serverArgs: string[] = []) {
  const redis = await startRedis();
  redises.push(redis);
  const dataDir = path.join(dir, `data-${redises.length}`);
  const server = await serve(redis.url, dataDir, keys, serverArgs);
  running.push(server);
  const ws: Proc[] = [];
  for (let i = 0; i < workers; i++) ws.push(await worker(redis.url, dataDir, workerArgs));
  running.push(...ws);
  return { redis, dataDir, server, workers: ws };
}

const succeededLines = (ws: Proc[], id: string) => ws.flatMap(logLines).filter((l) => l.job_id === id && l.state === 'succeeded').length;

beforeAll(async () => {
  dir = await tempDir('quire-cluster-');
  keys = await writeKeysFile(dir);
  // A 38-page PDF (the constitution twice): long enough to be mid-run when a test acts.
  const src = await PDFDocument.load(await fs.readFile(fixture('pdf', 'us_constitution.pdf')));
  const doc = await PDFDocument.create();
  for (let i = 0; i < 2; i++) for (const p of await doc.copyPages(src, src.getPageIndices())) doc.addPage(p);
  longPdf = await doc.save();
});

afterAll(async () => {
  for (const p of running) await stop(p, 'SIGKILL');
  for (const r of redises) await r.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe.skipIf(!hasRedis)('cluster (BullMQ on Redis)', () => {
  it('one server and two workers give the same results as the embedded server', async () => {
    const docs = ['us_constitution.pdf', 'multi_page.pdf', 'column_span_1.pdf', 'hybrid_multipage.pdf'];
    const bytes = await Promise.all(docs.map(async (d) => new Uint8Array(await fs.readFile(fixture('pdf', d)))));
    const c = await cluster(2);
    const ids = await Promise.all(docs.map((d, i) => submit(c.server.url, bytes[i]!, d)));
    const clustered = await Promise.all(ids.map((id) => result(c.server.url, id)));
    const embedded = await testServer({ workers: 1 });
    try {
      for (let i = 0; i < docs.length; i++) {
        const id = await submit(embedded.url, bytes[i]!, docs[i]!);
        const one = await result(embedded.url, id);
        expect(clustered[i].status, docs[i]).toBe('Succeeded');
        expect(normal(clustered[i], c.dataDir), docs[i]).toBe(normal(one, embedded.ctx.config.dataDir));
      }
    } finally {
      await embedded.stop();
    }
    // Both workers took part or not, every job ran exactly once.
    for (const id of ids) expect(succeededLines(c.workers, id)).toBe(1);
    // Small results live in Redis, large ones in the data folder.
    const r = new Redis(c.redis.url);
    const inRedis = await Promise.all(ids.map((id) => r.exists(`quire:blob:${id}/result.json`)));
    r.disconnect();
    const onDisk = await Promise.all(ids.map((id) => fs.stat(path.join(c.dataDir, 'files', id, 'result.json')).then(() => 1, () => 0)));
    expect(inRedis.map((n, i) => n + onDisk[i]!)).toEqual(ids.map(() => 1));
    expect(inRedis.some((n) => n === 1)).toBe(true);
    const metrics = await (await fetch(`${c.server.url}/metrics`)).text();
    expect(metrics).toMatch(/quire_jobs_finished_total\{state="succeeded"\} 4/);
    expect(metrics).toMatch(/quire_workers_alive 2/);
  });

  it('a large PDF fans out by page batches over both workers; the result is identical to the embedded server', async () => {
    const c = await cluster(2, ['--fanout-pages', '20']);
    const id = await submit(c.server.url, longPdf, 'long.pdf');
    const clustered = await result(c.server.url, id);
    const batches = c.workers.map((w) => logLines(w).filter((l) => l.job_id === id && l.msg === 'page batch done') as Array<{ pages?: number }>);
    expect(batches.flat().reduce((n, b) => n + (b.pages ?? 0), 0)).toBe(38);
    expect(batches.every((b) => b.length > 0), 'both workers ran page batches').toBe(true);
    const embedded = await testServer({ workers: 1 });
    try {
      const one = await result(embedded.url, await submit(embedded.url, longPdf, 'long.pdf'));
      expect(clustered.status).toBe('Succeeded');
      expect(normal(clustered, c.dataDir)).toBe(normal(one, embedded.ctx.config.dataDir));
    } finally {
      await embedded.stop();
    }
  });

  it('a worker SIGKILLed mid-job: the other worker completes the job after the stall interval', async () => {
    const c = await cluster(2, ['--lock-timeout', '2']);
    const id = await submit(c.server.url, longPdf, 'long.pdf');
    const [a, b] = c.workers as [Proc, Proc];
    const first = await Promise.race([untilJobState(a, id, 'processing').then(() => a), untilJobState(b, id, 'processing').then(() => b)]);
    const other = first === a ? b : a;
    await stop(first, 'SIGKILL');
    const done = await result(c.server.url, id);
    expect(done.status, done.message).toBe('Succeeded');
    expect(done.chunks.length).toBeGreaterThan(0);
    expect(succeededLines([other], id)).toBe(1);
  });

  it('Redis restarted mid-run (AOF): no accepted job lost, none finished twice', async () => {
    const c = await cluster(2, ['--lock-timeout', '5']);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await submit(c.server.url, longPdf, `long-${i}.pdf`, { page_range: `${i + 1}-${i + 12}` }));
    await Promise.race(c.workers.map((w) => untilJobState(w, ids[0]!, 'processing')));
    await c.redis.restart();
    // Accepted while Redis was away and just back: these too must run.
    for (let i = 3; i < 5; i++) ids.push(await submit(c.server.url, longPdf, `long-${i}.pdf`, { page_range: `${i + 1}-${i + 4}` }));
    const done = await Promise.all(ids.map((id) => result(c.server.url, id)));
    expect(done.map((d) => d.status)).toEqual(ids.map(() => 'Succeeded'));
    for (const id of ids) expect(succeededLines(c.workers, id)).toBe(1);
  });

  it('a document whose workers keep dying fails after the bounded attempts, with a message', async () => {
    const args = ['--lock-timeout', '1', '--max-attempts', '2'];
    const c = await cluster(2, args);
    const id = await submit(c.server.url, longPdf, 'deadly.pdf');
    // Every worker that starts the job is killed, and a fresh worker replaces it.
    let pool = [...c.workers];
    for (let kill = 0; kill < 2; kill++) {
      const victim = await Promise.race(pool.map((w) => untilJobState(w, id, 'processing').then(() => w)));
      await stop(victim, 'SIGKILL');
      const fresh = await worker(c.redis.url, c.dataDir, args);
      running.push(fresh);
      pool = [...pool.filter((w) => w !== victim), fresh];
    }
    const done = await result(c.server.url, id);
    expect(done.status).toBe('Failed');
    expect(done.message).toMatch(/started 2 times.*giving up/);
  });

  it('SIGTERM drains: the running job ends on the stopping worker, which exits 0', async () => {
    const c = await cluster(1, ['--grace', '120']);
    const id = await submit(c.server.url, longPdf, 'long.pdf', { page_range: '1-10' });
    const w = c.workers[0]!;
    await untilJobState(w, id, 'processing');
    expect(await stop(w, 'SIGTERM')).toBe(0);
    expect(succeededLines([w], id)).toBe(1);
    expect((await result(c.server.url, id, 10_000)).status).toBe('Succeeded');
  });

  it('backpressure: a key over its queued limit gets 429, the cluster over its limit 503, both with Retry-After', async () => {
    // No worker: everything submitted stays waiting.
    const c = await cluster(0, [], ['--max-queued', '3', '--max-queued-per-key', '2']);
    const pdf = new Uint8Array(await fs.readFile(fixture('pdf', 'column_span_1.pdf')));
    for (let i = 0; i < 2; i++) await submit(c.server.url, pdf, 'a.pdf');
    await new Promise((r) => setTimeout(r, 1200)); // the server's view of the queue refreshes twice a second
    const busy = await post(c.server.url, pdf, 'a.pdf');
    expect(busy.status).toBe(429);
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(busy)).error.code).toBe('too_many_queued');
    expect((await post(c.server.url, pdf, 'b.pdf', {}, KEYS.other)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1200));
    const full = await post(c.server.url, pdf, 'c.pdf', {}, KEYS.other);
    expect(full.status).toBe(503);
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0);
    const metrics = await (await fetch(`${c.server.url}/metrics`)).text();
    expect(metrics).toMatch(/^quire_queue_depth 3$/m);
    expect(metrics).toMatch(/^quire_workers_alive 0$/m);
  });

  it('SIGTERM with the grace period over: the stopped job goes back to the queue and completes on the other worker', async () => {
    const c = await cluster(2, ['--grace', '0']);
    const id = await submit(c.server.url, longPdf, 'long.pdf');
    const [a, b] = c.workers as [Proc, Proc];
    const first = await Promise.race([untilJobState(a, id, 'processing').then(() => a), untilJobState(b, id, 'processing').then(() => b)]);
    const other = first === a ? b : a;
    expect(await stop(first, 'SIGTERM')).toBe(0);
    expect(succeededLines([first], id)).toBe(0);
    const done = await result(c.server.url, id);
    expect(done.status, done.message).toBe('Succeeded');
    expect(succeededLines([other], id)).toBe(1);
  });

  it('servers are stateless: a job submitted to one server is read on another, and its signed URLs verify on either', async () => {
    const c = await cluster(1);
    const second = await serve(c.redis.url, c.dataDir, keys);
    running.push(second);
    const pdf = new Uint8Array(await fs.readFile(fixture('pdf', 'multi_page.pdf')));
    const id = await submit(c.server.url, pdf, 'multi_page.pdf');
    const onB = await result(second.url, id);
    const onA = await result(c.server.url, id);
    expect(onB.status).toBe('Succeeded');
    expect(normal(onB, c.dataDir)).toBe(normal(onA, c.dataDir));
    // Another key still cannot see it on the second server.
    expect((await fetch(`${second.url}/parse/${id}`, { headers: auth(KEYS.other) })).status).toBe(404);
    // A file URL signed by the second server opens on the first (one signing key in the data folder).
    expect(typeof onB.pdf_url).toBe('string');
    const crossed = String(onB.pdf_url).replace(second.url, c.server.url);
    const file = await fetch(crossed);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
  });
});

