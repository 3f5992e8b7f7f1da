/**
 * bench/cluster.ts — the cluster's throughput and its cost in Redis, on this machine.
 *   npm run build && npx tsx bench/cluster.ts [--docs 8] [--pages 1000] [--rounds 1] [--skip-fanout]
 * 1. Pages per second with 1 and 2 `quire worker` processes (one worker thread each, no
 *    fan-out), `--docs` copies of us_constitution.pdf (19 pages) submitted over HTTP to a
 *    `quire serve --redis`; Redis commands, network bytes and Redis CPU per page from INFO
 *    (commandstats, stats, cpu) before/after; from those, the projection of throughput for N
 *    workers and the N where Redis (one core) becomes the bound.
 * 2. A `--pages`-page PDF (copies of us_constitution's pages, cached in bench/.cache/cluster/)
 *    fanned out over 2 worker processes (1 thread each) vs the embedded engine with 2 worker
 *    threads, same run, alternating order per round: wall time from accepted to Succeeded
 *    and CPU seconds (worker processes from /proc; the embedded engine from cpuUsage).
 * Needs redis-server (Debian). Wall times on a shared machine are noisy: read the CPU too.
 */
import fs from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { PDFDocument } from 'pdf-lib';
import { createEngine } from '../src/index.js';
import { hasRedis, startRedis } from './lib/redis-server.js';
import { serve, stop, worker, type Proc } from './lib/cluster-procs.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const DOCS = arg('docs', 8);
const PAGES = arg('pages', 1000);
const ROUNDS = arg('rounds', 1);
const KEY = 'bench-key-cluster-0001';
const sample = path.join(root, 'test/fixtures/pdf/us_constitution.pdf');

function cpuOf(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}

