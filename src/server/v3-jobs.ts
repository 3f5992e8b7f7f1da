/**
 * v3 jobs that survive a restart. The engine's markdown jobs (operations/parse-v3) live in
 * process memory; the server keeps beside each one a record (`v3/jobs/<id>.json`: owner,
 * input, page selector, status) and, once it ends, its whole result
 * (`v3/results/<id>.json`, written by atomic rename). So:
 *
 * - a finished job is read from disk, whatever happened to the process since;
 * - a job accepted but not finished when the process died is submitted to the engine again
 *   at the next start (`resume()`), from its kept input (the upload copy in `inputs/`, or
 *   its URL), under the same public id: accepted jobs run to completion;
 * - records and results are deleted 24 hours after creation (the spec's v3 retention), the
 *   input as soon as the job ends.
 *
 * The public id is the engine's id at first submission (the file_id for uploads); after a
 * restart the engine gives the rerun another id, recorded as `engineId`.
 *
 * Several servers on one Redis share the records (shared-state/): results are files in the
 * shared data dir, so any server answers for a finished job; a job still running is answered
 * from its record by the others (the live markdown job is in its server's memory). The server
 * running a job holds its lease; `resume()` runs again only jobs whose lease nobody holds
 * (their server died), so a restart of one server never runs another's live job twice.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorMessage } from '../errors.js';
import type { DurableEngine } from '../jobs/durable-engine.js';
import { writeFileAtomic } from '../jobs/stores/atomic-file.js';
import { V3_INLINE_LIMIT_BYTES, V3_RETENTION_MS, type V3Job } from '../operations/parse-v3/markdown-jobs.js';
import type { Leases } from './shared-state/leases.js';
import type { RecordBook } from './shared-state/record-book.js';

export interface V3Record {
  id: string;
  owner: string;
  created_at: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  input: { path: string } | { url: string };
  fileName?: string;
  pages?: string;
  /** What to delete once the job ends (the upload copy, under inputs/). */
  cleanup?: string;
  engineId?: string;
  error?: string;
}

export interface V3JobsDeps {
  engine: DurableEngine;
  dir: string;
  /** The records, bucketed `open` (not ended) and `ended`. */
  book: RecordBook<V3Record>;
  leases: Leases;
  inputsDir: string;
  inlineLimitBytes?: number;
  retentionMs?: number;
  /** True while the server shuts down: a job failing then failed because of the stop and runs again at the next start. */
  stopping?: () => boolean;
}

/** A v3 job as read: inline, or `{job_id, status: done, result_url: file URL}` when over the inline limit. */
export type V3Read = { kind: 'inline'; json: string } | { kind: 'large'; file: string } | { kind: 'live'; job: V3Job };

