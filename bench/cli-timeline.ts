/**
 * Where a CLI parse spends its time outside the pages, for this build against another (the
 * pre-wave base), alternating runs: with equal CPU, a wall-time gap is serial work on the main
 * thread, before the first page can start or after the last one is back. Load on a shared
 * machine inflates wall time; these intervals and the main thread's own CPU are far less
 * sensitive to it. Per run (bench/lib/cli-timeline-preload.mjs wraps the pool's tasks):
 *   first task   ms from process start to the first task handed to the pool (pdf.inspect),
 *                and the main thread's CPU by then (start-up, engine, submission, input);
 *   first page   ms to the first page task (after the page count came back: worker start);
 *   tail         ms from the last page task's return to process exit (document, segments,
 *                result written, workers stopped, job files removed), and main CPU in it;
 *   main CPU     the main thread's CPU over the whole run; process CPU: all threads;
 *   runtime/workers/native CPU   other threads' CPU just before the pool is destroyed: V8's
 *                platform threads (concurrent GC, optimising compiler) and libuv's pool, the
 *                pool's worker threads, native libraries' threads.
 * Usage: npx tsx bench/cli-timeline.ts BASE_DIR [--file corpus/relative.pdf] [--runs N]
 * (each build's dist/ must exist; Linux: main-thread CPU comes from /proc).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusPath, hasCorpus } from './lib/corpus.js';

const arg = (name: string, dflt: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1]! : dflt);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const base = path.resolve(process.argv[2] ?? '');
const file = corpusPath(arg('--file', 'long/pdf.js/test/pdfs/freeculture.pdf'));
const runs = Number(arg('--runs', '5'));
const preload = path.join(here, 'lib/cli-timeline-preload.mjs');
if (!hasCorpus) throw new Error('corpus not found (set QUIRE_CORPUS)');
for (const b of [root, base]) if (!fs.existsSync(path.join(b, 'dist/cli/main.js'))) throw new Error(`no build in ${b}`);

interface Mark {
  t: number;
  label: string;
  mainCpu: number;
}
type Row = Record<'wall' | 'firstTask' | 'firstTaskCpu' | 'firstPage' | 'tail' | 'tailCpu' | 'mainCpu' | 'processCpu' | 'runtimeCpu' | 'workersCpu' | 'nativeCpu', number>;
type Threads = Record<'runtime' | 'workers' | 'native', number>;

function once(build: string): Row {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-tl-'));
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', preload, path.join(build, 'dist/cli/main.js'), 'parse', file, '--out', path.join(dir, 'r.json')], {
    encoding: 'utf8',
    env: { ...process.env, TIMELINE_BUILD: build },
  });
  const wall = performance.now() - t0;
  fs.rmSync(dir, { recursive: true, force: true });
  const line = r.stderr.split('\n').find((l) => l.startsWith('TIMELINE '));
  if (r.status !== 0 || !line) throw new Error(`${build}: ${r.stderr.slice(-400)}`);
  const { marks, processCpuMs, threads } = JSON.parse(line.slice('TIMELINE '.length)) as { marks: Mark[]; processCpuMs: number; threads?: Threads };
  const pageTask = (m: Mark) => m.label.endsWith('analyzePages');
  const firstTask = marks.find((m) => m.label.startsWith('dispatch'))!;
  const firstPage = marks.find((m) => m.label.startsWith('dispatch') && pageTask(m))!;
  const lastReturn = marks.filter((m) => m.label.startsWith('return') && pageTask(m)).at(-1)!;
  const exit = marks.at(-1)!;
  return {
    wall,
    firstTask: firstTask.t,
    firstTaskCpu: firstTask.mainCpu,
    firstPage: firstPage.t,
    tail: exit.t - lastReturn.t,
    tailCpu: exit.mainCpu - lastReturn.mainCpu,
    mainCpu: exit.mainCpu,
    processCpu: processCpuMs,
    runtimeCpu: threads?.runtime ?? NaN,
    workersCpu: threads?.workers ?? NaN,
    nativeCpu: threads?.native ?? NaN,
  };
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows: Record<'head' | 'base', Row[]> = { head: [], base: [] };
once(root); // warm the page cache and pdf.js's code cache for both
once(base);
for (let i = 0; i < runs; i++) {
  for (const [name, build] of i % 2 === 0 ? ([['head', root], ['base', base]] as const) : ([['base', base], ['head', root]] as const)) {
    const row = once(build);
    rows[name].push(row);
    console.log(`run ${i + 1} ${name}: ${Object.entries(row).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ')}`);
  }
}
console.log(`medians over ${runs} runs each, ms (${path.basename(file)}; load avg ${os.loadavg()[0]!.toFixed(2)}):`);
console.log('measure        head    base   head-base  head/base');
for (const k of Object.keys(rows.head[0]!) as Array<keyof Row>) {
  const h = median(rows.head.map((r) => r[k]));
  const b = median(rows.base.map((r) => r[k]));
  console.log(`${k.padEnd(13)} ${h.toFixed(0).padStart(6)}  ${b.toFixed(0).padStart(6)}  ${(h - b).toFixed(0).padStart(9)}  ${(h / b).toFixed(3).padStart(9)}`);
}
