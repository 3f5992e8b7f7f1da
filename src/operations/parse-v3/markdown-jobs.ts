/**
 * The v3 markdown parse as jobs: one PDF, or an archive of PDFs (input/archive.ts), →
 * markdown per page. Exactly the spec's v3 job: 32-hex `job_id`, `queued` → `running` →
 * `done` | `failed` (with `error`), `page_count` and ascending `pages[{page, markdown}]`
 * for one PDF, `documents[{pdf, page_count, pages} | {pdf, error}]` for an archive, and
 * `{job_id, status: done, result_url}` instead of inline results when the JSON would pass
 * 10 MB. Every artifact (inline result, result file, the per-PDF parse jobs' folders) is
 * deleted 24 hours after creation by `sweep()`, which runs on a timer and takes its time
 * from an injectable clock (tests move the clock instead of sleeping).
 *
 * The PDFs are parsed by the injected `parsePdf` (the engine runs pages-operation.ts: the
 * parse pipeline without crops, in page windows, each page's markdown appended to a file as
 * it is rendered), one document after the other. The answer is assembled from those files
 * (page-file.ts): read into memory only when it is inline (≤ the 10 MB limit), otherwise
 * streamed line by line into result.json, so no step holds a long document's pages.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { JobNotFoundError, ProcessingError, errorMessage } from '../../errors.js';
import { archiveKind, isPdfBytes, readPdfArchive } from '../../input/archive.js';
import { describeInput, loadInput, type InputLimits, type JobInput } from '../../input/resolve-input.js';
import { parsePageRange } from '../../options/page-range.js';
import type { V3Page } from './pages-operation.js';
import { pagesArrayBytes, readPageFile, writeJsonWithPageFiles, type PageFile } from './page-file.js';

export const V3_INLINE_LIMIT_BYTES = 10 * 1024 * 1024;
export const V3_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Spec limit for URL and uploaded PDFs (shape 2/3). */
export const V3_MAX_INPUT_BYTES = 52_428_800;

export type V3Status = 'queued' | 'running' | 'done' | 'failed';

export interface V3Document {
  pdf: string;
  page_count?: number;
  pages?: V3Page[];
  error?: string;
}

export interface V3Job {
  job_id: string;
  status: V3Status;
  created_at?: string;
  page_count?: number;
  pages?: V3Page[];
  documents?: V3Document[];
  result_url?: string;
  error?: string;
}

export interface ParsedPdf extends PageFile {
  page_count: number;
  /** Deletes what the parse left behind (its job and files); called when the v3 job goes. */
  release?: () => Promise<void>;
}

export interface MarkdownJobsConfig {
  dataDir: string;
  inputLimits: InputLimits;
  parsePdf(bytes: Uint8Array, fileName: string, pageRange: string | undefined, signal: AbortSignal): Promise<ParsedPdf>;
  now?: () => number;
  inlineLimitBytes?: number;
  retentionMs?: number;
  /** How often the retention sweep runs (ms; 0 disables the timer). Default 10 minutes. */
  sweepEveryMs?: number;
}

export interface MarkdownOptions {
  /** Page selector, e.g. "1-5" or "1,3,7-9". */
  pages?: string;
  /** Overrides the file name (and so nothing else: type is read from the content). */
  file_name?: string;
}

interface JobEntry {
  job: V3Job;
  createdMs: number;
  dirs: string[];
  releases: Array<() => Promise<void>>;
  waiters: Array<() => void>;
}

export class MarkdownJobs {
  private readonly jobs = new Map<string, JobEntry>();
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly ctl = new AbortController();

  constructor(private readonly cfg: MarkdownJobsConfig) {
    this.now = cfg.now ?? Date.now;
    const every = cfg.sweepEveryMs ?? 10 * 60 * 1000;
    if (every > 0) {
      this.timer = setInterval(() => void this.sweep(), every);
      this.timer.unref();
    }
  }

  /** Validates the selector, records the job as queued and starts it. */
  submit(input: JobInput, options: MarkdownOptions = {}): V3Job {
    if (options.pages !== undefined) parsePageRange('pages', options.pages); // throws ValidationError
    const desc = describeInput(input, { ...this.cfg.inputLimits, maxBytes: Math.min(this.cfg.inputLimits.maxBytes, V3_MAX_INPUT_BYTES) }, options.file_name);
    const id = randomUUID().replace(/-/g, '');
    const createdMs = this.now();
    const rec: JobEntry = { job: { job_id: id, status: 'queued', created_at: new Date(createdMs).toISOString() }, createdMs, dirs: [path.join(this.cfg.dataDir, 'v3', id)], releases: [], waiters: [] };
    this.jobs.set(id, rec);
    setImmediate(() => void this.run(rec, desc, options));
    return { ...rec.job };
  }

  get(id: string): V3Job {
    const rec = this.jobs.get(id);
    if (!rec) throw new JobNotFoundError(id);
    return structuredClone(rec.job);
  }

  async wait(id: string): Promise<V3Job> {
    const rec = this.jobs.get(id);
    if (!rec) throw new JobNotFoundError(id);
    if (rec.job.status !== 'done' && rec.job.status !== 'failed') await new Promise<void>((r) => rec.waiters.push(r));
    return this.get(id);
  }

