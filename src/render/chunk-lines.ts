/**
 * The "chunk lines" result file: a chunked result (parse, parse excel) written as JSON with
 * one chunk per line, so it can be written and read a chunk at a time and a huge result
 * never exists as one string or one object graph (issue 21: a 1M-formula workbook's result
 * is ~118 M characters). It is still one valid JSON document (`JSON.parse` gives the result
 * back, plus a `$chunk_lines` count member); JSON text never holds a raw newline, so lines are
 * chunks:
 *
 *   {"$chunk_lines":2,"page_count":1,…,"chunks":[
 *   {…chunk 1…},
 *   {…chunk 2…}
 *   ]}
 *
 * The writer (a worker, inside the task that built the result) keeps a small result as an
 * object and switches to the file past `minChars`. Readers: the header alone (the first
 * line), the chunks one by one (a sync generator over 1 MiB reads), and lazy objects whose
 * `chunks` member is read from the file when first touched, carrying a hidden hint so that
 * serializers (cli/write-json.ts, the server) stream the chunks instead of touching it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RESULT_FILE_KIND, type ResultFileRef, type ResultFileTarget } from '../model/result-file.js';

const COUNT_MEMBER = '$chunk_lines';
const FIRST_LINE_END = '"chunks":[';
const LAST_LINE = ']}';
/** Characters gathered per write (joined pieces stay small; see cli/write-json.ts). */
const WRITE_CHARS = 1 << 15;
const READ_BYTES = 1 << 20;

/**
 * Writes `result` as a chunk-lines file if its JSON reaches `target.minChars` characters;
 * returns the reference, or null (nothing written) for a smaller result.
 */
export function writeChunkLinesIfLarge(result: { chunks: readonly unknown[] } & Record<string, unknown>, target: ResultFileTarget): ResultFileRef | null {
  const { chunks, ...header } = result;
  const head = JSON.stringify({ [COUNT_MEMBER]: chunks.length, ...header });
  let pending: string[] = [`${head.slice(0, -1)},${FIRST_LINE_END}\n`];
  let pendingChars = pending[0]!.length;
  let total = pendingChars;
  let fd: number | undefined;
  const flush = () => {
    fs.writeSync(fd!, pending.join(''));
    pending = [];
    pendingChars = 0;
  };
  try {
    for (let i = 0; i <= chunks.length; i++) {
      const piece = i < chunks.length ? `${JSON.stringify(chunks[i])}${i < chunks.length - 1 ? ',' : ''}\n` : `${LAST_LINE}\n`;
      pending.push(piece);
      pendingChars += piece.length;
      total += piece.length;
      if (fd === undefined && total >= target.minChars) {
        fs.mkdirSync(path.dirname(target.path), { recursive: true, mode: 0o700 });
        fd = fs.openSync(target.path, 'w', 0o600);
      }
      if (fd !== undefined && pendingChars >= WRITE_CHARS) flush();
    }
    if (fd === undefined) return null;
    flush();
  } catch (err) {
    if (fd !== undefined) fs.rmSync(target.path, { force: true });
    throw err;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
  return { kind: RESULT_FILE_KIND, path: target.path, chars: total, chunkCount: chunks.length, header: JSON.parse(JSON.stringify(header)) as Record<string, unknown> };
}

/** The complete lines of a file, as strings, read 1 MiB at a time (a newline byte never occurs inside a UTF-8 sequence). */
function* lines(file: string): Generator<string> {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(READ_BYTES);
    let carry: Buffer[] = [];
    for (;;) {
      const n = fs.readSync(fd, buf, 0, READ_BYTES, null);
      if (n === 0) break;
      let start = 0;
      for (let nl = buf.indexOf(10, 0); nl >= 0 && nl < n; nl = buf.indexOf(10, start)) {
        carry.push(buf.subarray(start, nl));
        yield Buffer.concat(carry).toString('utf8');
        carry = [];
        start = nl + 1;
      }
      if (start < n) carry.push(Buffer.from(buf.subarray(start, n)));
    }
    // Bytes after the last newline are a line cut short (every line the writer ends has one).
  } finally {
    fs.closeSync(fd);
  }
}

export interface ChunkLinesHeader {
  chunkCount: number;
  /** Every member of the result but `chunks`. */
  header: Record<string, unknown>;
}

