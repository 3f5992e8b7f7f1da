/**
 * Peak RSS of the whole process (main thread, workers, native code) while a very large
 * result goes through each face of the job layer: the library (`waitForJob`, status only,
 * and again reading every chunk), the CLI (`quire excel FILE --out`), and the HTTP server
 * (`GET /parse/{id}` read to the end by a client in the same process). The input is the
 * hostile set's 1M-formula workbook (~118 M characters of result). Each path runs in a
 * fresh child process; the parent builds the input once. Issue 21's bound: 1 GB.
 *
 *   npx tsx bench/result-memory.ts                 # every path
 *   npx tsx bench/result-memory.ts cli server      # some of them
 *   QUIRE_RESULT_FILE_CHARS=1e12 npx tsx bench/result-memory.ts   # library/server: results kept as objects
 *
 * To compare with a build before result files, copy this script into that tree's bench/ and
 * run it there (its engine ignores `resultFileChars`).
 *
 * Not part of `npm test`: memory and time depend on the machine.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formulaWorkbook } from './lib/hostile/workbook.js';

const here = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(here), '..');
const PATHS = ['library', 'library-chunks', 'cli', 'server'] as const;
type Face = (typeof PATHS)[number];

function vmHwmMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

function resultFileChars(): number | undefined {
  const v = process.env.QUIRE_RESULT_FILE_CHARS;
  return v ? Number(v) : undefined;
}

/** Child: one path, one job; prints `@@RESULT {json}`. */
async function child(face: Face, input: string, work: string): Promise<void> {
  const start = performance.now();
  let status = '';
  let bytes = 0;
  if (face === 'library' || face === 'library-chunks') {
    const { createEngine } = await import('../src/index.js');
    const engine = createEngine({ workers: 2, dataDir: work, resultFileChars: resultFileChars() });
    const job = await engine.parseExcel({ data: new Uint8Array(fs.readFileSync(input)), fileName: 'formulas.xlsx' }, {});
    const res = await engine.waitForJob(job.job_id);
    status = res.status;
    if (face === 'library-chunks') bytes = res.chunks?.length ?? 0;
    await engine.close();
  } else if (face === 'server') {
    const { startServer } = await import('../src/server/server.js');
    const key = 'bench-key-000000000001';
    const s = await startServer({ host: '127.0.0.1', port: 0, dataDir: work, envKeys: key, workers: 2, engine: { resultFileChars: resultFileChars() } });
    const headers = { 'api-key': key };
    const fd = new FormData();
    fd.append('file', new Blob([fs.readFileSync(input)]), 'formulas.xlsx');
    const created = (await (await fetch(`${s.url}/parse/excel`, { method: 'POST', body: fd, headers })).json()) as { job_id: string };
    for (;;) {
      // A kept-alive socket the server closed meanwhile answers ECONNRESET once: poll again.
      const st = (await fetch(`${s.url}/parse/${created.job_id}?include_chunks=false`, { headers })
        .then((r) => r.json())
        .catch((err: Error) => ({ status: 'retry', error: err.message }))) as { status: string };
      if (['Succeeded', 'Failed', 'Cancelled'].includes(st.status)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const res = await fetch(`${s.url}/parse/${created.job_id}`, { headers });
    const reader = res.body!.getReader();
    let head = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (head.length < 100) head += Buffer.from(value).toString('utf8', 0, 100);
      bytes += value.length;
    }
    status = /"status":"(\w+)"/.exec(head)?.[1] ?? `HTTP ${res.status}`;
    await s.stop();
  }
  const out = { face, status, seconds: (performance.now() - start) / 1000, peakRssMb: vmHwmMb(), bytes };
  process.stdout.write(`\n@@RESULT ${JSON.stringify(out)}\n`);
}

function runCli(input: string, work: string): { status: string; seconds: number; peakRssMb: number; bytes: number } {
  const out = path.join(work, 'out.json');
  const start = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '@@MAXRSS %M', process.execPath, '--import', 'tsx', path.join(repo, 'src/cli/main.ts'), 'excel', input, '--out', out, '--data-dir', path.join(work, 'data')], { encoding: 'utf8', cwd: repo, timeout: 600_000 });
  const kb = Number(/@@MAXRSS (\d+)/.exec(r.stderr ?? '')?.[1]);
  const bytes = fs.existsSync(out) ? fs.statSync(out).size : 0;
  const status = fs.existsSync(out) ? (/"status":"(\w+)"/.exec(fs.readFileSync(out, 'utf8').slice(0, 300))?.[1] ?? '?') : `exit ${r.status}`;
  return { status, seconds: (performance.now() - start) / 1000, peakRssMb: Math.round(kb / 1024), bytes };
}

async function main(): Promise<void> {
  const i = process.argv.indexOf('--face');
  if (i >= 0) return child(process.argv[i + 1] as Face, process.argv[process.argv.indexOf('--input') + 1]!, process.argv[process.argv.indexOf('--work') + 1]!);
  const words = process.argv.slice(2);
  const faces = PATHS.filter((f) => words.length === 0 || words.includes(f));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-result-memory-'));
  const input = path.join(dir, 'formulas.xlsx');
  fs.writeFileSync(input, formulaWorkbook(1_000_000));
  console.log(`resultFileChars: ${resultFileChars() ?? 'default'}`);
  for (const face of faces) {
    const work = fs.mkdtempSync(path.join(dir, `${face}-`));
    let r;
    if (face === 'cli') r = runCli(input, work);
    else {
      const c = spawnSync(process.execPath, ['--import', 'tsx', here, '--face', face, '--input', input, '--work', work], { encoding: 'utf8', timeout: 600_000, maxBuffer: 64 << 20 });
      const line = (c.stdout ?? '').split('\n').find((l) => l.startsWith('@@RESULT '));
      r = line ? JSON.parse(line.slice(9)) : { status: `child exited ${c.status ?? c.signal}: ${(c.stderr ?? '').trim().split('\n').slice(-2).join(' ')}`, seconds: NaN, peakRssMb: NaN, bytes: 0 };
    }
    fs.rmSync(work, { recursive: true, force: true });
    console.log(`${r.peakRssMb <= 1024 ? 'ok  ' : 'OVER'} ${face.padEnd(15)} ${String(r.status).padEnd(10)} ${r.seconds.toFixed(1).padStart(6)} s ${String(r.peakRssMb).padStart(5)} MB peak RSS  ${r.bytes ? `(${r.bytes.toLocaleString('en-US')} ${face === 'library-chunks' ? 'chunks' : 'bytes'})` : ''}`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`(machine: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`);
}

await main();
