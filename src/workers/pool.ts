/**
 * The worker pool (piscina). Runs heavy per-page work off the main thread, with a time
 * limit per task and a memory limit per worker. A task that times out or a worker that
 * dies fails only the job that owned the task; piscina replaces the worker.
 *
 * Tasks wait here (p-queue), not in piscina's queue, until a worker is free: a task's time
 * limit counts from its hand-off to a worker, so a healthy task queued behind other jobs'
 * pages is never stopped for the time it spent waiting.
 *
 * A task that runs out of time (or is aborted by its job) is answered at once, but its worker
 * is terminated only once it is out of native code (native-guard.ts: terminating a thread
 * inside onnxruntime's session.run aborts the whole process): at most the rest of one native
 * call, e.g. one layout-model run. Its result is discarded. The task's slot stays taken until
 * that worker is gone (piscina then starts its replacement, as before), so the pool keeps its
 * size and the next task's time limit never counts a wait for a stopping worker. (Spare threads
 * for such workers were tried: piscina then starts an extra worker for any task that finds
 * its workers still starting, e.g. every fresh engine's first task, which costs CPU.)
 */
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import PQueue from 'p-queue';
import { Piscina } from 'piscina';
import { ProcessingError, errorMessage, type ProcessingErrorKind } from '../errors.js';
import { applyNativeEnv } from '../runtime/native-env.js';
import { newNativeGuard, stopWhenSafe } from './native-guard.js';

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

type Outcome = { reply: WorkerReply } | { error: unknown };
interface Answer {
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/** Answers a task that ended on its own (or was terminated by destroy()). */
function settle(outcome: Outcome, answer: Answer, terminated: boolean): void {
  if ('reply' in outcome) {
    const reply = outcome.reply;
    if (reply.ok) answer.resolve(reply.value);
    else answer.reject(new ProcessingError(reply.error.kind as ProcessingErrorKind, reply.error.message));
    return;
  }
  const err = outcome.error;
  if (terminated) answer.reject(new ProcessingError('processing_error', 'The worker pool was closed while the task ran.'));
  else if (err instanceof Error) answer.reject(new ProcessingError('worker_crashed', `A worker stopped unexpectedly while processing the document (${errorMessage(err)}).`));
  else answer.reject(err);
}

export class WorkerPool<T extends TaskMap = TaskMap> {
  readonly threads: number;
  readonly taskTimeoutMs: number;
  private readonly piscina: Piscina;
  /** Tasks waiting for a worker, first come first served; at most one per worker runs. */
  private readonly queue: PQueue;
  /** Tasks handed to a worker and not yet ended: what destroy() must stop safely. */
  private readonly inFlight = new Set<{ stop(): Promise<void> }>();

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

  /** No task running, stopping or waiting. */
  get idle(): boolean {
    return this.inFlight.size === 0 && this.queued === 0 && this.queue.pending === 0;
  }

  async run<K extends keyof T & string>(kind: K, payload: Parameters<T[K]>[0], opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<Awaited<ReturnType<T[K]>>> {
    return (await this.runAny(kind, payload, opts)) as Awaited<ReturnType<T[K]>>;
  }

  /** Untyped variant for custom worker files. */
  runAny(kind: string, payload: unknown, opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<unknown> {
    // A signal of its own per task: p-queue listens on the signal of every waiting task, and
    // a job's batches would otherwise pile their listeners onto the job's one signal.
    const signal = opts.signal ? AbortSignal.any([opts.signal]) : undefined;
    return new Promise((resolve, reject) => {
      // The queue's slot is held until runNow returns, which may be after the answer.
      this.queue.add(() => this.runNow(kind, payload, opts, { resolve, reject }), { signal }).catch(reject);
    });
  }

  /**
   * Runs a task on the worker that is free for it; its time limit starts now. Answers through
   * `answer` as soon as the task ends, times out or is aborted; returns when the slot is free.
   */
  private async runNow(kind: string, payload: unknown, opts: { signal?: AbortSignal; timeoutMs?: number }, answer: Answer): Promise<void> {
    const limitMs = opts.timeoutMs ?? this.taskTimeoutMs;
    const guard = newNativeGuard();
    const terminate = new AbortController();
    let ended = false;
    const outcome: Promise<Outcome> = this.piscina.run({ kind, payload, guard }, { signal: terminate.signal }).then(
      (reply) => ({ reply: reply as WorkerReply }),
      (error: unknown) => ({ error }),
    );
    const done = outcome.then(() => {
      ended = true;
    });
    const entry = { stop: () => stopWhenSafe(guard, () => terminate.abort(), () => ended).then(() => done) };
    this.inFlight.add(entry);
    void done.then(() => this.inFlight.delete(entry));

    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stopped = new Promise<'timeout' | 'aborted'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), limitMs);
      onAbort = () => resolve('aborted');
      if (opts.signal?.aborted) onAbort();
      else opts.signal?.addEventListener('abort', onAbort, { once: true });
    });
    const first = await Promise.race([outcome, stopped]);
    clearTimeout(timer);
    if (onAbort) opts.signal?.removeEventListener('abort', onAbort);

    if (typeof first === 'object') {
      settle(first, answer, terminate.signal.aborted);
      return;
    }
    // Over time or aborted: answer now; the worker is stopped once it is out of native code
    // and whatever it still returns is discarded.
    if (first === 'timeout') answer.reject(new ProcessingError('timeout', `Processing took longer than ${seconds(limitMs)} s and was stopped.`));
    else answer.reject(opts.signal?.reason ?? new Error('The task was aborted.'));
    await entry.stop();
  }

  /**
   * Stops every worker, each once it is out of native code (native-guard.ts), then the pool.
   * With no task running the workers are told to stop before this returns (no await first), so
   * a caller's next synchronous work (the CLI writing its result) overlaps their exit.
   */
  async destroy(): Promise<void> {
    if (this.inFlight.size > 0) await Promise.all([...this.inFlight].map((t) => t.stop()));
    await this.piscina.destroy();
  }
}
