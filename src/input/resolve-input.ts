/**
 * Job input → bytes + file name + MIME type. Accepts a file path, bytes, or an http(s)
 * URL. Submission-time checks (`describeInput`) are cheap; reading and downloading happen
 * in the job (`loadInput`), so a slow URL never blocks submission.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { ProcessingError, ValidationError } from '../errors.js';
import { mimeTypeOf, sniff, type SniffedType } from './sniff.js';
import { checkUrl, guardedLookup } from './url-guard.js';

export type JobInput = string | Uint8Array | { data: Uint8Array; fileName?: string } | { url: string } | { path: string };

export interface InputDescriptor {
  kind: 'path' | 'bytes' | 'url';
  fileName: string;
  path?: string;
  url?: URL;
  data?: Uint8Array;
}

export interface LoadedInput {
  bytes: Uint8Array;
  fileName: string;
  mimeType: string;
  type: SniffedType;
  /** Where the original came from (path or URL), for the job record. */
  location: string | null;
}

export interface InputLimits {
  maxBytes: number;
  fetchTimeoutMs: number;
  allowPrivateUrls: boolean;
}

/** The last usable path segment of a URL, or `unknown`. */
export function fileNameFromUrl(url: URL): string {
  const seg = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '');
  return seg && seg !== '.' && seg !== '..' ? seg : 'unknown';
}

export function describeInput(input: JobInput, limits: InputLimits, fileNameOverride?: string): InputDescriptor {
  if (typeof input === 'string') {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) return describeInput({ url: input }, limits, fileNameOverride);
    return describeInput({ path: input }, limits, fileNameOverride);
  }
  if (input instanceof Uint8Array) {
    return { kind: 'bytes', data: input, fileName: fileNameOverride ?? 'document' };
  }
  if (input && typeof input === 'object') {
    if ('data' in input && input.data instanceof Uint8Array) {
      return { kind: 'bytes', data: input.data, fileName: fileNameOverride ?? input.fileName ?? 'document' };
    }
    if ('url' in input && typeof input.url === 'string') {
      const url = checkUrl(input.url, limits.allowPrivateUrls);
      return { kind: 'url', url, fileName: fileNameOverride ?? fileNameFromUrl(url) };
    }
    if ('path' in input && typeof input.path === 'string') {
      if (!input.path) throw new ValidationError('file', 'empty path');
      return { kind: 'path', path: input.path, fileName: fileNameOverride ?? path.basename(input.path) };
    }
  }
  throw new ValidationError('file', 'provide a file path, bytes, or an http(s) URL');
}

export async function loadInput(desc: InputDescriptor, limits: InputLimits, signal?: AbortSignal): Promise<LoadedInput> {
  let bytes: Uint8Array;
  let location: string | null = null;
  if (desc.kind === 'bytes') {
    bytes = desc.data!;
  } else if (desc.kind === 'path') {
    location = path.resolve(desc.path!);
    let stat;
    try {
      stat = await fs.stat(location);
    } catch {
      throw new ProcessingError('fetch_failed', `File not found: ${desc.path}`);
    }
    if (!stat.isFile()) throw new ProcessingError('fetch_failed', `Not a regular file: ${desc.path}`);
    if (stat.size > limits.maxBytes) throw new ProcessingError('too_large', `The file is ${stat.size} bytes; the limit is ${limits.maxBytes}.`);
    const buf = await fs.readFile(location);
    bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength); // a view, not an element-by-element copy
  } else {
    location = desc.url!.href;
    bytes = await download(desc.url!, limits, signal);
  }
  if (bytes.length === 0) throw new ProcessingError('empty_file', 'The file is empty (0 bytes).');
  if (bytes.length > limits.maxBytes) throw new ProcessingError('too_large', `The file is ${bytes.length} bytes; the limit is ${limits.maxBytes}.`);
  const type = sniff(bytes);
  return { bytes, fileName: desc.fileName, mimeType: mimeTypeOf(type, desc.fileName), type, location };
}

const MAX_REDIRECTS = 5;

/**
 * GET with the SSRF-guarded lookup, a size cap, a time limit and re-checked redirects.
 * `fetchTimeoutMs` bounds the whole download, every redirect hop included: each hop gets
 * what is left of one deadline, so a chain of slow redirects cannot multiply the limit.
 */
async function download(start: URL, limits: InputLimits, signal?: AbortSignal): Promise<Uint8Array> {
  let url = start;
  const deadline = Date.now() + limits.fetchTimeoutMs;
  const timedOut = () => new ProcessingError('fetch_failed', `Timed out after ${limits.fetchTimeoutMs} ms fetching ${start.href}${url === start ? '' : ` (redirected to ${url.href})`}`);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const left = deadline - Date.now();
    if (left <= 0) throw timedOut();
    const res = await request(url, limits, { msLeft: left, timedOut }, signal);
    if (res.redirect) {
      try {
        url = checkUrl(new URL(res.redirect, url).href, limits.allowPrivateUrls);
      } catch (err) {
        throw new ProcessingError('url_not_allowed', `Redirect refused: ${(err as Error).message}`);
      }
      continue;
    }
    return res.body!;
  }
  throw new ProcessingError('fetch_failed', `Too many redirects fetching ${start.href}`);
}

interface HopTime {
  msLeft: number;
  timedOut: () => ProcessingError;
}

function request(url: URL, limits: InputLimits, time: HopTime, signal?: AbortSignal): Promise<{ redirect?: string; body?: Uint8Array }> {
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => req.destroy(time.timedOut()), time.msLeft);
    const req = mod.get(url, { lookup: guardedLookup(limits.allowPrivateUrls), signal, headers: { 'user-agent': 'quire' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        clearTimeout(timer);
        resolve({ redirect: res.headers.location });
        return;
      }
      if (status !== 200) {
        res.resume();
        clearTimeout(timer);
        reject(new ProcessingError('fetch_failed', `Fetching ${url.href} returned HTTP ${status}`));
        return;
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > limits.maxBytes) {
        res.destroy();
        clearTimeout(timer);
        reject(new ProcessingError('too_large', `The URL's content is ${declared} bytes; the limit is ${limits.maxBytes}.`));
        return;
      }
      const parts: Buffer[] = [];
      let size = 0;
      res.on('data', (d: Buffer) => {
        size += d.length;
        if (size > limits.maxBytes) {
          res.destroy(new ProcessingError('too_large', `The URL's content exceeds the limit of ${limits.maxBytes} bytes.`));
          return;
        }
        parts.push(d);
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ body: new Uint8Array(Buffer.concat(parts)) });
      });
      res.on('error', (e) => {
        clearTimeout(timer);
        reject(e instanceof ProcessingError ? e : new ProcessingError('fetch_failed', `Fetching ${url.href} failed: ${e.message}`));
      });
    });
    req.on('error', (e: Error & { code?: string }) => {
      clearTimeout(timer);
      if (e instanceof ProcessingError) reject(e);
      else if (e.code === 'EADDRNOTALLOWED') reject(new ProcessingError('url_not_allowed', `URL refused: ${e.message}`));
      else reject(new ProcessingError('fetch_failed', `Fetching ${url.href} failed: ${e.message}`));
    });
  });
}
