/**
 * Durable job store candidates, measured on the store's real workload:
 * `npm install --no-save --ignore-scripts @libsql/client lmdb && npx tsx bench/job-store-candidates.ts [--jobs 300]`.
 * Per job: create (durable), processing, two progress ticks, succeeded with a real result
 * (the sample parse of us_constitution.pdf, ~0.5 MB of JSON); then reads of the finished
 * jobs, a listing of unfinished ones, and reopening the store (a restart). Candidates that
 * are not installed are skipped. The filesystem store is what the server uses (README.md).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEngine } from '../src/index.js';
import type { JobRecord, JobStore } from '../src/jobs/job-store.js';
import { FsJobStore } from '../src/jobs/stores/fs-job-store.js';
import { percentile } from './lib/spawn-server.js';

const ji = process.argv.indexOf('--jobs');
const JOBS = ji >= 0 ? Number(process.argv[ji + 1]) : 300;

// A real result: the sample parse.
const engine = createEngine({ workers: 1 });
const { job_id } = await engine.parse(new URL('../test/fixtures/pdf/us_constitution.pdf', import.meta.url).pathname, {});
await engine.waitForJob(job_id);
const RESULT = JSON.parse(JSON.stringify((await (engine as unknown as { store: JobStore }).store.get(job_id))!.result));
await engine.close();

const rec = (id: string): JobRecord => ({
  id, operation: 'parse', state: 'starting', fileName: 'a.pdf', mimeType: null, location: '/data/inputs/a.pdf', createdAt: new Date().toISOString(),
  startedAt: null, finishedAt: null, configuration: { page_range: '1' }, options: {}, creditUsed: 0, inputHash: null, message: null, result: null, progress: null, request: { options: {} }, owner: 'k',
});

interface Candidate {
  name: string;
  open(dir: string): Promise<JobStore & { close?(): Promise<void> | void }>;
}

/** A JobStore over SQLite (libsql, prebuilt binaries): one row per job, WAL, synchronous=FULL. */
async function libsqlStore(dir: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const { createClient } = (await import(String('@libsql/client'))) as any;
  const db = createClient({ url: `file:${path.join(dir, 'jobs.db')}` });
  await db.execute('PRAGMA journal_mode=WAL');
  await db.execute('PRAGMA synchronous=FULL');
  await db.execute('CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, state TEXT, meta TEXT, result TEXT)');
  const get = async (id: string) => {
    const r = await db.execute({ sql: 'SELECT meta, result FROM jobs WHERE id = ?', args: [id] });
    const row = r.rows[0];
    return row ? ({ ...JSON.parse(String(row.meta)), result: row.result === null ? null : JSON.parse(String(row.result)) } as JobRecord) : undefined;
  };
  return {
    async create(r: JobRecord) {
      const { result, ...meta } = r;
      await db.execute({ sql: 'INSERT INTO jobs VALUES (?, ?, ?, ?)', args: [r.id, r.state, JSON.stringify(meta), result == null ? null : JSON.stringify(result)] });
    },
    get,
    async update(id: string, patch: Partial<JobRecord>) {
      const cur = (await get(id))!;
      const { result, ...meta } = { ...cur, ...patch };
      await db.execute({ sql: 'UPDATE jobs SET state = ?, meta = ?, result = ? WHERE id = ?', args: [meta.state, JSON.stringify(meta), result == null ? null : JSON.stringify(result), id] });
      return { ...meta, result } as JobRecord;
    },
    async list(filter: { state?: string } = {}) {
      const r = await db.execute('SELECT id, state FROM jobs');
      const ids = r.rows.filter((x: any) => !filter.state || filter.state === String(x.state)).map((x: any) => String(x.id));
      return (await Promise.all(ids.map(get))) as JobRecord[];
    },
    async delete(id: string) {
      await db.execute({ sql: 'DELETE FROM jobs WHERE id = ?', args: [id] });
    },
    close: () => db.close(),
  };
}

