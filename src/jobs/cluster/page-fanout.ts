/**
 * Page-level fan-out: one large PDF spread over every worker of the cluster. The parse
 * operation runs unchanged in the worker that claimed the document (the parent): its page
 * runner (pipeline/pages/run-pages.ts) cuts the pages into batches and hands each batch to
 * the pool as a `pdf.analyzePages` task. In a worker, that pool is wrapped here: for a
 * document of at least `minPages` pages, each batch becomes a child job on the BullMQ
 * `pages` queue, which every worker process serves with its own threads; the child writes
 * the batch's page layouts (v8 serialization: the structured clone the pool itself uses)
 * under the job's folder on the shared data dir, and the parent reads them back, so the
 * runner assembles them in page order and the document-level stages (reading order across
 * pages, merged tables, chunks) run once, as in one process: results are identical.
 * Child ids are `<job>-<first page>-<last page>-<count>`, so a parent that is run again
 * after its worker died finds the batches already done. Small documents stay one job.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { Queue, QueueEvents, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { ProcessingError, errorMessage } from '../../errors.js';
import type { WorkerPool } from '../../workers/pool.js';
import type { TaskHandlers } from '../../operations/tasks.js';
import { BULL_PREFIX } from './bull-queue.js';
import { redisOptions } from './redis-connection.js';

export const PAGES_QUEUE = 'pages';

interface ChildData {
  task: Record<string, unknown>;
  inputFile: string;
  outFile: string;
  timeoutMs?: number;
}

export interface FanoutOptions {
  url: string;
  /** Documents with at least this many pages fan out (0: never). */
  minPages: number;
  /** Child tasks this process runs at once (its worker threads). */
  concurrency: number;
  /** The blob folder (`<data-dir>/files`): children's inputs and outputs live under `<job>/fanout/`. */
  filesDir: string;
  /** How long a child's worker may be silent before another takes the batch, ms. */
  lockMs: number;
  log: Logger;
}

export class PageFanout {
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private readonly worker: Worker;
  /** Page count of each document this process inspected (by source key = job id). */
  private readonly pageCounts = new Map<string, number>();
  private readonly inputs = new Map<string, Promise<string>>();
  /** Inputs read by children here, by file (a few documents at a time). */
  private readonly sources = new Map<string, Promise<SharedArrayBuffer>>();
  private pool: WorkerPool<TaskHandlers> | undefined;

  constructor(private readonly o: FanoutOptions) {
    const connection = redisOptions(o.url);
    this.queue = new Queue(PAGES_QUEUE, { connection, prefix: BULL_PREFIX });
    this.events = new QueueEvents(PAGES_QUEUE, { connection, prefix: BULL_PREFIX });
    this.events.on('error', () => undefined);
    this.worker = new Worker(PAGES_QUEUE, (job: Job<ChildData>) => this.runChild(job), {
      connection,
      prefix: BULL_PREFIX,
      autorun: false,
      concurrency: o.concurrency,
      lockDuration: o.lockMs,
      stalledInterval: o.lockMs,
      maxStalledCount: 2,
    });
    this.worker.on('error', () => undefined);
  }

