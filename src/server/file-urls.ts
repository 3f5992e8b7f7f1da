/**
 * Every URL a result carries (pdf_url, segment images, exports, output_file) points at
 * this server: `{base}/files/{token}?expires=...&signature=...`, valid one hour. The token
 * is the file's path relative to the data dir's `files/` or `inputs/` folder, written by
 * the server and covered by the HMAC, so a client cannot name a path; the files route
 * re-checks that the resolved path stays inside those folders.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerContext } from './context.js';
import { nowSeconds } from './signing.js';

export const FILE_URL_TTL_S = 3600;

function roots(ctx: ServerContext): string[] {
  return [ctx.dirs.files, ctx.dirs.inputs];
}

/** Absolute path inside an allowed folder, else undefined. */
export function allowedPath(ctx: ServerContext, abs: string): string | undefined {
  const p = path.resolve(abs);
  return roots(ctx).some((r) => p.startsWith(r + path.sep)) ? p : undefined;
}

export function signFile(ctx: ServerContext, abs: string, ttl = FILE_URL_TTL_S): string | undefined {
  const p = allowedPath(ctx, abs);
  if (!p) return undefined;
  const token = Buffer.from(path.relative(ctx.config.dataDir, p)).toString('base64url');
  const expires = nowSeconds() + ttl;
  return `${ctx.baseUrl}/files/${token}?expires=${expires}&signature=${ctx.signer.sign('file', token, String(expires))}`;
}

/** The absolute path a signed token names, or undefined (bad signature, expired, outside). */
export function resolveFileToken(ctx: ServerContext, token: string, expires: unknown, signature: unknown): string | undefined {
  const exp = Number(expires);
  if (!Number.isInteger(exp) || exp < nowSeconds()) return undefined;
  if (!ctx.signer.verify(signature, 'file', token, String(exp))) return undefined;
  return allowedPath(ctx, path.join(ctx.config.dataDir, Buffer.from(token, 'base64url').toString()));
}

/** Keys whose values never hold a URL: large numeric or word arrays, skipped for speed. */
const NO_URLS = new Set(['ocr', 'bbox', 'cell_references', 'words', 'configuration', 'html', 'markdown', 'content', 'embed', 'rows', 'headers', 'structured_data']);

/**
 * `value` with file URLs and data-dir paths replaced by signed URLs, copy-on-write: only the
 * objects and arrays on the way to a replaced string are copied, the rest is shared. Views
 * may share parts of the stored result (`exports`, nested objects), which the engine keeps in
 * memory for the next read, so they must never be rewritten in place; and copying a whole
 * large result would cost as much as serializing it. Only descends where URLs can be.
 */
export function signUrls<T>(ctx: ServerContext, value: T): T {
  const fix = (v: string): string | null => {
    if (v.startsWith('file:')) {
      try {
        return signFile(ctx, fileURLToPath(v)) ?? null;
      } catch {
        return null;
      }
    }
    if (v.startsWith(ctx.config.dataDir + path.sep)) return signFile(ctx, v) ?? null;
    return v;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return fix(v);
    if (Array.isArray(v)) {
      let out: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        const w = walk(v[i]);
        if (w !== v[i]) (out ??= v.slice())[i] = w;
      }
      return out ?? v;
    }
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      let out: Record<string, unknown> | undefined;
      for (const k of Object.keys(o)) {
        if (NO_URLS.has(k)) continue;
        const w = walk(o[k]);
        if (w !== o[k]) (out ??= { ...o })[k] = w;
      }
      return out ?? o;
    }
    return v;
  };
  return walk(value) as T;
}
