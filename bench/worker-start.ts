/**
 * What a fresh pool worker costs before its first answer, for this build and another (the
 * pre-wave base), alternating: a new process imports the build's worker entry and runs one
 * `pdf.inspect` task (the page count every parse starts with), then prints the CPU of its
 * thread (/proc/thread-self/schedstat) and of the whole process (V8's compiler and GC threads
 * included). A parse starts two such workers at once with the CLI's own start-up, so this is
 * CPU on the way to the first page (scripts/bundle-dist.mjs bundles the entry for it).
 * Usage: npx tsx bench/worker-start.ts BASE_DIR [--file corpus/relative.pdf] [--runs N]
 * (each build's dist/ must exist; Linux).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusPath, hasCorpus } from './lib/corpus.js';

const arg = (name: string, dflt: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1]! : dflt);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = path.resolve(process.argv[2] ?? '');
const file = corpusPath(arg('--file', 'long/pdf.js/test/pdfs/freeculture.pdf'));
const runs = Number(arg('--runs', '7'));
if (!hasCorpus) throw new Error('corpus not found (set QUIRE_CORPUS)');

/** The worker entry of a build: today's, or the pre-wave layout's. */
function entryOf(build: string): string {
  for (const rel of ['dist/operations/worker-entry.js', 'dist/workers/worker.js']) if (fs.existsSync(path.join(build, rel))) return path.join(build, rel);
  throw new Error(`no worker entry in ${build}/dist`);
}

const CHILD = `
import fs from 'node:fs';
const cpu = () => Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
const all = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const [entry, file] = process.argv.slice(1);
const bytes = fs.readFileSync(file);
const data = new SharedArrayBuffer(bytes.length);
new Uint8Array(data).set(bytes);
const c0 = cpu(), a0 = all();
const m = await import(entry);
const r = await m.default({ kind: 'pdf.inspect', payload: { kind: 'pdf', key: 'bench', data } });
if (!r.ok) throw new Error(JSON.stringify(r));
console.log(JSON.stringify({ thread: cpu() - c0, process: all() - a0 }));
process.exit(0);
`;

function once(build: string): { thread: number; process: number } {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD, entryOf(build), file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${build}: ${r.stderr.slice(-400)}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { thread: number; process: number };
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows: Record<'head' | 'base', Array<{ thread: number; process: number }>> = { head: [], base: [] };
once(root); // warm the page cache for both
once(base);
for (let i = 0; i < runs; i++) {
  for (const [name, build] of i % 2 === 0 ? ([['head', root], ['base', base]] as const) : ([['base', base], ['head', root]] as const)) {
    const s = once(build);
    rows[name].push(s);
    console.log(`run ${i + 1} ${name}: thread ${s.thread.toFixed(1)} ms, process ${s.process.toFixed(1)} ms`);
  }
}
for (const k of ['thread', 'process'] as const) {
  const h = median(rows.head.map((r) => r[k]));
  const b = median(rows.base.map((r) => r[k]));
  console.log(`${k} CPU to the first answer: head ${h.toFixed(1)} ms, base ${b.toFixed(1)} ms, head/base ${(h / b).toFixed(3)}`);
}
console.log(`(${runs} runs each, ${path.basename(file)}, load avg ${os.loadavg()[0]!.toFixed(2)})`);
