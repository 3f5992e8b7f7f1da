/**
 * bench/native-timeout-sweep.ts — does a page time limit that lands inside native code take
 * the process down? (the "terminate called after throwing an instance of 'Napi::Error'" abort
 * seen under load; src/workers/native-guard.ts). Parses one real PDF again and again on one
 * engine with a page time limit swept from --min-ms to --max-ms (even steps, so runs are
 * repeatable), in a child process, and reports how the child ended and how the jobs ended.
 *   npx tsx bench/native-timeout-sweep.ts [--file REL] [--rounds 20] [--min-ms 200] [--max-ms 2000] [--workers 2]
 * REL is relative to the corpus (default: layout-parser-paper-fast.pdf). Whether a limit lands
 * inside a model run is a matter of timing, so a run of the unguarded pool may or may not die
 * (normal_4pages.pdf, 16 rounds 100..1600 ms: one run of two died); the deterministic
 * reproduction is test/workers/native-timeout.test.ts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { corpusPath, hasCorpus } from './lib/corpus.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const file = corpusPath(arg('file', 'office/unstructured/example-docs/pdf/layout-parser-paper-fast.pdf'));
const rounds = Number(arg('rounds', '20'));
const minMs = Number(arg('min-ms', '200'));
const maxMs = Number(arg('max-ms', '2000'));
const workers = Number(arg('workers', '2'));

if (process.argv.includes('--child')) {
  const { createEngine } = await import('../src/index.js');
  const bytes = new Uint8Array(fs.readFileSync(file));
  const engine = createEngine({ workers, taskTimeoutMs: 60_000 });
  // A first parse with the usual limit warms the workers and gives the reference result.
  const warm = await engine.waitForJob((await engine.parse({ data: bytes, fileName: 'doc.pdf' })).job_id);
  const ends: Record<string, number> = {};
  for (let i = 0; i < rounds; i++) {
    const limit = Math.round(minMs + ((maxMs - minMs) * i) / Math.max(1, rounds - 1));
    (engine as unknown as { pool: { taskTimeoutMs: number } }).pool.taskTimeoutMs = limit; // bench only: the limit of this round
    const r = await engine.waitForJob((await engine.parse({ data: bytes, fileName: 'doc.pdf' })).job_id);
    const skipped = (r.metadata.skipped_pages as unknown[] | undefined)?.length ?? 0;
    const key = `${r.status}${skipped ? ' (pages skipped)' : ''}`;
    ends[key] = (ends[key] ?? 0) + 1;
    process.stderr.write(`${limit} ms: ${key}${skipped ? ` ${skipped}` : ''}\n`);
  }
  await engine.close();
  console.log(JSON.stringify({ warm: warm.status, pages: warm.page_count, ends }));
} else {
  if (!hasCorpus) {
    console.log('corpus absent: nothing to run');
    process.exit(0);
  }
  const started = process.cpuUsage();
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', ...process.argv.slice(2)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const cpu = process.cpuUsage(started);
  const crashed = child.status !== 0 || child.signal !== null;
  console.log(`file: ${file}\nrounds: ${rounds}, page time limit ${minMs}..${maxMs} ms, ${workers} workers`);
  console.log(`child exit: status ${child.status}, signal ${child.signal}${crashed ? '  <- the process died' : ''}`);
  console.log(`jobs: ${child.stdout.trim().split('\n').at(-1) ?? '(none)'}`);
  console.log(`parent CPU (not the child's): ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`);
}
