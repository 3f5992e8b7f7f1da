/**
 * What sharing the HTTP server's own state costs (src/server/shared-state/): the operations one
 * submission makes on it (quota reservation, ledger entry, lease; then at settlement the
 * ledger read and take, the quota move, the lease release), timed on the one-server files and
 * on a local redis-server in the same run, alternating, with the Redis commands they send.
 * Timings are per operation in microseconds (median of rounds); this shared machine inflates
 * them, the ratio and the command counts are what to read.
 *
 *   npx tsx bench/server-state.ts [--ops 2000] [--rounds 3]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { startRedis } from './lib/redis-server.js';
import { KEY_DEFAULTS, type ApiKey } from '../src/server/keys.js';
import { openSharedState, type SharedState } from '../src/server/shared-state/open-state.js';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const OPS = arg('ops', 2000);
const ROUNDS = arg('rounds', 3);

interface Entry { job: string; owner: string; reserved: number; inputs: string[] }

/** One submission's state work and its settlement, as submit.ts and settle.ts do them. */
async function lifecycle(s: SharedState, ledger: Awaited<ReturnType<SharedState['book']>>, key: ApiKey, id: string): Promise<void> {
  const { saved } = await s.quota.reserve(key, 2);
  await Promise.all([saved, ledger.save(id, { job: id, owner: key.name, reserved: 2, inputs: [] } as Entry)]);
  await s.leases.acquire(`ledger:${id}`);
  await ledger.get(id);
  await ledger.take(id);
  await s.quota.adjust(key, -1);
  await s.leases.release(`ledger:${id}`);
}

async function timeOne(s: SharedState, label: string, round: number): Promise<number> {
  const ledger = await s.book('ledger', 'ledger');
  const key: ApiKey = { ...KEY_DEFAULTS, name: `bench-${label}-${round}`, key: 'bench-key-000000', page_quota: 10 * OPS };
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < OPS; i++) await lifecycle(s, ledger, key, `r${round}-${i}`);
  return Number(process.hrtime.bigint() - t0) / 1000 / OPS;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const redis = await startRedis();
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-state-bench-'));
const conn = new Redis(redis.url, { maxRetriesPerRequest: null });
try {
  const files = await openSharedState(path.join(dir, 'files'));
  const shared = await openSharedState(path.join(dir, 'shared'), conn);
  const times: Record<string, number[]> = { files: [], redis: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 ? (['redis', 'files'] as const) : (['files', 'redis'] as const);
    for (const which of order) times[which]!.push(await timeOne(which === 'files' ? files : shared, which, r));
  }
  const before = Number(/total_commands_processed:(\d+)/.exec(await conn.info('stats'))![1]);
  await timeOne(shared, 'count', 99);
  const after = Number(/total_commands_processed:(\d+)/.exec(await conn.info('stats'))![1]);
  const f = median(times.files!);
  const x = median(times.redis!);
  console.log(`submission + settlement state work, ${OPS} jobs x ${ROUNDS} rounds (alternating order), ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`  files (one server): ${f.toFixed(0)} us per job   rounds ${times.files!.map((t) => t.toFixed(0)).join(', ')}`);
  console.log(`  redis (cluster):    ${x.toFixed(0)} us per job   rounds ${times.redis!.map((t) => t.toFixed(0)).join(', ')}`);
  console.log(`  ratio redis/files:  ${(x / f).toFixed(2)}`);
  console.log(`  Redis commands per job: ${((after - before - 2) / OPS).toFixed(1)}`);
  files.leases.close();
  await shared.leases.close();
} finally {
  conn.disconnect();
  await redis.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
