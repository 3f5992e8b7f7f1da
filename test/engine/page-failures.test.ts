/**
 * A page that fails (issue 21 item 1, issue 29 item 4), through the engine with a worker that
 * breaks chosen pages (test/fixtures/workers/page-faults.ts):
 * - under `Continue` (the default) the page is skipped with its reason in the metadata and
 *   the job goes on, whether the page errs or never ends (time limit);
 * - under `Fail` the job fails at once and its other page tasks are stopped: stalled tasks
 *   that never end on their own would otherwise hold both workers forever, and the next job
 *   would never finish (no wall-time assertion: the test hangs, and fails, without the fix).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { fixture } from '../helpers.js';

const worker = fixture('workers', 'page-faults.ts');
const sample = fs.readFileSync(fixture('pdf', 'multi_page.pdf'));
const marked = (...markers: string[]) => new Uint8Array(Buffer.concat([Buffer.from(`%PDF-1.4 ${markers.join(' ')}\n`), sample]));

describe('a page that fails', () => {
  it('under Continue, an erring page (in a batch of several) is skipped with its reason; the others complete', async () => {
    const engine = createEngine({ workers: 1, workerFile: worker });
    try {
      const job = await engine.parse({ data: marked('QUIRE-THROW-PAGE-3'), fileName: 'broken.pdf' });
      const r = await engine.waitForJob(job.job_id);
      expect(r.status).toBe('Succeeded');
      expect(r.page_count).toBe(5);
      expect(r.metadata).toEqual({ skipped_pages: [{ page_number: 3, error: 'page 3 is broken (test marker)' }] });
      const pages = new Set(r.chunks!.flatMap((c) => (c.segments as Array<{ page_number: number }>).map((s) => s.page_number)));
      expect([...pages].sort()).toEqual([1, 2, 4, 5]);
    } finally {
      await engine.close();
    }
  });

  it('under Continue, a page over its time limit is skipped with the reason; the job succeeds', async () => {
    const engine = createEngine({ workers: 2, workerFile: worker, taskTimeoutMs: 20_000 });
    try {
      const job = await engine.parse({ data: marked('QUIRE-STALL-PAGE-4'), fileName: 'slow-page.pdf' });
      const r = await engine.waitForJob(job.job_id);
      expect(r.status).toBe('Succeeded');
      expect(r.metadata.skipped_pages).toEqual([{ page_number: 4, error: 'Processing took longer than 20 s and was stopped.' }]);
      const pages = new Set(r.chunks!.flatMap((c) => (c.segments as Array<{ page_number: number }>).map((s) => s.page_number)));
      expect([...pages].sort()).toEqual([1, 2, 3, 5]);
    } finally {
      await engine.close();
    }
  });

  it("under Fail, the first failure fails the job and stops its other pages' tasks at once", async () => {
    // Time limits far beyond the test's own: only aborting frees the workers.
    const engine = createEngine({ workers: 2, workerFile: worker, taskTimeoutMs: 600_000 });
    try {
      const job = await engine.parse({ data: marked('QUIRE-THROW-PAGE-1', 'QUIRE-STALL-OTHERS'), fileName: 'fail.pdf' }, { error_handling: 'Fail' });
      const r = await engine.waitForJob(job.job_id);
      expect(r.status).toBe('Failed');
      expect(r.message).toMatch(/page 1 is broken/);
      const next = await engine.parse(fixture('pdf', 'column_span_1.pdf'));
      expect((await engine.waitForJob(next.job_id)).status).toBe('Succeeded');
    } finally {
      await engine.close();
    }
  });
});
