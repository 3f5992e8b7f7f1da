/**
 * Archives of PDFs (the v3 batch input): `.tar`, `.tar.gz`/`.tgz` and `.zip`, recognised by
 * content, never by extension, and read through well-kept libraries: tar-stream (+ Node's
 * zlib for gzip) and fflate for zip. Only PDF entries (by content: `%PDF-` near the start)
 * are kept; everything else is skipped silently. Guards: entry count, per-entry and total
 * uncompressed size (declared sizes checked first, and inflation capped so a forged header
 * cannot grow an entry), compression ratio for large zip entries, absolute and `..` paths,
 * and links (tar symlinks/hardlinks; nothing is ever written to disk, so a zip "link"
 * entry is only its target's name and is skipped as non-PDF).
 *
 * The two libraries load when an archive is read: this module is reachable from the CLI's
 * start (v3 jobs), and importing them there cost every command, a plain parse included,
 * their load time (tar-stream's five packages and fflate).
 */
import { gunzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import type { unzipSync as UnzipSync } from 'fflate';
import { ProcessingError } from '../errors.js';
import { sniff } from './sniff.js';

export type ArchiveKind = 'zip' | 'tar' | 'gzip';

export interface ArchiveLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  maxCompressionRatio: number;
  ratioCheckMinBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: Readonly<ArchiveLimits> = Object.freeze({
  maxEntries: 10_000,
  maxEntryBytes: 50 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxCompressionRatio: 100,
  ratioCheckMinBytes: 16 * 1024 * 1024,
});

export interface ArchiveEntry {
  /** Relative path inside the archive. */
  path: string;
  bytes: Uint8Array;
}

export interface ArchiveContents {
  pdfs: ArchiveEntry[];
  /** Entries refused by a guard (path, reason); non-PDF entries are not listed. */
  refused: Array<{ path: string; reason: string }>;
}

export function archiveKind(bytes: Uint8Array): ArchiveKind | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05) && (bytes[3] === 0x04 || bytes[3] === 0x06)) return 'zip';
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return 'gzip';
  if (bytes.length >= 262 && Buffer.from(bytes.subarray(257, 262)).toString('latin1') === 'ustar') return 'tar';
  return null;
}

/** By the engine's sniffing (signature at offset 0 first): a PNG quoting "%PDF-" is not a PDF. */
export function isPdfBytes(b: Uint8Array): boolean {
  return sniff(b) === 'pdf';
}

/** Why a path may not be used, or null. */
function unsafePath(name: string): string | null {
  if (name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name)) return 'absolute path';
  if (name.split(/[\\/]/).includes('..')) return '".." in path';
  if (name.includes('\0')) return 'NUL in path';
  return null;
}

function tooLarge(msg: string): ProcessingError {
  return new ProcessingError('too_large', `Archive rejected: ${msg}.`);
}

function readZip(bytes: Uint8Array, limits: ArchiveLimits, unzipSync: typeof UnzipSync): ArchiveContents {
  const refused: ArchiveContents['refused'] = [];
  let count = 0;
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        if (++count > limits.maxEntries) throw tooLarge(`more than ${limits.maxEntries} entries`);
        if (f.name.endsWith('/')) return false;
        const bad = unsafePath(f.name);
        if (bad) {
          refused.push({ path: f.name, reason: bad });
          return false;
        }
        if (f.originalSize > limits.maxEntryBytes) {
          refused.push({ path: f.name, reason: `larger than ${limits.maxEntryBytes} bytes` });
          return false;
        }
        if (f.originalSize >= limits.ratioCheckMinBytes && f.originalSize > limits.maxCompressionRatio * Math.max(1, f.size)) throw tooLarge(`entry ${f.name} expands ${Math.round(f.originalSize / Math.max(1, f.size))}x (zip bomb)`);
        total += f.originalSize;
        if (total > limits.maxTotalBytes) throw tooLarge(`entries total more than ${limits.maxTotalBytes} bytes`);
        return true;
      },
    });
  } catch (err) {
    if (err instanceof ProcessingError) throw err;
    throw new ProcessingError('corrupt_document', `The zip archive cannot be read: ${(err as Error).message}`);
  }
  const pdfs = Object.entries(files)
    .filter(([, data]) => isPdfBytes(data))
    .map(([path, data]) => ({ path, bytes: data }));
  return { pdfs, refused };
}

async function readTar(bytes: Uint8Array, limits: ArchiveLimits): Promise<ArchiveContents> {
  const refused: ArchiveContents['refused'] = [];
  const pdfs: ArchiveEntry[] = [];
  const { default: tar } = await import('tar-stream');
  const extract = tar.extract();
  let count = 0;
  let total = 0;
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const fail = (err: Error) => {
        stream.resume();
        extract.destroy(err);
      };
      if (++count > limits.maxEntries) return fail(tooLarge(`more than ${limits.maxEntries} entries`));
      const name = header.name.replace(/^\.\//, '');
      const isFile = header.type === 'file' || header.type === 'contiguous-file';
      let reason: string | null = null;
      if (header.type === 'symlink' || header.type === 'link') reason = `${header.type} entry`;
      else if (isFile) reason = unsafePath(name) ?? ((header.size ?? 0) > limits.maxEntryBytes ? `larger than ${limits.maxEntryBytes} bytes` : null);
      if (reason || !isFile) {
        if (reason) refused.push({ path: name, reason });
        stream.on('end', next);
        stream.resume();
        return;
      }
      const parts: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: unknown) => {
        const d = chunk as Buffer;
        size += d.length;
        total += d.length;
        if (total > limits.maxTotalBytes) return fail(tooLarge(`entries total more than ${limits.maxTotalBytes} bytes`));
        parts.push(d);
      });
      stream.on('end', () => {
        const data = Buffer.concat(parts, size);
        if (isPdfBytes(data)) pdfs.push({ path: name, bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
        next();
      });
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]).pipe(extract);
  try {
    await done;
  } catch (err) {
    if (err instanceof ProcessingError) throw err;
    throw new ProcessingError('corrupt_document', `The tar archive cannot be read: ${(err as Error).message}`);
  }
  return { pdfs, refused };
}

/** Reads the PDFs of an archive; throws ProcessingError for bad or oversized archives. */
export async function readPdfArchive(bytes: Uint8Array, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<ArchiveContents> {
  const kind = archiveKind(bytes);
  if (kind === 'zip') return readZip(bytes, limits, (await import('fflate')).unzipSync);
  if (kind === 'tar') return readTar(bytes, limits);
  if (kind === 'gzip') {
    let tarBytes: Uint8Array;
    try {
      tarBytes = gunzipSync(bytes, { maxOutputLength: limits.maxTotalBytes + 1024 * 1024 });
    } catch (err) {
      if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(`it decompresses to more than ${limits.maxTotalBytes} bytes (gzip bomb)`);
      throw new ProcessingError('corrupt_document', `The gzip archive cannot be decompressed: ${(err as Error).message}`);
    }
    if (archiveKind(tarBytes) !== 'tar') throw new ProcessingError('unsupported_format', 'The gzip file does not hold a tar archive.');
    return readTar(tarBytes, limits);
  }
  throw new ProcessingError('unsupported_format', 'Not a .tar, .tar.gz or .zip archive.');
}