/** A JobStore over LMDB (prebuilt binaries): records and results as separate JSON values. */
async function lmdbStore(dir: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const { open } = (await import(String('lmdb'))) as any;
  const db = open({ path: path.join(dir, 'jobs.lmdb'), encoding: 'json' });
  const get = async (id: string) => {
    const meta = db.get(id) as Omit<JobRecord, 'result'> | undefined;
    return meta ? ({ ...meta, result: db.get(`${id}:result`) ?? null } as JobRecord) : undefined;
  };
  return {
    async create(r: JobRecord) {
      const { result: _r, ...meta } = r;
      await db.put(r.id, meta);
    },
    get,
    async update(id: string, patch: Partial<JobRecord>) {
      const { result, ...rest } = patch;
      const meta = { ...(db.get(id) as object), ...rest };
      await db.transaction(() => {
        if ('result' in patch) db.put(`${id}:result`, result);
        db.put(id, meta);
      });
      return (await get(id))!;
    },
    async list(filter: { state?: string } = {}) {
      const out: JobRecord[] = [];
      for (const key of db.getKeys()) {
        if (String(key).includes(':')) continue;
        const meta = db.get(key) as JobRecord;
        if (!filter.state || filter.state === meta.state) out.push((await get(String(key)))!);
      }
      return out;
    },
    async delete(id: string) {
      await db.remove(id);
    },
    close: () => db.close(),
  };
}

const candidates: Candidate[] = [
  { name: 'filesystem (FsJobStore)', open: (dir) => FsJobStore.open(dir) },
  { name: 'sqlite (@libsql/client)', open: (dir) => libsqlStore(dir) as never },
  { name: 'lmdb', open: (dir) => lmdbStore(dir) as never },
];

for (const c of candidates) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-store-bench-'));
  let store;
  try {
    store = await c.open(dir);
  } catch (err) {
    console.log(`${c.name}: skipped (${(err as Error).message.split('\n')[0]})`);
    continue;
  }
  const perJob: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < JOBS; i++) {
    const t = performance.now();
    const id = `job-${i}`;
    await store.create(rec(id));
    await store.update(id, { state: 'processing', startedAt: new Date().toISOString() });
    await store.update(id, { progress: { done: 1, total: 2 } });
    await store.update(id, { progress: { done: 2, total: 2 } });
    await store.update(id, { state: i % 10 === 0 ? 'processing' : 'succeeded', result: i % 10 === 0 ? null : RESULT, finishedAt: new Date().toISOString() });
    perJob.push(performance.now() - t);
  }
  const writeS = (performance.now() - t0) / 1000;
  const reads: number[] = [];
  for (let i = 1; i < JOBS; i += 7) {
    const t = performance.now();
    await store.get(`job-${i}`);
    reads.push(performance.now() - t);
  }
  let t = performance.now();
  const open = (await store.list({ state: 'processing' })).length;
  const listMs = performance.now() - t;
  await (store as { close?: () => unknown }).close?.();
  t = performance.now();
  const again = await c.open(dir);
  const reopenMs = performance.now() - t;
  const first = await again.get('job-1');
  const coldReads: number[] = [];
  for (let i = 2; i < JOBS; i += 7) {
    const t1 = performance.now();
    await again.get(`job-${i}`);
    coldReads.push(performance.now() - t1);
  }
  await (again as { close?: () => unknown }).close?.();
  const du = (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  let bytes = 0;
  for (const e of du) bytes += (await fs.stat(path.join(e.parentPath, e.name))).size;
  console.log(
    `${c.name}: ${JOBS} jobs in ${writeS.toFixed(1)} s (per job p50 ${percentile(perJob, 50).toFixed(1)} ms, p99 ${percentile(perJob, 99).toFixed(1)} ms); ` +
      `get with result p50 ${percentile(reads, 50).toFixed(1)} ms (after reopen ${percentile(coldReads, 50).toFixed(1)} ms); list unfinished (${open}) ${listMs.toFixed(0)} ms; reopen ${reopenMs.toFixed(0)} ms; ` +
      `disk ${(bytes / 2 ** 20).toFixed(0)} MB; result intact after reopen: ${JSON.stringify(first?.result) === JSON.stringify(RESULT)}`,
  );
  await fs.rm(dir, { recursive: true, force: true });
}
