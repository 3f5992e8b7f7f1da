/**
 * The server's small books (upload tickets, the page ledger, extraction batches, v3 jobs and
 * uploads) behind one asynchronous interface, so the same flow code runs on one server (files
 * in the data dir: FileRecordBook over json-book.ts, today's behaviour) or on several behind a
 * load balancer (a Redis hash: redis-record-book.ts). Two operations exist only because
 * several servers may act on one record at once: `take` (exactly one caller removes it, so a
 * job's pages are settled once) and `replace` (compare-and-set, so a ticket expires or
 * uploads once). A record may name a bucket (its state): `inBucket` lists one state without
 * reading every record (Redis keeps a set per bucket).
 */
import { JsonBook } from '../json-book.js';

export interface RecordBook<T extends object> {
  get(id: string): Promise<T | undefined>;
  /** Every record (bounded books only: the ledger, v3 jobs of the last day). */
  values(): Promise<T[]>;
  /** Every record with its id. */
  entries(): Promise<Array<[string, T]>>;
  /** The records whose bucket is `bucket`. */
  inBucket(bucket: string): Promise<T[]>;
  save(id: string, value: T): Promise<void>;
  /** Removes the record; true for the one caller that removed it. */
  take(id: string): Promise<boolean>;
  /** Saves `next` only if the record still equals `expected`; true when it did. */
  replace(id: string, expected: T, next: T): Promise<boolean>;
}

/** The bucket of a record (its state), or undefined for none. */
export type BucketOf<T> = (value: T) => string | undefined;

/** One server: the data dir's JSON files, indexed in memory (json-book.ts). */
export class FileRecordBook<T extends object> implements RecordBook<T> {
  private constructor(private readonly book: JsonBook<T>, private readonly bucketOf?: BucketOf<T>) {}

  static async open<T extends object>(dir: string, bucketOf?: BucketOf<T>): Promise<FileRecordBook<T>> {
    return new FileRecordBook(await JsonBook.open<T>(dir), bucketOf);
  }

  async get(id: string): Promise<T | undefined> {
    return this.book.get(id);
  }

  async values(): Promise<T[]> {
    return this.book.values();
  }

  async entries(): Promise<Array<[string, T]>> {
    return this.book.entries();
  }

  async inBucket(bucket: string): Promise<T[]> {
    const of = this.bucketOf;
    return of ? this.book.filter((v) => of(v) === bucket) : [];
  }

  save(id: string, value: T): Promise<void> {
    return this.book.save(id, value);
  }

  async take(id: string): Promise<boolean> {
    if (this.book.get(id) === undefined) return false;
    await this.book.delete(id);
    return true;
  }

  async replace(id: string, expected: T, next: T): Promise<boolean> {
    // The check and the in-memory write run with no await between them: one process, atomic.
    const now = this.book.get(id);
    if (now === undefined || JSON.stringify(now) !== JSON.stringify(expected)) return false;
    await this.book.save(id, next);
    return true;
  }
}
