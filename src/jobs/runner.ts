/**
 * Runs queued jobs: claims one from the queue (with a lease, renewed while it runs), moves
 * it to processing with a compare-and-set (a job cancelled meanwhile is left alone), loads
 * its input from where the record says (the copy made at submission, a path, or a URL),
 * runs its operation, stores the result in the blob store, and finishes it. Up to
 * `maxConcurrentJobs` at once.
 */
import fs from 'node:fs/promises';
import { ProcessingError, errorMessage } from '../errors.js';
import { sha256Hex } from '../input/hash.js';
import { loadInput, type InputDescriptor, type InputLimits, type LoadedInput } from '../input/resolve-input.js';
import type { JobRecord } from '../model/job.js';
import type { RunContext } from '../operations/operation.js';
import { getOperation } from '../operations/registry.js';
import { sniffContainer } from '../formats/xlsx/sniff-container.js';
import type { WorkerPool } from '../workers/pool.js';
import type { TaskHandlers } from '../operations/tasks.js';
import type { BlobStore } from './blob-store.js';
import type { ResolvedConfig } from './config.js';
import { JobConflictError, type JobStore, type UpdateOptions } from './job-store.js';
import type { PageQuota } from './quota.js';
import { resultFileTarget, type KeptResult } from './result-cache.js';
import { markPhase } from '../runtime/phase-marks.js';
import type { JobQueue } from './queue.js';

const LEASE_MS = 60_000;

export interface RunnerDeps {
  pool: WorkerPool<TaskHandlers>;
  store: JobStore;
  queue: JobQueue;
  blobs: BlobStore;
  quota: PageQuota;
  cfg: ResolvedConfig;
  limits: InputLimits;
  /** A job left the queue (its waiting slot is free). */
  dequeued(): void;
  /** Record the terminal state and wake the waiters. */
  finish(id: string, patch: Partial<JobRecord>, after?: UpdateOptions['after']): Promise<void>;
  progress(id: string, done: number, total: number): void;
  /**
   * A job's result: kept in memory for the reads that follow, then in the blob store. What
   * it resolves with (the result's `resultKey`) goes into the record write that finishes the job.
   */
  remember(id: string, result: unknown): KeptResult | void;
}

export function inputKeyFor(id: string, ext: string): string {
  return `${id}/input.${ext}`;
}

