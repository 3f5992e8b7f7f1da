/**
 * Extraction batches of the server (`POST /batch/cite`, `POST /batch/extract`,
 * `GET /batch/{id}`), kept in the data dir (`batches/<id>.json`) so a restart forgets no
 * batch, no owner and no file not yet submitted. The rules are those of the library's
 * batches (jobs/extract-batch.ts): everything checked before any job exists (20 files at
 * most, a bad schema or option refused), jobs handed to the engine `batch_size` at a time,
 * the next group once the previous one has ended, the same views. The driver lives here
 * rather than in extract-batch.ts because what it must remember (owner, upload copies,
 * page reservations) is the server's: each submitted job gets a ledger entry (settle.ts)
 * that refunds its page if it fails unprocessed and removes its upload copy when it ends;
 * a file that could not be submitted is refunded at once. After a restart, `resume()`
 * continues each unfinished batch where it stopped. Several servers on one Redis share the
 * batches (shared-state/): any of them answers `GET /batch/{id}`, and a batch is driven by
 * the server holding its lease (its creator, or after its death another server's adoption pass).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { EngineClosedError, errorMessage, PiiBlockedError, QuireError, ValidationError } from '../errors.js';
import { MAX_BATCH_FILES, type BatchCreation, type BatchView } from '../jobs/extract-batch.js';
import { validateExtractOptions } from '../operations/extract/options.js';
import type { ExtractJobView } from '../operations/extract/views.js';
import { toInt } from '../options/coerce.js';
import type { ServerContext } from './context.js';
import type { ApiKey } from './keys.js';
import type { RecordBook } from './shared-state/record-book.js';

export interface BatchRecord {
  id: string;
  owner: string;
  /** The options every job gets (validated at creation). */
  options: Record<string, unknown>;
  /** Upload copies, in file order (each in its own folder under inputs/). */
  files: string[];
  /** Job id per submitted file, in file order (null where submission failed). */
  jobIds: Array<string | null>;
  batchSize: number;
  createdAt: string;
  errors: { index: number; error: string }[];
}

type Deps = Pick<ServerContext, 'engine' | 'store' | 'quota' | 'keys' | 'settlement' | 'state'>;

export class Batches {
  private readonly driving = new Set<string>();
  /** `book` buckets the batches with files not yet submitted as `open`. */
  constructor(private readonly d: Deps, private readonly book: RecordBook<BatchRecord>) {}

  /**
   * Checks, records and starts a batch of uploaded files. The caller has reserved one page
   * per file; from here each page is settled with its job (or refunded if never submitted).
   */
  async create(key: ApiKey, files: string[], options: Record<string, unknown>, batchSizeRaw: unknown): Promise<BatchCreation> {
    if (files.length === 0) throw new ValidationError('pdf_files', 'at least one file is required');
    if (files.length > MAX_BATCH_FILES) throw new QuireError('validation_error', `At most ${MAX_BATCH_FILES} files per batch`, 400);
    validateExtractOptions(options); // a bad schema or option: refused before any job exists
    const batchSize = toInt('batch_size', batchSizeRaw, 10, 1, MAX_BATCH_FILES)!;
    const rec: BatchRecord = { id: randomUUID(), owner: key.name, options, files, jobIds: [], batchSize, createdAt: new Date().toISOString(), errors: [] };
    // The first file is submitted before the batch exists: its error (queue full, bad input) is
    // the caller's — except a PII-blocked file, which is that one file's answer, as in the library.
    let first: { job_id: string } | null = null;
    try {
      first = await this.d.engine.submit<{ job_id: string }>('extract', { path: files[0]! }, options);
    } catch (err) {
      if (!(err instanceof PiiBlockedError)) throw err;
      rec.errors.push({ index: 0, error: errorMessage(err) });
    }
    rec.jobIds.push(first?.job_id ?? null);
    if (first) await this.adopt(rec, 0, first.job_id);
    await this.book.save(rec.id, rec);
    if (!first) await this.refund(rec, 0);
    void this.drive(rec.id);
    return { batch_id: rec.id, status: 'queued', total_files: files.length, message: `Batch of ${files.length} extraction job(s) queued. Read it with GET /batch/{batch_id}.` };
  }

