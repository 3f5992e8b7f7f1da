/**
 * The job layer's reliability (issue 21): each test reproduces one defect found by hostile
 * probing and fails on the code before its fix.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, EngineClosedError, JobConflictError, JobNotFoundError, MemoryJobStore, QueueFullError, ValidationError } from '../../src/index.js';
import { sha256Hex, HASH_SLICE_BYTES } from '../../src/input/hash.js';
import { defaultDataDir } from '../../src/jobs/data-dir.js';
import type { JobRecord } from '../../src/model/job.js';
import { registerOperation } from '../../src/operations/registry.js';
import type { Operation } from '../../src/operations/operation.js';
import { fixture } from '../helpers.js';
import { createHash } from 'node:crypto';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'quire-jobs-'));
const sample = fixture('pdf', 'column_span_1.pdf');
const filesUnder = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : []);

/** A cheap operation (no worker) with a 200 KB result, for many-job tests. */
const bulky: Operation<Record<string, never>, { text: string }> = {
  name: 'bulky_echo',
  description: 'test: a large result, no pages',
  genericType: 'test',
  family: 'test',
  validate: () => ({}),
  publicConfig: () => ({}),
  run: async (ctx) => ({ text: 'x'.repeat(200_000) + ctx.jobId }),
  views: {
    created: (job: JobRecord) => ({ id: job.id }),
    status: (job: JobRecord) => ({ id: job.id, state: job.state, result: job.result }),
    succeeded: () => true,
    failure: () => '',
  },
};

