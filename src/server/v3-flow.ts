/**
 * What the v3 routes (`/v3/parse*`) need beyond the engine's markdown jobs, kept out of the
 * route module: the v3 error bodies (`{"message"}` for 401/403/413/429, `{"error"}` otherwise,
 * as the spec shows them), job ownership per key (another key's job is 404), the per-key daily
 * submission cap (100, reset at 00:00 UTC), and the presigned upload: `file_id` (32 hex), an
 * HMAC-signed PUT of `application/pdf` up to 52428800 bytes valid 3600 s, after which
 * `{file_id}` submits it and the v3 job id equals the file_id (an alias of the engine's id).
 * Nothing lives only in memory: jobs (v3-jobs.ts), uploads (`v3/uploads/<file_id>.json`) and
 * the day's counts (`v3/usage.json`) are kept in the data dir, so a restart forgets none; in
 * cluster mode they are in Redis (shared-state/), so every server sees each key's uploads,
 * jobs and daily count, and an upload is submitted once (taken atomically).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QuireError } from '../errors.js';
import type { ServerContext } from './context.js';
import { HttpError } from './errors.js';
import type { ApiKey } from './keys.js';
import { nowSeconds } from './signing.js';
import { V3_RETENTION_MS } from '../operations/parse-v3/markdown-jobs.js';
import type { DayCounts } from './shared-state/day-counts.js';
import type { RecordBook } from './shared-state/record-book.js';
import { V3Jobs, type V3Record } from './v3-jobs.js';

export const V3_MULTIPART_BYTES = 3 * 2 ** 20;
export const V3_UPLOAD_BYTES = 52_428_800;
export const V3_UPLOAD_TTL_S = 3600;

interface Upload { owner: string; expires: number; createdMs: number; path?: string }

export class V3State {
  private constructor(
    private readonly ctx: ServerContext,
    readonly jobs: V3Jobs,
    private readonly uploads: RecordBook<Upload>,
    private readonly counts: DayCounts,
  ) {}

  /** Loads the v3 state kept in `data/v3/` (jobs, uploads, today's counts), or in Redis in cluster mode. */
  static async open(ctx: ServerContext): Promise<V3State> {
    const dir = path.join(ctx.config.dataDir, 'v3');
    const book = await ctx.state.book<V3Record>('v3-jobs', 'v3/jobs', (r) => (r.status === 'done' || r.status === 'failed' ? 'ended' : 'open'));
    const jobs = await V3Jobs.open({ engine: ctx.engine, dir, book, leases: ctx.state.leases, inputsDir: ctx.dirs.inputs, inlineLimitBytes: ctx.config.engine?.markdownJobs?.inlineLimitBytes, stopping: () => ctx.stopping });
    const uploads = await ctx.state.book<Upload>('v3-uploads', 'v3/uploads', (u) => (u.path ? 'uploaded' : undefined));
    const state = new V3State(ctx, jobs, uploads, await ctx.state.dayCounts(path.join(dir, 'usage.json')));
    setInterval(() => void state.sweepUploads().catch(() => undefined), 10 * 60_000).unref();
    return state;
  }

  get perSecond(): number {
    return this.ctx.config.v3Limits?.perSecond ?? 2;
  }

  /** Counts one submission against the key's day (kept in v3/usage.json); 429 past the cap. */
  async countSubmission(key: ApiKey): Promise<void> {
    const today = new Date().toISOString().slice(0, 10);
    const cap = this.ctx.config.v3Limits?.perDay ?? 100;
    if (!(await this.counts.take(key.name, today, cap))) {
      const midnight = Date.parse(`${today}T00:00:00Z`) + 86_400_000;
      throw new HttpError(429, 'rate_limited', 'Limit Exceeded', undefined, Math.max(1, Math.ceil((midnight - Date.now()) / 1000)));
    }
  }

  /** The key's job record (404 `Job not found` for another key's or an unknown id). */
  async owned(key: ApiKey, publicId: string): Promise<V3Record> {
    const rec = await this.jobs.owned(key.name, publicId);
    if (!rec) throw new HttpError(404, 'not_found', 'Job not found');
    return rec;
  }

  /** A presigned GET of a large result (the spec's result_url), valid one hour. */
  signResult(publicId: string): string {
    const expires = nowSeconds() + V3_UPLOAD_TTL_S;
    return `${this.ctx.baseUrl}/v3/parse/${publicId}/result?expires=${expires}&signature=${this.ctx.signer.sign('v3result', publicId, String(expires))}`;
  }

  /** The result file behind a presigned result URL; 403 when the signature is wrong or expired. */
  async verifyResult(publicId: string, q: { expires?: string; signature?: string }): Promise<string> {
    const ok = await this.jobs.get(publicId);
    if (!ok || !this.ctx.signer.verify(q.signature, 'v3result', publicId, String(q.expires)) || Number(q.expires) < nowSeconds()) throw new HttpError(403, 'forbidden', 'Forbidden');
    return this.jobs.resultFile(publicId);
  }

  async createUpload(key: ApiKey) {
    const fileId = randomUUID().replace(/-/g, '');
    const expires = nowSeconds() + V3_UPLOAD_TTL_S;
    await this.uploads.save(fileId, { owner: key.name, expires, createdMs: Date.now() });
    const sig = this.ctx.signer.sign('v3put', fileId, String(expires), 'application/pdf');
    return {
      file_id: fileId,
      upload_url: `${this.ctx.baseUrl}/v3/parse/upload/${fileId}?expires=${expires}&signature=${sig}`,
      method: 'PUT',
      content_type: 'application/pdf',
      max_size_bytes: V3_UPLOAD_BYTES,
      expires_in: V3_UPLOAD_TTL_S,
    };
  }

  /** The presigned PUT: signature, expiry and Content-Type (403 otherwise), body ≤ 50 MB (413). */
  async receive(req: FastifyRequest, fileId: string): Promise<{ file_id: string; status: 'uploaded' }> {
    const q = req.query as { expires?: string; signature?: string };
    const up = await this.uploads.get(fileId);
    const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!up || !this.ctx.signer.verify(q.signature, 'v3put', fileId, String(q.expires), 'application/pdf')) throw new HttpError(403, 'forbidden', 'Forbidden');
    if (Number(q.expires) < nowSeconds()) throw new HttpError(403, 'forbidden', 'Forbidden');
    if (type !== 'application/pdf') throw new HttpError(403, 'forbidden', 'Forbidden');
    const len = Number(req.headers['content-length']);
    if (Number.isFinite(len) && len > V3_UPLOAD_BYTES) throw new HttpError(413, 'payload_too_large', 'Request Too Long');
    await fs.mkdir(this.ctx.dirs.inputs, { recursive: true });
    const dest = path.join(this.ctx.dirs.inputs, `v3-${fileId}.pdf`);
    // Streamed under its own name and renamed whole: two PUTs of one URL (on any servers) never mix bytes.
    const part = `${dest}.${randomUUID().slice(0, 8)}.part`;
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done(bytes > V3_UPLOAD_BYTES ? new HttpError(413, 'payload_too_large', 'Request Too Long') : null, chunk);
      },
    });
    try {
      await pipeline(req.raw, counter, createWriteStream(part, { mode: 0o600 }));
      await fs.rename(part, dest);
    } catch (err) {
      await fs.rm(part, { force: true });
      throw err instanceof HttpError ? err : new HttpError(400, 'malformed_body', 'The upload ended early.');
    }
    await this.uploads.save(fileId, { ...up, path: dest });
    return { file_id: fileId, status: 'uploaded' };
  }

  /** The uploaded PDF of a file_id of this key (404 `no upload found for file_id=...`), used once. */
  async takeUpload(key: ApiKey, fileId: string): Promise<string> {
    const up = await this.uploads.get(fileId);
    // Taken once: two submissions of one file_id (on any servers) make one job.
    if (!up || up.owner !== key.name || !up.path || !(await this.uploads.take(fileId))) throw new HttpError(404, 'not_found', `no upload found for file_id=${fileId}`);
    return up.path;
  }

  /** Files of uploads not yet submitted. */
  async uploadPaths(): Promise<string[]> {
    return (await this.uploads.inBucket('uploaded')).map((u) => u.path!);
  }

  /** Uploads never submitted, a day after their URL was issued: the record and the file go. */
  async sweepUploads(now = Date.now()): Promise<void> {
    for (const [id, up] of await this.uploads.entries()) {
      if (now - up.createdMs < V3_RETENTION_MS) continue;
      if (!(await this.uploads.take(id))) continue; // another server swept it
      if (up.path) await fs.rm(up.path, { force: true });
    }
  }
}

/** The v3 error bodies: `{"message"}` for 401/403/413/429 (the gateway's), `{"error"}` otherwise. */
export function sendV3Error(reply: FastifyReply, err: unknown): FastifyReply {
  const e = err as { statusCode?: number; status?: number; message?: string; retryAfter?: number; code?: string };
  let status = err instanceof HttpError ? err.statusCode : err instanceof QuireError ? err.status : typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') status = 413;
  if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY') status = 400;
  if (err instanceof HttpError && err.retryAfter !== undefined) reply.header('Retry-After', String(err.retryAfter));
  const fixed: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 413: 'Request Too Long', 429: 'Limit Exceeded' };
  const body = fixed[status] ? { message: fixed[status] } : { error: status >= 500 ? 'Internal error' : e.message ?? 'Bad request' };
  return reply.code(status).type('application/json').send(body);
}
