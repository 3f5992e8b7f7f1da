/**
 * The engine: every operation is an asynchronous job. Submission validates, checks the
 * bounded queue, records the job as Starting and returns at once; a scheduler runs up to
 * `maxConcurrentJobs` jobs, each spreading its pages over the shared worker pool.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { JobNotFoundError, ProcessingError, QueueFullError, ValidationError, errorMessage } from '../errors.js';
import { describeInput, loadInput, type InputDescriptor, type InputLimits, type JobInput, type LoadedInput } from '../input/resolve-input.js';
import { WorkerPool } from '../workers/pool.js';
import { MemoryJobStore, type JobRecord, type JobState, type JobStore } from './job-store.js';
import { TERMINAL_STATES } from '../model/job.js';
import type { Operation, RunContext } from '../operations/operation.js';
import { getOperation } from '../operations/registry.js';
import { resolveLayoutModel, type LayoutModelRef } from '../engines/layout/model-ref.js';
import { genericJobView, type CreationResponse, type GenericJobView, type ParseJobView, type ReadOptions, type TablesCreationResponse, type TablesJobView } from './views.js';

export interface EngineConfig {
  /** Worker threads (default: cores). */
  workers?: number;
  /** Jobs processed at once (default 2); more wait in the queue. */
  maxConcurrentJobs?: number;
  /** Jobs allowed to wait; a submission beyond is refused with QueueFullError. */
  maxQueuedJobs?: number;
  /** Page limit per document (spec default 2000). */
  maxPages?: number;
  /** Largest accepted input in bytes (default 500 MB). */
  maxFileBytes?: number;
  /** Per-task (batch of pages) time limit, ms (default 60 s), from when a worker takes the task. */
  taskTimeoutMs?: number;
  /** Heap limit per worker, MB (default 2048). */
  workerMemoryMb?: number;
  /** URL download time limit, ms (default 60 s). */
  fetchTimeoutMs?: number;
  /** Allow URLs that resolve to private, loopback or link-local addresses (default false). */
  allowPrivateUrls?: boolean;
  /** Page credits available to this engine (default 1,000,000). */
  pageQuota?: number;
  /** Where inputs and generated files of jobs are kept (default: OS temp dir/quire). */
  dataDir?: string;
  /** Job store (default: in memory). */
  store?: JobStore;
  /** Worker entry override (tests). */
  workerFile?: string;
  /**
   * Layout model manifest (models/layout/README.md): the bundled model by default, a path to
   * a compatible model's manifest, or null to run without a layout model.
   */
  layoutModel?: string | null;
  /** onnxruntime intra-op threads per worker for the layout model (default 1). */
  layoutThreads?: number;
  /**
   * Folder where workers keep V8's compiled code of pdf.js, so a fresh worker starts
   * ~0.1 s sooner (default: `$XDG_CACHE_HOME/quire` or `~/.cache/quire`, or the
   * QUIRE_CODE_CACHE_DIR environment variable; null: no cache).
   */
  codeCacheDir?: string | null;
}

export interface WaitOptions {
  timeoutMs?: number;
  onProgress?: (done: number, total: number) => void;
}

const TERMINAL: ReadonlySet<JobState> = TERMINAL_STATES;

export interface Pending {
  id: string;
  op: Operation;
  options: unknown;
  input: InputDescriptor;
}

const DEFAULT_READ: ReadOptions = { includeChunks: true, base64Images: false };

export class Engine {
  readonly pool: WorkerPool;
  protected readonly store: JobStore;
  private readonly cfg: Required<Omit<EngineConfig, 'store' | 'workerFile' | 'workers' | 'layoutModel' | 'layoutThreads' | 'codeCacheDir'>> & { layoutModel: LayoutModelRef | null };
  protected readonly limits: InputLimits;
  protected readonly queue: Pending[] = [];
  protected readonly running = new Map<string, AbortController>();
  private readonly waiters = new Map<string, Array<() => void>>();
  private readonly progressListeners = new Map<string, Set<(d: number, t: number) => void>>();
  private quotaUsed = 0;
  private durations: number[] = [];
  protected closed = false;
  /** Set by DurableEngine.shutdown(): jobs it stops keep their stored state, to run again. */
  protected draining = false;