/** The header of a chunk-lines file; null when the file is ordinary JSON (or absent). */
export function readChunkLinesHeader(file: string): ChunkLinesHeader | null {
  const mark = Buffer.from(`{"${COUNT_MEMBER}":`);
  let first: string | undefined;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      // Ordinary JSON results are told apart by their first bytes; the header line is small
      // (the result's members but its chunks) and read in 64 KiB steps.
      const parts: Buffer[] = [];
      for (let pos = 0; first === undefined; ) {
        const buf = Buffer.allocUnsafe(pos === 0 ? mark.length : 1 << 16);
        const n = fs.readSync(fd, buf, 0, buf.length, pos);
        if (n === 0 || (pos === 0 && !buf.subarray(0, n).equals(mark))) return null;
        const nl = buf.subarray(0, n).indexOf(10);
        parts.push(buf.subarray(0, nl >= 0 ? nl : n));
        if (nl >= 0) first = Buffer.concat(parts).toString('utf8');
        pos += n;
      }
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null;
  }
  if (!first.endsWith(FIRST_LINE_END)) return null;
  const { [COUNT_MEMBER]: count, chunks: _none, ...header } = JSON.parse(`${first}${LAST_LINE}`) as Record<string, unknown>;
  return { chunkCount: Number(count), header };
}

/** The JSON text of each chunk of a chunk-lines file, in order. */
export function* chunkTexts(file: string): Generator<string> {
  let n = 0;
  for (const line of lines(file)) {
    if (n++ === 0) continue; // the header
    if (line === LAST_LINE) return;
    yield line.endsWith(',') ? line.slice(0, -1) : line;
  }
  throw new Error(`the result file ${file} ends early`);
}

/** Hidden on objects whose `chunks` are still in a file: where, how many, and how each is shown. */
const CHUNK_SOURCE = Symbol('quire.chunkSource');

export interface ChunkSource {
  file: string;
  count: number;
  /** Turns a stored chunk into what the object shows (views apply their output options). */
  show(chunk: Record<string, unknown>): unknown;
}

/** The file behind a lazy object's `chunks`, while they have not been read. */
export function chunkSourceOf(v: unknown): ChunkSource | undefined {
  return v && typeof v === 'object' ? ((v as Record<symbol, ChunkSource | undefined>)[CHUNK_SOURCE] ?? undefined) : undefined;
}

function missing(file: string): Error {
  return new Error(`The job's result file is gone (${path.basename(path.dirname(file))}: deleted, or removed by the retention policy); read a job's chunks before deleting it.`);
}

/**
 * Gives `target` an enumerable `chunks` member read from `source` on first access (then kept
 * as an ordinary array). Until then `chunkSourceOf(target)` tells serializers where to stream
 * them from. Assigning `chunks` replaces it as usual.
 */
export function defineLazyChunks(target: object, source: ChunkSource): void {
  const settle = (value: unknown) => {
    delete (target as Record<symbol, unknown>)[CHUNK_SOURCE];
    Object.defineProperty(target, 'chunks', { value, writable: true, enumerable: true, configurable: true });
  };
  Object.defineProperty(target, CHUNK_SOURCE, { value: source, enumerable: false, configurable: true });
  Object.defineProperty(target, 'chunks', {
    enumerable: true,
    configurable: true,
    get() {
      if (!fs.existsSync(source.file)) throw missing(source.file);
      const all: unknown[] = [];
      for (const text of chunkTexts(source.file)) all.push(source.show(JSON.parse(text) as Record<string, unknown>));
      settle(all);
      return all;
    },
    set(value: unknown) {
      settle(value);
    },
  });
}

/** A stored chunk-lines result as an object: its header members, and `chunks` read when touched. */
export function lazyChunkedResult(file: string, head: ChunkLinesHeader): Record<string, unknown> {
  const result: Record<string, unknown> = { ...head.header };
  defineLazyChunks(result, { file, count: head.chunkCount, show: (c) => c });
  return result;
}

/** JSON text of the chunks of `source` as an array, in pieces (one per chunk), without holding them all. */
export function* chunkArrayPieces(source: ChunkSource): Generator<string> {
  if (!fs.existsSync(source.file)) throw missing(source.file);
  yield '[';
  let i = 0;
  for (const text of chunkTexts(source.file)) {
    yield (i++ > 0 ? ',' : '') + JSON.stringify(source.show(JSON.parse(text) as Record<string, unknown>));
  }
  yield ']';
}

/** A view's chunk source shown through one more step (views over a lazy stored result). */
export function mapChunkSource(source: ChunkSource, show: (chunk: Record<string, unknown>) => unknown): ChunkSource {
  return { file: source.file, count: source.count, show: (c) => show(source.show(c) as Record<string, unknown>) };
}
