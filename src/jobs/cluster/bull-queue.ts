/**
 * The JobQueue of a cluster, on BullMQ: the HTTP server enqueues (a BullMQ job whose id is
 * the Quire job id, so adding it twice is a no-op), `quire worker` processes claim with
 * BullMQ's manual-processing API (getNextJob + a lock renewed here on a timer, so the
 * engine's runner needs no change). The queue carries work only: the job record (Redis job
 * store) says what the job is and how it ended. Hence:
 *  - ack of a job whose record is not terminal (a draining worker stopped it) puts it back
 *    in the queue rather than completing it;
 *  - a job BullMQ took back from a dead worker (lock expired: "stalled") still has a record
 *    in `processing`; claim returns it to `starting` so the runner runs it again;
 *  - a job that stalled `maxAttempts` times (it kills its workers) is failed with a message.
 * Finished BullMQ jobs are kept only up to `keepFinished` (the records keep the history).
 */
import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { JobConflictError, type JobStore } from '../job-store.js';
import { TERMINAL_STATES } from '../../model/job.js';
import type { JobQueue } from '../queue.js';
import { PREFIX, redisOptions } from './redis-connection.js';

export const QUEUE_NAME = 'jobs';
export const BULL_PREFIX = `${PREFIX}:bull`;

export interface BullQueueOptions {
  url: string;
  store: JobStore;
  /** Claim jobs (a `quire worker`); a server only enqueues. */
  consume: boolean;
  /** Lock of a claimed job, ms; a worker silent this long has its job taken over (default 30 s). */
  lockMs?: number;
  /** How often stalled jobs are looked for, ms (default lockMs). */
  stalledIntervalMs?: number;
  /** Starts that ended with a dead worker before the job is failed (default 3). */
  maxAttempts?: number;
  /** Finished BullMQ entries kept (default 1000; the job records are the history). */
  keepFinished?: number;
  /** A job reached a terminal state on this node (statistics). */
  onTerminal?: (jobId: string) => void;
}

interface Held {
  job: Job;
  timer: NodeJS.Timeout;
}

export class BullJobQueue implements JobQueue {
  readonly queue: Queue;
  private readonly worker: Worker | undefined;
  private readonly held = new Map<string, Held>();
  private readonly lockMs: number;
  private readonly maxAttempts: number;
  private readonly keep: number;

  constructor(private readonly o: BullQueueOptions) {
    this.lockMs = o.lockMs ?? 30_000;
    this.maxAttempts = o.maxAttempts ?? 3;
    this.keep = o.keepFinished ?? 1000;
    const connection = redisOptions(o.url);
    this.queue = new Queue(QUEUE_NAME, { connection, prefix: BULL_PREFIX });
    if (o.consume) {
      this.worker = new Worker(QUEUE_NAME, null, {
        connection,
        prefix: BULL_PREFIX,
        autorun: false,
        lockDuration: this.lockMs,
        stalledInterval: o.stalledIntervalMs ?? this.lockMs,
        // Attempts are counted here (maxAttempts), with the record failed with a message.
        maxStalledCount: 1_000_000,
        drainDelay: 1,
      });
      this.worker.on('error', () => undefined); // connection errors: ioredis reconnects
      void this.worker.startStalledCheckTimer().catch(() => undefined);
    }
  }

  async enqueue(jobId: string): Promise<void> {
    await this.queue.add('job', {}, { jobId, removeOnComplete: { count: this.keep }, removeOnFail: { count: this.keep } });
  }

  async claim(): Promise<{ jobId: string; lease: string } | null> {
    if (!this.worker) return null;
    for (;;) {
      const token = randomUUID();
      const job = await this.worker.getNextJob(token, { block: true });
      if (!job?.id) return null;
      const rec = await this.o.store.get(job.id);
      if (!rec || TERMINAL_STATES.has(rec.state)) {
        // Deleted, cancelled, or finished by a worker that died before acknowledging.
        await job.moveToCompleted(null, token, false).catch(() => undefined);
        continue;
      }
      if (job.stalledCounter >= this.maxAttempts) {
        const message = `The job was started ${job.stalledCounter} times and each time its worker stopped before it ended (a crash or a kill); giving up.`;
        await this.o.store.update(job.id, { state: 'failed', message, finishedAt: new Date().toISOString() }).catch(() => undefined);
        this.o.onTerminal?.(job.id);
        await job.moveToFailed(new Error(message), token, false).catch(() => undefined);
        continue;
      }
      if (rec.state === 'processing') {
        // Taken over from a worker whose lock expired: run it again from the start.
        await this.o.store.update(job.id, { state: 'starting', startedAt: null, progress: null }, { state: 'processing' }).catch((err) => {
          if (!(err instanceof JobConflictError)) throw err;
        });
      }
      const timer = setInterval(() => void job.extendLock(token, this.lockMs).catch(() => undefined), Math.max(200, this.lockMs / 3));
      timer.unref();
      this.held.set(token, { job, timer });
      return { jobId: job.id, lease: token };
    }
  }

  /** Locks are renewed on this queue's own timer (lockMs / 3), whatever the runner asks. */
  async renew(): Promise<void> {}

  ack(lease: string): Promise<void> {
    return this.track(this.settle(lease));
  }

  /** Acks and releases in flight, awaited by close() so none is cut off. */
  private readonly pending = new Set<Promise<unknown>>();

  private track(p: Promise<void>): Promise<void> {
    this.pending.add(p);
    return p.finally(() => this.pending.delete(p));
  }

  private async settle(lease: string): Promise<void> {
    const h = this.take(lease);
    if (!h) return;
    const rec = await this.o.store.get(h.job.id!);
    if (rec && !TERMINAL_STATES.has(rec.state)) {
      // Stopped without ending (a draining worker): back to the queue for another worker.
      await h.job.moveToWait(lease);
      return;
    }
    if (rec) this.o.onTerminal?.(rec.id);
    await h.job.moveToCompleted(null, lease, false);
  }

  release(lease: string): Promise<void> {
    const h = this.take(lease);
    return h ? this.track(h.job.moveToWait(lease).then(() => undefined)) : Promise.resolve();
  }

  private take(lease: string): Held | undefined {
    const h = this.held.get(lease);
    if (!h) return undefined;
    clearInterval(h.timer);
    this.held.delete(lease);
    return h;
  }

  async size(): Promise<number> {
    return this.queue.getWaitingCount();
  }

  async position(jobId: string): Promise<number | null> {
    const waiting = await this.queue.getWaiting(0, -1);
    const ids = waiting.map((j) => j.id);
    const i = ids.indexOf(jobId);
    return i < 0 ? null : i;
  }

  async remove(jobId: string): Promise<boolean> {
    const job = await this.queue.getJob(jobId);
    if (!job || !(await job.isWaiting())) return false;
    try {
      await job.remove();
      return true;
    } catch {
      return false; // taken by a worker meanwhile
    }
  }

  /** Jobs held by this node now. */
  get holding(): number {
    return this.held.size;
  }

  async close(): Promise<void> {
    for (const lease of [...this.held.keys()]) void this.release(lease).catch(() => undefined);
    await Promise.allSettled([...this.pending]);
    await this.worker?.close(true).catch(() => undefined);
    await this.queue.close().catch(() => undefined);
  }
}