async function redisSnapshot(r: Redis) {
  const info = (await Promise.all(['commandstats', 'stats', 'cpu'].map((section) => r.info(section)))).join('\n');
  const get = (k: string) => Number(new RegExp(`^${k}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  const calls = [...info.matchAll(/^cmdstat_[^:]+:calls=(\d+)/gm)].reduce((s, m) => s + Number(m[1]), 0);
  return { calls, bytes: get('total_net_input_bytes') + get('total_net_output_bytes'), cpu: get('used_cpu_sys') + get('used_cpu_user') };
}

async function submit(url: string, file: Buffer, name: string): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([file]), name);
  const res = await fetch(`${url}/parse`, { method: 'POST', headers: { 'api-key': KEY }, body: fd });
  const body = (await res.json()) as { job_id: string };
  if (res.status !== 200) throw new Error(`submit: ${res.status} ${JSON.stringify(body)}`);
  return body.job_id;
}

async function finished(url: string, id: string): Promise<string> {
  for (;;) {
    const b = (await (await fetch(`${url}/parse/${id}?include_chunks=false`, { headers: { 'api-key': KEY } })).json()) as { status: string; message?: string };
    if (['Succeeded', 'Failed', 'Cancelled'].includes(b.status)) return b.status === 'Succeeded' ? b.status : `${b.status}: ${b.message}`;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function startCluster(redisUrl: string, dir: string, workers: number, fanoutPages: number) {
  const dataDir = await fs.mkdtemp(path.join(dir, 'data-'));
  const keys = path.join(dir, 'keys.json');
  await fs.writeFile(keys, JSON.stringify({ keys: [{ name: 'bench', key: KEY, page_quota: 100_000_000, requests_per_second: 10_000 }] }));
  const server = await serve(redisUrl, dataDir, keys, ['--max-queued', '10000']);
  const ws: Proc[] = [];
  for (let i = 0; i < workers; i++) ws.push(await worker(redisUrl, dataDir, ['--fanout-pages', String(fanoutPages)], 1));
  return {
    server,
    workers: ws,
    cpu: () => ws.reduce((s, w) => s + cpuOf(w.child.pid!), 0),
    stop: async () => {
      for (const w of ws) await stop(w);
      await stop(server);
    },
  };
}

async function throughput(redisUrl: string, r: Redis, dir: string, workers: number) {
  const c = await startCluster(redisUrl, dir, workers, 0);
  const pdf = await fs.readFile(sample);
  await finished(c.server.url, await submit(c.server.url, pdf, 'warm.pdf')); // warm every worker's first job
  for (let i = 1; i < workers; i++) await finished(c.server.url, await submit(c.server.url, pdf, 'warm.pdf'));
  const before = await redisSnapshot(r);
  const cpu0 = c.cpu();
  const t0 = performance.now();
  const ids = await Promise.all(Array.from({ length: DOCS }, (_, i) => submit(c.server.url, pdf, `doc-${i}.pdf`)));
  const states = await Promise.all(ids.map((id) => finished(c.server.url, id)));
  const wall = (performance.now() - t0) / 1000;
  const after = await redisSnapshot(r);
  const cpu = c.cpu() - cpu0;
  await c.stop();
  if (states.some((s) => s !== 'Succeeded')) throw new Error(`jobs: ${states.join(', ')}`);
  const pages = DOCS * 19;
  return { workers, pages, wall, pagesPerSec: pages / wall, workerCpuPerPage: cpu / pages, opsPerPage: (after.calls - before.calls) / pages, bytesPerPage: (after.bytes - before.bytes) / pages, redisCpuPerPage: (after.cpu - before.cpu) / pages };
}

async function bigPdf(): Promise<string> {
  const file = path.join(root, 'bench/.cache/cluster', `pages-${PAGES}.pdf`);
  if (existsSync(file)) return file;
  const src = await PDFDocument.load(await fs.readFile(sample));
  const doc = await PDFDocument.create();
  while (doc.getPageCount() < PAGES) {
    const want = Math.min(src.getPageCount(), PAGES - doc.getPageCount());
    for (const p of await doc.copyPages(src, src.getPageIndices().slice(0, want))) doc.addPage(p);
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, await doc.save());
  return file;
}

async function embeddedRun(file: string, dir: string) {
  const engine = createEngine({ workers: 2, dataDir: await fs.mkdtemp(path.join(dir, 'emb-')) });
  try {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const job = await engine.parse(file);
    const res = await engine.waitForJob(job.job_id, {}, { includeChunks: false });
    const wall = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(cpu0);
    if (res.status !== 'Succeeded') throw new Error(`embedded: ${res.status} ${res.message}`);
    return { wall, cpu: (c.user + c.system) / 1e6 };
  } finally {
    await engine.close();
  }
}

async function clusterRun(redisUrl: string, file: string, dir: string) {
  const c = await startCluster(redisUrl, dir, 2, 64);
  try {
    const bytes = await fs.readFile(file);
    const cpu0 = c.cpu();
    const u0 = performance.now();
    const id = await submit(c.server.url, bytes, 'big.pdf');
    const t0 = performance.now();
    const status = await finished(c.server.url, id);
    const wall = (performance.now() - t0) / 1000;
    if (status !== 'Succeeded') throw new Error(`cluster: ${status}`);
    return { wall, withUpload: (performance.now() - u0) / 1000, cpu: c.cpu() - cpu0 };
  } finally {
    await c.stop();
  }
}

async function main() {
  if (!hasRedis) throw new Error('redis-server is not installed');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-bench-cluster-'));
  const redis = await startRedis();
  const r = new Redis(redis.url, { maxRetriesPerRequest: null });
  try {
    console.log(`machine: ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const rows = [];
    for (const n of [1, 2]) {
      await r.flushall();
      rows.push(await throughput(redis.url, r, dir, n));
    }
    console.log('\nthroughput (us_constitution.pdf x %d, 19 pages each, 1 worker thread per process, no fan-out)', DOCS);
    console.log('workers  pages/s  wall s  worker CPU s/page  Redis cmds/page  Redis bytes/page  Redis CPU ms/page');
    for (const x of rows) console.log(`${String(x.workers).padStart(7)}  ${x.pagesPerSec.toFixed(2).padStart(7)}  ${x.wall.toFixed(1).padStart(6)}  ${x.workerCpuPerPage.toFixed(3).padStart(17)}  ${x.opsPerPage.toFixed(1).padStart(15)}  ${x.bytesPerPage.toFixed(0).padStart(16)}  ${(x.redisCpuPerPage * 1000).toFixed(2).padStart(17)}`);
    const one = rows[0]!;
    const perWorker = 1 / one.workerCpuPerPage; // pages/s of one worker thread given a full core
    const redisPages = 1 / Math.max(...rows.map((x) => x.redisCpuPerPage)); // pages/s one Redis core can carry
    console.log(`\nprojection: one worker core ≈ ${perWorker.toFixed(1)} pages/s (its CPU per page); Redis (one core) carries ≈ ${redisPages.toFixed(0)} pages/s at the measured Redis CPU per page`);
    for (const n of [1, 2, 4, 8, 16, 32, 64, 128]) console.log(`  N=${String(n).padStart(3)} worker cores: ${Math.min(n * perWorker, redisPages).toFixed(0).padStart(6)} pages/s${n * perWorker > redisPages ? '  (Redis-bound)' : ''}`);
    console.log(`  Redis becomes the bound at N ≈ ${Math.floor(redisPages / perWorker)} worker cores`);

    if (!process.argv.includes('--skip-fanout')) {
      const file = await bigPdf();
      console.log(`\nfan-out: ${PAGES}-page PDF, 2 worker processes x 1 thread vs embedded engine with 2 threads`);
      for (let round = 0; round < ROUNDS; round++) {
        await r.flushall();
        const order = round % 2 === 0 ? ['embedded', 'cluster'] : ['cluster', 'embedded'];
        const out: Record<string, { wall: number; cpu: number; withUpload?: number }> = {};
        for (const which of order) out[which] = which === 'embedded' ? await embeddedRun(file, dir) : await clusterRun(redis.url, file, dir);
        const e = out.embedded!;
        const c = out.cluster!;
        console.log(`round ${round + 1} (${order.join(' then ')}): embedded ${e.wall.toFixed(1)} s wall, ${e.cpu.toFixed(1)} s CPU | cluster ${c.wall.toFixed(1)} s wall (${c.withUpload!.toFixed(1)} s with upload), ${c.cpu.toFixed(1)} s worker CPU | wall ratio ${(c.wall / e.wall).toFixed(3)}, CPU ratio ${(c.cpu / e.cpu).toFixed(3)}`);
      }
    }
  } finally {
    r.disconnect();
    await redis.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
