/**
 * Parse time of one PDF by two builds of the CLI, alternating runs so that the machine's
 * load (other processes) falls on both alike; prints each run, the medians and the ratios of
 * wall time and of CPU time (user + system of the whole child process, worker threads included,
 * measured by GNU time: less sensitive to a loaded machine than wall time).
 * Usage: npx tsx bench/compare-builds.ts BASE_DIR [--file corpus/relative.pdf] [--runs N]
 * (each build's dist/ must exist: `npm run build` in both).
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
const runs = Number(arg('--runs', '3'));
if (!hasCorpus) throw new Error('corpus not found (set QUIRE_CORPUS)');
for (const b of [root, base]) if (!fs.existsSync(path.join(b, 'dist/cli/main.js'))) throw new Error(`no build in ${b}`);

/** One parse: wall seconds, and CPU seconds (user + system, all threads of the child) from GNU time. */
function once(build: string): { wall: number; cpu: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-cmp-'));
  const out = path.join(dir, 'r.json');
  const cpuFile = path.join(dir, 'cpu.txt');
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', cpuFile, process.execPath, path.join(build, 'dist/cli/main.js'), 'parse', file, '--out', out], { encoding: 'utf8' });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${build}: ${r.stderr.slice(-400)}`);
  const [user, sys] = fs.readFileSync(cpuFile, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
  fs.rmSync(dir, { recursive: true, force: true });
  return { wall, cpu: user! + sys! };
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const times: Record<string, number[]> = { head: [], base: [] };
const cpus: Record<string, number[]> = { head: [], base: [] };
once(root); // warm the code cache and the page cache for both
once(base);
for (let i = 0; i < runs; i++) {
  for (const [name, build] of i % 2 === 0 ? ([['head', root], ['base', base]] as const) : ([['base', base], ['head', root]] as const)) {
    const s = once(build);
    times[name]!.push(s.wall);
    cpus[name]!.push(s.cpu);
    console.log(`run ${i + 1} ${name}: ${s.wall.toFixed(2)} s wall, ${s.cpu.toFixed(2)} s cpu`);
  }
}
const h = median(times.head!);
const b = median(times.base!);
const hc = median(cpus.head!);
const bc = median(cpus.base!);
console.log(`${path.basename(file)}: wall head median ${h.toFixed(2)} s, base median ${b.toFixed(2)} s, head/base ${(h / b).toFixed(3)}; ` +
  `cpu head median ${hc.toFixed(2)} s, base ${bc.toFixed(2)} s, head/base ${(hc / bc).toFixed(3)} (load avg ${os.loadavg()[0]!.toFixed(2)})`);
