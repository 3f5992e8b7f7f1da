/**
 * The engine of a `quire worker` process: today's Engine (runner, worker-thread pool, page
 * runner, operations) over the cluster's Redis job store and BullMQ queue, with the blob
 * store on the shared data folder. It only runs jobs (it submits none): a timer keeps one
 * claim outstanding (BullMQ blocks on Redis until a job arrives), a heartbeat tells the
 * servers it is alive, and cancel requests (a key per job, set by a server) are polled for
 * the jobs it runs. drain() (SIGTERM) stops claiming, lets running jobs end within a grace
 * period, then stops the rest and puts them back in the queue for another worker.
 */
import os from 'node:os';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { ProcessingError } from '../../errors.js';
import { Engine, type EngineConfig } from '../engine.js';
import type { BullJobQueue } from './bull-queue.js';
import type { PageFanout } from './page-fanout.js';
import { beat, countFinished, forgetWorker, HEARTBEAT_MS } from './cluster-stats.js';
import { PREFIX } from './redis-connection.js';
import type { JobStore } from '../job-store.js';

export const cancelKey = (id: string) => `${PREFIX}:cancel:${id}`;

export interface WorkerEngineConfig extends EngineConfig {
  store: JobStore;
  queue: BullJobQueue;
  redis: Redis;
  workerId: string;
  log: Logger;
  /** Page fan-out of large documents (page-fanout.ts), closed after the jobs drain. */
  fanout?: PageFanout;
}

export class ClusterWorkerEngine extends Engine {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly started = Date.now();

  constructor(private readonly c: WorkerEngineConfig) {
    // Workers never sweep: retention is the servers' (fileRetentionMs 0, no count limit).
    // Page credits are the servers' too (per API key): a worker's own engine quota is unbounded.
    super({ ...c, fileRetentionMs: 0, maxFinishedJobs: Number.MAX_SAFE_INTEGER, pageQuota: Number.MAX_SAFE_INTEGER });
    this.timers.push(setInterval(() => this.runner.pump(), 200));
    this.timers.push(setInterval(() => void this.heartbeat().catch(() => undefined), HEARTBEAT_MS));
    this.timers.push(setInterval(() => void this.pollCancels().catch(() => undefined), 500));
    void this.heartbeat().catch(() => undefined);
    this.runner.pump();
  }

  /** No sweeping here (retention is the servers'): the engine's sweep after each finish would read every record. */
  override sweepExpired(): Promise<string[]> {
    return Promise.resolve([]);
  }

  /** A job ended on this node: count it once for the cluster's statistics, drop its fan-out files. */
  async counted(jobId: string): Promise<void> {
    await this.c.fanout?.forget(jobId).catch(() => undefined);
    const rec = await this.c.store.get(jobId);
    if (rec) await countFinished(this.c.redis, rec);
  }

  get runningJobs(): number {
    return this.runner.running.size;
  }

  private heartbeat(): Promise<void> {
    return beat(this.c.redis, this.c.workerId, { pid: process.pid, host: os.hostname(), running: this.runner.running.size, up_s: Math.round((Date.now() - this.started) / 1000) });
  }

  private async pollCancels(): Promise<void> {
    const ids = [...this.runner.running.keys()];
    if (!ids.length) return;
    const flags = await this.c.redis.mget(...ids.map(cancelKey));
    ids.forEach((id, i) => {
      if (flags[i]) {
        this.c.log.info({ job_id: id }, 'cancel requested');
        this.runner.running.get(id)?.abort(new ProcessingError('processing_error', 'Cancelled by request.'));
      }
    });
  }

  /**
   * SIGTERM: claim nothing more, give running jobs `graceMs` to end, then stop them (their
   * records stay `processing`; the queue hands them to another worker), and close.
   */
  async drain(graceMs: number): Promise<void> {
    this.closed = true;
    this.runner.stop();
    const deadline = Date.now() + graceMs;
    while (this.runner.running.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (this.runner.running.size > 0) {
      this.c.log.warn({ jobs: [...this.runner.running.keys()] }, 'grace period over: jobs go back to the queue');
      this.runner.drain();
      for (const ctl of this.runner.running.values()) ctl.abort(new ProcessingError('processing_error', 'Worker shutting down.'));
      const until = Date.now() + 10_000;
      while (this.runner.running.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    }
    await this.stopTimers();
    await this.c.fanout?.close();
    await this.c.queue.close();
    await this.pool.destroy();
  }

  private async stopTimers(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    await forgetWorker(this.c.redis, this.c.workerId).catch(() => undefined);
  }
}
