/**
 * A JobStore in Redis, so every server and worker of a cluster reads and writes the same
 * job records. One hash per job (`quire:job:<id>`: `rec` JSON, `state`, version `v`) and a
 * sorted set of ids by creation time for listing. Updates are compare-and-set: the record is
 * read, patched here, and written by a Lua script only if its version is unchanged (else
 * read again) and, with `expect`, only if its state is the expected one. A patch that sets a
 * terminal state is refused on a record already terminal, so a job that two workers ran
 * (a stalled lock taken over) finishes once: the second finish gets a JobConflictError.
 * The owner (API key) is also a field of its own, read for per-key queue depth.
 * `peek` (the HTTP server's synchronous owner checks) reads a local copy of the records this
 * process has seen; the server fetches a job's record before its route runs.
 */
import type { Redis } from 'ioredis';
import { JobConflictError, startAfter, type JobFilter, type JobRecord, type JobState, type JobStore, type UpdateOptions } from '../job-store.js';
import { TERMINAL_STATES } from '../../model/job.js';
import { PREFIX } from './redis-connection.js';

const CAS = `
local cur = redis.call('HMGET', KEYS[1], 'v', 'state')
if not cur[1] then return {'missing', ''} end
if cur[1] ~= ARGV[1] then return {'retry', cur[2]} end
if ARGV[2] ~= '' and cur[2] ~= ARGV[2] then return {'conflict', cur[2]} end
if ARGV[5] == '1' and (cur[2] == 'succeeded' or cur[2] == 'failed' or cur[2] == 'cancelled') then return {'conflict', cur[2]} end
redis.call('HSET', KEYS[1], 'v', tostring(tonumber(cur[1]) + 1), 'state', ARGV[3], 'rec', ARGV[4])
if ARGV[6] ~= '' then redis.call('HSET', KEYS[1], 'owner', ARGV[6]) end
return {'ok', ARGV[3]}
`;

/** Records remembered for peek(), at most. */
const PEEK_CACHE = 10_000;

export class RedisJobStore implements JobStore {
  private readonly seen = new Map<string, JobRecord>();

  constructor(private readonly redis: Redis) {
    redis.defineCommand('quireJobCas', { numberOfKeys: 1, lua: CAS });
  }

  private key(id: string): string {
    return `${PREFIX}:job:${id}`;
  }

  private remember(rec: JobRecord): JobRecord {
    this.seen.delete(rec.id);
    this.seen.set(rec.id, rec);
    if (this.seen.size > PEEK_CACHE) this.seen.delete(this.seen.keys().next().value!);
    return { ...rec };
  }

  async create(rec: JobRecord): Promise<void> {
    const created = await this.redis.hsetnx(this.key(rec.id), 'v', '1');
    if (!created) throw new Error(`duplicate job id ${rec.id}`);
    await this.redis
      .multi()
      .hset(this.key(rec.id), 'state', rec.state, 'rec', JSON.stringify(rec))
      .zadd(`${PREFIX}:jobs`, Date.parse(rec.createdAt) || Date.now(), rec.id)
      .exec();
    this.remember({ ...rec });
  }

  /** The last version of a job this process read or wrote (synchronous; may be stale). */
  peek(id: string): Omit<JobRecord, 'result'> | undefined {
    const r = this.seen.get(id);
    return r ? { ...r } : undefined;
  }

  private async read(id: string): Promise<{ rec: JobRecord; v: string } | undefined> {
    const [v, json] = await this.redis.hmget(this.key(id), 'v', 'rec');
    if (!v || !json) return undefined;
    return { rec: JSON.parse(json) as JobRecord, v };
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const r = await this.read(id);
    if (!r) {
      this.seen.delete(id);
      return undefined;
    }
    return this.remember(r.rec);
  }

  async update(id: string, patch: Partial<JobRecord>, expect?: { state: JobState }, opts: UpdateOptions = {}): Promise<JobRecord> {
    if (opts.after) await startAfter(opts.after);
    for (;;) {
      const cur = await this.read(id);
      if (!cur) throw new Error(`unknown job ${id}`);
      if (expect && cur.rec.state !== expect.state) throw new JobConflictError(id, cur.rec.state, expect.state);
      const next: JobRecord = { ...cur.rec, ...patch, id };
      const terminal = patch.state !== undefined && TERMINAL_STATES.has(patch.state);
      const [outcome, state] = (await (this.redis as unknown as Record<string, (...a: unknown[]) => Promise<[string, string]>>).quireJobCas!(
        this.key(id),
        cur.v,
        expect?.state ?? '',
        next.state,
        JSON.stringify(next),
        terminal ? '1' : '0',
        next.owner ?? '',
      )) as [string, string];
      if (outcome === 'ok') return this.remember(next);
      if (outcome === 'missing') throw new Error(`unknown job ${id}`);
      if (outcome === 'conflict') throw new JobConflictError(id, state as JobState, expect?.state ?? cur.rec.state);
      // 'retry': someone wrote between our read and our write; read again.
    }
  }

  /** The owners (API key names) of these jobs, '' for none: one pipelined read of a small field. */
  async owners(ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const pipe = this.redis.pipeline();
    for (const id of ids) pipe.hget(this.key(id), 'owner');
    return ((await pipe.exec()) ?? []).map(([, v]) => (typeof v === 'string' ? v : ''));
  }

  async list(filter: JobFilter = {}): Promise<JobRecord[]> {
    const ids = await this.redis.zrange(`${PREFIX}:jobs`, 0, -1);
    const out: JobRecord[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const slice = ids.slice(i, i + 500);
      const pipe = this.redis.pipeline();
      for (const id of slice) pipe.hget(this.key(id), 'rec');
      const rows = (await pipe.exec()) ?? [];
      for (const [, json] of rows) {
        if (typeof json !== 'string') continue;
        const r = JSON.parse(json) as JobRecord;
        if (filter.operation !== undefined && r.operation !== filter.operation) continue;
        if (filter.state !== undefined && r.state !== filter.state) continue;
        out.push(r);
        if (filter.limit !== undefined && out.length >= filter.limit) return out;
      }
    }
    return out;
  }

  async delete(id: string): Promise<void> {
    await this.redis.multi().del(this.key(id)).zrem(`${PREFIX}:jobs`, id).exec();
    this.seen.delete(id);
  }
}
