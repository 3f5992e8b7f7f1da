/**
 * The one submission path every job route uses: refuse early when the queue is full,
 * read the body (file streamed to the data dir), validate the options with the operation's
 * own validator (400 naming the field), check the content against the extension, reserve
 * the pages (402), then hand the stored file to the engine and record who owns the job.
 * Anything refused leaves nothing behind: no job, no file, no deduction.
 */
import fs from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { QueueFullError } from '../errors.js';
import type { OperationName } from '../jobs/job-store.js';
import { getOperation } from '../operations/registry.js';
import type { CreationResponse } from '../jobs/views.js';
import type { ServerContext } from './context.js';
import { badRequest, capacity, notFound } from './errors.js';
import { signUrls } from './file-urls.js';
import { billablePages, checkContent, readHead } from './inspect-input.js';
import type { ApiKey } from './keys.js';
import { readSubmission, type Submission } from './read-submission.js';
import { countAccepted, refuseBusyKey } from './key-backpressure.js';
import { primeWhenDone } from './view-bytes.js';
import { markPhase } from '../runtime/phase-marks.js';

export interface SubmitPlan {
  op: OperationName;
  fileField: string;
  /** Field that may carry a URL instead of the file (default `url`). */
  urlField?: string;
  /** Options from the query string (e.g. the splitter's `classes`). */
  queryOptions?: Record<string, unknown>;
  maxBytes: number;
  /** Whether a `url` field may replace the file. */
  allowUrl: boolean;
  /** The route's schema check of the fields read from a multipart body. */
  validate?: (fields: Record<string, unknown>) => void;
}

/** Uploads up to this size are also kept in memory while checked (no read back from disk). */
const KEEP_BYTES = 16 * 2 ** 20;
/**
 * Requests up to this size (ServerConfig.memoryUploadBytes) are read into memory only and
 * their bytes handed to the engine, which writes the job's own copy (no upload copy in
 * `inputs/`: read-submission.ts).
 */
const MEMORY_BYTES = 16 * 2 ** 20;

/** Submissions between their first byte and their job (upload, page count), per server. */
const admitting = new WeakMap<ServerContext, number>();

/** 503 before reading a byte when the queue cannot take another job. */
export function refuseWhenFull(ctx: ServerContext): void {
  if (ctx.stopping) throw capacity();
  if (ctx.engine.queuedJobs + (admitting.get(ctx) ?? 0) >= ctx.config.maxQueuedJobs) {
    throw new QueueFullError(ctx.engine.retryAfter());
  }
}

/**
 * Takes a queue slot for a submission while its body streams in and its pages are counted,
 * so that the submissions the queue cannot take are refused at once (503 before reading a
 * byte) instead of after their upload: without it, 50 clients all passed the check, all
 * uploaded and queued for the page counter, and all but a few were refused seconds later
 * (bench/server-load: 503 p99 5.7 s). Returns the release (idempotent).
 */