describe('job layer', () => {
  const dirs: string[] = [];
  beforeAll(() => registerOperation(bulky));
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('holds maxQueuedJobs under 200 concurrent submissions (item 2)', async () => {
    const dataDir = tmp();
    dirs.push(dataDir);
    const engine = createEngine({ workers: 1, maxQueuedJobs: 5, maxConcurrentJobs: 1, dataDir });
    try {
      const bytes = fs.readFileSync(sample);
      const settled = await Promise.allSettled(Array.from({ length: 200 }, () => engine.parse(bytes, { file_name: 'a.pdf' })));
      const accepted = settled.filter((s) => s.status === 'fulfilled');
      const refused = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
      expect(accepted.length).toBeGreaterThan(0);
      // At most the queue plus the one job that may already have left it for the runner.
      expect(accepted.length).toBeLessThanOrEqual(6);
      expect(refused.every((r) => r.reason instanceof QueueFullError)).toBe(true);
      // Refused inputs were never written: only accepted jobs have folders.
      expect(fs.readdirSync(dataDir).length).toBe(accepted.length);
    } finally {
      await engine.close();
    }
  });

  it('keeps files in a private per-user folder, refuses a planted symlink, never keeps refused inputs (item 3)', async () => {
    expect(defaultDataDir()).toMatch(process.env.XDG_RUNTIME_DIR && fs.existsSync(process.env.XDG_RUNTIME_DIR) ? /quire$/ : new RegExp(`quire-${process.getuid!()}$`));
    const root = tmp();
    dirs.push(root);
    const dataDir = path.join(root, 'data');
    const engine = createEngine({ workers: 1, dataDir });
    try {
      const secret = path.join(root, 'secret.pdf');
      fs.copyFileSync(sample, secret);
      fs.chmodSync(secret, 0o600);
      const job = await engine.parse(secret);
      await engine.waitForJob(job.job_id);
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      const copy = path.join(dataDir, job.job_id, 'input.pdf');
      expect(fs.existsSync(copy)).toBe(true);
      // Invalid options: nothing created, nothing written.
      await expect(engine.parse(fs.readFileSync(sample), { segmentation_method: 'nonsense' })).rejects.toBeInstanceOf(ValidationError);
      expect(fs.readdirSync(dataDir)).toEqual([job.job_id]);
      // Too large: the job fails at once and its bytes are never kept.
    } finally {
      await engine.close();
    }
    const small = createEngine({ workers: 1, dataDir, maxFileBytes: 1000 });
    try {
      const big = await small.parse(fs.readFileSync(sample), { file_name: 'big.pdf' });
      const r = await small.waitForJob(big.job_id);
      expect(r.status).toBe('Failed');
      expect(r.message).toMatch(/limit is 1000/);
      expect(fs.existsSync(path.join(dataDir, big.job_id))).toBe(false);
    } finally {
      await small.close();
    }
    // A symlink planted where the data folder goes redirects nothing.
    const victim = path.join(root, 'victim');
    fs.mkdirSync(victim);
    const planted = path.join(root, 'planted');
    fs.symlinkSync(victim, planted);
    const trapped = createEngine({ workers: 1, dataDir: planted });
    try {
      await expect(trapped.parse(fs.readFileSync(sample))).rejects.toThrow(/symbolic link/);
      expect(fs.readdirSync(victim)).toEqual([]);
    } finally {
      await trapped.close();
    }
  });

  it('removes finished jobs and their files after the retention time (item 3)', async () => {
    const dataDir = tmp();
    dirs.push(dataDir);
    const engine = createEngine({ workers: 1, dataDir, fileRetentionMs: 60_000 });
    try {
      const job = await engine.parse(fs.readFileSync(sample), { file_name: 't.pdf' });
      const done = await engine.waitForJob(job.job_id);
      expect(filesUnder(path.join(dataDir, job.job_id)).length).toBeGreaterThan(0);
      fs.mkdirSync(path.join(dataDir, 'orphan-of-a-dead-process'));
      expect(await engine.sweepExpired(Date.parse(done.finished_at!) + 30_000)).toEqual([]);
      const later = Date.now() + 120_000;
      expect(await engine.sweepExpired(later)).toEqual([job.job_id]);
      await expect(engine.getParseJob(job.job_id)).rejects.toBeInstanceOf(JobNotFoundError);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      await engine.close();
    }
  });

  it('keeps results out of the records and evicts finished jobs beyond the limit (item 5)', async () => {
    const dataDir = tmp();
    dirs.push(dataDir);
    const store = new MemoryJobStore();
    const engine = createEngine({ workers: 1, dataDir, store, maxFinishedJobs: 20 });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 150; i++) {
        const c = await engine.submit<{ id: string }>('bulky_echo', new Uint8Array([1, 2, 3]), { file_name: `${i}.bin` });
        await engine.wait(c.id);
        ids.push(c.id);
      }
      await engine.sweepExpired(Date.now(), true);
      const records = await store.list();
      expect(records.length).toBe(20);
      // No record holds its result; all but the few newest are in the blob store already.
      expect(records.every((r) => r.result === null)).toBe(true);
      expect(records.filter((r) => typeof r.resultKey === 'string').length).toBeGreaterThanOrEqual(20 - 4);
      expect(fs.readdirSync(dataDir).length).toBe(20);
      // The newest jobs remain readable, their results read back from the blob store.
      const last = await engine.view<{ result: { text: string } }>(ids.at(-1)!);
      expect(last.result.text.endsWith(ids.at(-1)!)).toBe(true);
      await expect(engine.view(ids[0]!)).rejects.toBeInstanceOf(JobNotFoundError);
    } finally {
      await engine.close();
    }
  });

  it('hashes a large input in slices, letting the event loop run between them (item 8)', async () => {
    const bytes = new Uint8Array(16 * HASH_SLICE_BYTES + 7).map((_, i) => i & 0xff);
    let turns = 0;
    let ticking = true;
    const tick = () => {
      if (!ticking) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const hex = await sha256Hex(bytes);
    ticking = false;
    await nextTurn();
    expect(hex).toBe(createHash('sha256').update(bytes).digest('hex'));
    // One hash call would let no turn happen until it returned.
    expect(turns).toBeGreaterThanOrEqual(8);
  });

  it('says an engine is closed instead of "queue full" (item 12), and state changes are compare-and-set', async () => {
    const engine = createEngine({ workers: 1, dataDir: tmp() });
    await engine.close();
    const err = await engine.parse(sample).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineClosedError);
    expect(err).not.toBeInstanceOf(QueueFullError);
    expect((err as Error).message).toMatch(/engine is closed/);
    const store = new MemoryJobStore();
    const rec = { id: 'j', state: 'starting' } as JobRecord;
    await store.create(rec);
    await store.update('j', { state: 'cancelled' }, { state: 'starting' });
    await expect(store.update('j', { state: 'processing' }, { state: 'starting' })).rejects.toBeInstanceOf(JobConflictError);
    expect((await store.get('j'))!.state).toBe('cancelled');
  });
});
