/**
 * The presigned-upload flow (`POST /v2/parse/upload`, spec state table): a ticket reserves
 * one page and returns an HMAC-signed PUT URL on this server; the PUT (no API key) must
 * carry the Content-Type inferred from `file_name` and arrive before `expires_at`, else 403.
 * When the bytes are in, the reservation is reconciled with the real page count and the
 * job is queued; a document over the page limit or the remaining quota goes to Failed
 * without processing. A PUT that arrives while the queue is full is still accepted: the
 * file is kept and the ticket parked (`uploaded`) until the queue has room, so the client
 * never uploads twice. A ticket whose URL expires unused fails and gives its page back.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { getOperation } from '../operations/registry.js';
import type { ServerContext } from './context.js';
import { badRequest, capacity, HttpError, tooLarge } from './errors.js';
import { EngineClosedError, QueueFullError, errorMessage } from '../errors.js';
import { billablePages, checkContent, checkFileName, extensionOf, MIME_BY_EXT, readHead } from './inspect-input.js';
import type { ApiKey } from './keys.js';
import { checkDeclaredLength } from './read-submission.js';
import { nowSeconds } from './signing.js';
import type { Ticket } from './tickets.js';
import { primeWhenDone } from './view-bytes.js';

export const DEFAULT_UPLOAD_TTL_S = 15 * 60;

export async function createTicket(ctx: ServerContext, key: ApiKey, fields: Record<string, unknown>) {
  const fileName = checkFileName('file_name', fields.file_name);
  const mimeType = MIME_BY_EXT[extensionOf(fileName)];
  if (!mimeType) throw badRequest('file_name', `unsupported extension; supported: ${Object.keys(MIME_BY_EXT).join(', ')}`);
  // The v1 alias segment_analysis is silently ignored on this endpoint (spec).
  const { file_name: _f, segment_analysis: _s, ...options } = fields;
  getOperation('parse')!.validate(options);
  const ttlRaw = Number(options.expires_in);
  const ttl = Number.isInteger(ttlRaw) && ttlRaw > 0 ? ttlRaw : DEFAULT_UPLOAD_TTL_S;
  const { left, saved } = await ctx.quota.reserve(key, 1);
  await saved;
  const t: Ticket = { id: randomUUID(), owner: key.name, fileName, mimeType, options, createdAt: new Date().toISOString(), expiresAt: nowSeconds() + ttl, reserved: 1, state: 'awaiting_upload' };
  await ctx.tickets.save(t);
  const sig = ctx.signer.sign('put', t.id, String(t.expiresAt), mimeType);
  return {
    job_id: t.id,
    upload_url: `${ctx.baseUrl}/v2/parse/upload/${t.id}?expires=${t.expiresAt}&signature=${sig}`,
    upload_method: 'PUT',
    upload_headers: { 'Content-Type': mimeType },
    expires_at: new Date(t.expiresAt * 1000).toISOString(),
    credit_used: t.reserved,
    quota_remaining: left,
  };
}

const forbidden = (why: string) => new HttpError(403, 'forbidden', why);

/** The PUT: checks the signature, type and expiry, streams the body to disk, queues the job. */
export async function receiveUpload(ctx: ServerContext, req: FastifyRequest, ticketId: string): Promise<{ job_id: string; status: string }> {
  const q = req.query as { expires?: string; signature?: string };
  const t = await ctx.tickets.get(ticketId);
  const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!t || !ctx.signer.verify(q.signature, 'put', ticketId, String(q.expires), t.mimeType)) throw forbidden('The upload URL is not valid.');
  if (Number(q.expires) < nowSeconds()) throw forbidden('The upload URL has expired.');
  if (type !== t.mimeType) throw forbidden(`The PUT must send Content-Type: ${t.mimeType} (from upload_headers).`);
  if (t.state !== 'awaiting_upload') throw new HttpError(409, 'conflict', 'This upload URL has already been used.');
  if (ctx.stopping) throw capacity();
  const limit = ctx.config.limits.upload;
  checkDeclaredLength(req, limit - 65536);
  await fs.mkdir(ctx.dirs.inputs, { recursive: true });
  const dest = path.join(ctx.dirs.inputs, `${t.id}.upload`);
  // Streamed under a name of its own: two PUTs of one URL racing (on any servers) never write
  // one file; the one whose compare-and-set lands renames its copy to `dest`.
  const part = path.join(ctx.dirs.inputs, `${t.id}.${randomUUID().slice(0, 8)}.part`);
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(bytes > limit ? tooLarge(limit) : null, chunk);
    },
  });
  try {
    await pipeline(req.raw, counter, createWriteStream(part, { mode: 0o600 }));
    const sniffed = checkContent('file', t.fileName, await readHead(part));
    const { pages, total } = await billablePages(ctx.pageCounter, part, sniffed, t.options.page_range, t.options.password);
    const key = ctx.keys.keys.find((k) => k.name === t.owner)!;
    // Each move of the ticket is compare-and-set: a second PUT of the same URL (on this
    // server or another) that loses the race answers 409 and moves no page.
    const used = () => new HttpError(409, 'conflict', 'This upload URL has already been used.');
    const fail = async (message: string) => {
      if (!(await ctx.tickets.replace(t, { ...t, state: 'failed', message, reserved: 0, finishedAt: new Date().toISOString() }))) throw used();
      await ctx.quota.adjust(key, -t.reserved);
      await fs.rm(part, { force: true });
      return { job_id: t.id, status: 'Failed' };
    };
    if (total !== null && total > ctx.config.maxPages) return fail(`The document has ${total} pages; the limit is ${ctx.config.maxPages}. Split it first.`);
    const extra = pages - t.reserved;
    if (extra > 0) {
      try {
        await (await ctx.quota.reserve(key, extra)).saved;
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode !== 402) throw err;
        return fail(`Insufficient page quota: the document needs ${pages} pages, ${(await ctx.quota.remaining(key)) + t.reserved} remain.`);
      }
    }
    const uploaded: Ticket = { ...t, state: 'uploaded', reserved: pages };
    if (!(await ctx.tickets.replace(t, uploaded))) {
      if (extra > 0) await ctx.quota.adjust(key, -extra);
      throw used();
    }
    await fs.rename(part, dest);
    if (extra < 0) await ctx.quota.adjust(key, extra);
    // Queued now, or parked until the queue has room (admitParkedUploads): the PUT has
    // succeeded either way and the client polls the ticket id; it never has to PUT again.
    await queueUpload(ctx, uploaded);
    return { job_id: t.id, status: 'Starting' };
  } catch (err) {
    await fs.rm(part, { force: true }).catch(() => undefined);
    if (err instanceof HttpError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') throw new HttpError(400, 'malformed_body', 'The upload ended early.');
    throw err;
  }
}

