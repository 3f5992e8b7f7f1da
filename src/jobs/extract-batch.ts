/**
 * Batches of extraction jobs (`POST /batch/cite`, `POST /batch/extract`): N files, one schema,
 * one `batch_id`. Everything is checked before any job exists (more than 20 files is refused
 * with `At most 20 files per batch`, a bad schema or option with its own error). The batch's
 * jobs are handed to the engine `batch_size` at a time (default 10): the next group is
 * submitted when the previous one has ended, so one large batch does not fill the queue.
 *
 * Reading a batch (this project's choice; the spec does not show it): `getBatch(engine, id)`,
 * the route `GET /batch/{batch_id}`, lists its jobs in file order, each in the extraction job
 * view (`GET /extract/{job_id}`), with the files not yet submitted counted in `pending_files`.
 * Batches live in the engine's process memory, like the in-memory job store.
 */
import { randomUUID } from 'node:crypto';
import { JobNotFoundError, PiiBlockedError, QuireError, ValidationError } from '../errors.js';
import type { JobInput } from '../input/resolve-input.js';
import { validateExtractOptions } from '../operations/extract/options.js';
import type { ExtractJobView } from '../operations/extract/views.js';
import { toInt } from '../options/coerce.js';
import type { Engine } from './engine.js';

export const MAX_BATCH_FILES = 20;

export interface BatchCreation {
  batch_id: string;
  status: 'queued';
  total_files: number;
  message: string;
}

export interface BatchView {
  batch_id: string;
  /** `queued` (nothing started), `processing`, `completed` (every job ended; see each job's status). */
  status: 'queued' | 'processing' | 'completed';
  total_files: number;
  batch_size: number;
  pending_files: number;
  jobs: ExtractJobView[];
  created_at: string;
}

interface Batch {
  id: string;
  jobIds: string[];
  pending: number;
  batchSize: number;
  total: number;
  createdAt: string;
  /** Submission errors of files after the first group (URL refused, queue full): kept per file. */
  errors: { index: number; error: string }[];
}

const batches = new WeakMap<Engine, Map<string, Batch>>();

function tooMany(): QuireError {
  return new QuireError('validation_error', `At most ${MAX_BATCH_FILES} files per batch`, 400);
}

async function start(engine: Engine, files: JobInput[], raw: Record<string, unknown>, batchSizeRaw: unknown): Promise<BatchCreation> {
  if (!Array.isArray(files) || files.length === 0) throw new ValidationError('pdf_files', 'at least one file is required');
  if (files.length > MAX_BATCH_FILES) throw tooMany();
  validateExtractOptions(raw); // a bad schema or option: refused before any job exists
  const batchSize = toInt('batch_size', batchSizeRaw, 10, 1, MAX_BATCH_FILES)!;
  const batch: Batch = { id: randomUUID(), jobIds: [], pending: files.length, batchSize, total: files.length, createdAt: new Date().toISOString(), errors: [] };
  const submitGroup = async (from: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = from; i < Math.min(files.length, from + batchSize); i++) {
      try {
        ids.push((await engine.submit<{ job_id: string }>('extract', files[i]!, raw)).job_id);
      } catch (err) {
        // Nothing exists yet: the caller gets the error (a PII-blocked file is one file's answer, kept below).
        if (from === 0 && i === 0 && !(err instanceof PiiBlockedError)) throw err;
        batch.errors.push({ index: i, error: (err as Error).message });
      }
      batch.pending--;
    }
    batch.jobIds.push(...ids);
    return ids;
  };
  const first = await submitGroup(0);
  const map = batches.get(engine) ?? new Map<string, Batch>();
  batches.set(engine, map);
  map.set(batch.id, batch);
  void (async () => {
    let group = first;
    for (let from = batchSize; from < files.length; from += batchSize) {
      await Promise.all(group.map((id) => engine.wait(id).catch(() => undefined)));
      group = await submitGroup(from);
    }
  })();
  return { batch_id: batch.id, status: 'queued', total_files: files.length, message: `Batch of ${files.length} extraction job(s) queued. Read it with getBatch(batch_id) (GET /batch/{batch_id}).` };
}

/** `POST /batch/cite`: extraction with citations for each file. */
export function batchCite(engine: Engine, files: JobInput[], schemaData: unknown, batchSize?: unknown): Promise<BatchCreation> {
  return start(engine, files, { schema_data: schemaData, enable_citations: true }, batchSize);
}

/** `POST /batch/extract`: the options of `POST /v2/extract` for every file (at most 20). */
export function batchExtract(engine: Engine, files: JobInput[], options: Record<string, unknown>): Promise<BatchCreation> {
  const { batch_size, ...rest } = options;
  return start(engine, files, rest, batch_size);
}

export async function getBatch(engine: Engine, batchId: string): Promise<BatchView & { errors?: { index: number; error: string }[] }> {
  const b = batches.get(engine)?.get(batchId);
  if (!b) throw new JobNotFoundError(batchId);
  const jobs = await Promise.all(b.jobIds.map((id) => engine.view<ExtractJobView>(id)));
  const ended = jobs.filter((j) => j.status !== 'queued' && j.status !== 'processing').length;
  const status = b.pending === 0 && ended === jobs.length ? 'completed' : jobs.some((j) => j.status !== 'queued') ? 'processing' : 'queued';
  return { batch_id: b.id, status, total_files: b.total, batch_size: b.batchSize, pending_files: b.pending, jobs, created_at: b.createdAt, ...(b.errors.length ? { errors: b.errors } : {}) };
}
