/**
 * Soak test of the job layer (issue 21), not part of CI: N sequential jobs on one engine
 * mixing normal inputs (a born-digital PDF, a workbook, a tables job) and hostile ones
 * (truncated PDF, random bytes, an empty file, a PNG with "%PDF-" in its metadata, a huge
 * declared page count is left to the hostile-set bench). Reports RSS after warm-up and at the
 * end, the files left in the data folder, and that every job ended.
 * Usage: npx tsx bench/soak.ts [--jobs 1000] [--retention-ms 2000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEngine } from '../src/index.js';

const arg = (n: string, d: number) => (process.argv.includes(n) ? Number(process.argv[process.argv.indexOf(n) + 1]) : d);
const jobs = arg('--jobs', 1000);
const retentionMs = arg('--retention-ms', 2000);
const fixture = (...p: string[]) => path.resolve(import.meta.dirname, '../test/fixtures', ...p);
const pdf = fs.readFileSync(fixture('pdf', 'column_span_1.pdf'));
const inputs: Array<{ name: string; op: string; data: Uint8Array }> = [
  { name: 'ok.pdf', op: 'parse', data: pdf },
  { name: 'ok.xlsx', op: 'parse_excel', data: fs.readFileSync(fixture('xlsx', 'sheet_visibility.xlsx')) },
  { name: 'tables.pdf', op: 'tables', data: pdf },
  { name: 'truncated.pdf', op: 'parse', data: pdf.subarray(0, pdf.length >> 1) },
  { name: 'random.pdf', op: 'parse', data: new Uint8Array(50_000).map(() => (Math.random() * 256) | 0) },
  { name: 'empty.pdf', op: 'parse', data: new Uint8Array(0) },
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-soak-'));
const engine = createEngine({ workers: 2, dataDir, fileRetentionMs: retentionMs, maxFinishedJobs: 50 });
const states: Record<string, number> = {};
let warm = 0;
const t0 = Date.now();
for (let i = 0; i < jobs; i++) {
  const inp = inputs[i % inputs.length]!;
  const created = await engine.submit<{ job_id: string }>(inp.op, { data: inp.data, fileName: inp.name });
  const view = await engine.wait<{ status: string }>(created.job_id);
  states[view.status] = (states[view.status] ?? 0) + 1;
  if (i === Math.min(99, jobs - 1)) {
    global.gc?.();
    warm = process.memoryUsage().rss;
  }
}
await new Promise((r) => setTimeout(r, retentionMs + 1500));
await engine.sweepExpired();
global.gc?.();
const end = process.memoryUsage().rss;
const left = fs.readdirSync(dataDir);
console.log(`${jobs} jobs in ${((Date.now() - t0) / 1000).toFixed(1)} s; states ${JSON.stringify(states)}`);
console.log(`RSS after 100 jobs ${(warm / 1048576).toFixed(0)} MB, at the end ${(end / 1048576).toFixed(0)} MB (${(((end - warm) / warm) * 100).toFixed(1)}%)`);
console.log(`folders left in the data dir after the retention time: ${left.length}`);
await engine.close();
fs.rmSync(dataDir, { recursive: true, force: true });
