/**
 * The chunks of a finished parse job's status view, serialized once and kept as JSON text,
 * so that `GET /parse/{job_id}` (and `GET /jobs/{job_id}/results`) answer a finished job by
 * writing its small head (status, credit, timestamps: read fresh every time) around bytes
 * made earlier, instead of copying every chunk into a view, walking it for file URLs and
 * stringifying half a megabyte on every read.
 *
 * Why: a client written for the cloud service polls, sees `Succeeded`, then fetches the
 * result; that fetch is on its critical path. The serialization is done as soon as the job
 * ends (`primeView`, while the client still sleeps between polls), so the fetch costs the
 * head alone (bench/server-phases.ts measures each phase).
 *
 * Exactness: the cached text is produced by the ordinary path (engine view → signUrls →
 * JSON.stringify) and spliced at the place the ordinary view has `chunks` (before
 * `total_chunks`), so the body is byte-identical to the uncached answer
 * (test/server/view-bytes.test.ts). Only chunks that carry no file URL are cached: signed
 * URLs expire one hour after each answer, so chunks with segment images are signed anew per
 * read. Results kept in a chunk-lines file (huge ones) are streamed as before, never cached.
 * Only the default read (no base64 images, no output_file) is cached: one entry per job.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { getOperation } from '../operations/registry.js';
import { chunkSourceOf } from '../render/chunk-lines.js';
import { markPhase } from '../runtime/phase-marks.js';
import type { ServerContext } from './context.js';
import { signUrls } from './file-urls.js';
import type { ApiKey } from './keys.js';
import { readParseJob, resolveOwned, type ParseRead } from './present.js';
import { signView, sendView } from './stream-view.js';
import { holdWhileFinishing, unwatch, watchProgress } from './poll-hold.js';
import { storedChunkBytes } from './stored-chunks.js';

/** Serialized chunks kept per server, at most this many bytes in all (oldest go first). */
const MAX_BYTES = 64 * 2 ** 20;
/** A job whose chunks serialize to more than this is not kept (read the ordinary way). */
const MAX_ENTRY_CHARS = 16 * 2 ** 20;

/** Kept as UTF-8 bytes: each answer then copies them instead of encoding half a megabyte again. */
class ChunkTexts {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  /** Jobs whose chunks cannot be kept (file URLs, a chunk-lines file): not tried again. */
  private readonly refused = new Set<string>();

  isRefused(id: string): boolean {
    return this.refused.has(id);
  }

  refuse(id: string): void {
    this.refused.add(id);
    if (this.refused.size > 10_000) this.refused.delete(this.refused.values().next().value!);
  }

  get(id: string): Buffer | undefined {
    return this.entries.get(id);
  }

  set(id: string, json: string | Buffer): void {
    if (json.length > MAX_ENTRY_CHARS || this.entries.has(id)) return;
    const buf = typeof json === 'string' ? Buffer.from(json) : json;
    this.entries.set(id, buf);
    this.bytes += buf.length;
    for (const [old, b] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.entries.delete(old);
      this.bytes -= b.length;
    }
  }
}

const texts = new WeakMap<ServerContext, ChunkTexts>();
const textsOf = (ctx: ServerContext): ChunkTexts => {
  let t = texts.get(ctx);
  if (!t) texts.set(ctx, (t = new ChunkTexts()));
  return t;
};

/** A string no result contains: where the chunks go in the head's JSON. */
const HOLE = `quire-chunks-${randomUUID()}`;
const HOLE_JSON = JSON.stringify(HOLE);

/** The head (a view without chunks) with `chunks` put where the full view has them, as JSON bytes. */
function spliceChunks(head: Record<string, unknown>, chunksJson: Buffer): Buffer {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(head)) {
    if (k === 'total_chunks' && !('chunks' in out)) out.chunks = HOLE;
    out[k] = head[k];
  }
  if (!('chunks' in out)) out.chunks = HOLE;
  const json = JSON.stringify(out);
  const at = json.indexOf(HOLE_JSON);
  return Buffer.concat([Buffer.from(json.slice(0, at)), chunksJson, Buffer.from(json.slice(at + HOLE_JSON.length))]);
}

