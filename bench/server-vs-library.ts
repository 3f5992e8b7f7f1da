/**
 * The sample parse (`npm run sample`: all 19 pages of test/fixtures/pdf/us_constitution.pdf)
 * through `quire serve` against the library call, in the same run:
 * `npx tsx bench/server-vs-library.ts [--runs 3]` (needs `npm run build`). Both use one
 * worker thread; runs alternate so machine load hits both alike. The HTTP time covers the
 * multipart upload, polling every 25 ms and downloading the full result; the library time
 * covers parse + waitForJob + getParseJob. Prints medians and the ratio, of wall time and of
 * CPU time (all threads; for HTTP the server process plus this client), which machine load
 * does not inflate.
 */
import fs from 'node:fs/promises';
import { createEngine } from '../src/index.js';
import { percentile, spawnServer } from './lib/spawn-server.js';

const ri = process.argv.indexOf('--runs');
const RUNS = ri >= 0 ? Number(process.argv[ri + 1]) : 3;
const file = new URL('../test/fixtures/pdf/us_constitution.pdf', import.meta.url).pathname;
const pdf = new Uint8Array(await fs.readFile(file));

const server = await spawnServer({ keys: 1, rps: 100, args: ['--workers', '1', '--concurrent-jobs', '1'] });
const key = server.keys[0]!;
const engine = createEngine({ workers: 1, maxConcurrentJobs: 1 });

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function viaHttp(): Promise<{ ms: number; chunks: number; cpu: number }> {
  const c0 = cpu();
  const s0 = await server.cpuMs();
  const t = performance.now();
  const fd = new FormData();
  fd.append('file', new Blob([pdf]), 'us_constitution.pdf');
  const created = (await (await fetch(`${server.url}/parse`, { method: 'POST', headers: { 'api-key': key }, body: fd })).json()) as { job_id: string };
  const tSubmit = performance.now() - t;
  let job = 0;
  for (;;) {
    const st = (await (await fetch(`${server.url}/parse/${created.job_id}?include_chunks=false`, { headers: { 'api-key': key } })).json()) as { status: string; started_at: string; finished_at: string };
    if (st.status !== 'Starting' && st.status !== 'Processing') {
      job = Date.parse(st.finished_at) - Date.parse(st.started_at);
      break;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const tDone = performance.now() - t;
  const full = (await (await fetch(`${server.url}/parse/${created.job_id}`, { headers: { 'api-key': key } })).json()) as { chunks: unknown[] };
  if (process.argv.includes('--detail')) console.log(`  http: submit ${tSubmit.toFixed(0)} ms, job ${job} ms, seen done at ${tDone.toFixed(0)} ms, result fetched at ${(performance.now() - t).toFixed(0)} ms`);
  const ms = performance.now() - t;
  return { ms, chunks: full.chunks.length, cpu: cpu() - c0 + (await server.cpuMs()) - s0 };
}

async function viaLibrary(): Promise<{ ms: number; chunks: number; cpu: number }> {
  const c0 = cpu();
  const t = performance.now();
  const { job_id } = await engine.parse(file, {});
  await engine.waitForJob(job_id);
  const full = await engine.getParseJob(job_id);
  return { ms: performance.now() - t, chunks: full.chunks!.length, cpu: cpu() - c0 };
}

// One warm-up each (worker start, pdf.js code cache), then alternating timed runs.
await viaHttp();
await viaLibrary();
const http: number[] = [];
const lib: number[] = [];
const httpCpu: number[] = [];
const libCpu: number[] = [];
for (let r = 0; r < RUNS; r++) {
  const h = await viaHttp();
  const l = await viaLibrary();
  if (h.chunks !== l.chunks) throw new Error(`different results: ${h.chunks} vs ${l.chunks} chunks`);
  http.push(h.ms);
  lib.push(l.ms);
  httpCpu.push(h.cpu);
  libCpu.push(l.cpu);
  console.log(`run ${r + 1}: http ${h.ms.toFixed(0)} ms (CPU ${h.cpu.toFixed(0)} ms), library ${l.ms.toFixed(0)} ms (CPU ${l.cpu.toFixed(0)} ms)`);
}
await engine.close();
await server.stop();
const mh = percentile(http, 50);
const ml = percentile(lib, 50);
console.log(`median wall: http ${mh.toFixed(0)} ms, library ${ml.toFixed(0)} ms, ratio ${(mh / ml).toFixed(2)}x (target ≤ 1.2x)`);
const ch = percentile(httpCpu, 50);
const cl = percentile(libCpu, 50);
console.log(`median CPU (all threads; http = server + client): http ${ch.toFixed(0)} ms, library ${cl.toFixed(0)} ms, ratio ${(ch / cl).toFixed(2)}x`);
