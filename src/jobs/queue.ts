/**
 * The queue of jobs waiting for a runner. The engine claims a job with a lease, renews it
 * while the job runs, and acknowledges it at the end; a released (or expired) lease puts
 * the job back. In memory here; a distributed queue (Redis, a database) implements the same
 * interface so that runners on other machines can claim jobs.
 */
import { randomUUID } from 'node:crypto';

export interface JobQueue {
  /**
   * True when only this process's runner claims from the queue (in memory): a job may then
   * start before its record's write has resolved, and its runner need not wait for the
   * `processing` compare-and-set before running it (jobs/start-early.ts). A shared queue
   * (Redis) leaves it unset: another node must find a durable record before it may claim.
   */
  readonly local?: boolean;
  enqueue(jobId: string): Promise<void>;
  claim(workerId: string, leaseMs: number): Promise<{ jobId: string; lease: string } | null>;
  renew(lease: string, leaseMs: number): Promise<void>;
  ack(lease: string): Promise<void>;
  /** Back to the front of the queue (shutdown, lost runner). */
  release(lease: string): Promise<void>;
  /** Jobs waiting (not claimed). */
  size(): Promise<number>;
  /** 0-based place of a waiting job; null when it is not waiting. */
  position(jobId: string): Promise<number | null>;
  /** Takes a waiting job out (cancel while queued); false when it was not waiting. */
  remove(jobId: string): Promise<boolean>;
}

interface Lease {
  jobId: string;
  workerId: string;
  expires: number;
}

export class MemoryJobQueue implements JobQueue {
  readonly local = true;
  private readonly waiting: string[] = [];
  private readonly leases = new Map<string, Lease>();

  async enqueue(jobId: string): Promise<void> {
    this.waiting.push(jobId);
  }

  async claim(workerId: string, leaseMs: number): Promise<{ jobId: string; lease: string } | null> {
    this.requeueExpired();
    const jobId = this.waiting.shift();
    if (jobId === undefined) return null;
    const lease = randomUUID();
    this.leases.set(lease, { jobId, workerId, expires: Date.now() + leaseMs });
    return { jobId, lease };
  }

  async renew(lease: string, leaseMs: number): Promise<void> {
    const l = this.leases.get(lease);
    if (!l) throw new Error('lease lost');
    l.expires = Date.now() + leaseMs;
  }

  async ack(lease: string): Promise<void> {
    this.leases.delete(lease);
  }

  async release(lease: string): Promise<void> {
    const l = this.leases.get(lease);
    if (!l) return;
    this.leases.delete(lease);
    this.waiting.unshift(l.jobId);
  }

  async size(): Promise<number> {
    return this.waiting.length;
  }

  async position(jobId: string): Promise<number | null> {
    const i = this.waiting.indexOf(jobId);
    return i < 0 ? null : i;
  }

  async remove(jobId: string): Promise<boolean> {
    const i = this.waiting.indexOf(jobId);
    if (i < 0) return false;
    this.waiting.splice(i, 1);
    return true;
  }

  private requeueExpired(): void {
    const now = Date.now();
    for (const [lease, l] of this.leases) {
      if (l.expires < now) {
        this.leases.delete(lease);
        this.waiting.unshift(l.jobId);
      }
    }
  }
}
