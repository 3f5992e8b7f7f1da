/**
 * The engine: every operation is an asynchronous job. Submission validates, reserves a
 * queue slot synchronously (the bound holds under any interleaving), keeps bytes inputs in
 * the blob store (never in memory while queued), records the job as Starting and returns at
 * once; the runner (runner.ts) runs up to `maxConcurrentJobs` jobs, each spreading its pages
 * over the shared worker pool. Results live in the blob store; the retention policy
 * (retention.ts) removes finished jobs' files and records.
 */
import { randomUUID } from 'node:crypto';
import { EngineClosedError, JobNotFoundError, ProcessingError, QueueFullError, ValidationError } from '../errors.js';
import { describeInput, type InputLimits, type JobInput } from '../input/resolve-input.js';
import { sniff } from '../input/sniff.js';
import { TERMINAL_STATES, type JobRecord, type ReadOptions } from '../model/job.js';
import type { Operation } from '../operations/operation.js';
import { getOperation, registerOperation } from '../operations/registry.js';
import type { V3PagesView } from '../operations/parse-v3/pages-operation.js'; // loaded with the first v3 PDF
import { WorkerPool } from '../workers/pool.js';
import { ProgressWrites } from './progress-writes.js';
import type { TaskHandlers } from '../operations/tasks.js';
import { FsBlobStore, type BlobStore } from './blob-store.js';
import { resolveConfig, workerEnvOf, type EngineConfig, type ResolvedConfig } from './config.js';
import { ensurePrivateDir } from './data-dir.js';
import { MemoryJobStore, type JobStore, type UpdateOptions } from './job-store.js';
import { MemoryJobQueue, type JobQueue } from './queue.js';
import { PageQuota } from './quota.js';
import { sweep } from './retention.js';
import { JobRunner, inputKeyFor } from './runner.js';
import { ResultCache } from './result-cache.js';
import { newJobRecord } from './new-record.js';
import { MarkdownJobs, type MarkdownOptions, type V3Job } from '../operations/parse-v3/markdown-jobs.js';
import { genericJobView, type CreationResponse, type GenericJobView, type ParseJobView, type TablesCreationResponse, type TablesJobView } from './views.js';
import { runSubmissionChecks } from './presubmit.js';
import { createAndQueue } from './start-early.js';
import type { EditPdfRequest } from './edit-pdf.js'; // edit-pdf and detect-pii load on first use (PDFium, NLP)
import type { DetectPiiOptions, DetectPiiResult } from './detect-pii.js';
import type { EditOutcome } from '../operations/edit/run-edit.js';
import { defaultWorkerFile } from './worker-file.js';

export type { EngineConfig } from './config.js';
/** The worker entry of this build (worker-file.ts). */
export { defaultWorkerFile };

export interface WaitOptions {
  timeoutMs?: number;
  onProgress?: (done: number, total: number) => void;
}

const DEFAULT_READ: ReadOptions = { includeChunks: true, base64Images: false };
/** Results kept in memory after a job ends (the reads usually follow at once); older ones are in the blob store. */
const RECENT_RESULTS = 4;

export class Engine {
  readonly pool: WorkerPool<TaskHandlers>;
  protected readonly store: JobStore;
  protected readonly queue: JobQueue;
  private readonly blobs: BlobStore;
  private readonly quota: PageQuota;
  private readonly cfg: ResolvedConfig;
  protected readonly limits: InputLimits;
  protected readonly runner: JobRunner;
  private readonly waiters = new Map<string, Array<() => void>>();
  private readonly progressListeners = new Map<string, Set<(d: number, t: number) => void>>();
  /** Progress written to the store one write at a time per job, latest first (progress-writes.ts). */
  private readonly progressWrites = new ProgressWrites((id, progress) => this.store.update(id, { progress }));
  protected readonly results: ResultCache;
  /** Waiting slots taken, counted synchronously at submission (before any await). */
  protected queued = 0;
  protected closed = false;
  private closing: Promise<void> | undefined;
  private dataDirReady: Promise<void> | undefined;
  private readonly sweeper: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> = Promise.resolve();
  private v3: MarkdownJobs | undefined;
  private readonly v3Config: EngineConfig['markdownJobs'];

