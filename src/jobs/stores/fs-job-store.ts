/**
 * A durable JobStore: one JSON file per job, written to a temporary file, fsynced, then
 * renamed over the old one (rename is atomic on POSIX file systems), so a `kill -9` or a
 * power cut leaves either the old or the new record, never half of one. The result, which
 * can be megabytes, lives in its own file (`<id>.result.json`) written before the record
 * that points at it, so progress updates do not rewrite it. Record metadata is indexed in
 * memory at open (reads never touch the disk except for results), and every id handed to
 * the file system comes from that index or from the engine, never from a client.
 * Why this and not an embedded database: see README.md (measured).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { prepareFileAtomic as prepareAtomic, writeFileAtomic as writeAtomic } from './atomic-file.js';
import { JobConflictError, startAfter, type JobFilter, type JobRecord, type JobState, type JobStore, type UpdateOptions } from '../job-store.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const TERMINAL: ReadonlySet<JobState> = new Set(['succeeded', 'failed', 'cancelled']);
/** Parsed results kept in memory, newest first out last, up to this many characters of JSON. */
const RESULT_CACHE_CHARS = 64 * 2 ** 20;

type Meta = Omit<JobRecord, 'result'> & { hasResult: boolean };

export class FsJobStore implements JobStore {
  /** create() indexes the record before its write, and the per-job write chain orders later updates after it. */
  readonly createVisibleAtOnce = true;
  private readonly index = new Map<string, Meta>();
  /** Recently written or read results (a poll right after completion does not re-parse). */
  private readonly results = new Map<string, { value: unknown; chars: number }>();
  private cachedChars = 0;
  /** Per-job chain of pending writes, so read-modify-write never interleaves. */
  private readonly chains = new Map<string, Promise<unknown>>();

  private constructor(readonly dir: string) {}

  /** Open (creating) the store in `dir` and index its records; leftover temp files are removed. */
  static async open(dir: string): Promise<FsJobStore> {
    const store = new FsJobStore(path.resolve(dir));
    await fs.mkdir(store.dir, { recursive: true, mode: 0o700 });
    for (const name of await fs.readdir(store.dir)) {
      const full = path.join(store.dir, name);
      if (name.endsWith('.tmp')) {
        await fs.rm(full, { force: true });
        continue;
      }
      if (!name.endsWith('.json') || name.endsWith('.result.json')) continue;
      try {
        const meta = JSON.parse(await fs.readFile(full, 'utf8')) as Meta;
        if (ID.test(meta.id)) store.index.set(meta.id, meta);
      } catch {
        // Unreachable with atomic renames; a file damaged by hand is set aside, not fatal.
        await fs.rename(full, `${full}.corrupt`).catch(() => undefined);
      }
    }
    return store;
  }

  private file(id: string, suffix = '.json'): string {
    if (!ID.test(id)) throw new Error(`invalid job id for the store: ${JSON.stringify(id)}`);
    return path.join(this.dir, id + suffix);
  }

