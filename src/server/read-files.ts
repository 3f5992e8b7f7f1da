/**
 * A multipart body with several file parts (the batch endpoints' `pdf_files`, the editor's
 * `image_files`) → fields + files streamed to the data dir, each under its own folder with
 * its client file name (so a job reading the path sees the real name). The same limits as
 * read-submission.ts: per-file byte limit enforced while streaming (413), a file count cap
 * (`maxFiles`, exceeding it is the caller's 400), 1 MB per field. Nothing is buffered.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError, tooLarge } from './errors.js';
import { checkFileName } from './inspect-input.js';
import { checkDeclaredLength } from './read-submission.js';

export interface ReceivedFile {
  field: string;
  path: string;
  fileName: string;
  bytes: number;
}

export interface MultiFileBody {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** Files seen past `maxFiles` (drained, not kept). */
  extraFiles: number;
}

export interface MultiFileLimits {
  fileFields: string[];
  maxFiles: number;
  maxBytesPerFile: number;
  /** Declared Content-Length over this is refused before reading (413). */
  maxTotalBytes: number;
  dir: string;
}

/** Removes what readFiles kept (each file sits in its own folder). */
export async function removeFiles(files: ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((f) => fs.rm(path.dirname(f.path), { recursive: true, force: true })));
}

export async function readFiles(req: FastifyRequest, lim: MultiFileLimits): Promise<MultiFileBody> {
  if (!req.isMultipart()) throw badRequest('body', 'expected multipart/form-data');
  checkDeclaredLength(req, lim.maxTotalBytes);
  const body: MultiFileBody = { fields: {}, files: [], extraFiles: 0 };
  try {
    for await (const part of req.parts({ limits: { fileSize: lim.maxBytesPerFile, files: lim.maxFiles + 50, fields: 200, fieldSize: 1024 * 1024 } })) {
      if (part.type === 'field') {
        if (part.fieldnameTruncated || part.valueTruncated) throw badRequest(part.fieldname, 'field value over 1 MB');
        body.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!lim.fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw badRequest(part.fieldname, `unexpected file field; files go in ${lim.fileFields.map((f) => `"${f}"`).join(' or ')}`);
      }
      if (body.files.length >= lim.maxFiles) {
        body.extraFiles++;
        part.file.resume();
        continue;
      }
      const fileName = checkFileName(part.fieldname, part.filename);
      const folder = path.join(lim.dir, randomUUID());
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const file: ReceivedFile = { field: part.fieldname, path: path.join(folder, fileName), fileName, bytes: 0 };
      body.files.push(file);
      part.file.on('data', (c: Buffer) => (file.bytes += c.length));
      await pipeline(part.file, createWriteStream(file.path, { mode: 0o600 }));
      if (part.file.truncated) throw tooLarge(lim.maxBytesPerFile);
    }
  } catch (err) {
    await removeFiles(body.files);
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(lim.maxBytesPerFile);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('body', 'too many parts');
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, 'malformed_body', `multipart parse failed: ${(err as Error).message ?? String(err)}`);
  }
  return body;
}