export function admit(ctx: ServerContext): () => void {
  refuseWhenFull(ctx);
  admitting.set(ctx, (admitting.get(ctx) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    admitting.set(ctx, (admitting.get(ctx) ?? 1) - 1);
  };
}

export async function submitJob<V extends { job_id: string } = CreationResponse>(ctx: ServerContext, req: FastifyRequest, key: ApiKey, plan: SubmitPlan): Promise<V & { quota_remaining: number }> {
  refuseBusyKey(ctx, key.name);
  const release = admit(ctx);
  let sub: Submission;
  try {
    sub = await readSubmission(req, { fileField: plan.fileField, maxBytes: plan.maxBytes, dir: ctx.dirs.inputs, keepBytes: KEEP_BYTES, memoryBytes: ctx.config.memoryUploadBytes ?? MEMORY_BYTES });
    markPhase('upload-received');
  } catch (err) {
    release();
    throw err;
  }
  let reserved = 0;
  try {
    if (req.isMultipart()) plan.validate?.(sub.fields);
    const urlField = plan.urlField ?? 'url';
    const { [plan.fileField]: _ignored, [urlField]: url, ...fields } = sub.fields;
    const options = { ...fields, ...plan.queryOptions };
    if (!sub.file && (!plan.allowUrl || typeof url !== 'string' || !url)) {
      throw badRequest(plan.fileField, plan.allowUrl ? `provide "${plan.fileField}" (multipart file) or "${urlField}"` : `"${plan.fileField}" (multipart file) is required`);
    }
    getOperation(plan.op)!.validate(options); // 400 naming the field, before anything is kept
    const upload = sub.file?.path; // absent: the bytes are in memory only (the engine keeps its copy)
    const input = sub.file ? (upload ? { path: upload } : { data: sub.file.data!, fileName: sub.file.fileName }) : { url: url as string };
    const fileName = sub.file ? { file_name: sub.file.fileName } : {};
    const submit = () => ctx.engine.submit<V>(plan.op, input, { ...options, ...fileName }).finally(release);
    let pages = 1;
    let created: V | undefined;
    if (sub.file) {
      const { data } = sub.file;
      const type = checkContent(plan.fileField, sub.file.fileName, data ?? (await readHead(upload!)));
      const counting = billablePages(ctx.pageCounter, upload ?? '', type, options.page_range, options.password, data);
      if (type === 'pdf' && (await ctx.quota.remaining(key)) >= ctx.config.maxPages) {
        // The key can pay for any document the page limit lets through, so the job starts
        // while its pages are counted (pdf.js in the counter's thread) instead of after; the
        // answer still waits for the count and is the same: should the count exceed what the
        // key has left (a document over the page limit, or a concurrent submission that took
        // the quota), the job is cancelled and deleted, the client gets the 402, and no trace
        // stays. A key closer to its quota takes the path below (count, then job).
        const [count, started] = await Promise.allSettled([counting, submit()]);
        if (started.status === 'rejected') throw started.reason;
        created = started.value;
        markPhase('job-created', created.job_id);
        if (count.status === 'rejected') {
          discard(ctx, created.job_id);
          throw count.reason;
        }
        pages = count.value.pages;
      } else pages = (await counting).pages;
    }
    markPhase('pages-counted');
    // The deduction is made now (402 here, synchronously); its write, the job's owner and its
    // ledger entry are fsynced concurrently with the job starting, all before the answer.
    let deducted: Promise<unknown>;
    let left: number;
    try {
      ({ left, saved: deducted } = await ctx.quota.reserve(key, pages));
    } catch (err) {
      if (created) discard(ctx, created.job_id);
      throw err;
    }
    reserved = pages;
    if (!created) {
      created = await submit();
      markPhase('job-created', created.job_id);
    }
    const owned = ctx.store.update(created.job_id, { owner: key.name, creditUsed: pages });
    owned.catch(() => undefined); // awaited below
    await Promise.all([deducted, owned, ctx.settlement.open({ job: created.job_id, owner: key.name, reserved: pages, inputs: upload ? [upload] : [] }, owned)]);
    markPhase('submission-durable', created.job_id);
    countAccepted(ctx, key.name, created.job_id);
    primeWhenDone(ctx, created.job_id);
    return { ...created, ...('credit_used' in created ? { credit_used: pages } : {}), quota_remaining: left };
  } catch (err) {
    release();
    if (reserved) await ctx.quota.adjust(key, -reserved);
    if (sub.file?.path) await fs.rm(sub.file.path, { force: true });
    throw err;
  }
}

/** A job started before its submission was refused: cancelled, then deleted once it has ended. */
function discard(ctx: ServerContext, id: string): void {
  void ctx.engine
    .cancel(id)
    .catch(() => false)
    .then(() => ctx.engine.ended(id))
    .then(() => ctx.engine.deleteJob(id))
    .catch(() => undefined);
}

/**
 * A job of one resource family (operations' `family`) read by its owner, signed URLs in
 * place of paths. Another key's job, or another family's, is indistinguishable from none.
 */
export async function readOwned(ctx: ServerContext, key: ApiKey, id: string, family: string): Promise<unknown> {
  const rec = ctx.store.peek(id);
  if (!rec || rec.owner !== key.name || getOperation(rec.operation)?.family !== family) throw notFound();
  return signUrls(ctx, await ctx.engine.view(id));
}
