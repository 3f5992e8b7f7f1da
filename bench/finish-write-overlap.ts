/**
 * The job store's finishing write with and without `after` (JobStore UpdateOptions):
 * `npx tsx bench/finish-write-overlap.ts [--jobs 40]`. Per job, the 0.5 MB result file is
 * written (as the server's write-through does for the sample parse) and the record that marks
 * the job succeeded is written with its fsync: one after the other (the previous order), or
 * with the record prepared and fsynced while the result is written and renamed once both are
 * done (`update(..., { after })`). Alternating, same process; prints median and minimum ms.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FsJobStore } from '../src/jobs/stores/fs-job-store.js';
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 't22after-'));
const store = await FsJobStore.open(path.join(dir, 'jobs'));
const big = Buffer.from('x'.repeat(520_000));
const rec = (id: string) => ({ id, operation: 'parse', state: 'processing', fileName: 'a.pdf', mimeType: null, location: '/x', createdAt: new Date().toISOString(), startedAt: null, finishedAt: null, configuration: {}, options: {}, creditUsed: 0, inputHash: null, message: null, result: null, progress: null, request: { options: {} } }) as never;
const seq: number[] = [], ovl: number[] = [];
const ji = process.argv.indexOf('--jobs');
const JOBS = ji >= 0 ? Number(process.argv[ji + 1]) : 40;
for (let i = 0; i < JOBS; i++) {
  for (const mode of ['seq', 'ovl']) {
    const id = `${mode}${i}`;
    await store.create(rec(id));
    const t = performance.now();
    const written = fs.writeFile(path.join(dir, `${id}.result`), big);
    if (mode === 'seq') { await written; await store.update(id, { state: 'succeeded' as never, resultKey: 'k' }); }
    else await store.update(id, { state: 'succeeded' as never, resultKey: 'k' }, undefined, { after: written });
    (mode === 'seq' ? seq : ovl).push(performance.now() - t);
  }
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!.toFixed(2);
const min = (a: number[]) => Math.min(...a).toFixed(2);
console.log(`result write (0.5 MB) + finishing record (fsync): sequential median ${med(seq)} min ${min(seq)} ms; overlapped median ${med(ovl)} min ${min(ovl)} ms`);
await fs.rm(dir, { recursive: true });
