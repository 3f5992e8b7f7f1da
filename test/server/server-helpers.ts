/** Helpers for the HTTP tests: a real server on a loopback port with a keys file, and polling. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../src/server/server.js';
import type { ServerConfig } from '../../src/server/context.js';

export const KEYS = {
  main: 'test-key-main-000001',
  other: 'test-key-other-00002',
  poor: 'test-key-poor-000003',
  revoked: 'test-key-revoked-004',
  slow: 'test-key-slow-000005',
  v3only: 'test-key-v3only-0006',
};

export async function writeKeysFile(dir: string): Promise<string> {
  const file = path.join(dir, 'keys-for-test.json');
  await fs.writeFile(
    file,
    JSON.stringify({
      keys: [
        { name: 'main', key: KEYS.main, scopes: ['v1', 'v3'], page_quota: 100000, requests_per_second: 1000 },
        { name: 'other', key: KEYS.other, page_quota: 100000, requests_per_second: 1000 },
        { name: 'poor', key: KEYS.poor, page_quota: 3, requests_per_second: 1000 },
        { name: 'revoked', key: KEYS.revoked, revoked: true },
        { name: 'slow', key: KEYS.slow, requests_per_second: 2 },
        { name: 'v3only', key: KEYS.v3only, scopes: ['v3'] },
      ],
    }),
  );
  return file;
}

export async function tempDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

export async function testServer(config: Partial<ServerConfig> = {}): Promise<RunningServer & { dir: string }> {
  const dir = await tempDir('quire-server-');
  const keysFile = await writeKeysFile(dir);
  const s = await startServer({ host: '127.0.0.1', port: 0, dataDir: path.join(dir, 'data'), keysFile, workers: 1, ...config });
  return { ...s, dir };
}

export const auth = (key: string) => ({ 'api-key': key });

export async function json(res: Response): Promise<any> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`not JSON (${res.status}): ${text.slice(0, 200)}`);
  }
}

/** Poll a status URL until `done(body)`; fails after `timeoutMs`. */
export async function pollUntil(url: string, headers: Record<string, string>, done: (b: any) => boolean, timeoutMs = 60_000): Promise<any> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(url, { headers });
    const body = await json(res);
    if (res.status !== 200) throw new Error(`poll ${url}: ${res.status} ${JSON.stringify(body)}`);
    if (done(body)) return body;
    if (Date.now() > end) throw new Error(`poll ${url}: still ${JSON.stringify(body).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export const parseDone = (b: any) => ['Succeeded', 'Failed', 'Cancelled'].includes(b.status);

export interface CliServer {
  child: import('node:child_process').ChildProcess;
  url: string;
  out: () => string;
  exited: Promise<number | null>;
}

/** `quire serve` from the built CLI (dist/, as `npm test` builds it) in a child process, for kill -9 tests. */
export async function serveCli(dataDir: string, keysFile: string, extra: string[] = []): Promise<CliServer> {
  const { spawn } = await import('node:child_process');
  const cli = path.resolve(import.meta.dirname, '../../dist/cli/main.js');
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--workers', '1', '--concurrent-jobs', '1', '--data-dir', dataDir, '--keys', keysFile, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const t = setInterval(() => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearInterval(t);
        resolve(m[1]!);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(t);
      reject(new Error(`server exited: ${out}`));
    });
  });
  return { child, url, out: () => out, exited };
}