  /** The batch's view when `owner` created it, else undefined (404). */
  async view(owner: string, id: string): Promise<(BatchView & { errors?: BatchRecord['errors'] }) | undefined> {
    const b = await this.book.get(id);
    if (!b || b.owner !== owner) return undefined;
    const ids = b.jobIds.filter((j): j is string => j !== null);
    const jobs = await Promise.all(ids.map((j) => this.d.engine.view<ExtractJobView>(j)));
    const pending = b.files.length - b.jobIds.length;
    const ended = jobs.filter((j) => j.status !== 'queued' && j.status !== 'processing').length;
    const status = pending === 0 && ended === jobs.length ? 'completed' : jobs.some((j) => j.status !== 'queued') ? 'processing' : 'queued';
    return { batch_id: b.id, status, total_files: b.files.length, batch_size: b.batchSize, pending_files: pending, jobs, created_at: b.createdAt, ...(b.errors.length ? { errors: b.errors } : {}) };
  }

  /** Upload copies of batches with files not yet submitted. */
  async inputsInUse(): Promise<string[]> {
    return (await this.book.inBucket('open')).flatMap((b) => b.files.slice(b.jobIds.length));
  }

  /** Batches with files not yet submitted that nobody drives (left by a previous run or a dead server): continue them. */
  async resume(): Promise<void> {
    for (const b of await this.book.inBucket('open')) void this.drive(b.id);
  }

  /** Submits the rest of the batch group by group, each once the previous group has ended. */
  private async drive(id: string): Promise<void> {
    if (this.driving.has(id)) return;
    this.driving.add(id);
    const lease = `batch:${id}`;
    if (!(await this.d.state.leases.acquire(lease).catch(() => false))) {
      this.driving.delete(id); // a live server drives it
      return;
    }
    try {
      for (;;) {
        const b = await this.book.get(id);
        if (!b || b.jobIds.length >= b.files.length) return;
        const i = b.jobIds.length;
        if (i % b.batchSize === 0) {
          // A new group starts once every job of the previous one has ended.
          const previous = b.jobIds.slice(i - b.batchSize, i).filter((j): j is string => j !== null);
          await Promise.all(previous.map((j) => this.d.engine.ended(j).catch(() => undefined)));
        }
        let jobId: string | null = null;
        try {
          jobId = (await this.d.engine.submit<{ job_id: string }>('extract', { path: b.files[i]! }, b.options)).job_id;
        } catch (err) {
          if (err instanceof EngineClosedError) return; // stopping: the next start resumes here
          b.errors.push({ index: i, error: errorMessage(err) });
        }
        b.jobIds.push(jobId);
        await this.book.save(id, b);
        if (jobId) await this.adopt(b, i, jobId);
        else await this.refund(b, i);
      }
    } catch {
      /* the engine closed: the next start resumes the batch */
    } finally {
      this.driving.delete(id);
      await this.d.state.leases.release(lease).catch(() => undefined);
    }
  }

  private async adopt(b: BatchRecord, i: number, jobId: string): Promise<void> {
    await this.d.store.update(jobId, { owner: b.owner, creditUsed: 1 });
    await this.d.settlement.open({ job: jobId, owner: b.owner, reserved: 1, inputs: [path.dirname(b.files[i]!)] });
  }

  private async refund(b: BatchRecord, i: number): Promise<void> {
    await fs.rm(path.dirname(b.files[i]!), { recursive: true, force: true }).catch(() => undefined);
    const key = this.d.keys.keys.find((k) => k.name === b.owner);
    if (key) await this.d.quota.adjust(key, -1);
  }
}
