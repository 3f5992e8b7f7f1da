/**
 * Load on `quire serve` over loopback: `npx tsx bench/server-load.ts [--submissions 500]
 * [--clients 50] [--queue 20]` (needs `npm run build`). 50 clients, each with its own key
 * (default 10 requests/s), submit a one-page parse (us_constitution.pdf page 1) against a
 * small queue; refused submissions are counted, not retried. Then every accepted job is
 * polled to a terminal state, and a polling burst measures GET /parse/{job_id} throughput.
 * Prints p50/p99 latencies, status counts, server RSS, and fails (exit 1) when an answer
 * is not 200/429/503-with-Retry-After, a job is duplicated or lost, or one never ends.
 */
import fs from 'node:fs/promises';
import { percentile, spawnServer } from './lib/spawn-server.js';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : d;
};
const SUBMISSIONS = arg('submissions', 500);
const CLIENTS = arg('clients', 50);
const QUEUE = arg('queue', 20);

const pdf = new Uint8Array(await fs.readFile(new URL('../test/fixtures/pdf/us_constitution.pdf', import.meta.url)));
const server = await spawnServer({ keys: CLIENTS, rps: 10, args: ['--workers', '1', '--concurrent-jobs', '1', '--max-queued', String(QUEUE)] });
const rssStart = await server.rss();
let rssMax = rssStart;
const sampler = setInterval(() => void server.rss().then((r) => (rssMax = Math.max(rssMax, r)), () => undefined), 100);

const submitLatency: number[] = [];
const byStatus: Record<number, number[]> = {};
const statuses = new Map<string, number>();
const accepted: Array<{ id: string; key: string }> = [];
const problems: string[] = [];
let next = 0;

async function client(c: number): Promise<void> {
  const key = server.keys[c]!;
  while (next < SUBMISSIONS) {
    next++;
    const fd = new FormData();
    fd.append('page_range', '1');
    fd.append('file', new Blob([pdf]), 'us_constitution.pdf');
    const t = performance.now();
    const res = await fetch(`${server.url}/parse`, { method: 'POST', headers: { 'api-key': key }, body: fd });
    const body = (await res.json()) as { job_id?: string };
    submitLatency.push(performance.now() - t);
    (byStatus[res.status] ??= []).push(performance.now() - t);
    statuses.set(String(res.status), (statuses.get(String(res.status)) ?? 0) + 1);
    if (res.status === 200 && body.job_id) accepted.push({ id: body.job_id, key });
    else if (res.status !== 429 && res.status !== 503) problems.push(`unexpected ${res.status}: ${JSON.stringify(body)}`);
    else if (!res.headers.get('retry-after')) problems.push(`${res.status} without Retry-After`);
  }
}

const t0 = performance.now();
await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
const submitWall = (performance.now() - t0) / 1000;

// Every accepted job to a terminal state; status polls are timed.
const pollLatency: number[] = [];
const terminal = new Set(['Succeeded', 'Failed', 'Cancelled']);
const final = new Map<string, string>();
const deadline = Date.now() + 600_000;
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = c; i < accepted.length; i += CLIENTS) {
      const { id, key } = accepted[i]!;
      for (;;) {
        const t = performance.now();
        const res = await fetch(`${server.url}/parse/${id}?include_chunks=false`, { headers: { 'api-key': key } });
        const body = (await res.json()) as { status: string };
        pollLatency.push(performance.now() - t);
        if (terminal.has(body.status)) {
          final.set(id, body.status);
          break;
        }
        if (Date.now() > deadline) {
          problems.push(`job ${id} still ${body.status}`);
          break;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }),
);

// Polling throughput: all clients poll finished jobs as fast as they can for 5 s.
let polls = 0;
const burstCpu0 = await server.cpuMs();
const burstEnd = performance.now() + 5000;
const burstLatency: number[] = [];
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, c) => {
    const own = accepted.filter((a) => a.key === server.keys[c]);
    if (!own.length) return;
    for (let i = 0; performance.now() < burstEnd; i++) {
      const t = performance.now();
      const res = await fetch(`${server.url}/parse/${own[i % own.length]!.id}`, { headers: { 'api-key': own[0]!.key } });
      await res.arrayBuffer();
      burstLatency.push(performance.now() - t);
      if (res.status !== 200) problems.push(`poll answered ${res.status}`);
      polls++;
    }
  }),
);
const burstCpuPerPoll = ((await server.cpuMs()) - burstCpu0) / Math.max(1, polls);

