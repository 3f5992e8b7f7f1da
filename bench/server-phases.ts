/**
 * Where the sample parse spends its time through `quire serve` against the library call,
 * phase by phase: `npx tsx bench/server-phases.ts [--runs 15] [--poll-ms 25]` (needs
 * `npm run build`). Same client and alternation as bench/server-vs-library.ts (library run,
 * then HTTP run; one worker thread each; the client posts the file as multipart, polls
 * `GET /parse/{id}?include_chunks=false` every `--poll-ms` ms, then fetches the full result).
 * The server runs with QUIRE_PHASE_MARKS=1 (src/runtime/phase-marks.ts): its marks and the
 * client's own times, all in epoch ms on this machine, cut each run into phases; the library
 * engine in this process marks the same job steps (onPhaseMark). Prints, per phase, the median, p90 and
 * minimum in ms for both paths and the HTTP path's extra over the library's counterpart
 * (the minimum is the cost on an unloaded moment; medians move with machine load, printed).
 * `--base-cli OTHER/dist/cli/main.js` also runs a server of another build and alternates it
 * in every run: the phases of two builds in the same run.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import { percentile, spawnServer } from './lib/spawn-server.js';
import { createEngine } from '../src/index.js';
import { onPhaseMark } from '../src/runtime/phase-marks.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const RUNS = Number(arg('--runs', '15'));
const POLL = Number(arg('--poll-ms', '25'));
const file = new URL('../test/fixtures/pdf/us_constitution.pdf', import.meta.url).pathname;
const pdf = new Uint8Array(await fs.readFile(file));

type Mark = { t: number; label: string; job: string };
const parse = (line: string): Mark | undefined => {
  const m = /^QUIRE_MARK (\d+\.\d+) (\S+) ?(\S*)/.exec(line);
  return m ? { t: Number(m[1]), label: m[2]!, job: m[3]! } : undefined;
};
const startServer = async (cli?: string) => {
  const marks: Mark[] = [];
  const server = await spawnServer({ keys: 1, rps: 100, args: ['--workers', '1', '--concurrent-jobs', '1'], cli, env: { QUIRE_PHASE_MARKS: '1' }, onStderr: (l) => {
    const m = parse(l);
    if (m) marks.push(m);
    else if (l.trim()) process.stderr.write(`${l}\n`);
  } });
  return { server, marks };
};
const head = await startServer();
// `--base-cli OTHER/dist/cli/main.js`: a server of another build, alternated in every run (same-run phases of two builds).
const baseCli = process.argv.includes('--base-cli') ? arg('--base-cli', '') : undefined;
const base = baseCli ? await startServer(baseCli) : undefined;
// The library engine in this process marks the same steps, here straight into a list.
const libMarks: Mark[] = [];
onPhaseMark((t, label, job) => libMarks.push({ t, label, job }));
const engine = createEngine({ workers: 1, maxConcurrentJobs: 1 });
const now = () => performance.timeOrigin + performance.now();

async function viaHttp({ server, marks: serverMarks } = head): Promise<Record<string, number>> {
  const key = server.keys[0]!;
  const t0 = now();
  const fd = new FormData();
  fd.append('file', new Blob([pdf]), 'us_constitution.pdf');
  const created = (await (await fetch(`${server.url}/parse`, { method: 'POST', headers: { 'api-key': key }, body: fd })).json()) as { job_id: string };
  const answered = now();
  for (;;) {
    const st = (await (await fetch(`${server.url}/parse/${created.job_id}?include_chunks=false`, { headers: { 'api-key': key } })).json()) as { status: string };
    if (st.status !== 'Starting' && st.status !== 'Processing') break;
    await new Promise((r) => setTimeout(r, POLL));
  }
  const seen = now();
  const full = (await (await fetch(`${server.url}/parse/${created.job_id}`, { headers: { 'api-key': key } })).json()) as { chunks: unknown[] };
  const end = now();
  if (!full.chunks.length) throw new Error('no chunks');
  await new Promise((r) => setTimeout(r, 50)); // the last marks arrive
  const of = (label: string) => {
    const m = serverMarks.find((x) => x.label === label && (x.job === created.job_id || (!x.job && x.t >= t0 && x.t <= answered)));
    if (!m) throw new Error(`no server mark ${label}`);
    return m.t;
  };
  const after = (label: string, t: number) => serverMarks.find((x) => x.label === label && x.job === created.job_id && x.t >= t)?.t;
  const primed = after('view-primed', 0);
  const spliced = after('result-spliced', seen);
  const m = ['upload-received', 'pages-counted', 'job-created', 'job-claimed', 'job-run-start', 'job-run-end', 'result-kept', 'job-finished', 'submission-durable'].map(of);
  const [upload, counted, created_, claimed, runStart, runEnd, kept, finished, durable] = m as [number, number, number, number, number, number, number, number, number];
  return {
    'upload received (request, multipart, file write)': upload - t0,
    'upload → pages counted': counted - upload,
    'upload → job claimed (record fsync; beside the count)': claimed - upload,
    'input load, copy, hash': runStart - claimed,
    'job run': runEnd - runStart,
    'result kept': kept - runEnd,
    'job finished (record fsync)': finished - kept,
    'until a poll sees it': seen - finished,
    'full result fetched and parsed': end - seen,
    'POST answered, from its start (client; overlaps the job)': answered - t0,
    'result view serialized, after the job finished': primed === undefined ? NaN : primed - finished,
    'full fetch: answered from kept chunks (1) or not (0)': spliced === undefined ? 0 : 1,
    'a poll held for the job end (1) or not (0), poll-hold.ts': after('poll-held', 0) === undefined ? 0 : 1,
    'its durable writes, after the job was created and counted': durable - created_,
    total: end - t0,
  };
}

async function viaLibrary(): Promise<Record<string, number>> {
  libMarks.length = 0;
  const t0 = now();
  const { job_id } = await engine.parse(file, {});
  await engine.waitForJob(job_id);
  const full = await engine.getParseJob(job_id);
  const end = now();
  if (!full.chunks?.length) throw new Error('no chunks');
  const of = (label: string) => libMarks.find((x) => x.label === label && x.job === job_id)!.t;
  return {
    'until the job is claimed': of('job-claimed') - t0,
    'input load, copy, hash': of('job-run-start') - of('job-claimed'),
    'job run': of('job-run-end') - of('job-run-start'),
    'result kept': of('result-kept') - of('job-run-end'),
    'job finished (record fsync)': of('job-finished') - of('result-kept'),
    'wait and read the result': end - of('job-finished'),
    total: end - t0,
  };
}

await viaHttp();
if (base) await viaHttp(base);
await viaLibrary();
const http: Array<Record<string, number>> = [];
const baseHttp: Array<Record<string, number>> = [];
const lib: Array<Record<string, number>> = [];
const load0 = os.loadavg()[0]!;
for (let r = 0; r < RUNS; r++) {
  lib.push(await viaLibrary());
  http.push(await viaHttp());
  if (base) baseHttp.push(await viaHttp(base));
}
const load1 = os.loadavg()[0]!;
await engine.close();
await head.server.stop();
await base?.server.stop();

const stats = (xs: number[]) => `median ${percentile(xs, 50).toFixed(1).padStart(6)}  p90 ${percentile(xs, 90).toFixed(1).padStart(6)}  min ${Math.min(...xs).toFixed(1).padStart(6)}`;
console.log(`${RUNS} runs, polling every ${POLL} ms; load average ${load0.toFixed(1)} at start, ${load1.toFixed(1)} at end (${os.cpus().length} CPUs)`);
console.log('HTTP (ms):');
for (const k of Object.keys(http[0]!)) console.log(`  ${k.padEnd(52)} ${stats(http.map((h) => h[k]!))}`);
if (base) {
  console.log(`HTTP, base build ${baseCli} (ms):`);
  for (const k of Object.keys(baseHttp[0]!)) console.log(`  ${k.padEnd(52)} ${stats(baseHttp.map((h) => h[k]!))}`);
}
console.log('library (ms):');
for (const k of Object.keys(lib[0]!)) console.log(`  ${k.padEnd(52)} ${stats(lib.map((h) => h[k]!))}`);
// The HTTP path's extra, per run: everything but the shared steps (input load, job run).
const extra = http.map((h) => h.total! - h['input load, copy, hash']! - h['job run']!);
const libExtra = lib.map((l) => l.total! - l['input load, copy, hash']! - l['job run']!);
console.log(`outside the shared steps (input load + job run): HTTP ${stats(extra)}; library ${stats(libExtra)}`);
if (base) console.log(`outside the shared steps, base build: HTTP ${stats(baseHttp.map((h) => h.total! - h['input load, copy, hash']! - h['job run']!))}`);
const ratio = percentile(http.map((h) => h.total!), 50) / percentile(lib.map((l) => l.total!), 50);
console.log(`total: HTTP ${stats(http.map((h) => h.total!))}; library ${stats(lib.map((l) => l.total!))}; median ratio ${ratio.toFixed(2)}x`);
