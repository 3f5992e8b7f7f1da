/**
 * Child process of native-timeout.test.ts (a crash here must not take the test runner
 * down): a one-thread pool runs `layout.loop` tasks that are always inside onnxruntime when
 * their time limit hits, one after another, then a normal task. Prints one JSON line with
 * what each task answered; exits 0. Before the native guard the process aborted on the
 * first time limit ("terminate called after throwing an instance of 'Napi::Error'").
 */
import { WorkerPool } from '../../src/workers/pool.js';
import { fixture } from '../helpers.js';

const rounds = Number(process.argv[2] ?? 8);
const pool = new WorkerPool({ threads: 1, taskTimeoutMs: 60_000, filename: fixture('workers', 'layout-loop.ts'), codeCacheDir: null });
const answers: string[] = [];
/** Model runs each loop task had done when it was stopped. */
const runsAtStop: number[] = [];
for (let i = 0; i < rounds; i++) {
  // A fresh worker (the last one was stopped) loads the model first, with no time limit.
  await pool.runAny('layout.warm', {});
  const runs = new Int32Array(new SharedArrayBuffer(4));
  const stop = new AbortController();
  // Even rounds: the pool's time limit. Odd rounds: the job's abort, sent once the loop has
  // run the model twice, so that the worker is surely looping inside onnxruntime.
  const run = pool.runAny('layout.loop', { runs }, i % 2 === 0 ? { timeoutMs: 300 } : { signal: stop.signal, timeoutMs: 600_000 });
  if (i % 2 === 1) {
    void (async () => {
      while (Atomics.load(runs, 0) < 2) await new Promise((r) => setTimeout(r, 5));
      stop.abort(new Error('cancelled by the test'));
    })();
  }
  try {
    await run;
    answers.push('resolved');
  } catch (err) {
    answers.push(err instanceof Error ? ((err as { kind?: string }).kind ?? err.message) : String(err));
  }
  runsAtStop.push(Atomics.load(runs, 0));
}
// The pool still serves: a page count of a one-page PDF made here.
const { PDFDocument } = await import('pdf-lib');
const doc = await PDFDocument.create();
doc.addPage([200, 200]);
const bytes = await doc.save();
const data = new SharedArrayBuffer(bytes.length);
new Uint8Array(data).set(bytes);
const after = await pool.runAny('pdf.inspect', { key: 'after', data });
await pool.destroy();
console.log(JSON.stringify({ answers, runsAtStop, after }));
