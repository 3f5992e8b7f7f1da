/**
 * What the v3 routes (`/v3/parse*`) need beyond the engine's markdown jobs, kept out of the
 * route module: the v3 error bodies (`{"message"}` for 401/403/413/429, `{"error"}` otherwise,
 * as the spec shows them), job ownership per key (another key's job is 404), the per-key daily
 * submission cap (100, reset at 00:00 UTC), and the presigned upload: `file_id` (32 hex), an
 * HMAC-signed PUT of `application/pdf` up to 52428800 bytes valid 3600 s, after which
 * `{file_id}` submits it and the v3 job id equals the file_id (an alias of the engine's id).
 * State lives in process memory, like the engine's v3 jobs (24 h retention).
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

export const V3_MULTIPART_BYTES = 3 * 2 ** 20;
export const V3_UPLOAD_BYTES = 52_428_800;
export const V3_UPLOAD_TTL_S = 3600;

interface Upload { owner: string; expires: number; path?: string }

export class V3State {
  /** Public job id → owner and engine job id. */
  readonly jobs = new Map<string, { owner: string; engineId: string }>();
  readonly uploads = new Map<string, Upload>();
  private day = '';
  private readonly used = new Map<string, number>();

  constructor(private readonly ctx: ServerContext) {}

  get perSecond(): number {
    return this.ctx.config.v3Limits?.perSecond ?? 2;
  }

  /** Counts one submission against the key's day; 429 past the cap. */
  countSubmission(key: ApiKey): void {
    const today = new Date().toISOString().slice(0, 10);
    if (today !== this.day) {
      this.day = today;
      this.used.clear();
    }
    const n = this.used.get(key.name) ?? 0;
    const cap = this.ctx.config.v3Limits?.perDay ?? 100;
    if (n >= cap) {
      const midnight = Date.parse(`${today}T00:00:00Z`) + 86_400_000;
      throw new HttpError(429, 'rate_limited', 'Limit Exceeded', undefined, Math.max(1, Math.ceil((midnight - Date.now()) / 1000)));
    }
    this.used.set(key.name, n + 1);
  }

  own(key: ApiKey, publicId: string, engineId: string): void {
    this.jobs.set(publicId, { owner: key.name, engineId });
  }

  engineId(key: ApiKey, publicId: string): string {
    const j = this.jobs.get(publicId);
    if (!j || j.owner !== key.name) throw new HttpError(404, 'not_found', 'Job not found');
    return j.engineId;
  }

  /** A presigned GET of a large result (the spec's result_url), valid one hour. */
  signResult(publicId: string): string {
    const expires = nowSeconds() + V3_UPLOAD_TTL_S;
    return `${this.ctx.baseUrl}/v3/parse/${publicId}/result?expires=${expires}&signature=${this.ctx.signer.sign('v3result', publicId, String(expires))}`;
  }

  /** The engine id behind a presigned result URL; 403 when the signature is wrong or expired. */
  verifyResult(publicId: string, q: { expires?: string; signature?: string }): string {
    const j = this.jobs.get(publicId);
    if (!j || !this.ctx.signer.verify(q.signature, 'v3result', publicId, String(q.expires)) || Number(q.expires) < nowSeconds()) throw new HttpError(403, 'forbidden', 'Forbidden');
    return j.engineId;
  }

  createUpload(key: ApiKey) {
    const fileId = randomUUID().replace(/-/g, '');
    const expires = nowSeconds() + V3_UPLOAD_TTL_S;
    this.uploads.set(fileId, { owner: key.name, expires });
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
    const up = this.uploads.get(fileId);
    const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!up || !this.ctx.signer.verify(q.signature, 'v3put', fileId, String(q.expires), 'application/pdf')) throw new HttpError(403, 'forbidden', 'Forbidden');
    if (Number(q.expires) < nowSeconds()) throw new HttpError(403, 'forbidden', 'Forbidden');
    if (type !== 'application/pdf') throw new HttpError(403, 'forbidden', 'Forbidden');
    const len = Number(req.headers['content-length']);
    if (Number.isFinite(len) && len > V3_UPLOAD_BYTES) throw new HttpError(413, 'payload_too_large', 'Request Too Long');
    await fs.mkdir(this.ctx.dirs.inputs, { recursive: true });
    const dest = path.join(this.ctx.dirs.inputs, `v3-${fileId}.pdf`);
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done(bytes > V3_UPLOAD_BYTES ? new HttpError(413, 'payload_too_large', 'Request Too Long') : null, chunk);
      },
    });
    try {
      await pipeline(req.raw, counter, createWriteStream(dest, { mode: 0o600 }));
    } catch (err) {
      await fs.rm(dest, { force: true });
      throw err instanceof HttpError ? err : new HttpError(400, 'malformed_body', 'The upload ended early.');
    }
    up.path = dest;
    return { file_id: fileId, status: 'uploaded' };
  }

  /** The uploaded PDF of a file_id of this key (404 `no upload found for file_id=...`), used once. */
  takeUpload(key: ApiKey, fileId: string): string {
    const up = this.uploads.get(fileId);
    if (!up || up.owner !== key.name || !up.path) throw new HttpError(404, 'not_found', `no upload found for file_id=${fileId}`);
    this.uploads.delete(fileId);
    return up.path;
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
