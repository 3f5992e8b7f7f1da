/**
 * The last step of the sample parse through HTTP alone: fetching a finished job's full
 * result (`GET /parse/{id}`, 0.5 MB of JSON) and parsing it, as the client does once a poll
 * has seen `Succeeded`. `npx tsx bench/server-result-get.ts [--reads 40] [--base-cli
 * OTHER/dist/cli/main.js]` (needs `npm run build`): parses the sample once on each server,
 * then alternates reads between them, so that machine load hits both alike. Prints the
 * median and p90 wall time per read (client: request, transfer, JSON.parse) and the server's
 * CPU per read (/proc), for this build and, with --base-cli, another one.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import { percentile, spawnServer, type SpawnedServer } from './lib/spawn-server.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const READS = Number(arg('--reads') ?? 40);
const pdf = new Uint8Array(await fs.readFile(new URL('../test/fixtures/pdf/us_constitution.pdf', import.meta.url)));
const opts = { keys: 1, rps: 100, args: ['--workers', '1', '--concurrent-jobs', '1'] };
const servers: Array<{ name: string; s: SpawnedServer; job?: string; ms: number[]; cpu: number[] }> = [{ name: 'this build', s: await spawnServer(opts), ms: [], cpu: [] }];
const baseCli = arg('--base-cli');
if (baseCli) servers.push({ name: 'base build', s: await spawnServer({ ...opts, cli: baseCli }), ms: [], cpu: [] });

for (const x of servers) {
  const fd = new FormData();
  fd.append('file', new Blob([pdf]), 'us_constitution.pdf');
  const headers = { 'api-key': x.s.keys[0]! };
  const { job_id } = (await (await fetch(`${x.s.url}/parse`, { method: 'POST', headers, body: fd })).json()) as { job_id: string };
  for (;;) {
    const st = (await (await fetch(`${x.s.url}/parse/${job_id}?include_chunks=false`, { headers })).json()) as { status: string };
    if (st.status === 'Succeeded') break;
    if (st.status !== 'Starting' && st.status !== 'Processing') throw new Error(`job ${st.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  x.job = job_id;
}
for (let i = 0; i < READS + 3; i++) {
  for (const x of servers) {
    const c0 = await x.s.cpuMs();
    const t = performance.now();
    const body = (await (await fetch(`${x.s.url}/parse/${x.job}`, { headers: { 'api-key': x.s.keys[0]! } })).json()) as { chunks: unknown[] };
    const ms = performance.now() - t;
    if (!body.chunks.length) throw new Error('no chunks');
    if (i < 3) continue; // warm-up
    x.ms.push(ms);
    x.cpu.push((await x.s.cpuMs()) - c0);
  }
}
console.log(`${READS} reads each, alternating; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`);
for (const x of servers) {
  console.log(`${x.name}: read + parse median ${percentile(x.ms, 50).toFixed(1)} ms, p90 ${percentile(x.ms, 90).toFixed(1)} ms; server CPU per read median ${percentile(x.cpu, 50).toFixed(0)} ms (10 ms ticks), mean ${(x.cpu.reduce((a, b) => a + b, 0) / x.cpu.length).toFixed(1)} ms`);
  await x.s.stop();
}
