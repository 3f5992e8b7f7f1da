/**
 * Who drives a long-lived piece of server work: watching an accepted job until its pages
 * are settled, submitting the rest of an extraction batch, running a v3 job, queueing a
 * parked upload. One server does each alone, so it always may (LocalLeases only stops the
 * same work being started twice in one process). Several servers on one Redis must not do
 * the same work twice (two refunds, two v3 runs, a batch file submitted twice) and must not
 * drop work whose server died: the server doing a piece holds a lease on it, a Redis key
 * `quire:srv:lease:<name>` set with NX and a 30 s expiry that it renews every 10 s. A
 * server that dies stops renewing; 30 s later another server's adoption pass (server.ts,
 * every 10 s in cluster mode) acquires the lease and carries the work on.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface Leases {
  /** True when this process now holds `name` (it did not before). */
  acquire(name: string): Promise<boolean>;
  release(name: string): Promise<void>;
  /** True for several servers sharing state (adoption passes run then). */
  readonly shared: boolean;
  /** How long a lease outlives its holder's last renewal, ms. */
  readonly leaseMs: number;
  /** Stops renewing and gives back every lease held. */
  close(): Promise<void>;
}

export class LocalLeases implements Leases {
  readonly shared = false;
  readonly leaseMs = Infinity;
  private readonly held = new Set<string>();

  async acquire(name: string): Promise<boolean> {
    if (this.held.has(name)) return false;
    this.held.add(name);
    return true;
  }

  async release(name: string): Promise<void> {
    this.held.delete(name);
  }

  async close(): Promise<void> {
    this.held.clear();
  }
}

export const LEASE_MS = 30_000;
const RENEW_MS = 10_000;

const RENEW = `
local n = 0
for i, k in ipairs(KEYS) do
  if redis.call('GET', k) == ARGV[1] then
    redis.call('PEXPIRE', k, ARGV[2])
    n = n + 1
  end
end
return n`;

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

type LeaseCommands = Redis & {
  quireLeaseRenew(n: number, ...args: Array<string | number>): Promise<number>;
  quireLeaseRelease(key: string, token: string): Promise<number>;
};

export class RedisLeases implements Leases {
  readonly shared = true;
  /** This process's token: a lease left by a previous process of the same server is not ours. */
  private readonly token = randomUUID();
  private readonly held = new Set<string>();
  private readonly timer: NodeJS.Timeout;
  private readonly r: LeaseCommands;

  constructor(redis: Redis, readonly leaseMs = LEASE_MS) {
    this.r = redis as LeaseCommands;
    if (typeof this.r.quireLeaseRenew !== 'function') {
      redis.defineCommand('quireLeaseRenew', { lua: RENEW });
      redis.defineCommand('quireLeaseRelease', { numberOfKeys: 1, lua: RELEASE });
    }
    this.timer = setInterval(() => void this.renew().catch(() => undefined), Math.min(RENEW_MS, leaseMs / 3));
    this.timer.unref();
  }

  private key(name: string): string {
    return `quire:srv:lease:${name}`;
  }

  async acquire(name: string): Promise<boolean> {
    if (this.held.has(name)) return false;
    const ok = await this.r.set(this.key(name), this.token, 'PX', this.leaseMs, 'NX');
    if (ok !== 'OK') return false;
    this.held.add(name);
    return true;
  }

  async release(name: string): Promise<void> {
    if (!this.held.delete(name)) return;
    await this.r.quireLeaseRelease(this.key(name), this.token).catch(() => undefined);
  }

  private async renew(): Promise<void> {
    const keys = [...this.held].map((n) => this.key(n));
    for (let i = 0; i < keys.length; i += 500) {
      const part = keys.slice(i, i + 500);
      await this.r.quireLeaseRenew(part.length, ...part, this.token, this.leaseMs);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.held].map((n) => this.release(n)));
  }
}