  constructor(config: EngineConfig = {}) {
    this.pool = new WorkerPool({ threads: config.workers, taskTimeoutMs: config.taskTimeoutMs, workerMemoryMb: config.workerMemoryMb ?? 2048, filename: config.workerFile, codeCacheDir: config.codeCacheDir });
    this.store = config.store ?? new MemoryJobStore();
    this.cfg = {
      maxConcurrentJobs: config.maxConcurrentJobs ?? 2,
      maxQueuedJobs: config.maxQueuedJobs ?? 100,
      maxPages: config.maxPages ?? 2000,
      maxFileBytes: config.maxFileBytes ?? 500 * 1024 * 1024,
      taskTimeoutMs: config.taskTimeoutMs ?? 60_000,
      workerMemoryMb: config.workerMemoryMb ?? 2048,
      fetchTimeoutMs: config.fetchTimeoutMs ?? 60_000,
      allowPrivateUrls: config.allowPrivateUrls ?? false,
      pageQuota: config.pageQuota ?? 1_000_000,
      dataDir: config.dataDir ?? path.join(os.tmpdir(), 'quire'),
      layoutModel: resolveLayoutModel(config.layoutModel, config.layoutThreads),
    };
    this.limits = { maxBytes: this.cfg.maxFileBytes, fetchTimeoutMs: this.cfg.fetchTimeoutMs, allowPrivateUrls: this.cfg.allowPrivateUrls };
  }

  get quotaRemaining(): number {
    return Math.max(0, this.cfg.pageQuota - this.quotaUsed);
  }

  /**
   * Submit a job of any registered operation (operations/registry.ts): validates the
   * options and checks the input (ValidationError before anything exists), then records
   * the job and returns the operation's creation response at once.
   */
  async submit<V = unknown>(operation: string, input: JobInput, rawOptions: Record<string, unknown> = {}): Promise<V> {
    const op = this.operation(operation);
    const { rec, options } = await this.enqueue(op, input, rawOptions);
    return op.views.created(rec, options, this.quotaRemaining) as V;
  }

  /** A job in its operation's own status shape (`read` applies to the parse family). */
  async view<V = unknown>(id: string, read: Partial<ReadOptions> = {}): Promise<V> {
    const rec = await this.record(id);
    const op = this.operation(rec.operation);
    return op.views.status(rec, rec.options, { ...DEFAULT_READ, ...read }) as V;
  }

  /** Resolve when a job of any operation ends; returns its status view. */
  async wait<V = unknown>(id: string, opts: WaitOptions = {}, read: Partial<ReadOptions> = {}): Promise<V> {
    await this.untilTerminal(id, opts);
    return this.view<V>(id, read);
  }

  /** Cancel a queued or running job. Returns false when it had already ended. */
  cancel(id: string): Promise<boolean> {
    return this.cancelJob(id);
  }

  /** Every job, in the generic job view. */
  list(): Promise<GenericJobView[]> {
    return this.listJobs();
  }

  /** Submit a parse job (PDF or image). */
  parse(input: JobInput, options: Record<string, unknown> = {}): Promise<CreationResponse> {
    return this.submit('parse', input, options);
  }

  /** Submit a parse excel job (XLSX/XLS). */
  parseExcel(input: JobInput, options: Record<string, unknown> = {}): Promise<CreationResponse> {
    return this.submit('parse_excel', input, options);
  }

  /** Submit a table extraction job (`POST /tables`, PDF). */
  tables(input: JobInput, options: Record<string, unknown> = {}): Promise<TablesCreationResponse> {
    return this.submit('tables', input, options);
  }

  /** Read a table extraction job: `queued`, then `completed` with `results`, or `failed`. */
  async getTablesJob(id: string): Promise<TablesJobView> {
    await this.recordOfFamily(id, 'tables');
    return this.view<TablesJobView>(id);
  }

  /** Resolve when a table extraction job ends; returns its view. */
  async waitForTablesJob(id: string, opts: WaitOptions = {}): Promise<TablesJobView> {
    await this.recordOfFamily(id, 'tables');
    return this.wait<TablesJobView>(id, opts);
  }

  /** Read a parse (or parse excel) job in the spec's status shape. */
  async getParseJob(id: string, read: Partial<ReadOptions> = {}): Promise<ParseJobView> {
    await this.recordOfFamily(id, 'parse');
    return this.view<ParseJobView>(id, read);
  }

  /** The generic job view (`GET /jobs/{job_id}`). */
  async getJob(id: string): Promise<GenericJobView> {
    return genericJobView(await this.record(id));
  }

