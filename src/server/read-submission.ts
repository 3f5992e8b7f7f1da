/**
 * A submission's body → option fields + (optionally) one file streamed to the data dir.
 * Multipart parts are read in order with @fastify/multipart, so fields may come before or
 * after the file part (as curl sends them); the file is piped to disk as it arrives and the
 * byte limit is enforced while it streams (413), never by buffering the body. JSON bodies
 * (URL submissions, the upload ticket) give their fields directly.
 *
 * A small body (declared Content-Length within `memoryBytes`) is read into memory and not
 * written here at all: the engine writes the job's own copy of the bytes before the job
 * exists (jobs/engine.ts), so the upload copy in `inputs/` was a second write of the same
 * bytes, streamed in 64 KB writes each waiting for the thread pool, then read back by the
 * job. bench/server-phases.ts "upload received": see src/server/README.md (Measured).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError, tooLarge } from './errors.js';
import { checkFileName } from './inspect-input.js';

export interface Submission {
  fields: Record<string, unknown>;
  /** `path`: where the file was written; absent when it was read into memory only (`data`). */
  file?: { path?: string; fileName: string; bytes: number; data?: Uint8Array };
}

export interface ReadOptions {
  /** Name of the multipart file field (`file`, `pdf_file`). */
  fileField: string;
  maxBytes: number;
  /** Folder for the received file. */
  dir: string;
  /**
   * A file of at most this many bytes is also kept in memory (`file.data`) as it streams to
   * disk, so the submission checks (content sniff, page count) need not read it back.
   */
  keepBytes?: number;
  /**
   * A request whose declared Content-Length is at most this many bytes has its file read
   * into memory only (`file.data`, no `file.path`); the limits apply as in the streamed case.
   */
  memoryBytes?: number;
}

/** 413 at once when the declared length is already over the limit (nothing is read). */
export function checkDeclaredLength(req: FastifyRequest, maxBytes: number): void {
  const len = Number(req.headers['content-length']);
  // Multipart framing adds a little; 64 KB of slack keeps a file of exactly the limit acceptable.
  if (Number.isFinite(len) && len > maxBytes + 65536) throw tooLarge(maxBytes);
}

export async function readSubmission(req: FastifyRequest, opts: ReadOptions): Promise<Submission> {
  if (!req.isMultipart()) {
    const body = req.body;
    if (body === undefined || body === null) return { fields: {} };
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('body', 'expected a JSON object or multipart/form-data');
    return { fields: { ...(body as Record<string, unknown>) } };
  }
  checkDeclaredLength(req, opts.maxBytes);
  const declared = Number(req.headers['content-length']);
  const inMemory = opts.memoryBytes !== undefined && Number.isFinite(declared) && declared <= opts.memoryBytes;
  const fields: Record<string, unknown> = {};
  let file: Submission['file'];
  try {
    for await (const part of req.parts({ limits: { fileSize: opts.maxBytes, files: 1, fields: 200, fieldSize: 1024 * 1024 } })) {
      if (part.type === 'field') {
        if (part.fieldnameTruncated || part.valueTruncated) throw badRequest(part.fieldname, 'field value over 1 MB');
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== opts.fileField) {
        part.file.resume();
        throw badRequest(part.fieldname, `unexpected file field; the file goes in "${opts.fileField}"`);
      }
      const fileName = checkFileName(opts.fileField, part.filename);
      if (inMemory) {
        const parts: Buffer[] = [];
        let bytes = 0;
        for await (const c of part.file as AsyncIterable<Buffer>) {
          parts.push(c);
          bytes += c.length;
        }
        if (part.file.truncated) throw tooLarge(opts.maxBytes);
        file = { fileName, bytes, data: Buffer.concat(parts, bytes) };
        continue;
      }
      await fs.mkdir(opts.dir, { recursive: true });
      const dest = path.join(opts.dir, randomUUID());
      file = { path: dest, fileName, bytes: 0 };
      let kept: Buffer[] | undefined = opts.keepBytes ? [] : undefined;
      part.file.on('data', (c: Buffer) => {
        file!.bytes += c.length;
        if (kept && file!.bytes <= opts.keepBytes!) kept.push(c);
        else kept = undefined;
      });
      await pipeline(part.file, createWriteStream(dest, { mode: 0o600 }));
      if (part.file.truncated) throw tooLarge(opts.maxBytes);
      if (kept) file.data = Buffer.concat(kept);
    }
  } catch (err) {
    if (file?.path) await fs.rm(file.path, { force: true });
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(opts.maxBytes);
    if (code === 'FST_FILES_LIMIT') throw badRequest(opts.fileField, 'only one file per request');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('body', 'too many fields');
    if (err instanceof HttpError) throw err;
    const message = (err as Error).message ?? String(err);
    throw new HttpError(400, 'malformed_body', `multipart parse failed: ${message}`);
  }
  return { fields, file };
}
