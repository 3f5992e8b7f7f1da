/**
 * The server-state stores of cluster mode (src/server/shared-state/) on a real redis-server,
 * raced from two connections as two servers would: the quota never overdraws, a record is
 * taken once and moved by compare-and-set once, a day's cap holds, a lease has one holder
 * and passes on when its holder dies, and servers starting together on a fresh data dir
 * agree on one URL-signing secret. The file-backed stores keep the same contract in one process.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedis, startRedis, type TestRedis } from '../../bench/lib/redis-server.js';
import { KEY_DEFAULTS, type ApiKey } from '../../src/server/keys.js';
import { Signer } from '../../src/server/signing.js';
import { RedisQuota } from '../../src/server/shared-state/redis-quota.js';
import { RedisRecordBook } from '../../src/server/shared-state/redis-record-book.js';
import { FileRecordBook } from '../../src/server/shared-state/record-book.js';
import { RedisDayCounts } from '../../src/server/shared-state/day-counts.js';
import { RedisLeases } from '../../src/server/shared-state/leases.js';
import { createFileOnce } from '../../src/server/shared-state/create-once.js';
import { tempDir } from '../server/server-helpers.js';

let redis: TestRedis;
let one: Redis;
let two: Redis;
let dir: string;
const key = (name: string, page_quota: number): ApiKey => ({ ...KEY_DEFAULTS, name, key: `${name}-secret-key`, page_quota });

interface Rec { id: string; state: string; n: number }

beforeAll(async () => {
  dir = await tempDir('quire-shared-state-');
  if (!hasRedis) return;
  redis = await startRedis();
  one = new Redis(redis.url, { maxRetriesPerRequest: null });
  two = new Redis(redis.url, { maxRetriesPerRequest: null });
});

afterAll(async () => {
  one?.disconnect();
  two?.disconnect();
  await redis?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe.skipIf(!hasRedis)('cluster server state in Redis', () => {
  it('the quota never overdraws when two servers reserve at once; charges stop at the quota', async () => {
    const [qa, qb] = [await RedisQuota.open(one, dir), await RedisQuota.open(two, dir)];
    const k = key('racer', 10);
    const tries = Array.from({ length: 40 }, (_, i) => (i % 2 ? qa : qb).reserve(k, 1).then(() => true, (e) => (e.statusCode === 402 ? false : Promise.reject(e))));
    expect((await Promise.all(tries)).filter(Boolean)).toHaveLength(10);
    expect(await qa.remaining(k)).toBe(0);
    await qb.adjust(k, -4);
    expect(await qa.remaining(k)).toBe(4);
    expect(await qa.chargeUpTo(k, 9)).toBe(4);
    expect(await qb.remaining(k)).toBe(0);
    await qa.adjust(k, -100); // usage never below zero
    expect(await qb.remaining(k)).toBe(10);
  });

  it('a record is taken by exactly one caller and moved by compare-and-set once; buckets follow the record', async () => {
    const bucket = (r: Rec) => r.state;
    const [ba, bb] = [new RedisRecordBook<Rec>(one, 'test-book', bucket), new RedisRecordBook<Rec>(two, 'test-book', bucket)];
    const rec: Rec = { id: 'r1', state: 'waiting', n: 0 };
    await ba.save(rec.id, rec);
    expect((await bb.inBucket('waiting')).map((r) => r.id)).toEqual(['r1']);
    const seen = (await bb.get('r1'))!;
    const moves = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? ba : bb).replace('r1', seen, { ...seen, state: 'done', n: i })));
    expect(moves.filter(Boolean)).toHaveLength(1);
    expect(await ba.inBucket('waiting')).toEqual([]);
    expect((await ba.inBucket('done')).map((r) => r.id)).toEqual(['r1']);
    expect(await bb.entries()).toEqual([['r1', { id: 'r1', state: 'done', n: (await ba.get('r1'))!.n }]]);
    const takes = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? ba : bb).take('r1')));
    expect(takes.filter(Boolean)).toHaveLength(1);
    expect(await bb.get('r1')).toBeUndefined();
    expect(await bb.inBucket('done')).toEqual([]);
  });

  it("a key's daily cap holds across servers", async () => {
    const [da, db] = [new RedisDayCounts(one), new RedisDayCounts(two)];
    const took = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? da : db).take('v3key', '2026-01-01', 5)));
    expect(took.filter(Boolean)).toHaveLength(5);
    expect(await da.take('v3key', '2026-01-02', 5)).toBe(true); // a new day
  });

  it('a lease has one holder, is renewed while held, and passes on when its holder stops renewing', async () => {
    const dying = new Redis(redis.url, { maxRetriesPerRequest: null });
    const la = new RedisLeases(dying, 600);
    const lb = new RedisLeases(two, 600);
    try {
      expect(await la.acquire('job-1')).toBe(true);
      expect(await lb.acquire('job-1')).toBe(false);
      await new Promise((r) => setTimeout(r, 900)); // past one lease length: renewed meanwhile
      expect(await lb.acquire('job-1')).toBe(false);
      await la.close(); // a clean stop gives its leases back at once
      expect(await lb.acquire('job-1')).toBe(true);
      await lb.release('job-1');
      const lc = new RedisLeases(dying, 600);
      expect(await lc.acquire('job-2')).toBe(true);
      dying.disconnect(); // the holder dies: no renewal, no release
      let taken = false;
      for (let i = 0; i < 40 && !taken; i++) {
        taken = await lb.acquire('job-2');
        if (!taken) await new Promise((r) => setTimeout(r, 100));
      }
      expect(taken).toBe(true);
    } finally {
      await lb.close();
      dying.disconnect();
    }
  });
});

describe('server state shared through the data dir', () => {
  it('servers starting together on a fresh data dir agree on one URL-signing secret', async () => {
    const fresh = path.join(dir, 'fresh');
    await fs.mkdir(fresh);
    const signers = await Promise.all(Array.from({ length: 8 }, () => Signer.open(fresh)));
    const sig = signers[0]!.sign('file', 'token', '123');
    for (const s of signers) expect(s.verify(sig, 'file', 'token', '123')).toBe(true);
    expect(await createFileOnce(path.join(fresh, 'url-secret'), 'other')).toBe(false);
    expect((await fs.readdir(fresh)).sort()).toEqual(['url-secret']); // no temporary file left
  });

  it('the file-backed book keeps the same take and compare-and-set contract in one process', async () => {
    const book = await FileRecordBook.open<Rec>(path.join(dir, 'book'), (r) => r.state);
    const rec: Rec = { id: 'f1', state: 'waiting', n: 0 };
    await book.save(rec.id, rec);
    const moves = await Promise.all(Array.from({ length: 5 }, (_, i) => book.replace('f1', rec, { ...rec, state: 'done', n: i })));
    expect(moves.filter(Boolean)).toHaveLength(1);
    expect((await book.inBucket('done')).map((r) => r.id)).toEqual(['f1']);
    const takes = await Promise.all(Array.from({ length: 5 }, () => book.take('f1')));
    expect(takes.filter(Boolean)).toHaveLength(1);
  });
});
