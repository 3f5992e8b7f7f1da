/**
 * Page quota per API key. A submission reserves its pages synchronously (no await between
 * the check and the deduction, so concurrent submissions cannot overdraw), and usage is
 * written to `usage.json` in the data dir (atomic rename) so it survives restarts.
 * When a job ends its reservation is reconciled (settle.ts): a failed job gives back the
 * pages it did not process, a document whose page count was unknown at submission pays its real count.
 * This is the one-server store; several servers on one Redis share shared-state/redis-quota.ts,
 * behind the same QuotaStore interface.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../jobs/stores/atomic-file.js';
import type { ApiKey } from './keys.js';
import { HttpError } from './errors.js';

/** Where the page quota's usage is kept: this server's file, or Redis in cluster mode. */
export interface QuotaStore {
  remaining(key: ApiKey): Promise<number>;
  /**
   * Deducts `pages` or throws 402 with nothing deducted. Resolves once the deduction is
   * decided, with the pages left and `saved`, the durable write (awaited with the job's other writes).
   */
  reserve(key: ApiKey, pages: number): Promise<{ left: number; saved: Promise<void> }>;
  /** Changes usage by `delta` (negative gives pages back; usage never goes below 0). */
  adjust(key: ApiKey, delta: number): Promise<void>;
  /** Deducts up to `pages`, no more than remains; returns the pages deducted. */
  chargeUpTo(key: ApiKey, pages: number): Promise<number>;
}

export function insufficient(pages: number, left: number): HttpError {
  return new HttpError(402, 'insufficient_quota', `Insufficient page quota: this document needs ${pages} pages, ${left} remain.`, { pages_needed: pages, quota_remaining: left });
}

export class QuotaBook implements QuotaStore {
  private writing: Promise<void> = Promise.resolve();
  private constructor(private readonly file: string, private readonly used: Record<string, number>) {}

  static async open(dataDir: string): Promise<QuotaBook> {
    const file = path.join(dataDir, 'usage.json');
    let used: Record<string, number> = {};
    try {
      used = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, number>;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    return new QuotaBook(file, used);
  }

  private left(key: ApiKey): number {
    return Math.max(0, key.page_quota - (this.used[key.name] ?? 0));
  }

  async remaining(key: ApiKey): Promise<number> {
    return this.left(key);
  }

  // No await between the check and the deduction: concurrent submissions cannot overdraw.
  async reserve(key: ApiKey, pages: number): Promise<{ left: number; saved: Promise<void> }> {
    const left = this.left(key);
    if (pages > left) throw insufficient(pages, left);
    return { left: left - pages, saved: this.adjust(key, pages) };
  }

  async chargeUpTo(key: ApiKey, pages: number): Promise<number> {
    const n = Math.max(0, Math.min(pages, this.left(key)));
    if (n > 0) await this.adjust(key, n);
    return n;
  }

  /** Change usage by `delta` (negative gives pages back). */
  adjust(key: ApiKey, delta: number): Promise<void> {
    this.used[key.name] = Math.max(0, (this.used[key.name] ?? 0) + delta);
    const snapshot = JSON.stringify(this.used);
    this.writing = this.writing.then(() => writeFileAtomic(this.file, snapshot)).catch(() => undefined);
    return this.writing;
  }
}