/** Where the job's input is, from its record alone (a durable queue's runner has nothing else). */
function descriptorOf(rec: JobRecord, blobs: BlobStore): InputDescriptor {
  if (rec.inputKey) return { kind: 'path', path: blobs.localPath(rec.inputKey), fileName: rec.fileName };
  if (rec.location && /^[a-z][a-z0-9+.-]*:\/\//i.test(rec.location)) return { kind: 'url', url: new URL(rec.location), fileName: rec.fileName };
  return { kind: 'path', path: rec.location ?? '', fileName: rec.fileName };
}

export class JobRunner {
  readonly running = new Map<string, AbortController>();
  private durations: number[] = [];
  private stopped = false;
  private draining = false;
  private claiming = 0;

  constructor(private readonly d: RunnerDeps) {}

  /** Mean job duration (s) over the last 20 jobs, for retry-after estimates. */
  get meanDuration(): number {
    return this.durations.length ? this.durations.reduce((a, b) => a + b, 0) / this.durations.length : 10;
  }

  stop(): void {
    this.stopped = true;
  }

  /** Stop for a restart (DurableEngine.stopForRestart): jobs aborted from now on keep their stored state. */
  drain(): void {
    this.stopped = true;
    this.draining = true;
  }

  /** Starts as many queued jobs as free slots allow. */
  pump(): void {
    // One claim at a time; claimNext pumps again once it has a job, for the next free slot.
    if (this.stopped || this.claiming > 0 || this.running.size >= this.d.cfg.maxConcurrentJobs) return;
    this.claiming++;
    void this.claimNext().catch(() => undefined);
  }

  private async claimNext(): Promise<void> {
    let claim: { jobId: string; lease: string } | null;
    try {
      claim = await this.d.queue.claim('local', LEASE_MS);
    } catch {
      claim = null;
    }
    if (!claim) {
      this.claiming--;
      return;
    }
    this.d.dequeued();
    const ctl = new AbortController();
    this.running.set(claim.jobId, ctl);
    this.claiming--;
    const renew = setInterval(() => void this.d.queue.renew(claim.lease, LEASE_MS).catch(() => undefined), LEASE_MS / 3);
    renew.unref();
    setImmediate(() => this.pump());
    try {
      await this.execute(claim.jobId, ctl);
    } finally {
      clearInterval(renew);
      this.running.delete(claim.jobId);
      await this.d.queue.ack(claim.lease).catch(() => undefined);
      this.pump();
    }
  }

  private async execute(id: string, ctl: AbortController): Promise<void> {
    const { store, blobs, quota, pool, cfg } = this.d;
    markPhase('job-claimed', id);
    // A stored input (a file) is read while the record moves to processing (on a durable
    // store, a file write): reading has no effect, so a job found cancelled meanwhile only
    // drops the bytes. A URL is fetched only once the job is the runner's.
    const queued = await store.get(id);
    const early = queued && descriptorOf(queued, blobs);
    const reading = early && early.kind === 'path' ? loadInput(early, this.d.limits, ctl.signal) : undefined;
    reading?.catch(() => undefined); // awaited below; a failure there fails the job
    const moving = store.update(id, { state: 'processing', startedAt: new Date().toISOString() }, { state: 'starting' });
    // On a process-local queue the job runs while its move to processing is written (on the
    // server, behind its accepted record's fsync: start-early.ts); nobody else can claim it,
    // and a cancel meanwhile reaches it through its AbortController. Should the move fail
    // (a record gone or no longer starting), the run is stopped and the job left as it is.
    let moveFailed: { err: unknown } | undefined;
    let rec: JobRecord;
    if (this.d.queue.local && queued) {
      rec = queued;
      moving.catch((err: unknown) => {
        moveFailed = { err };
        ctl.abort(err);
      });
    } else {
      try {
        rec = await moving;
      } catch (err) {
        if (err instanceof JobConflictError) return; // cancelled while it waited
        throw err;
      }
    }
    const op = getOperation(rec.operation);
    const started = Date.now();
    try {
      if (!op) throw new ProcessingError('processing_error', `No operation named ${rec.operation} in this build.`);
      const input: LoadedInput = await (reading ?? loadInput(descriptorOf(rec, blobs), this.d.limits, ctl.signal));
      // Every input is kept as a copy for the job's life (pdf_url); bytes were kept at submission.
      const ext = input.type === 'unknown' ? 'bin' : input.type;
      const inputKey = rec.inputKey ?? inputKeyFor(id, ext);
      if (!rec.inputKey) await blobs.put(inputKey, input.bytes);
      const stored = await blobs.url(inputKey);
      // Not awaited (like progress): nothing below reads it, and on a durable store its write
      // would delay the job's start; the store applies its writes to a job in order.
      const facts = { mimeType: input.mimeType, inputHash: await sha256Hex(input.bytes) };
      void store.update(id, facts).catch(() => undefined);
      const ctx: RunContext<unknown> = {
        jobId: id,
        input,
        options: rec.options,
        pool,
        signal: ctl.signal,
        maxPages: cfg.maxPages,
        layoutModel: cfg.layoutModel,
        extractionLlm: cfg.extractionLlm,
        storedInputUrl: stored,
        jobDir: blobs.localPath(id),
        resultFile: resultFileTarget(blobs, id, cfg.resultFileChars),
        reservePages: (n: number) => quota.reserve(id, n),
        progress: (done: number, total: number) => this.d.progress(id, done, total),
        parseDocument: (raw = {}) => {
          // Workbooks are read by parse excel (its own options: defaults), everything else by parse.
          const workbook = sniffContainer(input.bytes) !== 'other' && input.type !== 'pdf';
          const reader = getOperation(workbook ? 'parse_excel' : 'parse');
          if (!reader?.toDocument) throw new ProcessingError('processing_error', 'No operation can parse documents in this build.');
          return reader.toDocument({ ...ctx, options: reader.validate(workbook ? {} : raw) });
        },
      };
      markPhase('job-run-start', id);
      const result = await op.run(ctx);
      markPhase('job-run-end', id);
      await moving; // written by now (a job of a few ms may still wait for it)
      if (ctl.signal.aborted) throw ctl.signal.reason;
      // Not in the record: the result cache holds it, then the blob store (result-cache.ts).
      const kept = this.d.remember(id, result);
      if (!kept?.write) markPhase('result-kept', id); // else marked once serialized
      // The finishing record is prepared (written, fsync issued) before the result is
      // serialized and written, and shows only after it (`after`); the pages are spent once
      // the job has succeeded.
      await this.d.finish(id, { ...kept?.patch, state: 'succeeded', creditUsed: quota.reserved(id) }, kept?.write);
      quota.commit(id);
      markPhase('job-finished', id);
    } catch (err) {
      quota.release(id); // a job that did not succeed gives its pages back
      if (moveFailed) {
        if (moveFailed.err instanceof JobConflictError) return; // cancelled while it waited
        throw moveFailed.err;
      }
      if (this.draining && ctl.signal.aborted) return; // stays processing: recovered at the next start
      if (ctl.signal.aborted) await this.d.finish(id, { state: 'cancelled', message: errorMessage(ctl.signal.reason) });
      else await this.d.finish(id, { state: 'failed', message: errorMessage(err) });
    } finally {
      this.durations = [...this.durations.slice(-19), (Date.now() - started) / 1000];
    }
  }
}

/** Deletes a path if present (used for inputs of refused submissions). */
export async function removeQuietly(p: string): Promise<void> {
  await fs.rm(p, { recursive: true, force: true }).catch(() => undefined);
}
