/**
 * The sample parse (`npm run sample`: all 19 pages of test/fixtures/pdf/us_constitution.pdf)
 * through `quire serve` against the library call, in the same run:
 * `npx tsx bench/server-vs-library.ts [--runs 3] [--poll-ms 25,100]` (needs `npm run build`).
 * Both use one worker thread; runs alternate (library, then HTTP at each polling interval)
 * so machine load hits all alike. The HTTP time covers the multipart upload, polling
 * `GET /parse/{id}?include_chunks=false` every `--poll-ms` ms as a client would (the spec
 * advises about 5 s; 25 and 100 ms are the aggressive intervals of a latency-minded client,
 * each poll costing server and client CPU, the longer one adding up to its length in wait)
 * and downloading the full result; the library time covers parse + waitForJob +
 * getParseJob. Prints medians and the ratios, of wall time and of CPU time (all threads; for
 * HTTP the server process plus this client), which machine load does not inflate.
 * `--base-cli OTHER/dist/cli/main.js` also runs a server of another build (e.g. the branch's
 * base) and alternates it in every run at the first polling interval: a same-run comparison
 * of the HTTP overhead of two builds. Prints medians and p90s and the load average; per-phase
 * times are bench/server-phases.ts's.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import { createEngine } from '../src/index.js';
import { percentile, spawnServer, type SpawnedServer } from './lib/spawn-server.js';

const ri = process.argv.indexOf('--runs');
const RUNS = ri >= 0 ? Number(process.argv[ri + 1]) : 3;
const pi = process.argv.indexOf('--poll-ms');
const POLLS = (pi >= 0 ? process.argv[pi + 1]! : '25,100').split(',').map(Number);
const file = new URL('../test/fixtures/pdf/us_constitution.pdf', import.meta.url).pathname;
const pdf = new Uint8Array(await fs.readFile(file));

const head = await spawnServer({ keys: 1, rps: 100, args: ['--workers', '1', '--concurrent-jobs', '1'] });
const bi = process.argv.indexOf('--base-cli');
const base = bi >= 0 ? await spawnServer({ keys: 1, rps: 100, args: ['--workers', '1', '--concurrent-jobs', '1'], cli: process.argv[bi + 1]! }) : undefined;
const engine = createEngine({ workers: 1, maxConcurrentJobs: 1 });

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function viaHttp(pollMs: number, server: SpawnedServer = head): Promise<{ ms: number; chunks: number; cpu: number }> {
  const key = server.keys[0]!;
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
    await new Promise((r) => setTimeout(r, pollMs));
  }
  const tDone = performance.now() - t;
  const full = (await (await fetch(`${server.url}/parse/${created.job_id}`, { headers: { 'api-key': key } })).json()) as { chunks: unknown[] };
  if (process.argv.includes('--detail')) console.log(`  http (poll ${pollMs} ms): submit ${tSubmit.toFixed(0)} ms, job ${job} ms, seen done at ${tDone.toFixed(0)} ms, result fetched at ${(performance.now() - t).toFixed(0)} ms`);
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
await viaHttp(POLLS[0]!);
if (base) await viaHttp(POLLS[0]!, base);
await viaLibrary();
const lib: number[] = [];
const libCpu: number[] = [];
const baseMs: number[] = [];
const baseCpu: number[] = [];
const http = POLLS.map(() => [] as number[]);
const httpCpu = POLLS.map(() => [] as number[]);
for (let r = 0; r < RUNS; r++) {
  const l = await viaLibrary();
  lib.push(l.ms);
  libCpu.push(l.cpu);
  const line = [`run ${r + 1}: library ${l.ms.toFixed(0)} ms (CPU ${l.cpu.toFixed(0)} ms)`];
  for (const [i, p] of POLLS.entries()) {
    const h = await viaHttp(p);
    if (h.chunks !== l.chunks) throw new Error(`different results: ${h.chunks} vs ${l.chunks} chunks`);
    http[i]!.push(h.ms);
    httpCpu[i]!.push(h.cpu);
    line.push(`http/${p} ms ${h.ms.toFixed(0)} ms (CPU ${h.cpu.toFixed(0)} ms)`);
  }
  if (base) {
    const b = await viaHttp(POLLS[0]!, base);
    baseMs.push(b.ms);
    baseCpu.push(b.cpu);
    line.push(`base http/${POLLS[0]} ms ${b.ms.toFixed(0)} ms (CPU ${b.cpu.toFixed(0)} ms)`);
  }
  console.log(line.join(', '));
}
await engine.close();
await head.stop();
await base?.stop();
const ml = percentile(lib, 50);
const cl = percentile(libCpu, 50);
console.log(`load average (1 min) ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`);
console.log(`median library: wall ${ml.toFixed(0)} ms (p90 ${percentile(lib, 90).toFixed(0)} ms), CPU ${cl.toFixed(0)} ms`);
for (const [i, p] of POLLS.entries()) {
  const mh = percentile(http[i]!, 50);
  const ch = percentile(httpCpu[i]!, 50);
  const p90 = percentile(http[i]!, 90);
  console.log(`polling every ${p} ms: median http wall ${mh.toFixed(0)} ms (p90 ${p90.toFixed(0)} ms), ratio ${(mh / ml).toFixed(2)}x (target ≤ 1.2x), p90 ratio ${(p90 / percentile(lib, 90)).toFixed(2)}x; CPU (server + client, all threads) ${ch.toFixed(0)} ms, ratio ${(ch / cl).toFixed(2)}x`);
}
if (base) {
  const mb = percentile(baseMs, 50);
  const cb = percentile(baseCpu, 50);
  console.log(`base build, polling every ${POLLS[0]} ms: median http wall ${mb.toFixed(0)} ms, ratio ${(mb / ml).toFixed(2)}x; CPU ${cb.toFixed(0)} ms, ratio ${(cb / cl).toFixed(2)}x`);
}
