/**
 * Picks where the server's own state lives: the data dir's files for one server (the
 * default, unchanged), or Redis when `quire serve --redis URL` runs several servers behind
 * a load balancer. Either way the flows get the same interfaces (record books, quota, day
 * counts, leases); the job records themselves are the job store's (jobs/cluster/).
 */
import path from 'node:path';
import type { Redis } from 'ioredis';
import { QuotaBook, type QuotaStore } from '../quota.js';
import { FileDayCounts, RedisDayCounts, type DayCounts } from './day-counts.js';
import { LocalLeases, RedisLeases, type Leases } from './leases.js';
import { FileRecordBook, type BucketOf, type RecordBook } from './record-book.js';
import { RedisRecordBook } from './redis-record-book.js';
import { RedisQuota } from './redis-quota.js';

export interface SharedState {
  quota: QuotaStore;
  leases: Leases;
  /** The book `name`: `<dataDir>/<dir>` for one server, a Redis hash in cluster mode. */
  book<T extends object>(name: string, dir: string, bucketOf?: BucketOf<T>): Promise<RecordBook<T>>;
  /** v3 submissions per key per day (`file` for one server). */
  dayCounts(file: string): Promise<DayCounts>;
  /** Cluster mode: the connection the rate limiter shares its windows on. */
  redis?: Redis;
}

/** `leaseMs`: cluster mode, how long a dead server's pending work waits before another takes it (default 30 s). */
export async function openSharedState(dataDir: string, redis?: Redis, leaseMs?: number): Promise<SharedState> {
  if (!redis) {
    return {
      quota: await QuotaBook.open(dataDir),
      leases: new LocalLeases(),
      book: (_name, dir, bucketOf) => FileRecordBook.open(path.join(dataDir, dir), bucketOf),
      dayCounts: (file) => FileDayCounts.open(file),
    };
  }
  return {
    quota: await RedisQuota.open(redis, dataDir),
    leases: new RedisLeases(redis, leaseMs),
    book: async (name, _dir, bucketOf) => new RedisRecordBook(redis, name, bucketOf),
    dayCounts: async () => new RedisDayCounts(redis),
    redis,
  };
}
