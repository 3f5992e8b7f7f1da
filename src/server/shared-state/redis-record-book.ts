/**
 * A record book in Redis (cluster mode: `quire serve --redis URL`), so every server behind a
 * load balancer reads and changes the same tickets, ledger entries, batches and v3 jobs.
 * One hash holds the records as JSON (`quire:srv:<book>`), a second the bucket of each
 * (`…:bucket`), and one set per bucket lists its ids (`…:in:<bucket>`); every write changes
 * the three in one Lua script, so an index never disagrees with its record. `replace`
 * compares the stored JSON with the expected record's JSON (records are written and read
 * back through JSON, so equal records have equal text) and writes in the same script.
 * Redis is configured like the job store's (noeviction, AOF in the tests): a record is
 * never evicted.
 */
import type { Redis } from 'ioredis';
import type { BucketOf, RecordBook } from './record-book.js';

const SAVE = `
if ARGV[4] == '1' and redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[5] then return 0 end
local old = redis.call('HGET', KEYS[2], ARGV[1])
if old then redis.call('SREM', KEYS[1] .. ':in:' .. old, ARGV[1]) end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if ARGV[3] ~= '' then
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
  redis.call('SADD', KEYS[1] .. ':in:' .. ARGV[3], ARGV[1])
else
  redis.call('HDEL', KEYS[2], ARGV[1])
end
return 1`;

const TAKE = `
local n = redis.call('HDEL', KEYS[1], ARGV[1])
local old = redis.call('HGET', KEYS[2], ARGV[1])
if old then
  redis.call('SREM', KEYS[1] .. ':in:' .. old, ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
end
return n`;

type BookCommands = Redis & {
  quireBookSave(hash: string, buckets: string, id: string, json: string, bucket: string, cas: string, expected: string): Promise<number>;
  quireBookTake(hash: string, buckets: string, id: string): Promise<number>;
};

function commands(redis: Redis): BookCommands {
  const r = redis as BookCommands;
  if (typeof r.quireBookSave !== 'function') {
    redis.defineCommand('quireBookSave', { numberOfKeys: 2, lua: SAVE });
    redis.defineCommand('quireBookTake', { numberOfKeys: 2, lua: TAKE });
  }
  return r;
}

export class RedisRecordBook<T extends object> implements RecordBook<T> {
  private readonly r: BookCommands;
  private readonly hash: string;
  private readonly buckets: string;

  constructor(redis: Redis, name: string, private readonly bucketOf?: BucketOf<T>) {
    this.r = commands(redis);
    this.hash = `quire:srv:${name}`;
    this.buckets = `${this.hash}:bucket`;
  }

  async get(id: string): Promise<T | undefined> {
    const json = await this.r.hget(this.hash, id);
    return json === null ? undefined : (JSON.parse(json) as T);
  }

  async values(): Promise<T[]> {
    return (await this.r.hvals(this.hash)).map((j) => JSON.parse(j) as T);
  }

  async entries(): Promise<Array<[string, T]>> {
    return Object.entries(await this.r.hgetall(this.hash)).map(([id, j]) => [id, JSON.parse(j) as T]);
  }

  async inBucket(bucket: string): Promise<T[]> {
    const ids = await this.r.smembers(`${this.hash}:in:${bucket}`);
    if (ids.length === 0) return [];
    const found = await this.r.hmget(this.hash, ...ids);
    return found.filter((j): j is string => j !== null).map((j) => JSON.parse(j) as T);
  }

  async save(id: string, value: T): Promise<void> {
    await this.r.quireBookSave(this.hash, this.buckets, id, JSON.stringify(value), this.bucketOf?.(value) ?? '', '0', '');
  }

  async take(id: string): Promise<boolean> {
    return (await this.r.quireBookTake(this.hash, this.buckets, id)) === 1;
  }

  async replace(id: string, expected: T, next: T): Promise<boolean> {
    return (await this.r.quireBookSave(this.hash, this.buckets, id, JSON.stringify(next), this.bucketOf?.(next) ?? '', '1', JSON.stringify(expected))) === 1;
  }
}
