/**
 * The page quota in Redis (cluster mode): one hash `quire:srv:quota-used` of pages used per
 * key name, shared by every server, so a key's quota is one budget however its requests
 * are spread. Each change is one Lua script, check and deduction together, so two servers
 * deducting at once cannot overdraw (the one-server book gets the same guarantee by doing
 * its check and deduction with no await between them). On first use the counts of this
 * data dir's `usage.json` (a server that ran alone before) are carried over, once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { ApiKey } from '../keys.js';
import { insufficient, type QuotaStore } from '../quota.js';

const HASH = 'quire:srv:quota-used';

const RESERVE = `
local used = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
local left = tonumber(ARGV[2]) - used
if left < 0 then left = 0 end
local pages = tonumber(ARGV[3])
if pages > left then return {0, left} end
redis.call('HINCRBY', KEYS[1], ARGV[1], pages)
return {1, left - pages}`;

const ADJUST = `
local used = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0') + tonumber(ARGV[2])
if used < 0 then used = 0 end
redis.call('HSET', KEYS[1], ARGV[1], used)
return used`;

const CHARGE_UP_TO = `
local used = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
local left = tonumber(ARGV[2]) - used
if left < 0 then left = 0 end
local n = tonumber(ARGV[3])
if n > left then n = left end
if n > 0 then redis.call('HINCRBY', KEYS[1], ARGV[1], n) end
return n`;

type QuotaCommands = Redis & {
  quireQuotaReserve(hash: string, name: string, quota: number, pages: number): Promise<[number, number]>;
  quireQuotaAdjust(hash: string, name: string, delta: number): Promise<number>;
  quireQuotaChargeUpTo(hash: string, name: string, quota: number, pages: number): Promise<number>;
};

export class RedisQuota implements QuotaStore {
  private constructor(private readonly r: QuotaCommands) {}

  static async open(redis: Redis, dataDir: string): Promise<RedisQuota> {
    const r = redis as QuotaCommands;
    if (typeof r.quireQuotaReserve !== 'function') {
      redis.defineCommand('quireQuotaReserve', { numberOfKeys: 1, lua: RESERVE });
      redis.defineCommand('quireQuotaAdjust', { numberOfKeys: 1, lua: ADJUST });
      redis.defineCommand('quireQuotaChargeUpTo', { numberOfKeys: 1, lua: CHARGE_UP_TO });
    }
    try {
      const before = JSON.parse(await fs.readFile(path.join(dataDir, 'usage.json'), 'utf8')) as Record<string, number>;
      for (const [name, used] of Object.entries(before)) if (Number.isFinite(used)) await redis.hsetnx(HASH, name, String(used));
    } catch {
      /* no one-server usage to carry over */
    }
    return new RedisQuota(r);
  }

  async remaining(key: ApiKey): Promise<number> {
    const used = Number((await this.r.hget(HASH, key.name)) ?? 0);
    return Math.max(0, key.page_quota - used);
  }

  async reserve(key: ApiKey, pages: number): Promise<{ left: number; saved: Promise<void> }> {
    const [ok, left] = await this.r.quireQuotaReserve(HASH, key.name, key.page_quota, pages);
    if (ok !== 1) throw insufficient(pages, left);
    return { left, saved: Promise.resolve() };
  }

  async adjust(key: ApiKey, delta: number): Promise<void> {
    if (delta !== 0) await this.r.quireQuotaAdjust(HASH, key.name, delta);
  }

  chargeUpTo(key: ApiKey, pages: number): Promise<number> {
    return this.r.quireQuotaChargeUpTo(HASH, key.name, key.page_quota, pages);
  }
}
