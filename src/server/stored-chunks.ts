/**
 * The bytes of a finished job's chunks as its result file holds them, reused for the
 * answer of `GET /parse/{job_id}` when the job's view shows the chunks exactly as stored
 * (a parse with the default output_fields, response_profile and segment_naming: the usual
 * case) and they carry no file URL to sign.
 *
 * Why: the server writes every result through to disk before the job may show `Succeeded`
 * (jobs/result-cache.ts), so the chunks are already serialized and UTF-8 encoded once; the
 * kept view (view-bytes.ts) serialized and encoded them a second time as the job ended
 * (3.5–4 ms for the 19-page sample: stringify 1.5, encode 1.5, URL walk 0.8), on the path
 * between the job's end and the client's read of its result. Now that costs a comparison.
 *
 * Exactness: the view's chunks are compared with the stored ones key by key, in order, down
 * to each segment's fields, which must be the very same values (the view copies chunks and
 * segments and may drop or rename fields, but shares everything else): equal keys in equal
 * order with identical values serialize to identical JSON. Any difference, a view option
 * that drops a field, base64 images or a `file:` URL or data-dir path anywhere in the bytes
 * (conservatively: the plain text is searched, so a word "file:" in a document only costs
 * the ordinary path) and the ordinary serialization is used.
 */
import path from 'node:path';
import type { ServerContext } from './context.js';

/** Whether `a` (the view) serializes like `b` (stored): same keys, same order, identical values below `depth`. */
function sameJson(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (depth === 0 || !a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], bb[i], depth - 1)) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    if (ka[i] !== kb[i]) return false;
    if (!sameJson((a as Record<string, unknown>)[ka[i]!], (b as Record<string, unknown>)[kb[i]!], depth - 1)) return false;
  }
  return true;
}

/** The stored chunks' bytes when `viewChunks` would serialize to exactly them with nothing to sign; else undefined. */
export function storedChunkBytes(ctx: ServerContext, jobId: string, viewChunks: unknown[]): Buffer | undefined {
  const stored = ctx.engine.storedChunksJson(jobId);
  // chunks array → chunk → segments array → segment → its fields (identical values).
  if (!stored || !sameJson(viewChunks, stored.chunks, 4)) return undefined;
  if (stored.json.includes('file:') || stored.json.includes(JSON.stringify(ctx.config.dataDir + path.sep).slice(1, -1))) return undefined;
  return stored.json;
}
