/**
 * What the engine's count-only retention sweep (run after every job's end) costs on a durable
 * store holding many finished jobs: `npx tsx bench/retention-sweep-cost.ts [--jobs 5000]`.
 * With a count limit it lists every record (FsJobStore.list); with the server's policy
 * (nothing expires: retention 0, no count limit) it returns at once (retention.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FsBlobStore } from '../src/jobs/blob-store.js';
import type { JobRecord } from '../src/jobs/job-store.js';
import { sweep } from '../src/jobs/retention.js';
import { FsJobStore } from '../src/jobs/stores/fs-job-store.js';

const ji = process.argv.indexOf('--jobs');
const N = ji >= 0 ? Number(process.argv[ji + 1]) : 5000;
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-sweep-'));
const store = await FsJobStore.open(path.join(dir, 'jobs'));
const blobs = new FsBlobStore(path.join(dir, 'files'));
const now = new Date().toISOString();
const rec = (id: string): JobRecord => ({
  id, operation: 'parse', state: 'succeeded', fileName: 'a.pdf', mimeType: 'application/pdf', location: '/x/a.pdf', createdAt: now, startedAt: now, finishedAt: now,
  configuration: {}, options: {}, creditUsed: 1, inputHash: null, message: null, result: null, progress: null, request: { options: {} },
}) as JobRecord;
for (let i = 0; i < N; i += 200) await Promise.all(Array.from({ length: Math.min(200, N - i) }, (_, j) => store.create(rec(`job${i + j}`))));
const time = async (maxFinishedJobs: number) => {
  const xs: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    await sweep(store, blobs, { retentionMs: 0, maxFinishedJobs }, Date.now());
    xs.push(performance.now() - t);
  }
  return xs.sort((a, b) => a - b)[5]!.toFixed(2);
};
console.log(`${N} finished jobs kept (load average ${os.loadavg()[0]!.toFixed(1)}): count-only sweep with a count limit (lists every record) median ${await time(10 * N)} ms; with the server's policy (nothing expires) ${await time(Number.MAX_SAFE_INTEGER)} ms`);
await fs.rm(dir, { recursive: true, force: true });