/**
 * Tickets whose URL expired before any upload: Failed, and their reserved page given back.
 * Runs at start and every minute (server.ts), so an abandoned ticket never keeps a page.
 */
export async function expireTickets(ctx: ServerContext, now = nowSeconds()): Promise<number> {
  let n = 0;
  for (const t of await ctx.tickets.awaiting()) {
    if (t.expiresAt >= now) continue;
    // Every server runs this: only the one whose compare-and-set lands gives the page back.
    if (!(await ctx.tickets.replace(t, { ...t, state: 'failed', message: 'The upload URL expired before the file was uploaded.', reserved: 0, finishedAt: new Date().toISOString() }))) continue;
    const key = ctx.keys.keys.find((k) => k.name === t.owner);
    if (key && t.reserved) await ctx.quota.adjust(key, -t.reserved);
    n++;
  }
  return n;
}

/**
 * Hands an uploaded ticket's file to the engine. Returns false when the queue is full (or
 * the server is stopping): the ticket stays `uploaded`, its file and pages kept, and
 * admitParkedUploads queues it once there is room. Any other refusal fails the ticket and
 * gives its pages back.
 */
export async function queueUpload(ctx: ServerContext, ticket: Ticket): Promise<boolean> {
  // Several servers admit parked uploads: the lease makes one of them queue each, once.
  const lease = `ticket:${ticket.id}`;
  if (!(await ctx.state.leases.acquire(lease))) return true;
  try {
    const t = await ctx.tickets.get(ticket.id);
    if (!t || t.state !== 'uploaded') return true;
    return await queueHeld(ctx, t);
  } finally {
    await ctx.state.leases.release(lease);
  }
}

async function queueHeld(ctx: ServerContext, t: Ticket): Promise<boolean> {
  const dest = path.join(ctx.dirs.inputs, `${t.id}.upload`);
  try {
    const created = await ctx.engine.parse({ path: dest }, { ...t.options, file_name: t.fileName });
    const owned = ctx.store.update(created.job_id, { owner: t.owner, creditUsed: t.reserved });
    owned.catch(() => undefined); // awaited below
    await Promise.all([
      owned,
      ctx.settlement.open({ job: created.job_id, owner: t.owner, reserved: t.reserved, inputs: [dest] }, owned), // watched once the owner is written (settle.ts)
      ctx.tickets.save({ ...t, state: 'queued', engineJobId: created.job_id }),
    ]);
    primeWhenDone(ctx, created.job_id);
    return true;
  } catch (err) {
    if (err instanceof QueueFullError || err instanceof EngineClosedError || ctx.stopping) return false;
    await ctx.tickets.save({ ...t, state: 'failed', message: errorMessage(err), reserved: 0, finishedAt: new Date().toISOString() });
    await fs.rm(dest, { force: true }).catch(() => undefined);
    const key = ctx.keys.keys.find((k) => k.name === t.owner);
    if (key && t.reserved) await ctx.quota.adjust(key, -t.reserved);
    return true;
  }
}

/** Queues parked uploads, oldest first, while the queue has room (server.ts: at start and every second). */
export async function admitParkedUploads(ctx: ServerContext): Promise<number> {
  let n = 0;
  for (const t of await ctx.tickets.parked()) {
    if (ctx.stopping || ctx.engine.queuedJobs >= ctx.config.maxQueuedJobs) break;
    if (!(await queueUpload(ctx, t))) break;
    n++;
  }
  return n;
}

