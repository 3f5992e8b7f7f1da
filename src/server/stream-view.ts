/**
 * Status views whose chunks are still in the job's result file (render/chunk-lines.ts: a
 * result too large to hold, such as a 1M-formula workbook's 118 M characters) are answered
 * without ever holding them: URLs are signed chunk by chunk as each is read, and the body
 * is streamed in pieces (render/json-pieces.ts) instead of being one JSON string. Views of
 * ordinary results go through signUrls and fastify's serializer as before.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import { chunkSourceOf, defineLazyChunks, mapChunkSource } from '../render/chunk-lines.js';
import { jsonBatches } from '../render/json-pieces.js';
import type { ServerContext } from './context.js';
import { signUrls } from './file-urls.js';

/** Pieces are joined up to about this many characters per write. */
const PIECE_CHARS = 1 << 16;

/** `signUrls` for a view, leaving chunks in their result file (each is signed when read). */
export function signView<T extends object>(ctx: ServerContext, view: T): T {
  const stored = chunkSourceOf(view);
  if (!stored) return signUrls(ctx, view);
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(view)) if (key !== 'chunks') rest[key] = (view as Record<string, unknown>)[key];
  const signed = signUrls(ctx, rest);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(view)) {
    if (key === 'chunks') defineLazyChunks(out, mapChunkSource(stored, (c) => signUrls(ctx, c)));
    else out[key] = signed[key];
  }
  return out as T;
}

/** Sends a view: streamed when its chunks are still in a file, else as an ordinary reply. */
export function sendView(reply: FastifyReply, view: unknown): unknown {
  if (!chunkSourceOf(view)) return view;
  return reply.type('application/json; charset=utf-8').send(Readable.from(jsonBatches(view, PIECE_CHARS)));
}

/** Writes a view as JSON to `file` (temporary file, then rename), streaming a lazy view's chunks. */
export async function writeViewFile(file: string, view: unknown): Promise<void> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await pipeline(Readable.from(jsonBatches(view, PIECE_CHARS)), createWriteStream(tmp, { mode: 0o600 }));
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}
