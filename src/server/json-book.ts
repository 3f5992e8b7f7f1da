/**
 * A folder of small JSON records, one file per id, each written by atomic rename with fsync
 * (jobs/stores/atomic-file.ts), read into an in-memory index at startup. The server keeps
 * everything it accepts that is not an engine job this way (upload tickets, v3 jobs and
 * uploads, batches, the billing ledger), so a restart — even `kill -9` — forgets nothing:
 * a record is either its old or its new content, never half of one. Ids are checked
 * against a safe pattern, so no path is ever built from client input.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../jobs/stores/atomic-file.js';

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export class JsonBook<T extends object> {
  private readonly index = new Map<string, T>();
  /** Writes per id, in order (a later save never lands before an earlier one). */
  private readonly writes = new Map<string, Promise<void>>();
  private constructor(private readonly dir: string) {}

  static async open<T extends object>(dir: string): Promise<JsonBook<T>> {
    const book = new JsonBook<T>(dir);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    for (const name of await fs.readdir(dir)) {
      if (name.endsWith('.tmp')) {
        await fs.rm(path.join(dir, name), { force: true }); // a write cut short by a kill
        continue;
      }
      if (!name.endsWith('.json')) continue;
      try {
        book.index.set(name.slice(0, -5), JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as T);
      } catch {
        /* not one of ours (atomic rename never leaves half a record) */
      }
    }
    return book;
  }

  get(id: string): T | undefined {
    const v = this.index.get(id);
    return v ? structuredClone(v) : undefined;
  }

  values(): T[] {
    return [...this.index.values()].map((v) => structuredClone(v));
  }

  /** The records matching `pred` (checked without copying every record). */
  filter(pred: (v: T) => boolean): T[] {
    const out: T[] = [];
    for (const v of this.index.values()) if (pred(v)) out.push(structuredClone(v));
    return out;
  }

  entries(): Array<[string, T]> {
    return [...this.index.entries()].map(([id, v]) => [id, structuredClone(v)]);
  }

  get size(): number {
    return this.index.size;
  }

  /** Records `value` under `id` (memory at once, disk before the promise resolves). */
  save(id: string, value: T): Promise<void> {
    if (!SAFE_ID.test(id)) throw new Error(`invalid record id ${JSON.stringify(id)}`);
    this.index.set(id, structuredClone(value));
    const json = JSON.stringify(value);
    return this.chain(id, () => writeFileAtomic(path.join(this.dir, `${id}.json`), json));
  }

  delete(id: string): Promise<void> {
    if (!SAFE_ID.test(id)) return Promise.resolve();
    this.index.delete(id);
    return this.chain(id, () => fs.rm(path.join(this.dir, `${id}.json`), { force: true }));
  }

  private chain(id: string, step: () => Promise<void>): Promise<void> {
    const next = (this.writes.get(id) ?? Promise.resolve()).then(step, step);
    this.writes.set(id, next);
    void next.finally(() => {
      if (this.writes.get(id) === next) this.writes.delete(id);
    }).catch(() => undefined);
    return next;
  }
}