  constructor(config: EngineConfig = {}) {
    this.pool = config.pool ?? new WorkerPool<TaskHandlers>({ threads: config.workers, taskTimeoutMs: config.taskTimeoutMs, workerMemoryMb: config.workerMemoryMb ?? 2048, filename: config.workerFile ?? defaultWorkerFile(), codeCacheDir: config.codeCacheDir, workerEnv: workerEnvOf(config) });
    this.cfg = resolveConfig(config);
    this.store = config.store ?? new MemoryJobStore();
    this.queue = config.queue ?? new MemoryJobQueue();
    this.blobs = config.blobs ?? new FsBlobStore(this.cfg.dataDir);
    this.quota = new PageQuota(this.cfg.pageQuota);
    this.limits = { maxBytes: this.cfg.maxFileBytes, fetchTimeoutMs: this.cfg.fetchTimeoutMs, allowPrivateUrls: this.cfg.allowPrivateUrls };
    // A store of the caller's (the server's durable one) gets every result written through.
    this.results = new ResultCache(this.blobs, this.store, RECENT_RESULTS, config.store !== undefined);
    this.v3Config = config.markdownJobs;
    this.runner = new JobRunner({
      pool: config.pagePool?.(this.pool) ?? this.pool,
      store: this.store,
      queue: this.queue,
      blobs: this.blobs,
      quota: this.quota,
      cfg: this.cfg,
      limits: this.limits,
      dequeued: () => this.queued--,
      finish: (id, patch, after) => this.finish(id, patch, undefined, after),
      progress: (id, done, total) => {
        this.progressWrites.set(id, { done, total });
        for (const l of this.progressListeners.get(id) ?? []) l(done, total);
      },
      remember: (id, result) => this.results.add(id, result),
    });
    if (this.cfg.fileRetentionMs > 0) {
      const every = Math.min(60_000, Math.max(1_000, this.cfg.fileRetentionMs / 4));
      this.sweeper = setInterval(() => void this.sweepExpired().catch(() => undefined), every);
      this.sweeper.unref();
    }
  }

  get quotaRemaining(): number {
    return this.quota.remaining;
  }

  /**
   * Submit a job of any registered operation (operations/registry.ts): validates the
   * options and checks the input (ValidationError before anything exists), then records
   * the job and returns the operation's creation response at once.
   */
  async submit<V = unknown>(operation: string, input: JobInput, rawOptions: Record<string, unknown> = {}): Promise<V> {
    if (this.closed) throw new EngineClosedError();
    const op = this.operation(operation);
    // Validation errors are thrown before anything is created.
    const options = op.validate(rawOptions);
    const desc = describeInput(input, this.limits, typeof rawOptions.file_name === 'string' ? rawOptions.file_name : undefined);
    await runSubmissionChecks(op, desc, options, this.pool, this.limits); // precheck; presubmit (PII pre-flight) reads the bytes
    if (this.queued >= this.cfg.maxQueuedJobs) throw new QueueFullError(this.retryAfter());
    this.queued++; // the slot is ours before the first await
    const id = randomUUID();
    let inputKey: string | null = null;
    try {
      this.dataDirReady ??= ensurePrivateDir(this.cfg.dataDir);
      await this.dataDirReady;
      const rec = newJobRecord(id, op.name, desc, op.publicConfig(options), options, rawOptions);
      const tooLarge = desc.kind === 'bytes' && desc.data!.length > this.cfg.maxFileBytes;
      if (desc.kind === 'bytes' && !tooLarge) {
        // Bytes are kept on disk from submission on: a queued job holds no input in memory.
        const type = sniff(desc.data!);
        inputKey = inputKeyFor(id, type === 'unknown' ? 'bin' : type);
        await this.blobs.put(inputKey, desc.data!);
        rec.inputKey = inputKey;
        rec.location = await this.blobs.url(inputKey);
      }
      if (tooLarge) {
        // Refused, and never kept: the job ends at once with the reason.
        await this.store.create(rec);
        this.queued--;
        await this.finish(id, { state: 'failed', message: `The file is ${desc.data!.length} bytes; the limit is ${this.cfg.maxFileBytes}.` });
      } else await createAndQueue(this.store, this.queue, rec, () => this.runner.pump(), () => this.queued++); // may start before the record is durable
      return op.views.created(rec, options, this.quotaRemaining) as V;
    } catch (err) {
      this.queued--;
      if (inputKey) await this.blobs.deletePrefix(id).catch(() => undefined);
      throw err;
    }
  }

