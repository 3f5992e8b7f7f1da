/** Spawn `quire serve` (built dist/) on a loopback port with a keys file, for the server benches. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/cli/main.js');

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  dir: string;
  keys: string[];
  /** Resident set size of the server process (main thread + workers), bytes. */
  rss(): Promise<number>;
  /** CPU time (user + system, all threads) the server process has used, ms. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * `opts.cli`: another build's dist/cli/main.js (bench/server-vs-library --base-cli).
 * `opts.env`: extra environment; `opts.onStderr`: receives the server's stderr lines (else inherited).
 */
export async function spawnServer(opts: { keys: number; rps: number; args: string[]; cli?: string; env?: Record<string, string>; onStderr?: (line: string) => void }): Promise<SpawnedServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-bench-server-'));
  const keys = Array.from({ length: opts.keys }, (_, i) => `bench-key-${String(i).padStart(4, '0')}-xxxxxxxx`);
  const keysFile = path.join(dir, 'keys.json');
  await fs.writeFile(keysFile, JSON.stringify({ keys: keys.map((key, i) => ({ name: `client-${i}`, key, requests_per_second: opts.rps })) }));
  // QUIRE_BENCH_NODE_ARGS: extra node flags for the server (e.g. --cpu-prof --cpu-prof-dir=DIR to profile it).
  const nodeArgs = (process.env.QUIRE_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, opts.cli ?? cli, 'serve', '--port', '0', '--data-dir', path.join(dir, 'data'), '--keys', keysFile, ...opts.args], { stdio: ['ignore', 'pipe', opts.onStderr ? 'pipe' : 'inherit'], env: { ...process.env, ...opts.env } });
  if (opts.onStderr) {
    let rest = '';
    child.stderr!.on('data', (d: Buffer) => {
      const lines = (rest + d.toString()).split('\n');
      rest = lines.pop()!;
      for (const l of lines) opts.onStderr!(l);
    });
  }
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const t = setInterval(() => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearInterval(t);
        resolve(m[1]!);
      }
    }, 20);
    child.on('exit', () => reject(new Error(`server exited: ${out}`)));
  });
  return {
    child,
    url,
    dir,
    keys,
    rss: async () => {
      const status = await fs.readFile(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    },
    cpuMs: async () => {
      const stat = (await fs.readFile(`/proc/${child.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      return ((Number(stat[11]) + Number(stat[12])) * 1000) / 100; // clock ticks (USER_HZ = 100)
    },
    stop: async () => {
      const exited = new Promise((r) => child.on('exit', r));
      child.kill('SIGTERM');
      await exited;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
