/**
 * Issue 21 item 8: how long the main event loop stalls while a large input is accepted and
 * loaded (copied to the blob store, read back, hashed, sniffed). Submits N MB of bytes that
 * look like a PDF (the job then fails in the worker; only the main-thread handling matters)
 * and reports the longest event-loop delay measured during submission and the job.
 * Usage: npx tsx bench/input-event-loop.ts [--mb 300] [--path]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createEngine } from '../src/index.js';

const mb = process.argv.includes('--mb') ? Number(process.argv[process.argv.indexOf('--mb') + 1]) : 300;
const bytes = new Uint8Array(mb * 1024 * 1024);
// No PDF header: the job fails right after the main thread has loaded and hashed the input.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-elbench-'));
const engine = createEngine({ workers: 1, dataDir, maxFileBytes: (mb + 1) * 1024 * 1024 });
const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
const t0 = performance.now();
// --path: the input is a file on disk (read by the job), else bytes given to submit.
const asPath = process.argv.includes('--path');
const file = path.join(dataDir, '..', `quire-elbench-${process.pid}.bin`);
if (asPath) fs.writeFileSync(file, bytes);
const job = await engine.parse(asPath ? file : bytes, { file_name: 'big.pdf' });
const submitted = performance.now() - t0;
const r = await engine.waitForJob(job.job_id);
h.disable();
if (asPath) fs.rmSync(file, { force: true });
console.log(`${mb} MB ${asPath ? 'file' : 'bytes'} input: submit ${submitted.toFixed(0)} ms, job ${r.status} after ${(performance.now() - t0).toFixed(0)} ms; longest event-loop delay ${(h.max / 1e6).toFixed(0)} ms, p99 ${(h.percentile(99) / 1e6).toFixed(0)} ms`);
await engine.close();
fs.rmSync(dataDir, { recursive: true, force: true });
