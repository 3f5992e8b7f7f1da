/**
 * The hostile set of issue 21, each input in a fresh child process running one engine
 * (workers: 2, default limits), so each reports its own time to a terminal state, its
 * peak RSS (VmHWM of the whole process: main thread, pool workers, native decoders) and the
 * job's message. Inputs are generated (bench/lib/hostile/cases.ts); nothing is downloaded.
 *
 *   npx tsx bench/hostile.ts            # every case
 *   npx tsx bench/hostile.ts bomb tiff  # cases whose name contains any of these words
 *
 * Targets (issue 21, "Done means"): a refusal decidable from headers within 10 s, and at
 * most 1 GB RSS for every case. Not part of `npm test`: timings depend on the machine.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOSTILE_CASES, type HostileCase } from './lib/hostile/cases.js';

const here = fileURLToPath(import.meta.url);

interface Outcome {
  name: string;
  status: string;
  expected: string;
  seconds: number;
  peakRssMb: number;
  message: string;
}

function peakRssMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Math.round(process.resourceUsage().maxRSS / 1024);
}

/** Child: read the input the parent built, run it on a fresh engine, print one JSON line. */
async function runCase(c: HostileCase, inputFile: string): Promise<void> {
  const { createEngine } = await import('../src/index.js');
  const data = new Uint8Array(fs.readFileSync(inputFile));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-hostile-'));
  const engine = createEngine({ workers: 2, dataDir });
  const start = performance.now();
  let status = 'error';
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
  const seconds = (performance.now() - start) / 1000;
  await engine.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const out: Outcome = { name: c.name, status, expected: c.expect, seconds, peakRssMb: peakRssMb(), message };
  process.stdout.write(`\n@@RESULT ${JSON.stringify(out)}\n`);
}

async function main(): Promise<void> {
  const caseArg = process.argv.indexOf('--case');
  if (caseArg >= 0) {
    const c = HOSTILE_CASES.find((x) => x.name === process.argv[caseArg + 1]);
    if (!c) throw new Error(`no case ${process.argv[caseArg + 1]}`);
    await runCase(c, process.argv[process.argv.indexOf('--input') + 1]!);
    return;
  }
  const words = process.argv.slice(2).map((w) => w.toLowerCase());
  const cases = HOSTILE_CASES.filter((c) => words.length === 0 || words.some((w) => c.name.toLowerCase().includes(w)));
  const results: Outcome[] = [];
  const inputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-hostile-inputs-'));
  for (const c of cases) {
    // Built here, so that the generator's memory is not counted in the child's peak RSS.
    const inputFile = path.join(inputDir, c.fileName);
    fs.writeFileSync(inputFile, await c.build());
    const child = spawnSync(process.execPath, ['--import', 'tsx', here, '--case', c.name, '--input', inputFile], { encoding: 'utf8', timeout: 600_000, maxBuffer: 64 * 1024 * 1024 });
    fs.rmSync(inputFile, { force: true });
    const line = (child.stdout ?? '').split('\n').find((l) => l.startsWith('@@RESULT '));
    const r: Outcome = line
      ? (JSON.parse(line.slice('@@RESULT '.length)) as Outcome)
      : { name: c.name, status: `child exited ${child.status ?? child.signal}`, expected: c.expect, seconds: NaN, peakRssMb: NaN, message: (child.stderr ?? '').trim().split('\n').slice(-2).join(' ') };
    results.push(r);
    const ok = r.status === r.expected && r.peakRssMb <= 1024;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(48)} ${r.status.padEnd(9)} ${r.seconds.toFixed(1).padStart(6)} s ${String(r.peakRssMb).padStart(5)} MB  ${r.message.slice(0, 160)}`);
  }
  fs.rmSync(inputDir, { recursive: true, force: true });
  const bad = results.filter((r) => r.status !== r.expected || !(r.peakRssMb <= 1024));
  console.log(`\n${results.length - bad.length}/${results.length} cases ended as expected within 1 GB RSS (machine: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`);
}

await main();
