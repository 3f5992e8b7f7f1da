/**
 * The engine: every operation is an asynchronous job. Submission validates, checks the
 * bounded queue, records the job as Starting and returns at once; a scheduler runs up to
 * `maxConcurrentJobs` jobs, each spreading its pages over the shared worker pool.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JobNotFoundError, ProcessingError, QueueFullError, errorMessage } from '../errors.js';
import { describeInput, loadInput, type InputDescriptor, type InputLimits, type JobInput, type LoadedInput } from '../input/resolve-input.js';
import { WorkerPool } from '../workers/pool.js';
import { MemoryJobStore, type JobRecord, type JobState, type JobStore, type OperationName } from './job-store.js';
import { operations, type OperationSpec } from './operations.js';
import { resolveLayoutModel, type LayoutModelRef } from '../engines/layout/model-ref.js';
import {
  creationResponse,
  genericJobView,
  parseJobView,
  tablesCreationResponse,
  tablesJobView,
  type CreationResponse,
  type GenericJobView,
  type ParseJobView,
  type ReadOptions,
  type TablesCreationResponse,
  type TablesJobView,
} from './views.js';

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

const TERMINAL: ReadonlySet<JobState> = new Set(['succeeded', 'failed', 'cancelled']);

interface Pending {
  id: string;
  spec: OperationSpec<unknown>;
  options: unknown;
  input: InputDescriptor;
}

export class Engine {
  readonly pool: WorkerPool;
  private readonly store: JobStore;
  private readonly cfg: Required<Omit<EngineConfig, 'store' | 'workerFile' | 'workers' | 'layoutModel' | 'layoutThreads' | 'codeCacheDir'>> & { layoutModel: LayoutModelRef | null };
  private readonly limits: InputLimits;
  private readonly queue: Pending[] = [];
  private readonly running = new Map<string, AbortController>();
  private readonly waiters = new Map<string, Array<() => void>>();
  private readonly progressListeners = new Map<string, Set<(d: number, t: number) => void>>();
  private quotaUsed = 0;
  private durations: number[] = [];
  private closed = false;
  /** Set by shutdown(): jobs stopped by it keep their stored state so recover() runs them again. */
  private draining = false;

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

  /** Jobs waiting for a slot (not counting running ones). */
  get queuedJobs(): number {
    return this.queue.length;
  }

  get quotaRemaining(): number {
    return Math.max(0, this.cfg.pageQuota - this.quotaUsed);
  }

  /** Submit a parse job (PDF). */
  parse(input: JobInput, options: Record<string, unknown> = {}): Promise<CreationResponse> {
    return this.submit('parse', input, options);
  }

  /** Submit a parse excel job (XLSX/XLS). */
  parseExcel(input: JobInput, options: Record<string, unknown> = {}): Promise<CreationResponse> {
    return this.submit('parse_excel', input, options);
  }

  /** Submit a table extraction job (`POST /tables`, PDF). */
  async tables(input: JobInput, options: Record<string, unknown> = {}): Promise<TablesCreationResponse> {
    const created = await this.submit('tables', input, options);
    return tablesCreationResponse(created.job_id, created.quota_remaining);
  }

  /** Read a table extraction job: `queued`, then `completed` with `results`, or `failed`. */
  async getTablesJob(id: string): Promise<TablesJobView> {
    return tablesJobView(await this.record(id));
  }

  /** Resolve when a table extraction job ends; returns its view. */
  async waitForTablesJob(id: string, opts: WaitOptions = {}): Promise<TablesJobView> {
    await this.untilTerminal(id, opts);
    return this.getTablesJob(id);
  }

  /** Read a parse (or parse excel) job in the spec's status shape. */
  async getParseJob(id: string, read: Partial<ReadOptions> = {}): Promise<ParseJobView> {
    const rec = await this.record(id);
    // Table extraction jobs have their own result shape (getTablesJob); /parse does not know them.
    if (rec.operation === 'tables') throw new JobNotFoundError(id);
    return parseJobView(rec, { includeChunks: read.includeChunks ?? true, base64Images: read.base64Images ?? false });
  }

  /** The generic job view (`GET /jobs/{job_id}`). */
  async getJob(id: string): Promise<GenericJobView> {
    return genericJobView(await this.record(id));
  }

  /** Resolve when the job reaches a terminal state; returns its status view. */
  async waitForJob(id: string, opts: WaitOptions = {}, read: Partial<ReadOptions> = {}): Promise<ParseJobView> {
    await this.untilTerminal(id, opts);
    return this.getParseJob(id, read);
  }

  private async untilTerminal(id: string, opts: WaitOptions): Promise<void> {
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

  /** Stop accepting work, cancel what runs, and stop the workers. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) await this.finish(p.id, { state: 'cancelled', message: 'Engine closed.' });
    for (const c of this.running.values()) c.abort(new ProcessingError('processing_error', 'Engine closed.'));
    await this.pool.destroy();
  }

  /**
   * After a restart on a durable store: queue again every job that was queued or running
   * when the process died (the spec: accepted jobs run to completion). Jobs whose input
   * cannot be found again end Failed. Returns how many were queued.
   */
  async recover(): Promise<number> {
    let queued = 0;
    for (const rec of await this.store.list({ states: ['starting', 'processing'] })) {
      if (this.queue.some((p) => p.id === rec.id) || this.running.has(rec.id)) continue;
      const spec = operations[rec.operation] as OperationSpec<unknown> | undefined;
      const source = rec.location?.startsWith('file:') ? fileURLToPath(rec.location) : rec.location;
      try {
        if (!spec || !rec.request || !source) throw new ProcessingError('processing_error', 'The job was interrupted by a restart and its input was not kept.');
        const input = describeInput(/^[a-z][a-z0-9+.-]*:\/\//i.test(source) ? { url: source } : { path: source }, this.limits, rec.fileName);
        const options = spec.validate(rec.request.options);
        await this.store.update(rec.id, { state: 'starting', startedAt: null, progress: null });
        this.queue.push({ id: rec.id, spec, options, input });
        queued++;
      } catch (err) {
        await this.finish(rec.id, { state: 'failed', message: errorMessage(err) });
      }
    }
    setImmediate(() => this.pump());
    return queued;
  }

  /**
   * Stop for a restart: no new jobs start, running ones get `graceMs` to finish, then are
   * stopped without a terminal state; queued ones stay queued in the store (recover()).
   */
  async shutdown(graceMs: number): Promise<void> {
    this.closed = true;
    this.queue.splice(0);
    const running = [...this.running.keys()].map((id) => this.untilTerminal(id, {}).catch(() => undefined));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(running), new Promise((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
    this.draining = true;
    for (const c of this.running.values()) c.abort(new ProcessingError('processing_error', 'Server shutting down.'));
    await this.pool.destroy();
  }

  private async record(id: string): Promise<JobRecord> {
    const rec = await this.store.get(id);
    if (!rec) throw new JobNotFoundError(id);
    return rec;
  }

  private async submit(op: OperationName, input: JobInput, rawOptions: Record<string, unknown>): Promise<CreationResponse> {
    if (this.closed) throw new QueueFullError(60, 'The engine is closed.');
    const spec = operations[op] as OperationSpec<unknown>;
    // Validation errors are thrown before anything is created.
    const options = spec.validate(rawOptions);
    const desc = describeInput(input, this.limits, typeof rawOptions.file_name === 'string' ? rawOptions.file_name : undefined);
    spec.precheck?.(desc);
    if (this.queue.length >= this.cfg.maxQueuedJobs) throw new QueueFullError(this.retryAfter());
    const rec: JobRecord = {
      id: randomUUID(),
      operation: op,
      state: 'starting',
      fileName: desc.fileName,
      mimeType: null,
      location: desc.kind === 'url' ? desc.url!.href : desc.kind === 'path' ? path.resolve(desc.path!) : null,
      createdAt: new Date().toISOString(),
      startedAt: null,
      finishedAt: null,
      configuration: spec.configuration(options),
      creditUsed: 0,
      inputHash: null,
      message: null,
      result: null,
      progress: null,
      request: { options: rawOptions },
    };
    await this.store.create(rec);
    this.queue.push({ id: rec.id, spec, options, input: desc });
    setImmediate(() => this.pump());
    return creationResponse(rec, this.quotaRemaining, spec.mergeTables(options));
  }

  /** Seconds a refused client should wait: the queue's expected drain time, 5..60 s. */
  retryAfter(): number {
    const avg = this.durations.length ? this.durations.reduce((a, b) => a + b, 0) / this.durations.length : 10;
    return Math.max(5, Math.min(60, Math.ceil((avg * this.queue.length) / this.cfg.maxConcurrentJobs)));
  }

  private pump(): void {
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
      const result = await p.spec.run({
        jobId: p.id,
        input,
        options: p.options,
        pool: this.pool,
        signal: ctl.signal,
        maxPages: this.cfg.maxPages,
        layoutModel: this.cfg.layoutModel,
        storedInputUrl: stored,
        jobDir: path.join(this.cfg.dataDir, p.id),
        reservePages: (n: number) => {
          if (n > this.quotaRemaining) throw new ProcessingError('processing_error', `Insufficient page quota: the job needs ${n} pages, ${this.quotaRemaining} remain.`);
          this.quotaUsed += n;
          reserved = n;
        },
        progress: (done: number, total: number) => {
          void this.store.update(p.id, { progress: { done, total } }).catch(() => undefined);
          for (const l of this.progressListeners.get(p.id) ?? []) l(done, total);
        },
      });
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

  private async finish(id: string, patch: Partial<JobRecord>): Promise<void> {
    await this.store.update(id, { ...patch, finishedAt: new Date().toISOString() });
    for (const w of this.waiters.get(id) ?? []) w();
    this.waiters.delete(id);
    this.progressListeners.delete(id);
  }
}

export function createEngine(config: EngineConfig = {}): Engine {
  return new Engine(config);
}
