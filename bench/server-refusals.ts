/**
 * How fast `quire serve` refuses: `npx tsx bench/server-refusals.ts [--clients 50] [--each 6]`
 * (needs `npm run build`). A server whose queue holds nothing (`--max-queued 0`) answers every
 * `POST /parse` with the queue-full 503; 50 clients (one key each, no rate limit) send 6
 * submissions each, with a 100-byte and then a 400 KB file. Prints answer latency p50/p99
 * and the CPU time per answer of the server and of this client. The 503 is decided before a
 * byte of the body is read (submit.ts admit), so its server CPU stays flat with the body size;
 * latency on a loaded machine is mostly waiting for a CPU, which the CPU figures factor out.
 */
import fs from 'node:fs/promises';
import { percentile, spawnServer } from './lib/spawn-server.js';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : d;
};
const CLIENTS = arg('clients', 50);
const EACH = arg('each', 6);
const pdf = new Uint8Array(await fs.readFile(new URL('../test/fixtures/pdf/us_constitution.pdf', import.meta.url)));
const server = await spawnServer({ keys: CLIENTS, rps: 100_000, args: ['--workers', '1', '--concurrent-jobs', '1', '--max-queued', '0'] });
const problems: string[] = [];

for (const [label, body] of [['100-byte file', new Uint8Array(100)], [`${Math.round(pdf.length / 1024)} KB file`, pdf]] as const) {
  const latency: number[] = [];
  const s0 = await server.cpuMs();
  const c0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; i < EACH; i++) {
        const fd = new FormData();
        fd.append('file', new Blob([body]), 'c.pdf');
        const t = performance.now();
        const res = await fetch(`${server.url}/parse`, { method: 'POST', headers: { 'api-key': server.keys[c]! }, body: fd });
        latency.push(performance.now() - t);
        const answer = (await res.json()) as { error?: { details?: { reason?: string } } };
        if (res.status !== 503 || answer.error?.details?.reason !== 'queue_full' || !res.headers.get('retry-after')) problems.push(`${res.status} ${JSON.stringify(answer)}`);
      }
    }),
  );
  const server1 = ((await server.cpuMs()) - s0) / latency.length;
  const cu = process.cpuUsage(c0);
  console.log(`${label}: ${latency.length} answers, 503 p50 ${percentile(latency, 50).toFixed(0)} ms, p99 ${percentile(latency, 99).toFixed(0)} ms; CPU per answer: server ${server1.toFixed(2)} ms, client ${((cu.user + cu.system) / 1000 / latency.length).toFixed(2)} ms`);
}
await server.stop();
if (problems.length) {
  console.log(`PROBLEMS (${problems.length}): ${problems.slice(0, 5).join('; ')}`);
  process.exit(1);
}