  /** A job in its operation's own status shape (`read` applies to the parse family). */
  async view<V = unknown>(id: string, read: Partial<ReadOptions> = {}): Promise<V> {
    const rec = await this.record(id);
    const op = this.operation(rec.operation);
    if (rec.state === 'succeeded' && rec.result == null) rec.result = await this.results.get(rec);
    return op.views.status(rec, rec.options, { ...DEFAULT_READ, ...read, quotaRemaining: this.quotaRemaining }) as V;
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

  /** Submit a table extraction job (`POST /tables`, PDF or image). */
  tables(input: JobInput, options: Record<string, unknown> = {}): Promise<TablesCreationResponse> {
    return this.submit('tables', input, options);
  }

  /**
   * Edit a PDF: replace text or images inside boxes, removing what was there (jobs/edit-pdf.ts).
   * Resolves with the spec's PDF edit result and the edited bytes (absent when it failed).
   */
  async editPdf(input: JobInput, request: EditPdfRequest): Promise<EditOutcome> {
    if (this.closed) throw new EngineClosedError();
    this.dataDirReady ??= ensurePrivateDir(this.cfg.dataDir);
    await this.dataDirReady;
    const { editPdfWith } = await import('./edit-pdf.js');
    return editPdfWith({ limits: this.limits, pool: this.pool, blobs: this.blobs, job: (id) => this.store.get(id), parse: (b, o) => this.parse(b, o) }, input, request);
  }

  /** Parse the input and report the PII it holds (type, severity, page, bbox, masked value); see jobs/detect-pii.ts. */
  async detectPii(input: JobInput, options: DetectPiiOptions = {}): Promise<DetectPiiResult> {
    const { detectPiiWith } = await import('./detect-pii.js');
    return detectPiiWith({ parse: (i, o) => this.parse(i, o), waitForJob: (id) => this.waitForJob(id) }, input, options);
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
    if (TERMINAL_STATES.has(rec.state)) return;
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

  /** Cancel a queued or running job. Returns false when it had already ended. */
  async cancelJob(id: string): Promise<boolean> {
    const rec = await this.record(id);
    if (TERMINAL_STATES.has(rec.state)) return false;
    if (await this.queue.remove(id)) {
      this.queued--;
      await this.finish(id, { state: 'cancelled', message: 'Cancelled before it started.' }, 'starting');
      return true;
    }
    this.runner.running.get(id)?.abort(new ProcessingError('processing_error', 'Cancelled by request.'));
    return true;
  }

  async listJobs(): Promise<GenericJobView[]> {
    return (await this.store.list()).map(genericJobView);
  }

  /**
   * Forget a finished job: its files (input copy, segment images, result) and its record.
   * A job that has not ended is refused (cancel it first).
   */
  async deleteJob(id: string): Promise<void> {
    const rec = await this.record(id);
    if (!TERMINAL_STATES.has(rec.state)) throw new ValidationError('job_id', `job ${id} has not ended; cancel it first`);
    await this.blobs.deletePrefix(id);
    await this.store.delete(id);
    this.results.drop(id);
  }

  /** Applies the retention policy now (it also runs on a timer); returns the ids removed. */
  sweepExpired(now = Date.now(), countOnly = false): Promise<string[]> {
    const policy = { retentionMs: countOnly ? 0 : this.cfg.fileRetentionMs, maxFinishedJobs: this.cfg.maxFinishedJobs };
    const run = this.sweeping.then(() => sweep(this.store, this.blobs, policy, now));
    this.sweeping = run.catch(() => undefined);
    return run.then((ids) => {
      for (const id of ids) this.results.drop(id);
      return ids;
    });
  }

  /**
   * v3 markdown jobs (operations/parse-v3), created on first use. Not a registry operation:
   * the v3 job has its own id format, statuses and retention. Its PDFs go through lean
   * parse jobs (no crops), deleted with the v3 job.
   */
  get markdownJobs(): MarkdownJobs {
    this.v3 ??= new MarkdownJobs({
      ...this.v3Config,
      dataDir: this.cfg.dataDir,
      inputLimits: this.limits,
      parsePdf: async (bytes, fileName, pageRange) => {
        const { V3_PAGES_OPERATION: name, v3PagesOperation } = await import('../operations/parse-v3/pages-operation.js');
        if (!getOperation(name)) registerOperation(v3PagesOperation);
        const job = await this.submit<{ job_id: string }>(name, { data: bytes, fileName }, pageRange ? { page_range: pageRange } : {});
        const done = await this.wait<V3PagesView>(job.job_id);
        const release = () => this.deleteJob(job.job_id).catch(() => undefined);
        if (done.state !== 'succeeded' || !done.result) {
          await release();
          throw new ProcessingError('processing_error', done.message ?? 'The PDF could not be parsed.');
        }
        return { ...done.result, release };
      },
    });
    return this.v3;
  }

  /** Submit a v3 markdown parse (a PDF, or a .tar/.tar.gz/.zip of PDFs); returns the queued v3 job. */
  parseMarkdown(input: JobInput, options: MarkdownOptions = {}): V3Job {
    if (this.closed) throw new EngineClosedError();
    return this.markdownJobs.submit(input, options);
  }

  getMarkdownJob(id: string): V3Job {
    return this.markdownJobs.get(id);
  }

  waitForMarkdownJob(id: string): Promise<V3Job> {
    return this.markdownJobs.wait(id);
  }

  /** Stop accepting work, cancel what runs, and stop the workers. */
  close(): Promise<void> {
    this.closing ??= this.closeNow();
    return this.closing;
  }

  private async closeNow(): Promise<void> {
    this.closed = true;
    this.v3?.close();
    this.runner.stop();
    if (this.sweeper) clearInterval(this.sweeper);
    for (const c of this.runner.running.values()) c.abort(new ProcessingError('processing_error', 'Engine closed.'));
    const stopped = this.pool.destroy(); // before any await: the workers' exit overlaps the caller's next work (pool.ts)
    for (const rec of await this.store.list({ state: 'starting' })) {
      if (await this.queue.remove(rec.id)) await this.finish(rec.id, { state: 'cancelled', message: 'Engine closed.' });
    }
    await stopped;
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

  /** Seconds a refused client should wait: the queue's expected drain time, 5..60 s. */
  retryAfter(): number {
    return Math.max(5, Math.min(60, Math.ceil((this.runner.meanDuration * this.queued) / this.cfg.maxConcurrentJobs)));
  }

  protected async finish(id: string, patch: Partial<JobRecord>, from?: JobRecord['state'], after?: UpdateOptions['after']): Promise<void> {
    await this.store.update(id, { ...patch, finishedAt: new Date().toISOString() }, from ? { state: from } : undefined, after && { after });
    for (const w of this.waiters.get(id) ?? []) w();
    this.waiters.delete(id);
    this.progressListeners.delete(id);
    // Over the count limit, the oldest finished jobs go at once (the timer handles age).
    void this.sweepExpired(Date.now(), true).catch(() => undefined);
  }
}

export function createEngine(config: EngineConfig = {}): Engine {
  return new Engine(config);
}
