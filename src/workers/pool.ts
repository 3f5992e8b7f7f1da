/**
 * The worker pool (piscina). Runs heavy per-page work off the main thread, with a time
 * limit per task and a memory limit per worker. A task that times out or a worker that
 * dies fails only the job that owned the task; piscina replaces the worker.
 *
 * Tasks wait here (p-queue), not in piscina's queue, until a worker is free: a task's time
 * limit counts from its hand-off to a worker, so a healthy task queued behind other jobs'
 * pages is never stopped for the time it spent waiting.
 */
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import PQueue from 'p-queue';
import { Piscina } from 'piscina';
import { ProcessingError, errorMessage, type ProcessingErrorKind } from '../errors.js';
import { applyNativeEnv } from '../runtime/native-env.js';

export interface PoolConfig {
  /** Worker threads; default: available cores. */
  threads?: number;
  /** Per-task time limit in ms (one batch of pages). */
  taskTimeoutMs?: number;
  /** Heap limit per worker in MB; a worker over it is terminated and replaced. */
  workerMemoryMb?: number;
  /** Worker entry: the engine gives operations/worker-entry; tests substitute their own. */
  filename: string;
  /** Environment variables added for the workers (settings they read when they load, e.g. PDF decode limits). */
  workerEnv?: Record<string, string>;
  /** Folder for pdf.js's compiled-code cache (bundle-script.ts); null: none. Default: the user's cache folder. */
  codeCacheDir?: string | null;
}

/** What a worker file answers: its value, or an error as data (structured cloning drops Error fields). */
export type WorkerReply = { ok: true; value: unknown } | { ok: false; error: { kind: string; message: string } };

/** The task kinds a worker file handles: kind → handler; payload and result types are read from it. */
export type TaskMap = Record<string, (payload: never) => unknown>;

/** A time limit for messages: whole seconds, or tenths under 10 s (1500 ms: "1.5"). */
function seconds(ms: number): string {
  const s = ms / 1000;
  return s >= 10 || Number.isInteger(s) ? String(Math.round(s)) : String(Math.round(s * 10) / 10);
}

export class WorkerPool<T extends TaskMap = TaskMap> {
  readonly threads: number;
  readonly taskTimeoutMs: number;
  private readonly piscina: Piscina;
  /** Tasks waiting for a worker, first come first served; at most one per worker runs. */
  private readonly queue: PQueue;

  constructor(cfg: PoolConfig) {
    this.threads = Math.max(1, cfg.threads ?? (os.availableParallelism?.() ?? os.cpus().length));
    this.taskTimeoutMs = cfg.taskTimeoutMs ?? 60_000;
    this.queue = new PQueue({ concurrency: this.threads });
    const filename = cfg.filename;
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
      env: { ...process.env, ...cfg.workerEnv, OMP_THREAD_LIMIT: '1', ...(cfg.codeCacheDir !== undefined ? { QUIRE_CODE_CACHE_DIR: cfg.codeCacheDir ?? 'off' } : {}) },
    });
  }

  /** Tasks waiting for a worker. */
  get queued(): number {
    return this.queue.size + this.piscina.queueSize;
  }

  async run<K extends keyof T & string>(kind: K, payload: Parameters<T[K]>[0], opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<Awaited<ReturnType<T[K]>>> {
    return (await this.runAny(kind, payload, opts)) as Awaited<ReturnType<T[K]>>;
  }

  /** Untyped variant for custom worker files. */
  async runAny(kind: string, payload: unknown, opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<unknown> {
    // A signal of its own per task: p-queue listens on the signal of every waiting task, and
    // a job's batches would otherwise pile their listeners onto the job's one signal.
    const signal = opts.signal ? AbortSignal.any([opts.signal]) : undefined;
    return this.queue.add(() => this.runNow(kind, payload, opts), { signal });
  }

  /** Runs a task on the worker that is free for it; its time limit starts now. */
  private async runNow(kind: string, payload: unknown, opts: { signal?: AbortSignal; timeoutMs?: number }): Promise<unknown> {
    const timeout = AbortSignal.timeout(opts.timeoutMs ?? this.taskTimeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    let reply: WorkerReply;
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
    }
    if (!reply.ok) throw new ProcessingError(reply.error.kind as ProcessingErrorKind, reply.error.message);
    return reply.value;
  }

  async destroy(): Promise<void> {
    await this.piscina.destroy();
  }
}
