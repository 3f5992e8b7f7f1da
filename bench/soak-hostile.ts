/**
 * Soak: N sequential jobs (default 1,000) on ONE engine, alternating ordinary inputs with
 * hostile ones (bombs, huge headers, long and looping TIFFs, zip bombs, truncated files;
 * bench/lib/hostile/cases.ts). Checks what issue 21 asks of a long-running engine:
 *   - every job reaches a terminal state, with the state its input calls for;
 *   - RSS is flat: after the warm-up (first 10% of jobs), the mean RSS of the last tenth
 *     is within 10% of the mean of the first tenth after warm-up;
 *   - files left in the data dir (per job folders) after the run and after close().
 *
 *   npx tsx bench/soak-hostile.ts [--jobs 1000] [--workers 2] [--max-finished N] [--retention-s S]
 *
 * --max-finished / --retention-s set the engine's retention policy (maxFinishedJobs,
 * fileRetentionMs; engine defaults 1000 jobs, 1 hour): files and records beyond it must go.
 *
 * Not part of `npm test` (minutes of CPU). Inputs are built once and reused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEngine } from '../src/index.js';
import { NORMAL_CASES, SOAK_HOSTILE_CASES, type HostileCase } from './lib/hostile/cases.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const JOBS = arg('jobs', 1000);
const WORKERS = arg('workers', 2);
const MAX_FINISHED = arg('max-finished', NaN);
const RETENTION_S = arg('retention-s', NaN);
const TERMINAL = new Set(['Succeeded', 'Failed', 'Cancelled']);

/** Normal and hostile interleaved: every other job is hostile. */
const mix: HostileCase[] = [];
for (let i = 0; i < Math.max(NORMAL_CASES.length, SOAK_HOSTILE_CASES.length); i++) {
  mix.push(NORMAL_CASES[i % NORMAL_CASES.length]!, SOAK_HOSTILE_CASES[i % SOAK_HOSTILE_CASES.length]!);
}

function countFiles(dir: string): { dirs: number; files: number; bytes: number } {
  let dirs = 0;
  let files = 0;
  let bytes = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        dirs++;
        walk(p);
      } else {
        files++;
        bytes += fs.statSync(p).size;
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return { dirs, files, bytes };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const mb = (n: number) => Math.round(n / (1024 * 1024));

async function main(): Promise<void> {
  const inputs = new Map<string, Uint8Array>();
  for (const c of mix) if (!inputs.has(c.name)) inputs.set(c.name, await c.build());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-soak-'));
  const engine = createEngine({
    workers: WORKERS,
    dataDir,
    ...(Number.isFinite(MAX_FINISHED) ? { maxFinishedJobs: MAX_FINISHED } : {}),
    ...(Number.isFinite(RETENTION_S) ? { fileRetentionMs: RETENTION_S * 1000 } : {}),
  });
  const rss: number[] = [];
  const wrong: string[] = [];
  const byCase = new Map<string, { n: number; ms: number; statuses: Map<string, number> }>();
  let nonTerminal = 0;
  const t0 = performance.now();
  for (let i = 0; i < JOBS; i++) {
    const c = mix[i % mix.length]!;
    const data = inputs.get(c.name)!;
    const start = performance.now();
    let status: string;
    let message = '';
    try {
      const job = c.operation === 'parse' ? await engine.parse({ data, fileName: c.fileName }, c.options ?? {}) : await engine.parseExcel({ data, fileName: c.fileName }, c.options ?? {});
      const res = await engine.waitForJob(job.job_id);
      status = res.status;
      message = res.message ?? '';
    } catch (err) {
      status = 'Refused';
      message = (err as Error).message;
    }
    const s = byCase.get(c.name) ?? { n: 0, ms: 0, statuses: new Map() };
    s.n++;
    s.ms += performance.now() - start;
    s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
    byCase.set(c.name, s);
    if (!TERMINAL.has(status) && status !== 'Refused') nonTerminal++;
    if (status !== c.expect && wrong.length < 20) wrong.push(`job ${i} ${c.name}: ${status} ${message.slice(0, 120)}`);
    rss.push(process.memoryUsage().rss);
    if ((i + 1) % Math.max(1, Math.floor(JOBS / 20)) === 0) {
      console.log(`${String(i + 1).padStart(5)} jobs  ${((performance.now() - t0) / 1000).toFixed(0).padStart(5)} s  rss ${mb(rss.at(-1)!)} MB  heap ${mb(process.memoryUsage().heapUsed)} MB`);
    }
  }
  const filesBeforeClose = countFiles(dataDir);
  const recordsBeforeClose = (await engine.listJobs()).length;
  await engine.close();
  const filesAfterClose = countFiles(dataDir);

  const warm = Math.ceil(JOBS * 0.1);
  const tenth = Math.max(1, Math.floor((JOBS - warm) / 10));
  const firstAfterWarm = mean(rss.slice(warm, warm + tenth));
  const last = mean(rss.slice(-tenth));
  const growth = (last - firstAfterWarm) / firstAfterWarm;
  console.log('\nper input: jobs, mean s, states');
  for (const [name, s] of byCase) console.log(`  ${name.padEnd(52)} ${String(s.n).padStart(4)} ${(s.ms / s.n / 1000).toFixed(2).padStart(6)} s  ${[...s.statuses].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(`\n${JOBS} jobs in ${((performance.now() - t0) / 1000).toFixed(0)} s on ${WORKERS} workers (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`);
  console.log(`non-terminal jobs: ${nonTerminal}; jobs not in their expected state: ${wrong.length}${wrong.length ? '\n  ' + wrong.join('\n  ') : ''}`);
  console.log(`RSS after warm-up (${warm} jobs): first tenth ${mb(firstAfterWarm)} MB, last tenth ${mb(last)} MB, growth ${(growth * 100).toFixed(1)}% -> ${Math.abs(growth) <= 0.1 ? 'flat within 10%' : 'NOT flat within 10%'}; peak ${mb(Math.max(...rss))} MB`);
  console.log(`retention policy: ${Number.isFinite(MAX_FINISHED) ? MAX_FINISHED : 'default (1000)'} finished jobs, ${Number.isFinite(RETENTION_S) ? `${RETENTION_S} s` : 'default (1 h)'}; job records in the store before close: ${recordsBeforeClose}`);
  console.log(`data dir ${dataDir}: before close ${filesBeforeClose.dirs} dirs, ${filesBeforeClose.files} files, ${mb(filesBeforeClose.bytes)} MB; after close ${filesAfterClose.dirs} dirs, ${filesAfterClose.files} files, ${mb(filesAfterClose.bytes)} MB`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
