/**
 * The pool workers' CPU of a CLI parse, without the CLI: for each build, one CLI run records
 * the tasks it hands to its pool (bench/lib/capture-tasks-preload.mjs); then, in fresh
 * processes, alternating builds, each build's worker entry runs its own recorded page tasks
 * in one thread, cold as a pool worker is (both workers' batches in turn, the worker's V8
 * flags set by the entry itself). Prints each run's CPU of the process (the thread, V8's
 * compiler and GC threads) and of the thread alone, medians and ratios. The OCRed cover (page
 * 1) is left out by default (--with-first-page to keep it): its OCR costs the same in every
 * build and its ±50 ms hide the rest. Why: compare-builds.ts's whole-CLI CPU also holds the
 * main thread and start-up, and a loaded machine moves it by several per cent; this isolates
 * the per-page work, where the wave's features add cost.
 * Usage: node bench/worker-replay.mjs OTHER_BUILD [--runs N] [--file corpus/relative.pdf] [--with-first-page]
 * (each build's dist/ must exist; Linux: the thread's CPU comes from /proc).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const arg = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = process.env.QUIRE_CORPUS ?? path.resolve(here, '../../shared/corpus');
const file = path.join(corpus, arg('--file', 'long/pdf.js/test/pdfs/freeculture.pdf'));

if (argv[0] === '--child') {
  // One replay: node worker-replay.mjs --child BUILD TASKS FILE SKIP
  const [, build, tasksFile, pdf, skip] = argv;
  const entry = ['dist/operations/worker-entry.js', 'dist/workers/worker.js'].map((e) => path.join(build, e)).find((e) => fs.existsSync(e));
  const thread = () => Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  const runTask = (await import(pathToFileURL(entry).href)).default;
  const bytes = new Uint8Array(fs.readFileSync(pdf));
  const data = new SharedArrayBuffer(bytes.length);
  new Uint8Array(data).set(bytes);
  const tasks = v8.deserialize(fs.readFileSync(tasksFile));
  const cropDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-replay-'));
  const key = `replay-${process.pid}`;
  const inspect = tasks.find((t) => t.kind === 'pdf.inspect');
  if (inspect) await runTask({ kind: inspect.kind, payload: { ...inspect.payload, key, data } });
  const c0 = process.cpuUsage();
  const t0 = thread();
  let pages = 0;
  for (const t of tasks) {
    if (t.kind !== 'pdf.analyzePages') continue;
    const list = skip === '1' ? t.payload.pages.filter((p) => p !== 1) : t.payload.pages;
    if (list.length === 0) continue;
    const r = await runTask({ kind: t.kind, payload: { ...t.payload, key, data, pages: list, ocr: { ...t.payload.ocr, cropDir } } });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    v8.serialize(r.value); // the reply's structured clone
    pages += list.length;
  }
  const c = process.cpuUsage(c0);
  const threadMs = thread() - t0;
  fs.rmSync(cropDir, { recursive: true, force: true });
  console.log(JSON.stringify({ pages, cpuMs: (c.user + c.system) / 1000, threadMs }));
  process.exit(0);
}

const root = path.resolve(here, '..');
const other = path.resolve(argv[0] ?? '');
const runs = Number(arg('--runs', '5'));
const skip = argv.includes('--with-first-page') ? '0' : '1';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-replay-tasks-'));
const builds = [
  { name: 'head', dir: root },
  { name: 'other', dir: other },
];
for (const b of builds) {
  b.tasks = path.join(tmp, `${b.name}.tasks`);
  const out = path.join(tmp, `${b.name}.json`);
  const r = spawnSync(process.execPath, ['--import', path.join(here, 'lib/capture-tasks-preload.mjs'), path.join(b.dir, 'dist/cli/main.js'), 'parse', file, '--out', out], {
    env: { ...process.env, CAPTURE_BUILD: b.dir, CAPTURE_OUT: b.tasks },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`${b.dir}: ${r.stderr.slice(-400)}`);
  b.cpu = [];
  b.thread = [];
}
const once = (b) => {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', b.dir, b.tasks, file, skip], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${b.dir}: ${r.stderr.slice(-400)}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
};
for (let i = 0; i < runs; i++) {
  for (const b of i % 2 === 0 ? builds : builds.slice().reverse()) {
    const s = once(b);
    b.cpu.push(s.cpuMs);
    b.thread.push(s.threadMs);
    console.log(`run ${i + 1} ${b.name}: ${s.pages} pages, process ${s.cpuMs.toFixed(0)} ms CPU, thread ${s.threadMs.toFixed(0)} ms`);
  }
}
const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
const [h, o] = builds;
console.log(`${path.basename(file)} worker replay: process CPU head ${median(h.cpu).toFixed(0)} ms, other ${median(o.cpu).toFixed(0)} ms, head/other ${(median(h.cpu) / median(o.cpu)).toFixed(3)}; ` +
  `thread head ${median(h.thread).toFixed(0)} ms, other ${median(o.thread).toFixed(0)} ms, head/other ${(median(h.thread) / median(o.thread)).toFixed(3)} (load avg ${os.loadavg()[0].toFixed(2)})`);
fs.rmSync(tmp, { recursive: true, force: true });
