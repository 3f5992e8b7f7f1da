/**
 * v3 pages on disk, so a v3 job never holds a whole document's markdown: the pages
 * operation appends each page, as it is rendered, to a JSON-lines file in its job folder
 * (one `{"page":N,"markdown":"…"}` per line, exactly the JSON of a `pages[]` entry), and the
 * v3 job assembles its answer from those files — read back whole only when the answer is
 * inline (≤ 10 MB by the spec), otherwise streamed line by line into `result.json`. The
 * file's byte count makes the inline/result_url decision exact without reading it.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';

export interface PageLine {
  page: number;
  markdown: string;
}

/** Where one PDF's pages were written: the file, its page count and its bytes (newlines excluded). */
export interface PageFile {
  pages_file: string;
  lines: number;
  bytes: number;
}

export class PageFileWriter {
  private lines = 0;
  private bytes = 0;
  private readonly file: string;

  constructor(dir: string, name = 'v3-pages.jsonl') {
    this.file = path.join(dir, name);
  }

  async open(): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await fs.writeFile(this.file, '');
  }

  /** Appends pages in ascending order (the caller's windows are ascending). */
  async append(pages: readonly PageLine[]): Promise<void> {
    if (pages.length === 0) return;
    // Encoded once: its length is the byte count, and the same bytes are written.
    const data = Buffer.from(pages.map((p) => JSON.stringify({ page: p.page, markdown: p.markdown })).join('\n') + '\n');
    this.lines += pages.length;
    this.bytes += data.length - pages.length;
    await fs.appendFile(this.file, data);
  }

  done(): PageFile {
    return { pages_file: this.file, lines: this.lines, bytes: this.bytes };
  }
}

async function* lines(file: string): AsyncGenerator<string> {
  const rl = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of rl) if (line) yield line;
}

/**
 * The pages of a file, in memory (for inline answers, which the 10 MB limit bounds): read
 * whole and parsed as one JSON array (each line is one JSON value with no raw newline in it),
 * rather than line by line through a stream.
 */
export async function readPageFile(file: string): Promise<PageLine[]> {
  const text = (await fs.readFile(file, 'utf8')).trimEnd();
  return text ? (JSON.parse(`[${text.split('\n').join(',')}]`) as PageLine[]) : [];
}

/** Bytes of the JSON array of a file's pages: `[` lines joined by `,` `]`. */
export function pagesArrayBytes(f: PageFile): number {
  return f.bytes + Math.max(0, f.lines - 1) + 2;
}

async function write(out: Writable, s: string): Promise<void> {
  if (!out.write(s)) await once(out, 'drain');
}

/** Writes a file's pages as a JSON array to `out`, one line in memory at a time. */
export async function streamPagesArray(file: string, out: Writable): Promise<void> {
  await write(out, '[');
  let first = true;
  for await (const line of lines(file)) {
    await write(out, first ? line : `,${line}`);
    first = false;
  }
  await write(out, ']');
}

/**
 * Writes `JSON.stringify(value)` to `file` where some arrays are still on disk: each value
 * that is a `PageFile` is streamed in as its pages array. Same bytes as stringifying the
 * assembled object, without assembling it.
 */
export async function writeJsonWithPageFiles(file: string, value: unknown): Promise<void> {
  const files: PageFile[] = [];
  // A placeholder no other string of the value can equal (a random nonce).
  const nonce = randomUUID();
  const placeholder = (i: number) => `\u0000${nonce}:${i}`;
  const json = JSON.stringify(value, (_k, v: unknown) => {
    if (v && typeof v === 'object' && 'pages_file' in v && 'lines' in v) {
      files.push(v as PageFile);
      return placeholder(files.length - 1);
    }
    return v;
  });
  const out = createWriteStream(file);
  try {
    let rest = json;
    for (let i = 0; i < files.length; i++) {
      const token = JSON.stringify(placeholder(i));
      const at = rest.indexOf(token);
      await write(out, rest.slice(0, at));
      await streamPagesArray(files[i]!.pages_file, out);
      rest = rest.slice(at + token.length);
    }
    await write(out, rest);
  } finally {
    out.end();
    await once(out, 'close');
  }
}
