/**
 * The v3 submissions each key made today (UTC), against the per-day cap (spec: 100). One
 * server keeps them in `v3/usage.json`; in cluster mode a Redis hash per day
 * (`quire:srv:v3-day:<YYYY-MM-DD>`, expiring two days later) counts for every server, the
 * increment and the cap check in one script so two servers cannot both take the last one.
 */
import fs from 'node:fs/promises';
import type { Redis } from 'ioredis';
import { writeFileAtomic } from '../../jobs/stores/atomic-file.js';

export interface DayCounts {
  /** Counts one for `name` on `day` unless it already has `cap`; true when counted. */
  take(name: string, day: string, cap: number): Promise<boolean>;
}

interface DayCount { day: string; used: Record<string, number> }

export class FileDayCounts implements DayCounts {
  private writing: Promise<void> = Promise.resolve();
  private constructor(private readonly file: string, private count: DayCount) {}

  static async open(file: string): Promise<FileDayCounts> {
    let count: DayCount = { day: '', used: {} };
    try {
      count = JSON.parse(await fs.readFile(file, 'utf8')) as DayCount;
    } catch {
      /* first start */
    }
    return new FileDayCounts(file, count);
  }

  async take(name: string, day: string, cap: number): Promise<boolean> {
    if (day !== this.count.day) this.count = { day, used: {} };
    const n = this.count.used[name] ?? 0;
    if (n >= cap) return false;
    this.count.used[name] = n + 1;
    const snapshot = JSON.stringify(this.count);
    this.writing = this.writing.then(() => writeFileAtomic(this.file, snapshot)).catch(() => undefined);
    await this.writing;
    return true;
  }
}

const TAKE = `
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
if n > tonumber(ARGV[2]) then
  redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
  return 0
end
redis.call('EXPIRE', KEYS[1], 172800)
return 1`;

export class RedisDayCounts implements DayCounts {
  constructor(private readonly redis: Redis) {
    if (typeof (redis as Redis & { quireDayTake?: unknown }).quireDayTake !== 'function') redis.defineCommand('quireDayTake', { numberOfKeys: 1, lua: TAKE });
  }

  async take(name: string, day: string, cap: number): Promise<boolean> {
    const r = this.redis as Redis & { quireDayTake(key: string, name: string, cap: number): Promise<number> };
    return (await r.quireDayTake(`quire:srv:v3-day:${day}`, name, cap)) === 1;
  }
}
