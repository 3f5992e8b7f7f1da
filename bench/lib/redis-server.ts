/**
 * A real Redis for the cluster tests: Debian's redis-server started on a free loopback port
 * with a temporary folder, AOF on and noeviction (BullMQ's requirement), stopped afterwards.
 * `restart()` stops it gracefully (AOF flushed, as a service restart does) and starts it
 * again on the same port and folder. When redis-server is not installed the tests skip with
 * a message (`.ci/run` installs it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REDIS_BIN = process.env.QUIRE_REDIS_SERVER ?? 'redis-server';
export const hasRedis = spawnSync(REDIS_BIN, ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasRedis) console.warn(`cluster tests skipped: ${REDIS_BIN} not found (apt-get install redis-server)`);

export interface TestRedis {
  url: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function untilAccepts(port: number, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.write('PING\r\n');
      });
      s.once('data', (d) => {
        s.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`redis-server did not answer on port ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startRedis(): Promise<TestRedis> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn(REDIS_BIN, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--maxmemory-policy', 'noeviction', '--save', ''], { stdio: 'ignore' });
    await untilAccepts(port, 10_000);
  };
  const halt = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM'); // graceful: AOF fsynced
    await exited;
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    restart: async () => {
      await halt();
      await launch();
    },
    stop: async () => {
      await halt();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
