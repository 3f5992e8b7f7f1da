/**
 * Builds the two sides of a cluster from a Redis URL and the shared data folder: the HTTP
 * server's engine (enqueues, reads records and results) and a worker's engine (claims and
 * runs). Both put job files (inputs, crops, results) under `<dataDir>/files`, the server's
 * blob folder, which every node must reach at the same path (a shared filesystem); small
 * results are kept in Redis instead (redis-blob-store.ts).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { QuireError } from '../../errors.js';
import type { EngineConfig } from '../engine.js';
import { BullJobQueue } from './bull-queue.js';
import { checkEvictionPolicy, connect } from './redis-connection.js';
import { RedisJobStore } from './redis-job-store.js';
import { ClusterServerEngine } from './server-engine.js';
import { ClusterWorkerEngine } from './worker-engine.js';
import { LoggedJobStore } from './logged-store.js';
import { PageFanout } from './page-fanout.js';
import { RedisBlobStore } from './redis-blob-store.js';
import { getOperation, registerOperation } from '../../operations/registry.js';
import { V3_PAGES_OPERATION, v3PagesOperation } from '../../operations/parse-v3/pages-operation.js';

export interface ClusterTiming {
  /** Lock of a claimed job, ms: a worker silent this long loses its job to another (default 30 s). */
  lockMs?: number;
  /** Starts ended by a dead worker before a job is failed (default 3). */
  maxAttempts?: number;
}

/** How long a starting process waits for Redis before it gives up with a message. */
const CONNECT_TIMEOUT_MS = 10_000;

async function openRedis(url: string): Promise<Redis> {
  const redis = connect(url);
  let lastError = '';
  // Reconnects on its own; commands wait (maxRetriesPerRequest: null) once running.
  redis.on('error', (err: Error) => (lastError = err.message));
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      new Promise<void>((resolve) => redis.once('ready', () => resolve())),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new QuireError('redis_unreachable', `Cannot reach Redis at ${url} within ${CONNECT_TIMEOUT_MS / 1000} s${lastError ? ` (${lastError})` : ''}.`, 503)), CONNECT_TIMEOUT_MS))),
    ]);
    await checkEvictionPolicy(redis);
  } catch (err) {
    redis.disconnect();
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return redis;
}

export async function openServerCluster(url: string, config: EngineConfig & { maxQueuedJobs: number; dataDir: string; maxQueuedPerKey?: number }): Promise<{ engine: ClusterServerEngine; store: RedisJobStore; redis: Redis }> {
  const redis = await openRedis(url);
  const store = new RedisJobStore(redis);
  const queue = new BullJobQueue({ url, store, consume: false });
  // The server runs no job: one pool thread is enough for what it does itself (PDF edits).
  const blobs = new RedisBlobStore(redis, config.dataDir);
  const engine = new ClusterServerEngine({ ...config, workers: 1, store, queue, redis, blobs, maxQueuedJobs: config.maxQueuedJobs, maxQueuedPerKey: config.maxQueuedPerKey });
  return { engine, store, redis };
}

export interface WorkerOptions extends ClusterTiming {
  url: string;
  /** The shared data folder (the servers' --data-dir). */
  dataDir: string;
  workers?: number;
  maxConcurrentJobs?: number;
  /** PDFs with at least this many pages are spread over the cluster by page batches (0: never; default 64). */
  fanoutPages?: number;
  log: Logger;
}

export async function openWorker(o: WorkerOptions): Promise<{ engine: ClusterWorkerEngine; workerId: string; close(graceMs: number): Promise<void> }> {
  // A server's v3 markdown job sends its per-PDF parses here as jobs of this operation, which
  // the one-process engine registers only where markdown jobs are made (engine.ts).
  if (!getOperation(V3_PAGES_OPERATION)) registerOperation(v3PagesOperation);
  const redis = await openRedis(o.url);
  const workerId = `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const log = o.log.child({ worker: workerId });
  const redisStore = new RedisJobStore(redis);
  const store = new LoggedJobStore(redisStore, log);
  let engine: ClusterWorkerEngine | undefined;
  const queue = new BullJobQueue({
    url: o.url,
    store,
    consume: true,
    lockMs: o.lockMs,
    maxAttempts: o.maxAttempts,
    onTerminal: (id) => void engine?.counted(id).catch(() => undefined),
  });
  const threads = o.workers ?? os.availableParallelism();
  const fanoutPages = o.fanoutPages ?? 64;
  const fanout = fanoutPages > 0 ? new PageFanout({ url: o.url, minPages: fanoutPages, concurrency: threads, filesDir: path.join(path.resolve(o.dataDir), 'files'), lockMs: o.lockMs ?? 30_000, log }) : undefined;
  engine = new ClusterWorkerEngine({
    workers: o.workers,
    maxConcurrentJobs: o.maxConcurrentJobs,
    dataDir: path.join(path.resolve(o.dataDir), 'files'),
    blobs: new RedisBlobStore(redis, path.join(path.resolve(o.dataDir), 'files')),
    store,
    queue,
    redis,
    workerId,
    log,
    fanout,
    ...(fanout ? { pagePool: (pool) => fanout.wrap(pool) } : {}),
  });
  return {
    engine,
    workerId,
    close: async (graceMs: number) => {
      await engine!.drain(graceMs);
      await redis.quit().catch(() => undefined);
    },
  };
}