/** The default view's chunks of a succeeded parse job as JSON, or undefined where they cannot be kept. */
async function chunksText(ctx: ServerContext, jobId: string): Promise<string | Buffer | undefined> {
  const view = await ctx.engine.getParseJob(jobId, { includeChunks: true, base64Images: false });
  if (view.status !== 'Succeeded' || chunkSourceOf(view)) return undefined;
  const chunks = view.chunks;
  if (!chunks) return undefined;
  const stored = storedChunkBytes(ctx, jobId, chunks); // as the result file has them (stored-chunks.ts)
  if (stored) return stored;
  if (signUrls(ctx, chunks) !== chunks) return undefined; // file URLs: signed per read
  return JSON.stringify(chunks);
}

/**
 * Serializes a finished parse job's chunks now (the job has just ended; its client is
 * between polls). Quietly does nothing for other jobs or where the chunks cannot be kept.
 */
export async function primeView(ctx: ServerContext, jobId: string): Promise<void> {
  const rec = ctx.store.peek(jobId);
  if (!rec || rec.state !== 'succeeded' || textsOf(ctx).get(jobId) !== undefined) return;
  const json = await chunksText(ctx, jobId).catch(() => null);
  if (json) textsOf(ctx).set(jobId, json);
  else if (json === undefined) textsOf(ctx).refuse(jobId);
  markPhase('view-primed', jobId);
}

/**
 * Primes a parse-family job's view when it ends (submission paths call this once per
 * accepted job). After a turn of the event loop: a poll held for the job's end (poll-hold.ts)
 * is answered first (its answer is built from memory in the same turn), and the priming,
 * about 1 ms of the main thread, runs while that answer travels and its client asks for the
 * result, instead of before the answer.
 */
export function primeWhenDone(ctx: ServerContext, jobId: string): void {
  const op = ctx.store.peek(jobId)?.operation;
  if (!op || getOperation(op)?.family !== 'parse') return;
  void ctx.engine
    .ended(jobId, watchProgress(ctx, jobId))
    .finally(() => unwatch(ctx, jobId))
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(() => primeView(ctx, jobId), () => undefined)
    .catch(() => undefined);
}

/**
 * Answers `GET /parse/{job_id}` and `GET /jobs/{job_id}/results`: a succeeded job's default
 * read from its kept chunks (serialized now if they were not), anything else the ordinary
 * way (present.ts readParseJob, stream-view.ts sendView).
 */
export async function sendParseJob(ctx: ServerContext, reply: FastifyReply, key: ApiKey, id: string, q: ParseRead): Promise<unknown> {
  const { jobId } = await resolveOwned(ctx, key, id); // 404 for another key's job, before anything else
  if (jobId) await holdWhileFinishing(ctx, jobId); // a job in its last step: answer its end (poll-hold.ts)
  const cacheable = jobId && q.include_chunks !== false && !q.output_file && !q.base64_images && ctx.store.peek(jobId)?.state === 'succeeded' && ctx.store.peek(jobId)?.operation !== 'tables';
  if (cacheable && !textsOf(ctx).isRefused(jobId)) {
    let json = textsOf(ctx).get(jobId);
    if (json === undefined) {
      const text = await chunksText(ctx, jobId);
      if (text !== undefined) {
        textsOf(ctx).set(jobId, text);
        json = textsOf(ctx).get(jobId) ?? Buffer.from(text); // too large to keep: used once
      } else textsOf(ctx).refuse(jobId);
    }
    if (json !== undefined) {
      const head = signView(ctx, await ctx.engine.getParseJob(jobId, { includeChunks: false })) as unknown as Record<string, unknown>;
      head.job_id = id;
      const body = spliceChunks(head, json);
      markPhase('result-spliced', jobId);
      return reply.type('application/json; charset=utf-8').send(body);
    }
  }
  return sendView(reply, await readParseJob(ctx, key, id, q));
}
