/**
 * The worker pool (piscina). Runs heavy per-page work off the main thread, with a time
 * limit per task and a memory limit per worker. A task that times out or a worker that
 * dies fails only the job that owned the task; piscina replaces the worker.
 *
 * Tasks wait here, not in piscina's queue, until a worker is free: a task's time limit
 * counts from its hand-off to a worker, so a healthy task queued behind other jobs' pages
 * is never stopped for the time it spent waiting.
 */
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { ProcessingError, errorMessage, type ProcessingErrorKind } from '../errors.js';
import type { TaskKind, TaskPayload, TaskResult } from './tasks.js';
import type { WorkerReply } from './worker.js';
import { applyNativeEnv } from './native-env.js';

export interface PoolConfig {
  /** Worker threads; default: available cores. */
  threads?: number;
  /** Per-task time limit in ms (one batch of pages). */
  taskTimeoutMs?: number;
  /** Heap limit per worker in MB; a worker over it is terminated and replaced. */
  workerMemoryMb?: number;
  /** Worker entry (tests substitute their own). */
  filename?: string;
  /** Folder for pdf.js's compiled-code cache (bundle-script.ts); null: none. Default: the user's cache folder. */
  codeCacheDir?: string | null;
}

const ownFile = fileURLToPath(import.meta.url);
const runningFromSource = ownFile.endsWith('.ts');

function defaultWorkerFile(): string {
  return fileURLToPath(new URL(runningFromSource ? './worker.ts' : './worker.js', import.meta.url));
}

/** A time limit for messages: whole seconds, or tenths under 10 s (1500 ms: "1.5"). */
function seconds(ms: number): string {
  const s = ms / 1000;
  return s >= 10 || Number.isInteger(s) ? String(Math.round(s)) : String(Math.round(s * 10) / 10);
}

interface Waiter {
  signal: AbortSignal | undefined;
  grant(): void;
  fail(reason: unknown): void;
}

export class WorkerPool {
  readonly threads: number;
  readonly taskTimeoutMs: number;
  private readonly piscina: Piscina;
  /** Tasks handed to piscina and not yet settled (at most one per worker). */
  private active = 0;
  /** Tasks waiting for a worker, first come first served. */
  private readonly waiting: Waiter[] = [];
  /** Signals of waiting tasks, with how many wait on each (one listener per signal). */
  private readonly watched = new Map<AbortSignal, number>();

  constructor(cfg: PoolConfig = {}) {
    this.threads = Math.max(1, cfg.threads ?? (os.availableParallelism?.() ?? os.cpus().length));
    this.taskTimeoutMs = cfg.taskTimeoutMs ?? 60_000;
    const filename = cfg.filename ?? defaultWorkerFile();
    applyNativeEnv(); // before any worker can load a native library
    const fromSource = filename.endsWith('.ts');
    this.piscina = new Piscina({
      // TypeScript workers (development and tests) start through a shim that loads tsx.
      filename: fromSource ? fileURLToPath(new URL('./ts-worker.mjs', import.meta.url)) : filename,
      workerData: fromSource ? { tsEntry: pathToFileURL(filename).href } : undefined,
      // Workers start with the pool, so their start-up overlaps the first job's input loading.
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: 30_000,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: cfg.workerMemoryMb ?? 1536 },
      env: { ...process.env, OMP_THREAD_LIMIT: '1', ...(cfg.codeCacheDir !== undefined ? { QUIRE_CODE_CACHE_DIR: cfg.codeCacheDir ?? 'off' } : {}) },
    });
  }

  /** Tasks waiting for a worker. */
  get queued(): number {
    return this.waiting.length + this.piscina.queueSize;
  }

  async run<K extends TaskKind>(kind: K, payload: TaskPayload<K>, opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<TaskResult<K>> {
    return (await this.runAny(kind, payload, opts)) as TaskResult<K>;
  }

  /** Untyped variant for custom worker files. */
  async runAny(kind: string, payload: unknown, opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<unknown> {
    await this.workerSlot(opts.signal);
    let reply: WorkerReply;
    // The clock starts now that a worker is free for the task.
    const timeout = AbortSignal.timeout(opts.timeoutMs ?? this.taskTimeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    try {
      reply = (await this.piscina.run({ kind, payload }, { signal })) as WorkerReply;
    } catch (err) {
      if (timeout.aborted) {
        throw new ProcessingError('timeout', `Processing took longer than ${seconds(opts.timeoutMs ?? this.taskTimeoutMs)} s and was stopped.`);
      }
      if (opts.signal?.aborted) throw err;
      if (err instanceof Error) {
        throw new ProcessingError('worker_crashed', `A worker stopped unexpectedly while processing the document (${errorMessage(err)}).`);
      }
      throw err;
    } finally {
      this.releaseSlot();
    }
    if (!reply.ok) throw new ProcessingError(reply.error.kind as ProcessingErrorKind, reply.error.message);
    return reply.value;
  }

  /** Resolves once a worker is free for one more task; rejects if `signal` aborts first. */
  private workerSlot(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.active < this.threads && this.waiting.length === 0) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({
        signal,
        grant: () => {
          this.active++;
          resolve();
        },
        fail: reject,
      });
      if (signal) this.watch(signal);
    });
  }

  private releaseSlot(): void {
    this.active--;
    const next = this.waiting.shift();
    if (next?.signal) this.unwatch(next.signal);
    next?.grant();
  }

  // A job's batches share its signal: one listener for all of them, not one each.
  private watch(signal: AbortSignal): void {
    const n = this.watched.get(signal) ?? 0;
    this.watched.set(signal, n + 1);
    if (n === 0) signal.addEventListener('abort', this.dropAborted, { once: true });
  }

  private unwatch(signal: AbortSignal): void {
    const n = (this.watched.get(signal) ?? 1) - 1;
    if (n > 0) {
      this.watched.set(signal, n);
      return;
    }
    this.watched.delete(signal);
    signal.removeEventListener('abort', this.dropAborted);
  }

  /** A cancelled job's waiting tasks leave the queue at once. */
  private readonly dropAborted = (event: Event): void => {
    const signal = event.target as AbortSignal;
    this.watched.delete(signal);
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const w = this.waiting[i]!;
      if (w.signal !== signal) continue;
      this.waiting.splice(i, 1);
      w.fail(signal.reason);
    }
  };

  async destroy(): Promise<void> {
    await this.piscina.destroy();
  }
}