  private serial<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.chains.get(id) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tail = next.catch(() => undefined);
    this.chains.set(id, tail);
    void tail.then(() => {
      if (this.chains.get(id) === tail) this.chains.delete(id);
    });
    return next;
  }

  private async persist(meta: Meta, result: unknown, writeResult: boolean, sync: boolean): Promise<void> {
    if (writeResult && meta.hasResult) {
      const json = JSON.stringify(result);
      await writeAtomic(this.file(meta.id, '.result.json'), json, true);
      this.remember(meta.id, result, json.length);
    } else if (writeResult) this.forget(meta.id);
    await writeAtomic(this.file(meta.id), JSON.stringify(meta), sync);
  }

  /**
   * The record written (and fsynced) beside the old one while `after` runs, renamed over it
   * once both are done: same order on disk as writing after `after` (the new record appears
   * only after what it points to is written), one fsync less on the path. `after` failing
   * leaves the old record and removes the new one. An `after` function is started once the
   * new record's fsync is issued: what it does on this thread (the runner serializes the
   * job's result there) then runs while the disk syncs, instead of before.
   */
  private async persistAfter(meta: Meta, sync: boolean, after: NonNullable<UpdateOptions['after']>): Promise<void> {
    let started: Promise<unknown> | undefined;
    const start = () => {
      if (!started) {
        started = startAfter(after)!;
        started.catch(() => undefined); // awaited below
      }
      return started;
    };
    if (typeof after !== 'function') start();
    const prepared = prepareAtomic(this.file(meta.id), JSON.stringify(meta), sync, start);
    try {
      await prepared.ready;
      await start(); // started by now, unless the record's write failed first (then never)
    } catch (err) {
      await prepared.abort();
      throw err;
    }
    await prepared.commit();
  }

  private remember(id: string, value: unknown, chars: number): void {
    this.forget(id);
    if (chars > RESULT_CACHE_CHARS / 4) return;
    this.results.set(id, { value, chars });
    this.cachedChars += chars;
    for (const [old, e] of this.results) {
      if (this.cachedChars <= RESULT_CACHE_CHARS) break;
      this.results.delete(old);
      this.cachedChars -= e.chars;
    }
  }

  private forget(id: string): void {
    const e = this.results.get(id);
    if (e) {
      this.results.delete(id);
      this.cachedChars -= e.chars;
    }
  }

  async create(rec: JobRecord): Promise<void> {
    if (this.index.has(rec.id)) throw new Error(`duplicate job id ${rec.id}`);
    const { result, ...rest } = rec;
    const meta: Meta = { ...rest, hasResult: result !== null && result !== undefined };
    this.index.set(rec.id, meta);
    await this.serial(rec.id, async () => {
      try {
        await this.persist(meta, result, true, true);
      } catch (err) {
        this.index.delete(rec.id);
        throw err;
      }
    });
  }

  /** The record without its result (cheap: from the in-memory index). */
  peek(id: string): Omit<JobRecord, 'result'> | undefined {
    const meta = this.index.get(id);
    if (!meta) return undefined;
    const { hasResult: _, ...rest } = meta;
    return rest;
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const meta = this.index.get(id);
    if (!meta) return undefined;
    return this.materialize({ ...meta });
  }

  private async materialize(meta: Meta): Promise<JobRecord> {
    const { hasResult, ...rest } = meta;
    let result: unknown = null;
    if (hasResult) {
      const cached = this.results.get(meta.id);
      if (cached) result = cached.value;
      else {
        const json = await fs.readFile(this.file(meta.id, '.result.json'), 'utf8');
        result = JSON.parse(json);
        this.remember(meta.id, result, json.length);
      }
    }
    return { ...rest, result };
  }

  async update(id: string, patch: Partial<JobRecord>, expect?: { state: JobState }, opts: UpdateOptions = {}): Promise<JobRecord> {
    return this.serial(id, async () => {
      const cur = this.index.get(id);
      if (!cur) throw new Error(`unknown job ${id}`);
      if (expect && cur.state !== expect.state) throw new JobConflictError(id, cur.state, expect.state);
      const { result, ...rest } = patch;
      const hasNewResult = 'result' in patch;
      const next: Meta = { ...cur, ...rest, id, hasResult: hasNewResult ? result !== null && result !== undefined : cur.hasResult };
      // fsync only what must survive a power cut: terminal states (results) and ownership.
      // A lost intermediate write (processing, progress, input hash) only means the job
      // runs again from its durable 'starting' record; every write is still atomic.
      const sync = (patch.state !== undefined && TERMINAL.has(patch.state)) || 'owner' in patch;
      if (opts.after && !hasNewResult) await this.persistAfter(next, sync, opts.after);
      else {
        if (opts.after) await startAfter(opts.after);
        await this.persist(next, result, hasNewResult, sync);
      }
      this.index.set(id, next);
      return this.materialize({ ...next });
    });
  }

  async list(filter: JobFilter = {}): Promise<JobRecord[]> {
    let metas = [...this.index.values()].filter((m) => (filter.state === undefined || m.state === filter.state) && (filter.operation === undefined || m.operation === filter.operation));
    metas.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    if (filter.limit !== undefined) metas = metas.slice(0, filter.limit);
    return Promise.all(metas.map((m) => this.materialize({ ...m })));
  }

  async delete(id: string): Promise<void> {
    if (!this.index.has(id)) return;
    await this.serial(id, async () => {
      this.index.delete(id);
      this.forget(id);
      await fs.rm(this.file(id), { force: true });
      await fs.rm(this.file(id, '.result.json'), { force: true });
    });
  }
}
