/**
 * The HTTP server's engine in a cluster (`quire serve --redis URL`): the durable engine's
 * submission path and views, over the Redis job store and the BullMQ queue, running no job
 * itself (`quire worker` processes do). What differs from one process:
 *  - the queue depth is the cluster's (BullMQ's waiting count, refreshed twice a second, so
 *    the synchronous capacity check of the routes reads it), and Retry-After divides that
 *    backlog by the throughput the workers measured (cluster-stats.ts);
 *  - waiting for a job polls its record (a worker elsewhere ends it);
 *  - cancelling a running job sets a key the worker that runs it polls;
 *  - recovery at start only makes sure every unfinished record has its queue entry (the
 *    entry's id is the job id, so this is idempotent with other servers doing the same).
 */
import type { Redis } from 'ioredis';
import { ProcessingError, QueueFullError } from '../../errors.js';
import type { JobInput } from '../../input/resolve-input.js';
import { TERMINAL_STATES } from '../../model/job.js';
import { DurableEngine } from '../durable-engine.js';
import type { EngineConfig, WaitOptions } from '../engine.js';
import type { BullJobQueue } from './bull-queue.js';
import { readStats, type ClusterStats } from './cluster-stats.js';
import type { RedisJobStore } from './redis-job-store.js';
import { cancelKey } from './worker-engine.js';
import { WaitingByOwner } from './waiting-by-owner.js';

/** Waiting jobs looked at for per-key depth (the front of the queue). */
const PER_KEY_SCAN = 5000;

export interface ServerEngineConfig extends EngineConfig {
  store: RedisJobStore;
  queue: BullJobQueue;
  redis: Redis;
  /** Waiting jobs allowed in the whole cluster before submissions get 503. */
  maxQueuedJobs: number;
  /** Waiting jobs allowed per owner (API key) before its submissions get 429 (default: no limit). */
  maxQueuedPerKey?: number;
}

export class ClusterServerEngine extends DurableEngine {
  private depth = 0;
  /** Waiting jobs per owner (API key name), among the first PER_KEY_SCAN waiting. */
  private readonly waitingByOwner = new WaitingByOwner();
  private stats: ClusterStats | undefined;
  private readonly refresher: NodeJS.Timeout;

  constructor(private readonly c: ServerEngineConfig) {
    // The engine's own in-process bound is replaced by the cluster's depth (submit below).
    super({ ...c, maxQueuedJobs: Number.MAX_SAFE_INTEGER });
    this.refresher = setInterval(() => void this.refresh().catch(() => undefined), 500);
    this.refresher.unref();
    void this.refresh().catch(() => undefined);
  }

  private async refresh(): Promise<void> {
    this.depth = await this.c.queue.size();
    this.stats = await readStats(this.c.redis);
    if (this.c.maxQueuedPerKey !== undefined) {
      const startedAt = Date.now();
      const ids = (await this.c.queue.queue.getWaiting(0, PER_KEY_SCAN - 1)).map((j) => j.id!).filter(Boolean);
      const owners = await this.c.store.owners(ids);
      this.waitingByOwner.scan(startedAt, ids.map((id, i) => ({ id, owner: owners[i] ?? '' })));
    }
  }

  /**
   * 429 material for one API key: its waiting jobs against maxQueuedPerKey, and the seconds
   * until its backlog drains at the cluster's throughput. Null when it may submit.
   */
  keyBackpressure(owner: string): { queued: number; limit: number; retryAfter: number } | null {
    const limit = this.c.maxQueuedPerKey;
    const queued = this.waitingByOwner.count(owner);
    if (limit === undefined || queued < limit) return null;
    const rate = this.stats?.jobsPerSecond ?? 0;
    return { queued, limit, retryAfter: rate > 0 ? Math.max(1, Math.min(300, Math.ceil(queued / rate))) : 5 };
  }

  /** A submission by `owner` was accepted as job `id` (counted once, with the scans: waiting-by-owner.ts). */
  accepted(owner: string, id: string): void {
    this.waitingByOwner.accepted(owner, id);
  }

  /** The cluster's statistics as last read (GET /metrics reads them fresh). */
  readStats(): Promise<ClusterStats> {
    return readStats(this.c.redis);
  }

  /** BullMQ's counts: jobs waiting, running (active), and the finished entries it still keeps. */
  queueCounts(): Promise<Record<string, number>> {
    return this.c.queue.queue.getJobCounts('waiting', 'active', 'delayed');
  }

  /**
   * The server keeps jobs until deleted (fileRetentionMs 0, no count limit), so the engine's
   * sweep after each finish would only read every record of the cluster for nothing.
   */
  override sweepExpired(): Promise<string[]> {
    return Promise.resolve([]);
  }

  override get queuedJobs(): number {
    return this.depth;
  }

  /** Seconds until the backlog drains at the measured throughput, 1..300 (5 when unknown). */
  override retryAfter(): number {
    const rate = this.stats?.jobsPerSecond ?? 0;
    if (rate <= 0) return 5;
    return Math.max(1, Math.min(300, Math.ceil(this.depth / rate)));
  }

  override async submit<V = unknown>(operation: string, input: JobInput, raw: Record<string, unknown> = {}): Promise<V> {
    if (this.depth >= this.c.maxQueuedJobs) throw new QueueFullError(this.retryAfter());
    const created = await super.submit<V>(operation, input, raw);
    this.depth++;
    return created;
  }

  protected override async untilTerminal(id: string, opts: WaitOptions): Promise<void> {
    const deadline = opts.timeoutMs !== undefined ? Date.now() + opts.timeoutMs : Infinity;
    let last = '';
    for (;;) {
      const rec = await this.store.get(id);
      if (!rec || TERMINAL_STATES.has(rec.state)) return;
      const p = rec.progress;
      if (p && opts.onProgress && `${p.done}/${p.total}` !== last) {
        last = `${p.done}/${p.total}`;
        opts.onProgress(p.done, p.total);
      }
      if (Date.now() > deadline) throw new ProcessingError('timeout', `Job ${id} did not finish within ${opts.timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  override async cancelJob(id: string): Promise<boolean> {
    const rec = await this.store.get(id);
    if (!rec || TERMINAL_STATES.has(rec.state)) return super.cancelJob(id);
    if (await this.queue.remove(id)) {
      await this.finish(id, { state: 'cancelled', message: 'Cancelled before it started.' }, 'starting');
      return true;
    }
    await this.c.redis.set(cancelKey(id), '1', 'EX', 3600);
    return true;
  }

  /** Every unfinished record gets its queue entry back if it lost it (idempotent). */
  override async recover(): Promise<number> {
    let n = 0;
    for (const state of ['starting', 'processing'] as const) {
      for (const rec of await this.store.list({ state })) {
        if (await this.c.queue.queue.getJob(rec.id)) continue;
        await this.c.queue.enqueue(rec.id);
        n++;
      }
    }
    return n;
  }

  /** Stop: nothing runs here; the queue and the records stay in Redis. */
  override async stopForRestart(): Promise<void> {
    this.closed = true;
    this.runner.stop();
    clearInterval(this.refresher);
    await this.c.queue.close();
    await this.pool.destroy();
    await this.c.redis.quit().catch(() => undefined);
  }
}