  /** The pool the operations of this worker see: the local one, with large documents' page batches sent to the cluster. */
  wrap(pool: WorkerPool<TaskHandlers>): WorkerPool<TaskHandlers> {
    this.pool = pool;
    void this.worker.run().catch((err) => this.o.log.error({ err: errorMessage(err) }, 'page worker stopped'));
    const run = async (kind: string, payload: Record<string, unknown>, opts: { signal?: AbortSignal; timeoutMs?: number } = {}) => {
      if (kind === 'pdf.inspect') {
        const r = (await pool.run('pdf.inspect', payload as never, opts)) as { pageCount: number };
        this.pageCounts.set(String(payload.key), r.pageCount);
        return r;
      }
      const pages = this.pageCounts.get(String(payload.key)) ?? 0;
      if (kind === 'pdf.analyzePages' && this.o.minPages > 0 && pages >= this.o.minPages) return this.remote(payload, opts);
      return pool.runAny(kind, payload, opts);
    };
    return new Proxy(pool, {
      get: (target, prop) => {
        if (prop === 'run') return run;
        const v = Reflect.get(target, prop, target) as unknown;
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  }

  /** The document's bytes as a file children can read (written once per job). */
  private inputFile(key: string, data: SharedArrayBuffer): Promise<string> {
    let p = this.inputs.get(key);
    if (!p) {
      const file = path.join(this.o.filesDir, key, 'fanout', 'input.pdf');
      p = fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 }).then(() => fs.writeFile(file, new Uint8Array(data), { mode: 0o600 })).then(() => file);
      this.inputs.set(key, p);
      p.catch(() => this.inputs.delete(key));
    }
    return p;
  }

  private async remote(payload: Record<string, unknown>, opts: { signal?: AbortSignal; timeoutMs?: number }): Promise<unknown> {
    const { data, ...task } = payload;
    const key = String(payload.key);
    const pages = payload.pages as number[];
    const id = `${key}-${pages[0]}-${pages[pages.length - 1]}-${pages.length}`;
    const inputFile = await this.inputFile(key, data as SharedArrayBuffer);
    const outFile = path.join(path.dirname(inputFile), `${id}.v8`);
    const job = await this.queue.add('batch', { task, inputFile, outFile, timeoutMs: opts.timeoutMs } satisfies ChildData, {
      jobId: id,
      removeOnComplete: { count: 10_000 },
      removeOnFail: { count: 10_000 },
    });
    const finished = Promise.race([job.waitUntilFinished(this.events), this.pollUntilFinished(id, opts.signal)]);
    const aborted = new Promise<never>((_, reject) => {
      if (opts.signal?.aborted) reject(opts.signal.reason);
      opts.signal?.addEventListener('abort', () => reject(opts.signal!.reason), { once: true });
    });
    try {
      await Promise.race([finished, aborted]);
    } catch (err) {
      if (opts.signal?.aborted) {
        void job.remove().catch(() => undefined); // still waiting: nobody runs it for nothing
        throw opts.signal.reason;
      }
      throw revive(err);
    }
    return v8.deserialize(await fs.readFile(outFile));
  }

  /**
   * The events stream is the fast path; this poll (every 2 s) is the safety net for an event
   * missed while Redis restarted, so a parent never waits forever for a finished batch.
   */
  private async pollUntilFinished(id: string, signal?: AbortSignal): Promise<void> {
    while (!signal?.aborted) {
      await new Promise((r) => setTimeout(r, 2000).unref());
      const job = await this.queue.getJob(id).catch(() => undefined);
      const state = job ? await job.getState().catch(() => 'unknown') : 'unknown';
      if (state === 'completed') return;
      if (state === 'failed') throw new Error(job!.failedReason);
    }
  }

  private source(file: string): Promise<SharedArrayBuffer> {
    let p = this.sources.get(file);
    if (!p) {
      p = fs.readFile(file).then((buf) => {
        const sab = new SharedArrayBuffer(buf.length);
        new Uint8Array(sab).set(buf);
        return sab;
      });
      this.sources.set(file, p);
      p.catch(() => this.sources.delete(file));
      while (this.sources.size > 4) this.sources.delete(this.sources.keys().next().value!);
    }
    return p;
  }

  private async runChild(job: Job<ChildData>): Promise<{ file: string }> {
    const { task, inputFile, outFile, timeoutMs } = job.data;
    try {
      const data = await this.source(inputFile);
      const layouts = await this.pool!.run('pdf.analyzePages', { ...task, data } as never, { timeoutMs });
      await fs.writeFile(outFile, v8.serialize(layouts), { mode: 0o600 });
      this.o.log.info({ job_id: task.key, pages: (task.pages as number[]).length, first_page: (task.pages as number[])[0] }, 'page batch done');
      return { file: outFile };
    } catch (err) {
      // The kind travels with the message, so the parent's page runner treats a time limit as one.
      throw new Error(JSON.stringify({ kind: err instanceof ProcessingError ? err.kind : 'processing_error', message: errorMessage(err) }));
    }
  }

  /** A job ended: its batches' files (input copy, layouts) and its page count go. */
  async forget(jobId: string): Promise<void> {
    this.pageCounts.delete(jobId);
    const p = this.inputs.get(jobId);
    this.inputs.delete(jobId);
    if (!p) return;
    const file = await p.catch(() => undefined);
    if (file) {
      this.sources.delete(file);
      await fs.rm(path.dirname(file), { recursive: true, force: true });
    }
  }

  async close(): Promise<void> {
    await this.worker.close().catch(() => undefined);
    await this.events.close().catch(() => undefined);
    await this.queue.close().catch(() => undefined);
  }
}

function revive(err: unknown): Error {
  try {
    const { kind, message } = JSON.parse(errorMessage(err)) as { kind: string; message: string };
    return new ProcessingError(kind as never, message);
  } catch {
    return err instanceof Error ? err : new Error(String(err));
  }
}
