/**
 * Page quota per API key. A submission reserves its pages synchronously (no await between
 * the check and the deduction, so concurrent submissions cannot overdraw), and usage is
 * written to `usage.json` in the data dir (atomic rename) so it survives restarts.
 * When a job ends its reservation is reconciled (settle.ts): a failed job gives back the
 * pages it did not process, a document whose page count was unknown at submission pays its real count.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../jobs/stores/atomic-file.js';
import type { ApiKey } from './keys.js';
import { HttpError } from './errors.js';

export class QuotaBook {
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

  remaining(key: ApiKey): number {
    return Math.max(0, key.page_quota - (this.used[key.name] ?? 0));
  }

  /** Deduct `pages` or throw 402 with nothing deducted. */
  reserve(key: ApiKey, pages: number): Promise<void> {
    const left = this.remaining(key);
    if (pages > left) throw new HttpError(402, 'insufficient_quota', `Insufficient page quota: this document needs ${pages} pages, ${left} remain.`, { pages_needed: pages, quota_remaining: left });
    return this.adjust(key, pages);
  }

  /** Change usage by `delta` (negative gives pages back). */
  adjust(key: ApiKey, delta: number): Promise<void> {
    this.used[key.name] = Math.max(0, (this.used[key.name] ?? 0) + delta);
    const snapshot = JSON.stringify(this.used);
    this.writing = this.writing.then(() => writeFileAtomic(this.file, snapshot)).catch(() => undefined);
    return this.writing;
  }
}