export class V3Jobs {
  private readonly timer: NodeJS.Timeout;
  private readonly book: RecordBook<V3Record>;
  private constructor(private readonly d: V3JobsDeps) {
    this.book = d.book;
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), 10 * 60_000);
    this.timer.unref();
  }

  static async open(d: V3JobsDeps): Promise<V3Jobs> {
    await fs.mkdir(path.join(d.dir, 'results'), { recursive: true, mode: 0o700 });
    return new V3Jobs(d);
  }

  /** Submits to the engine (validation errors throw before anything is kept), records, watches. */
  async start(owner: string, input: V3Record['input'], opts: { pages?: string; fileName?: string; cleanup?: string; publicId?: string }): Promise<V3Job> {
    const job = this.d.engine.parseMarkdown(input, { pages: opts.pages, ...(opts.fileName ? { file_name: opts.fileName } : {}) });
    const rec: V3Record = { id: opts.publicId ?? job.job_id, owner, created_at: job.created_at ?? new Date().toISOString(), status: 'queued', input, fileName: opts.fileName, pages: opts.pages, cleanup: opts.cleanup, engineId: job.job_id };
    await this.d.leases.acquire(`v3:${rec.id}`);
    await this.book.save(rec.id, rec);
    this.watch(rec);
    return { ...job, job_id: rec.id };
  }

  get(id: string): Promise<V3Record | undefined> {
    return this.book.get(id);
  }

  /** Inputs of the jobs that have not ended. */
  async inputsInUse(): Promise<string[]> {
    return (await this.book.inBucket('open')).flatMap((r) => [...('path' in r.input ? [r.input.path] : []), ...(r.cleanup ? [r.cleanup] : [])]);
  }

  /** The job's record when `owner` owns it. */
  async owned(owner: string, id: string): Promise<V3Record | undefined> {
    const rec = await this.book.get(id);
    return rec && rec.owner === owner ? rec : undefined;
  }

  /** A job's current state: its kept result once ended, the engine's live view before. */
  async read(rec: V3Record): Promise<V3Read> {
    if (rec.status === 'done' || rec.status === 'failed') {
      const file = this.resultFile(rec.id);
      const size = (await fs.stat(file)).size;
      // Only a finished job's pages go by result_url (the route answers it as `done`); an error is small.
      if (rec.status === 'done' && size > (this.d.inlineLimitBytes ?? V3_INLINE_LIMIT_BYTES)) return { kind: 'large', file };
      return { kind: 'inline', json: await fs.readFile(file, 'utf8') };
    }
    let job: V3Job = { job_id: rec.id, status: rec.status };
    try {
      job = this.d.engine.getMarkdownJob(rec.engineId!);
    } catch {
      /* not in this engine (yet): the record's status */
    }
    // Ended in the engine but not yet kept (watch() is writing the result): still running to
    // the client, whose next poll reads the kept result (never the engine's local file URL).
    if (job.status === 'done' || job.status === 'failed') job = { job_id: rec.id, status: 'running' };
    return { kind: 'live', job: { ...job, job_id: rec.id, created_at: rec.created_at } };
  }

  resultFile(id: string): string {
    return path.join(this.d.dir, 'results', `${id}.json`);
  }

  /** Jobs a previous process (or a server that died) accepted and did not finish: run again from their kept input. */
  async resume(): Promise<number> {
    let n = 0;
    for (const rec of await this.book.inBucket('open')) {
      if (rec.status === 'done' || rec.status === 'failed') continue;
      if (!(await this.d.leases.acquire(`v3:${rec.id}`))) continue; // running on a live server (or here)
      try {
        // Ended just before the kill, its record not yet updated: the kept result says how.
        const kept = JSON.parse(await fs.readFile(this.resultFile(rec.id), 'utf8')) as V3Job;
        await this.end(rec, kept);
        await this.d.leases.release(`v3:${rec.id}`);
        continue;
      } catch {
        /* no result: run it again */
      }
      try {
        if ('path' in rec.input) await fs.access(rec.input.path);
        const job = this.d.engine.parseMarkdown(rec.input, { pages: rec.pages, ...(rec.fileName ? { file_name: rec.fileName } : {}) });
        const again: V3Record = { ...rec, status: 'queued', engineId: job.job_id };
        await this.book.save(rec.id, again);
        this.watch(again);
        n++;
      } catch (err) {
        await this.end(rec, { job_id: rec.id, status: 'failed', created_at: rec.created_at, error: `The job was interrupted by a restart and could not run again: ${errorMessage(err)}` });
        await this.d.leases.release(`v3:${rec.id}`);
      }
    }
    return n;
  }

  /** Deletes records, results and inputs of jobs created at least 24 h ago that have ended. */
  async sweep(now = Date.now()): Promise<string[]> {
    const gone: string[] = [];
    for (const rec of await this.book.inBucket('ended')) {
      if (now - Date.parse(rec.created_at) < (this.d.retentionMs ?? V3_RETENTION_MS)) continue;
      if (rec.status !== 'done' && rec.status !== 'failed') continue;
      if (!(await this.book.take(rec.id))) continue; // another server swept it
      await fs.rm(this.resultFile(rec.id), { force: true });
      gone.push(rec.id);
    }
    return gone;
  }

  close(): void {
    clearInterval(this.timer);
  }

  private watch(rec: V3Record): void {
    const engineId = rec.engineId!;
    void this.d.engine
      .waitForMarkdownJob(engineId)
      .then(async (job) => {
        if (this.d.stopping?.()) return;
        if (job.result_url) job = JSON.parse(await fs.readFile(fileURLToPath(job.result_url), 'utf8')) as V3Job;
        await this.end(rec, { ...job, job_id: rec.id, created_at: rec.created_at });
        // The engine's copy (pages in memory, its parse jobs) is no longer needed.
        await this.d.engine.markdownJobs.releaseIntermediates(engineId).catch(() => undefined);
        await this.d.leases.release(`v3:${rec.id}`);
      })
      .catch(() => undefined); // the engine closed: the job runs again at the next start
  }

  /** Result first, then the input goes, then the record says ended (resume() finishes a job cut between these). */
  private async end(rec: V3Record, job: V3Job): Promise<void> {
    await writeFileAtomic(this.resultFile(rec.id), JSON.stringify(job));
    const { cleanup, ...kept } = rec;
    if (cleanup && isUnder(this.d.inputsDir, cleanup)) await fs.rm(cleanup, { recursive: true, force: true }).catch(() => undefined);
    await this.book.save(rec.id, { ...kept, status: job.status === 'done' ? 'done' : 'failed', ...(job.error ? { error: job.error } : {}) });
  }
}

function isUnder(dir: string, p: string): boolean {
  const rel = path.relative(dir, path.resolve(p));
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