  /**
   * Resolve when the job reaches a terminal state; returns its status view in its
   * operation's shape (the v1 status for parse jobs), for every operation.
   */
  async waitForJob<V = ParseJobView>(id: string, opts: WaitOptions = {}, read: Partial<ReadOptions> = {}): Promise<V> {
    return this.wait<V>(id, opts, read);
  }

  protected async untilTerminal(id: string, opts: WaitOptions): Promise<void> {
    const rec = await this.record(id);
    if (!TERMINAL.has(rec.state)) {
      if (opts.onProgress) {
        const set = this.progressListeners.get(id) ?? new Set();
        set.add(opts.onProgress);
        this.progressListeners.set(id, set);
      }
      await new Promise<void>((resolve, reject) => {
        const list = this.waiters.get(id) ?? [];
        list.push(resolve);
        this.waiters.set(id, list);
        if (opts.timeoutMs !== undefined) {
          setTimeout(() => reject(new ProcessingError('timeout', `Job ${id} did not finish within ${opts.timeoutMs} ms`)), opts.timeoutMs).unref();
        }
      }).finally(() => opts.onProgress && this.progressListeners.get(id)?.delete(opts.onProgress));
    }
  }

  /** Cancel a queued or running job. Returns false when it had already ended. */
  async cancelJob(id: string): Promise<boolean> {
    const rec = await this.record(id);
    if (TERMINAL.has(rec.state)) return false;
    const qi = this.queue.findIndex((p) => p.id === id);
    if (qi >= 0) {
      this.queue.splice(qi, 1);
      await this.finish(id, { state: 'cancelled', message: 'Cancelled before it started.' });
      return true;
    }
    this.running.get(id)?.abort(new ProcessingError('processing_error', 'Cancelled by request.'));
    return true;
  }

  async listJobs(): Promise<GenericJobView[]> {
    return (await this.store.list()).map(genericJobView);
  }

  /**
   * Forget a finished job: its files (input copy, segment images) and its record. A job
   * that has not ended is refused (cancel it first).
   */
  async deleteJob(id: string): Promise<void> {
    const rec = await this.record(id);
    if (!TERMINAL.has(rec.state)) throw new ValidationError('job_id', `job ${id} has not ended; cancel it first`);
    await fs.rm(path.join(this.cfg.dataDir, id), { recursive: true, force: true });
    await this.store.delete(id);
  }

  /** Stop accepting work, cancel what runs, and stop the workers. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) await this.finish(p.id, { state: 'cancelled', message: 'Engine closed.' });
    for (const c of this.running.values()) c.abort(new ProcessingError('processing_error', 'Engine closed.'));
    await this.pool.destroy();
  }

  private async record(id: string): Promise<JobRecord> {
    const rec = await this.store.get(id);
    if (!rec) throw new JobNotFoundError(id);
    return rec;
  }

  /** A job that a reader of one resource family may read; other operations' jobs are not found there. */
  private async recordOfFamily(id: string, family: string): Promise<JobRecord> {
    const rec = await this.record(id);
    if (getOperation(rec.operation)?.family !== family) throw new JobNotFoundError(id);
    return rec;
  }

  private operation(name: string): Operation {
    const op = getOperation(name);
    if (!op) throw new ValidationError('operation', `unknown operation "${name}"`);
    return op;
  }

  private async enqueue(op: Operation, input: JobInput, rawOptions: Record<string, unknown>): Promise<{ rec: JobRecord; options: unknown }> {
    if (this.closed) throw new QueueFullError(60, 'The engine is closed.');
    // Validation errors are thrown before anything is created.
    const options = op.validate(rawOptions);
    const desc = describeInput(input, this.limits, typeof rawOptions.file_name === 'string' ? rawOptions.file_name : undefined);
    op.precheck?.(desc);
    if (this.queue.length >= this.cfg.maxQueuedJobs) throw new QueueFullError(this.retryAfter());
    const rec: JobRecord = {
      id: randomUUID(),
      operation: op.name,
      state: 'starting',
      fileName: desc.fileName,
      mimeType: null,
      location: desc.kind === 'url' ? desc.url!.href : desc.kind === 'path' ? path.resolve(desc.path!) : null,
      createdAt: new Date().toISOString(),
      startedAt: null,
      finishedAt: null,
      configuration: op.publicConfig(options),
      options,
      creditUsed: 0,
      inputHash: null,
      message: null,
      result: null,
      progress: null,
      request: { options: rawOptions },
    };
    await this.store.create(rec);
    this.queue.push({ id: rec.id, op, options, input: desc });
    setImmediate(() => this.pump());
    return { rec, options };
  }