// Bad input: 300 malformed or oversized requests must leave memory flat and create nothing.
const rssBeforeBad = await server.rss();
const storedBeforeBad = (await fs.readdir(`${server.dir}/data/jobs`)).length;
const bad = [
  () => ({ body: 'garbage', type: 'multipart/form-data' }),
  () => ({ body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut', type: 'multipart/form-data; boundary=b' }),
  () => ({ body: '{"url": ', type: 'application/json' }),
  () => ({ body: '--b\r\nContent-Disposition: form-data; name="file"; filename="../../x.pdf"\r\n\r\n%PDF-1.4\r\n--b--\r\n', type: 'multipart/form-data; boundary=b' }),
];
const badStatuses = new Map<number, number>();
for (let i = 0; i < 300; i += 10) {
  await Promise.all(
    Array.from({ length: 10 }, async (_, j) => {
      const b = bad[(i + j) % bad.length]!();
      const res = await fetch(`${server.url}/parse`, { method: 'POST', headers: { 'api-key': server.keys[(i + j) % CLIENTS]!, 'content-type': b.type }, body: b.body });
      await res.arrayBuffer();
      badStatuses.set(res.status, (badStatuses.get(res.status) ?? 0) + 1);
      if (res.status !== 400 && res.status !== 429) problems.push(`bad input answered ${res.status}`);
    }),
  );
}
const rssAfterBad = await server.rss();
if ((await fs.readdir(`${server.dir}/data/jobs`)).length !== storedBeforeBad) problems.push('bad input created jobs');
clearInterval(sampler);

const ids = accepted.map((a) => a.id);
const stored = (await fs.readdir(`${server.dir}/data/jobs`)).filter((f) => f.endsWith('.json') && !f.endsWith('.result.json')).length;
if (new Set(ids).size !== ids.length) problems.push('duplicate job ids');
if (stored !== ids.length) problems.push(`store holds ${stored} jobs, ${ids.length} were accepted`);
const rssEnd = await server.rss();
await server.stop();

const ms = (x: number) => `${x.toFixed(1)} ms`;
const mb = (x: number) => `${(x / 2 ** 20).toFixed(0)} MB`;
console.log(`submissions: ${SUBMISSIONS} from ${CLIENTS} clients (one key each, 10 req/s), queue ${QUEUE}, 1 worker, 1 job at a time; ${submitWall.toFixed(1)} s`);
console.log(`answers: ${[...statuses].map(([k, v]) => `${k}×${v}`).join(', ')}`);
console.log(`submission latency: p50 ${ms(percentile(submitLatency, 50))}, p99 ${ms(percentile(submitLatency, 99))}`);
console.log(`  by answer: ${Object.entries(byStatus).map(([k, v]) => `${k} p50 ${ms(percentile(v, 50))} p99 ${ms(percentile(v, 99))}`).join('; ')}`);
console.log(`accepted jobs: ${ids.length}, terminal: ${final.size} (${[...new Set(final.values())].map((s) => `${s}×${[...final.values()].filter((v) => v === s).length}`).join(', ')}), unique ids: ${new Set(ids).size}, in store: ${stored}`);
console.log(`GET /parse/{id} while jobs ran (no chunks): p50 ${ms(percentile(pollLatency, 50))}, p99 ${ms(percentile(pollLatency, 99))}, ${pollLatency.length} polls`);
console.log(`polling burst (full result, 1-page jobs): ${(polls / 5).toFixed(0)} req/s, p50 ${ms(percentile(burstLatency, 50))}, p99 ${ms(percentile(burstLatency, 99))}; server CPU ${burstCpuPerPoll.toFixed(2)} ms per poll (clients share the machine)`);
console.log(`server RSS: start ${mb(rssStart)}, max ${mb(rssMax)}, end ${mb(rssEnd)}`);
console.log(`300 bad requests: ${[...badStatuses].map(([k, v]) => `${k}×${v}`).join(', ')}; RSS ${mb(rssBeforeBad)} → ${mb(rssAfterBad)}; no job created`);
if (problems.length) {
  console.log(`PROBLEMS (${problems.length}):\n${[...new Set(problems)].slice(0, 20).join('\n')}`);
  process.exitCode = 1;
} else console.log('every answer 200/429/503 with Retry-After; every accepted job terminal; no duplicates');
