/**
 * Connections to the cluster's Redis. BullMQ's rules apply to every connection we open:
 * `maxRetriesPerRequest: null` (a command waits for Redis to come back instead of failing
 * after 20 retries, so a Redis restart pauses work rather than losing it) and Redis must
 * not evict keys (`maxmemory-policy noeviction`): an evicted lock or record is a lost job,
 * so a Redis that would evict is refused at startup with the reason.
 */
import { Redis, type RedisOptions } from 'ioredis';
import { QuireError } from '../../errors.js';

/** Key prefix of everything Quire writes (BullMQ's keys live under `<prefix>:bull`). */
export const PREFIX = 'quire';

export function redisOptions(url: string): RedisOptions {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new QuireError('invalid_redis_url', `Not a Redis URL: ${JSON.stringify(url)} (expected redis://HOST:PORT).`, 400);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new QuireError('invalid_redis_url', `Not a Redis URL: ${url} (expected redis://HOST:PORT).`, 400);
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
    // Reconnect quickly after a Redis restart (AOF reload takes well under a second here).
    retryStrategy: (times: number) => Math.min(50 * times, 1000),
  };
}

export function connect(url: string): Redis {
  return new Redis(redisOptions(url));
}

/** Refuses a Redis that could evict keys (BullMQ needs noeviction); returns the policy. */
export async function checkEvictionPolicy(redis: Redis): Promise<string> {
  const info = await redis.config('GET', 'maxmemory-policy').catch(() => null);
  const policy = Array.isArray(info) ? String(info[1]) : 'unknown';
  if (policy !== 'noeviction' && policy !== 'unknown') {
    throw new QuireError('redis_eviction', `Redis maxmemory-policy is ${policy}; Quire's queue needs noeviction (CONFIG SET maxmemory-policy noeviction).`, 500);
  }
  return policy;
}
