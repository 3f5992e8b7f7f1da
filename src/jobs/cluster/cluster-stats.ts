/**
 * What the cluster measures about itself, kept in Redis so any server can answer
 * `GET /metrics` and compute `Retry-After` for the whole cluster: finished jobs by state,
 * pages, the last 1000 completions (time, pages, latency from submission) and a heartbeat
 * per live worker process (a key that expires 10 s after the worker's last beat).
 */
import type { Redis } from 'ioredis';
import type { JobRecord } from '../../model/job.js';
import { PREFIX } from './redis-connection.js';

const RECENT = `${PREFIX}:stats:recent`;
const KEEP = 1000;
export const HEARTBEAT_MS = 3000;
const HEARTBEAT_TTL_MS = 10_000;

/** Counts a job that reached a terminal state (called once, by the node that ended it). */
export async function countFinished(redis: Redis, rec: JobRecord): Promise<void> {
  const pages = rec.progress?.total ?? 0;
  const end = rec.finishedAt ? Date.parse(rec.finishedAt) : Date.now();
  const latency = Math.max(0, end - Date.parse(rec.createdAt));
  await redis
    .multi()
    .hincrby(`${PREFIX}:stats:finished`, rec.state, 1)
    .hincrby(`${PREFIX}:stats:finished`, 'pages', pages)
    .lpush(RECENT, `${end} ${pages} ${latency}`)
    .ltrim(RECENT, 0, KEEP - 1)
    .exec();
}

export async function beat(redis: Redis, workerId: string, info: Record<string, unknown>): Promise<void> {
  await redis.set(`${PREFIX}:worker:${workerId}`, JSON.stringify({ ...info, at: Date.now() }), 'PX', HEARTBEAT_TTL_MS);
}

export async function forgetWorker(redis: Redis, workerId: string): Promise<void> {
  await redis.del(`${PREFIX}:worker:${workerId}`);
}

export interface ClusterStats {
  finished: Record<string, number>;
  workersAlive: number;
  /** Over the last minute of completions (or fewer when there were none). */
  jobsPerSecond: number;
  pagesPerSecond: number;
  latencyP50Ms: number | null;
  latencyP99Ms: number | null;
}

function quantile(sorted: number[], q: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export async function readStats(redis: Redis, now = Date.now()): Promise<ClusterStats> {
  const [finishedRaw, recentRaw, workers] = await Promise.all([
    redis.hgetall(`${PREFIX}:stats:finished`),
    redis.lrange(RECENT, 0, -1),
    scanCount(redis, `${PREFIX}:worker:*`),
  ]);
  const finished = Object.fromEntries(Object.entries(finishedRaw).map(([k, v]) => [k, Number(v)]));
  const recent = recentRaw.map((l) => l.split(' ').map(Number) as [number, number, number]);
  const window = recent.filter(([t]) => now - t <= 60_000);
  const span = window.length ? Math.max(1, (now - Math.min(...window.map(([t]) => t))) / 1000) : 1;
  const latencies = recent.map(([, , l]) => l).sort((a, b) => a - b);
  return {
    finished,
    workersAlive: workers,
    jobsPerSecond: window.length / span,
    pagesPerSecond: window.reduce((s, [, p]) => s + p, 0) / span,
    latencyP50Ms: quantile(latencies, 0.5),
    latencyP99Ms: quantile(latencies, 0.99),
  };
}

async function scanCount(redis: Redis, match: string): Promise<number> {
  let cursor = '0';
  let n = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
    cursor = next;
    n += keys.length;
  } while (cursor !== '0');
  return n;
}