  /** Seconds a refused client should wait: the queue's expected drain time, 5..60 s. */
  retryAfter(): number {
    const avg = this.durations.length ? this.durations.reduce((a, b) => a + b, 0) / this.durations.length : 10;
    return Math.max(5, Math.min(60, Math.ceil((avg * this.queue.length) / this.cfg.maxConcurrentJobs)));
  }

  protected pump(): void {
    while (!this.closed && this.running.size < this.cfg.maxConcurrentJobs && this.queue.length > 0) {
      const next = this.queue.shift()!;
      const ctl = new AbortController();
      this.running.set(next.id, ctl);
      this.execute(next, ctl).finally(() => {
        this.running.delete(next.id);
        this.pump();
      });
    }
  }

  private async execute(p: Pending, ctl: AbortController): Promise<void> {
    const started = Date.now();
    let reserved = 0;
    try {
      await this.store.update(p.id, { state: 'processing', startedAt: new Date().toISOString() }, { state: 'starting' });
      const input: LoadedInput = await loadInput(p.input, this.limits, ctl.signal);
      const stored = await this.keepInput(p.id, input);
      await this.store.update(p.id, {
        mimeType: input.mimeType,
        inputHash: createHash('sha256').update(input.bytes).digest('hex'),
        ...(p.input.kind === 'bytes' ? { location: stored } : {}),
      });
      const ctx: RunContext<unknown> = {
        jobId: p.id,
        input,
        options: p.options,
        pool: this.pool,
        signal: ctl.signal,
        maxPages: this.cfg.maxPages,
        layoutModel: this.cfg.layoutModel,
        storedInputUrl: stored,
        jobDir: path.join(this.cfg.dataDir, p.id),
        // A job's credits are the most pages it reserved: an operation that parses its input
        // (parseDocument) and reserves the same pages again pays once.
        reservePages: (n: number) => {
          if (n <= reserved) return;
          if (n - reserved > this.quotaRemaining) throw new ProcessingError('processing_error', `Insufficient page quota: the job needs ${n} pages, ${this.quotaRemaining + reserved} remain.`);
          this.quotaUsed += n - reserved;
          reserved = n;
        },
        progress: (done: number, total: number) => {
          void this.store.update(p.id, { progress: { done, total } }).catch(() => undefined);
          for (const l of this.progressListeners.get(p.id) ?? []) l(done, total);
        },
        parseDocument: (raw = {}) => {
          const parse = getOperation('parse');
          if (!parse?.toDocument) throw new ProcessingError('processing_error', 'No operation can parse documents in this build.');
          return parse.toDocument({ ...ctx, options: parse.validate(raw) });
        },
      };
      const result = await p.op.run(ctx);
      if (ctl.signal.aborted) throw ctl.signal.reason;
      await this.finish(p.id, { state: 'succeeded', result, creditUsed: reserved });
    } catch (err) {
      if (this.draining && ctl.signal.aborted) {
        this.quotaUsed -= reserved; // stopped by shutdown(): the record stays as it is, to run again
      } else if (ctl.signal.aborted) {
        this.quotaUsed -= reserved;
        await this.finish(p.id, { state: 'cancelled', message: errorMessage(ctl.signal.reason) });
      } else {
        // A failed job gives its pages back; the process itself carries on.
        this.quotaUsed -= reserved;
        await this.finish(p.id, { state: 'failed', message: errorMessage(err) });
      }
    } finally {
      this.durations = [...this.durations.slice(-19), (Date.now() - started) / 1000];
    }
  }

  /** Keep accepted bytes on disk (nothing accepted is lost) and return their file URL. */
  private async keepInput(id: string, input: LoadedInput): Promise<string> {
    const dir = path.join(this.cfg.dataDir, id);
    await fs.mkdir(dir, { recursive: true });
    const ext = input.type === 'unknown' ? 'bin' : input.type;
    const file = path.join(dir, `input.${ext}`);
    await fs.writeFile(file, input.bytes);
    return pathToFileURL(file).href;
  }

  protected async finish(id: string, patch: Partial<JobRecord>): Promise<void> {
    await this.store.update(id, { ...patch, finishedAt: new Date().toISOString() });
    for (const w of this.waiters.get(id) ?? []) w();
    this.waiters.delete(id);
    this.progressListeners.delete(id);
  }
}

export function createEngine(config: EngineConfig = {}): Engine {
  return new Engine(config);
}