  /** Deletes jobs (and their files) created at least `retentionMs` ago; returns their ids. */
  async sweep(): Promise<string[]> {
    const limit = this.cfg.retentionMs ?? V3_RETENTION_MS;
    const gone: string[] = [];
    for (const [id, rec] of this.jobs) {
      if (this.now() - rec.createdMs < limit) continue;
      if (rec.job.status === 'queued' || rec.job.status === 'running') continue; // finishes first
      this.jobs.delete(id);
      gone.push(id);
      await Promise.all(rec.dirs.map((d) => fs.rm(d, { recursive: true, force: true }).catch(() => undefined)));
      await Promise.all(rec.releases.splice(0).map((r) => r().catch(() => undefined)));
    }
    return gone;
  }

  /** Deletes a finished job's intermediate files (the PDFs' parse folders), keeping its result file. */
  async releaseIntermediates(id: string): Promise<void> {
    const rec = this.jobs.get(id);
    if (!rec || rec.job.status === 'queued' || rec.job.status === 'running') return;
    await Promise.all(rec.releases.splice(0).map((r) => r().catch(() => undefined)));
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.ctl.abort(new Error('The engine is closed.'));
  }

  private async run(rec: JobEntry, desc: ReturnType<typeof describeInput>, options: MarkdownOptions): Promise<void> {
    rec.job.status = 'running';
    try {
      const input = await loadInput(desc, { ...this.cfg.inputLimits, maxBytes: Math.min(this.cfg.inputLimits.maxBytes, V3_MAX_INPUT_BYTES) }, this.ctl.signal);
      let result: Assembling;
      if (archiveKind(input.bytes) && !isPdfBytes(input.bytes)) {
        const { pdfs } = await readPdfArchive(input.bytes);
        if (pdfs.length === 0) throw new ProcessingError('unsupported_format', 'The archive holds no PDF.');
        const documents: Assembling['documents'] = [];
        for (const entry of pdfs) {
          try {
            const one = await this.parseOne(rec, entry.bytes, path.basename(entry.path), options.pages);
            documents.push({ pdf: entry.path, ...one });
          } catch (err) {
            documents.push({ pdf: entry.path, error: errorMessage(err) });
          }
        }
        result = { documents };
      } else {
        if (input.type !== 'pdf') throw new ProcessingError('unsupported_format', `${input.fileName} is not a PDF or an archive (.tar, .tar.gz, .zip) of PDFs.`);
        result = await this.parseOne(rec, input.bytes, input.fileName, options.pages);
      }
      await this.complete(rec, result);
    } catch (err) {
      rec.job = { job_id: rec.job.job_id, status: 'failed', created_at: rec.job.created_at, error: errorMessage(err) };
    }
    for (const w of rec.waiters.splice(0)) w();
  }

  private async parseOne(rec: JobEntry, bytes: Uint8Array, fileName: string, pages: string | undefined): Promise<{ page_count: number; pages: PageFile }> {
    const parsed = await this.cfg.parsePdf(bytes, fileName, pages, this.ctl.signal);
    if (parsed.release) rec.releases.push(parsed.release);
    return { page_count: parsed.page_count, pages: { pages_file: parsed.pages_file, lines: parsed.lines, bytes: parsed.bytes } };
  }

  /**
   * The done job from the pages' files: inline when its JSON fits the limit (sized without
   * reading the files), else `result_url` to a result.json streamed from them.
   */
  private async complete(rec: JobEntry, result: Assembling): Promise<void> {
    const head = { job_id: rec.job.job_id, status: 'done' as const, created_at: rec.job.created_at };
    const files = result.documents ? result.documents.flatMap((d) => (d.pages ? [d.pages] : [])) : result.pages ? [result.pages] : [];
    const skeleton = JSON.stringify({ ...head, ...result }, (_k, v: unknown) => (v && typeof v === 'object' && 'pages_file' in v ? [] : v));
    const size = Buffer.byteLength(skeleton) + files.reduce((n, f) => n + pagesArrayBytes(f) - 2, 0);
    const limit = this.cfg.inlineLimitBytes ?? V3_INLINE_LIMIT_BYTES;
    if (size <= limit) {
      const inline = async (f: PageFile | undefined) => (f ? await readPageFile(f.pages_file) : undefined);
      const full: V3Job = result.documents
        ? { ...head, documents: await Promise.all(result.documents.map(async (d) => ({ ...d, pages: await inline(d.pages) }) as V3Document)) }
        : { ...head, page_count: result.page_count, pages: await inline(result.pages) };
      rec.job = withoutUndefined(full); // as the stored JSON would be (no JSON round trip of the pages)
      return;
    }
    const dir = rec.dirs[0]!;
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, 'result.json');
    await writeJsonWithPageFiles(file, { ...head, ...result });
    rec.job = { job_id: head.job_id, status: 'done', result_url: pathToFileURL(file).href };
  }
}

/** The job without its undefined fields (top level and each document's), as JSON would drop them. */
function withoutUndefined(job: V3Job): V3Job {
  const clean = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  const out = clean(job);
  if (out.documents) out.documents = out.documents.map(clean);
  return out;
}

/** A done job whose pages are still in their files. */
interface Assembling {
  page_count?: number;
  pages?: PageFile;
  documents?: Array<{ pdf: string; page_count?: number; pages?: PageFile; error?: string }>;
}
