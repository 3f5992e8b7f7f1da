/**
 * Submission-time checks of an uploaded file, before any job exists: a safe file name,
 * content that agrees with the extension (a `.pdf` that is a PNG is a 400, not a failed
 * job), and the pages the job will bill, so an insufficient quota is a 402 at submission.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { WorkerPool } from '../workers/pool.js';
import type { TaskHandlers } from '../operations/tasks.js';
import { sniff, type SniffedType } from '../input/sniff.js';
import { parsePageRange } from '../options/page-range.js';
import { badRequest } from './errors.js';

/** Extension → what the content must sniff as (absent: no check, e.g. html). */
const EXPECTED: Record<string, SniffedType> = {
  pdf: 'pdf', png: 'png', jpg: 'jpeg', jpeg: 'jpeg', tif: 'tiff', tiff: 'tiff', bmp: 'bmp', webp: 'webp', gif: 'gif',
  docx: 'zip', xlsx: 'zip', xlsm: 'zip', pptx: 'zip', doc: 'cfb', xls: 'cfb', ppt: 'cfb',
};

export const MIME_BY_EXT: Record<string, string> = {
  pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', tif: 'image/tiff', tiff: 'image/tiff', webp: 'image/webp',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  html: 'text/html', htm: 'text/html',
};

export const extensionOf = (name: string) => (name.includes('.') ? name.toLowerCase().split('.').pop()! : '');

/** A client's file name, kept only as a label: no separators, controls or undecodable bytes. */
export function checkFileName(field: string, name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '') throw badRequest(field, 'a file name is required');
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f\ufffd]/.test(name) || name === '.' || name === '..' || name.length > 255) {
    throw badRequest(field, 'the file name must be a plain name (no path separators, control characters or invalid UTF-8), at most 255 characters');
  }
  return name;
}

export async function readHead(file: string, n = 65536): Promise<Uint8Array> {
  const fh = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** The sniffed type; 400 when the file is empty or its content contradicts its extension. */
export function checkContent(field: string, fileName: string, head: Uint8Array): SniffedType {
  if (head.length === 0) throw badRequest(field, 'the file is empty');
  const type = sniff(head);
  const want = EXPECTED[extensionOf(fileName)];
  if (want && type !== want) throw badRequest(field, `the content of ${fileName} is ${type === 'unknown' ? 'not a recognised format' : `a ${type} file`}, not what its extension says (${want})`);
  return type;
}

/**
 * Page count with pdf.js, which reads only the cross-reference table and the page tree
 * (1.5 ms for the 19-page us_constitution.pdf once loaded, against 85 ms for pdf-lib, which
 * parses every object and blocked the event loop under load). It runs in a one-thread
 * worker pool of the server's own: not in this thread, because loading pdf.js's legacy build
 * here made every JSON.stringify of a result 50x slower (its polyfills take V8 off its fast
 * path: 3 ms → 150 ms for the sample's 0.5 MB), and not in the engine's pool, where a
 * submission would wait behind running jobs.
 */
export async function pdfPageCount(counter: WorkerPool<TaskHandlers>, data: Uint8Array, password?: string): Promise<number | null> {
  try {
    const r = await counter.run('pdf.inspect', { key: randomUUID(), data, password });
    return r.pageCount;
  } catch {
    return null; // unreadable or locked here: the job reports why
  }
}

/** Pages the job will bill: selected PDF pages, 1 for other documents (the job reconciles). `data`: the file's bytes when already in memory. */
export async function billablePages(counter: WorkerPool<TaskHandlers>, file: string, type: SniffedType, pageRange: unknown, password?: unknown, data?: Uint8Array): Promise<{ pages: number; total: number | null }> {
  if (type !== 'pdf') return { pages: 1, total: null };
  const total = await pdfPageCount(counter, data ?? new Uint8Array(await fs.readFile(file)), typeof password === 'string' ? password : undefined);
  if (total === null) return { pages: 1, total: null };
  const ranges = parsePageRange('page_range', pageRange);
  if (!ranges) return { pages: total, total };
  let pages = 0;
  for (let p = 1; p <= total; p++) if (ranges.some(([a, b]) => p >= a && p <= b)) pages++;
  return { pages: Math.max(1, pages), total };
}
