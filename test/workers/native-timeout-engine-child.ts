/**
 * Child process of native-timeout.test.ts: the engine, with a worker that runs the real
 * layout model back to back on chosen pages (test/fixtures/workers/page-faults.ts,
 * QUIRE-NATIVE-…), through each way a page task is stopped: its time limit under Continue,
 * a failed page under Fail, a cancel, and closing the engine. Prints one JSON line of what
 * each job ended as. Before the native guard each of these could abort the process.
 */
import fs from 'node:fs';
import { createEngine } from '../../src/index.js';
import { fixture } from '../helpers.js';

const worker = fixture('workers', 'page-faults.ts');
const sample = fs.readFileSync(fixture('pdf', 'multi_page.pdf'));
const marked = (...markers: string[]) => new Uint8Array(Buffer.concat([Buffer.from(`%PDF-1.4 ${markers.join(' ')}\n`), sample]));
const pagesOf = (r: { chunks?: Array<Record<string, unknown>> }) => [...new Set(r.chunks!.flatMap((c) => (c.segments as Array<{ page_number: number }>).map((s) => s.page_number)))].sort();
const out: Record<string, unknown> = {};

// Continue: page 4 runs the model until its time limit; the other pages complete.
{
  const engine = createEngine({ workers: 2, workerFile: worker, taskTimeoutMs: 5_000 });
  const job = await engine.parse({ data: marked('QUIRE-NATIVE-PAGE-4'), fileName: 'native-page.pdf' });
  const r = await engine.waitForJob(job.job_id);
  out.continue = { status: r.status, skipped: r.metadata.skipped_pages, pages: r.status === 'Succeeded' ? pagesOf(r) : null };
  const next = await engine.parse(fixture('pdf', 'column_span_1.pdf'));
  out.continueNext = (await engine.waitForJob(next.job_id)).status;
  await engine.close();
}

// Fail: page 1 fails while the other pages run the model; they are stopped at once.
{
  const engine = createEngine({ workers: 2, workerFile: worker, taskTimeoutMs: 600_000 });
  const job = await engine.parse({ data: marked('QUIRE-THROW-PAGE-1', 'QUIRE-NATIVE-OTHERS'), fileName: 'fail.pdf' }, { error_handling: 'Fail' });
  const r = await engine.waitForJob(job.job_id);
  out.fail = { status: r.status, message: r.message };
  const next = await engine.parse(fixture('pdf', 'column_span_1.pdf'));
  out.failNext = (await engine.waitForJob(next.job_id)).status;

  // Cancel: every page runs the model; the job is cancelled once it is processing.
  const busy = await engine.parse({ data: marked('QUIRE-NATIVE-OTHERS'), fileName: 'busy.pdf' });
  while ((await engine.getJob(busy.job_id)).status !== 'PROCESSING') await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 1_000));
  await engine.cancelJob(busy.job_id);
  out.cancel = (await engine.waitForJob(busy.job_id)).status;
  const after = await engine.parse(fixture('pdf', 'column_span_1.pdf'));
  out.cancelNext = (await engine.waitForJob(after.job_id)).status;

  // Close: the engine is closed while its workers run the model.
  const last = await engine.parse({ data: marked('QUIRE-NATIVE-OTHERS'), fileName: 'last.pdf' });
  while ((await engine.getJob(last.job_id)).status !== 'PROCESSING') await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 1_000));
  await engine.close();
  out.closed = true;
}
console.log(JSON.stringify(out));
