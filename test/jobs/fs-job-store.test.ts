/**
 * The filesystem job store: records and results survive reopening, compare-and-set
 * refuses a stale state, ids from outside never become paths, and a writer killed with
 * SIGKILL in the middle of writing leaves only whole records (atomic rename).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FsJobStore } from '../../src/jobs/stores/fs-job-store.js';
import { JobConflictError, type JobRecord } from '../../src/jobs/job-store.js';
import { here } from '../helpers.js';

const dirs: string[] = [];
async function tmp(): Promise<string> {
  const d = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-store-'));
  dirs.push(d);
  return d;
}
afterEach(async () => {
  for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true });
});

const record = (id: string, extra: Partial<JobRecord> = {}): JobRecord => ({
  id, operation: 'parse', state: 'starting', fileName: 'a.pdf', mimeType: null, location: '/x/a.pdf', createdAt: new Date().toISOString(),
  startedAt: null, finishedAt: null, configuration: { page_range: '1' }, options: { page_range: [[1, 1]] }, creditUsed: 0, inputHash: null, message: null, result: null, progress: null,
  request: { options: { page_range: '1' } }, ...extra,
});

describe('FsJobStore', () => {
  it('an update with `after` shows (in memory and on disk) only once `after` has resolved; a rejected `after` changes nothing', async () => {
    const dir = await tmp();
    const a = await FsJobStore.open(dir);
    await a.create(record('j1', { state: 'processing' }));
    let release!: () => void;
    const written = new Promise<void>((r) => (release = r));
    const finishing = a.update('j1', { state: 'succeeded', resultKey: 'j1/result.json' }, { state: 'processing' }, { after: written });
    // The new record is prepared (written and fsynced beside the old one) but not visible.
    await new Promise((r) => setTimeout(r, 50));
    expect(a.peek('j1')!.state).toBe('processing');
    expect((JSON.parse(await fs.readFile(path.join(dir, 'j1.json'), 'utf8')) as JobRecord).state).toBe('processing');
    release();
    expect((await finishing).state).toBe('succeeded');
    expect((JSON.parse(await fs.readFile(path.join(dir, 'j1.json'), 'utf8')) as JobRecord).state).toBe('succeeded');
    expect((await FsJobStore.open(dir).then((b) => b.get('j1')))!.resultKey).toBe('j1/result.json');

    await a.create(record('j2', { state: 'processing' }));
    await expect(a.update('j2', { state: 'succeeded' }, undefined, { after: Promise.reject(new Error('disk full')) })).rejects.toThrow('disk full');
    expect(a.peek('j2')!.state).toBe('processing');
    expect((JSON.parse(await fs.readFile(path.join(dir, 'j2.json'), 'utf8')) as JobRecord).state).toBe('processing');
    expect((await fs.readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    // The job's writes go on in order after the refused one.
    expect((await a.update('j2', { state: 'failed', message: 'disk full' })).state).toBe('failed');
  });

  it('an `after` function is started only once the new record is written beside the old one, and a failing one changes nothing', async () => {
    const dir = await tmp();
    const a = await FsJobStore.open(dir);
    await a.create(record('j1', { state: 'processing' }));
    let seenBeside: JobRecord[] = [];
    const done = await a.update('j1', { state: 'succeeded', resultKey: 'j1/result.json' }, { state: 'processing' }, {
      after: async () => {
        // Called while the new record waits beside the old one (a .tmp file, its fsync issued).
        const tmps = (await fs.readdir(dir)).filter((n) => n.startsWith('j1.json') && n.endsWith('.tmp'));
        seenBeside = await Promise.all(tmps.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as JobRecord));
        expect(a.peek('j1')!.state).toBe('processing');
        expect((JSON.parse(await fs.readFile(path.join(dir, 'j1.json'), 'utf8')) as JobRecord).state).toBe('processing');
      },
    });
    expect(seenBeside.map((r) => r.state)).toEqual(['succeeded']);
    expect(done.state).toBe('succeeded');
    expect((JSON.parse(await fs.readFile(path.join(dir, 'j1.json'), 'utf8')) as JobRecord).state).toBe('succeeded');

    await a.create(record('j2', { state: 'processing' }));
    const failing = () => {
      throw new Error('cannot serialize');
    };
    await expect(a.update('j2', { state: 'succeeded' }, undefined, { after: failing })).rejects.toThrow('cannot serialize');
    expect((JSON.parse(await fs.readFile(path.join(dir, 'j2.json'), 'utf8')) as JobRecord).state).toBe('processing');
    expect((await fs.readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps records, options and results across reopening', async () => {
    const dir = await tmp();
    const a = await FsJobStore.open(dir);
    await a.create(record('j1'));
    await a.create(record('j2'));
    await a.update('j1', { state: 'processing' }, { state: 'starting' });
    await a.update('j1', { state: 'succeeded', result: { chunks: [{ id: 'c' }], page_count: 1 } });
    await a.update('j1', { progress: { done: 1, total: 1 } });
    const b = await FsJobStore.open(dir);
    const j1 = await b.get('j1');
    expect(j1).toMatchObject({ state: 'succeeded', request: { options: { page_range: '1' } }, result: { chunks: [{ id: 'c' }], page_count: 1 }, progress: { done: 1, total: 1 } });
    expect((await b.list({ state: 'starting' })).map((r) => r.id)).toEqual(['j2']);
    expect(b.peek('j1')).not.toHaveProperty('result');
    await b.delete('j2');
    expect(await b.get('j2')).toBeUndefined();
    expect(await (await FsJobStore.open(dir)).get('j2')).toBeUndefined();
  });

  it('compare-and-set: only one of two racing transitions from the same state wins', async () => {
    const s = await FsJobStore.open(await tmp());
    await s.create(record('j'));
    const results = await Promise.allSettled([s.update('j', { state: 'processing' }, { state: 'starting' }), s.update('j', { state: 'cancelled' }, { state: 'starting' })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(JobConflictError);
  });

  it('never turns an outside id into a path', async () => {
    const s = await FsJobStore.open(await tmp());
    expect(await s.get('../../etc/passwd')).toBeUndefined();
    await expect(s.create(record('../x'))).rejects.toThrow(/invalid job id/);
  });

  it('a writer killed with SIGKILL mid-write leaves only whole, readable records', async () => {
    const dir = await tmp();
    const mod = path.resolve(here, '../dist/jobs/stores/fs-job-store.js');
    // The writer creates records and rewrites them with ~200 KB results as fast as it can.
    const script = `
      const { FsJobStore } = await import(${JSON.stringify(mod)});
      const s = await FsJobStore.open(${JSON.stringify(dir)});
      const big = { chunks: Array.from({ length: 2000 }, (_, i) => ({ i, text: 'x'.repeat(80) })) };
      for (let n = 0; ; n++) {
        const id = 'job' + n;
        await s.create({ ...${JSON.stringify(record('ID'))}, id });
        await s.update(id, { state: 'processing' });
        await s.update(id, { state: 'succeeded', result: { ...big, n } });
        process.stdout.write('.');
      }`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let written = 0;
    await new Promise<void>((resolve) => child.stdout!.on('data', (d: Buffer) => {
      written += d.length;
      if (written >= 5) resolve();
    }));
    await new Promise((r) => setTimeout(r, 150));
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    const s = await FsJobStore.open(dir);
    const all = await s.list();
    expect(all.length).toBeGreaterThanOrEqual(5);
    for (const r of all) {
      expect(['starting', 'processing', 'succeeded']).toContain(r.state);
      if (r.state === 'succeeded') expect((r.result as { chunks: unknown[] }).chunks).toHaveLength(2000);
    }
    expect((await fs.readdir(dir)).filter((f) => f.endsWith('.tmp') || f.endsWith('.corrupt'))).toEqual([]);
  }, 30_000);
});
