/**
 * A job on a process-local queue starts while its accepted record is still being made
 * durable (jobs/start-early.ts), and the engine keeps every guarantee of the old order: the
 * submission resolves only once the record is on disk, the job's later writes land after it,
 * and a record that cannot be written leaves no job and no queue slot behind. A shared queue
 * (cluster mode) keeps the old order. Real engine, real worker thread, real file store.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { DurableEngine } from '../../src/jobs/durable-engine.js';
import { FsJobStore } from '../../src/jobs/stores/fs-job-store.js';
import { MemoryJobQueue, type JobQueue } from '../../src/jobs/queue.js';
import { onPhaseMark } from '../../src/runtime/phase-marks.js';

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function setUp(queue?: JobQueue): Promise<{ engine: DurableEngine; jobsDir: string }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-early-'));
  cleanup.push(() => fs.rm(root, { recursive: true, force: true }));
  const jobsDir = path.join(root, 'jobs');
  const store = await FsJobStore.open(jobsDir);
  const engine = new DurableEngine({ workers: 1, store, queue, dataDir: path.join(root, 'files') });
  cleanup.push(() => engine.close());
  return { engine, jobsDir };
}

async function onePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 200]).drawText('Started early, durable all the same.', { x: 20, y: 100, size: 12, font });
  return doc.save();
}

/** The order of the engine's marks and of the submission's resolution, for one job. */
async function submitAndTrace(engine: DurableEngine, pdf: Uint8Array): Promise<{ id: string; events: string[] }> {
  const events: string[] = [];
  onPhaseMark((_t, label) => events.push(label));
  const created = await engine.parse({ data: pdf, fileName: 'early.pdf' });
  events.push('submission-resolved');
  await engine.waitForJob(created.job_id);
  return { id: created.job_id, events };
}

/** The in-memory queue seen as a shared one (no `local`): what a cluster queue is to the engine. */
function sharedQueue(): JobQueue {
  const q = new MemoryJobQueue();
  return {
    enqueue: (id) => q.enqueue(id),
    claim: (w, ms) => q.claim(w, ms),
    renew: (l, ms) => q.renew(l, ms),
    ack: (l) => q.ack(l),
    release: (l) => q.release(l),
    size: () => q.size(),
    position: (id) => q.position(id),
    remove: (id) => q.remove(id),
  };
}

describe('a job starts while its record is made durable', () => {
  it('on the local queue the job is claimed before its submission resolves; the record is on disk when it does, and ends succeeded there', async () => {
    const { engine, jobsDir } = await setUp();
    const pdf = await onePagePdf();
    const { id, events } = await submitAndTrace(engine, pdf);
    expect(events.indexOf('job-claimed')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('job-claimed')).toBeLessThan(events.indexOf('submission-resolved'));
    const onDisk = JSON.parse(await fs.readFile(path.join(jobsDir, `${id}.json`), 'utf8')) as { state: string; resultKey?: string };
    expect(onDisk.state).toBe('succeeded');
    expect(onDisk.resultKey).toBe(`${id}/result.json`);
    const view = await engine.getParseJob(id);
    expect(view.status).toBe('Succeeded');
    expect(JSON.stringify(view.chunks)).toContain('Started early');
  }, 60_000);

  it('on a shared queue the job is claimed only after its record is durable (the old order)', async () => {
    const { engine } = await setUp(sharedQueue());
    const { id, events } = await submitAndTrace(engine, await onePagePdf());
    expect(events.indexOf('submission-resolved')).toBeLessThan(events.indexOf('job-claimed'));
    expect((await engine.getParseJob(id)).status).toBe('Succeeded');
  }, 60_000);

  it('a record that cannot be written: the submission fails, the job started early stops, no queue slot stays taken, and the next job runs', async () => {
    const { engine, jobsDir } = await setUp();
    const pdf = await onePagePdf();
    await fs.rm(jobsDir, { recursive: true, force: true }); // the record's write fails (ENOENT)
    await expect(engine.parse({ data: pdf, fileName: 'lost.pdf' })).rejects.toThrow();
    expect(engine.queuedJobs).toBe(0);
    expect(await engine.list()).toEqual([]);
    await fs.mkdir(jobsDir, { recursive: true });
    const again = await engine.parse({ data: pdf, fileName: 'again.pdf' });
    expect((await engine.waitForJob(again.job_id)).status).toBe('Succeeded');
    expect(engine.queuedJobs).toBe(0);
  }, 60_000);
});
