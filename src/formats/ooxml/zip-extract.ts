/**
 * Guarded extraction of an xlsx package. Every size limit is checked against the
 * central directory first, then enforced again while inflating (a zip can lie about
 * its sizes), so a bomb is stopped after at most `maxEntryBytes` of output.
 */
import { inflateRawSync } from 'node:zlib';
import { ProcessingError, formatBytes } from '../../errors.js';
import type { WorkbookLimits } from '../xlsx/limits.js';
import { entryData, readZipDirectory, ZipEntryLimitError, ZipFormatError, type ZipEntry } from './zip-directory.js';

export interface ZipPackage {
  /** Inflated parts, keyed by their path inside the zip (no leading slash). */
  files: Map<string, Uint8Array>;
  /** Every entry name, including the ones left compressed (media, embeddings). */
  names: string[];
}

/** Parts SheetJS never reads: left compressed to save time and memory. */
const SKIPPED_PREFIXES = ['xl/media/', 'xl/embeddings/', 'xl/printerSettings/', 'xl/activeX/', 'customXml/', 'docProps/thumbnail'];
const SKIPPED_FILES = new Set(['xl/vbaProject.bin', 'xl/vbaProjectSignature.bin']);

function isSkipped(name: string): boolean {
  return SKIPPED_FILES.has(name) || SKIPPED_PREFIXES.some((p) => name.startsWith(p));
}

const mib = formatBytes;

function tooLarge(message: string): ProcessingError {
  return new ProcessingError('too_large', `Workbook rejected: ${message}.`);
}

function checkDeclared(entries: ZipEntry[], limits: WorkbookLimits): void {
  let total = 0;
  for (const e of entries) {
    if (isSkipped(e.name) || e.name.endsWith('/')) continue;
    if (e.uncompressedSize > limits.maxEntryBytes) {
      throw tooLarge(`part ${e.name} declares ${mib(e.uncompressedSize)} uncompressed (limit ${mib(limits.maxEntryBytes)})`);
    }
    if (e.uncompressedSize >= limits.ratioCheckMinBytes && e.uncompressedSize > limits.maxCompressionRatio * Math.max(1, e.compressedSize)) {
      const ratio = Math.round(e.uncompressedSize / Math.max(1, e.compressedSize));
      throw tooLarge(`part ${e.name} expands ${ratio}x (${mib(e.uncompressedSize)}), which looks like a zip bomb`);
    }
    total += e.uncompressedSize;
  }
  if (total > limits.maxTotalBytes) throw tooLarge(`parts total ${mib(total)} uncompressed (limit ${mib(limits.maxTotalBytes)})`);
}

function inflateEntry(bytes: Uint8Array, e: ZipEntry, limits: WorkbookLimits): Uint8Array {
  const raw = entryData(bytes, e);
  if (e.method === 0) return raw;
  if (e.method !== 8) throw new ZipFormatError(`unsupported compression method ${e.method} for ${e.name}`);
  // A part may not inflate beyond what it declared: more output means a forged header.
  const cap = Math.max(1, Math.min(e.uncompressedSize, limits.maxEntryBytes));
  try {
    return inflateRawSync(raw, { maxOutputLength: cap });
  } catch (err) {
    if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw tooLarge(`part ${e.name} inflates beyond its declared ${mib(e.uncompressedSize)} (forged sizes, likely a zip bomb)`);
    }
    throw new ZipFormatError(`cannot inflate ${e.name}: ${(err as Error).message}`);
  }
}

/** Inflates the parts SheetJS and Quire need; throws ProcessingError or ZipFormatError. */
export function extractZipPackage(bytes: Uint8Array, limits: WorkbookLimits): ZipPackage {
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(bytes, limits.maxZipEntries);
  } catch (err) {
    if (err instanceof ZipEntryLimitError) throw tooLarge(`the package lists ${err.count} parts (limit ${limits.maxZipEntries})`);
    throw err;
  }
  if (entries.some((e) => e.flags & 0x1)) {
    throw new ProcessingError('password_required', 'The workbook is encrypted (zip encryption); remove the password and resubmit.');
  }
  checkDeclared(entries, limits);
  const files = new Map<string, Uint8Array>();
  let total = 0;
  for (const e of entries) {
    if (e.name.endsWith('/') || isSkipped(e.name)) continue;
    const data = inflateEntry(bytes, e, limits);
    total += data.byteLength;
    if (total > limits.maxTotalBytes) throw tooLarge(`parts total more than ${mib(limits.maxTotalBytes)} uncompressed`);
    files.set(e.name.replace(/^\/+/, ''), data);
  }
  return { files, names: entries.map((e) => e.name.replace(/^\/+/, '')) };
}
