/**
 * The processes of a test cluster, from the built CLI (dist/, as `npm test` builds it): a
 * `quire serve --redis` and `quire worker --redis` processes on one data folder, with their
 * output kept; worker logs are pino JSON lines, parsed to see which worker ran which job.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/cli/main.js');

export interface Proc {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

function launch(args: string[]): Proc {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, out: () => out, exited };
}

async function until(p: Proc, re: RegExp, timeoutMs = 60_000): Promise<RegExpExecArray> {
  const end = Date.now() + timeoutMs;
  let gone = false;
  void p.exited.then(() => (gone = true));
  for (;;) {
    const m = re.exec(p.out());
    if (m) return m;
    if (gone) throw new Error(`process exited: ${p.out()}`);
    if (Date.now() > end) throw new Error(`no ${re} in: ${p.out().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function serve(redisUrl: string, dataDir: string, keysFile: string, extra: string[] = []): Promise<Proc & { url: string }> {
  const p = launch(['serve', '--port', '0', '--redis', redisUrl, '--data-dir', dataDir, '--keys', keysFile, ...extra]);
  const m = await until(p, /listening on (http:\/\/\S+)/);
  return { ...p, url: m[1]! };
}

export async function worker(redisUrl: string, dataDir: string, extra: string[] = [], threads = 1): Promise<Proc> {
  const p = launch(['worker', '--redis', redisUrl, '--data-dir', dataDir, '--workers', String(threads), '--concurrent-jobs', '1', ...extra]);
  await until(p, /"msg":"worker ready"/);
  return p;
}

export interface LogLine {
  msg: string;
  job_id?: string;
  state?: string;
  message?: string;
}

export function logLines(p: Proc): LogLine[] {
  return p
    .out()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);
}

/** Resolves when a worker's log shows `state` for the job (e.g. it started processing it). */
export async function untilJobState(p: Proc, jobId: string, state: string, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!logLines(p).some((l) => l.job_id === jobId && l.state === state)) {
    if (Date.now() > end) throw new Error(`worker never logged ${state} for ${jobId}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function stop(p: Proc, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
  return p.exited;
}
