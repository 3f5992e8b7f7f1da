/**
 * Starts the worker pool of a CLI job command (`quire parse FILE …`) before the rest of the
 * CLI loads. The pool's workers take ~85 ms of CPU each to start (Node, the page pipeline's
 * modules, pdf.js), and the first page cannot start before they are ready; the engine, the
 * registry's operations and the job layer take the main thread about as long to load. Started
 * here, the workers load while the main thread does; started by the engine, after it (measured
 * with bench/cli-timeline.ts: the workers, not the main thread, were what the first page
 * waited for). main.ts imports only this module before the program itself.
 *
 * Only for what is certainly a job command: not the CLI's own commands that make no engine
 * or make their own (serve, worker, edit, markdown, view), not help or version. The engine
 * takes the pool only if it asks for the same settings (takeEarlyPool); a pool nobody took is
 * stopped when the program ends (releaseEarlyPool), so a usage error costs only its start.
 */
import { defaultWorkerFile } from '../jobs/worker-file.js';
import { workerEnvOf, type EngineConfig } from '../jobs/config.js';
import type { TaskHandlers } from '../operations/tasks.js';
import { WorkerPool } from '../workers/pool.js';

/** The CLI's commands that run no job of the engine's default pool. */
const NOT_JOBS = new Set(['serve', 'worker', 'edit', 'markdown', 'view', 'help']);
/** The engine's default for the CLI (engine.ts: workerMemoryMb ?? 2048). */
const WORKER_MEMORY_MB = 2048;

let early: { pool: WorkerPool<TaskHandlers>; threads: number | undefined; taskTimeoutMs: number | undefined } | undefined;

/** `--name N` or `--name=N` as a positive number; undefined when absent or not one (the CLI then reports it). */
function flag(args: readonly string[], name: string): number | undefined | null {
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  const v = Number(args[i] === name ? args[i + 1] : args[i]!.slice(name.length + 1));
  return Number.isFinite(v) && v > 0 ? v : null;
}

/** Starts the pool when `argv` (process.argv) is a job command. */
export function startEarlyPool(argv: readonly string[]): void {
  const [command, ...rest] = argv.slice(2);
  if (!command || command.startsWith('-') || NOT_JOBS.has(command)) return;
  if (rest.some((a) => a === '-h' || a === '--help')) return;
  const workers = flag(rest, '--workers');
  const timeoutS = flag(rest, '--task-timeout');
  if (workers === null || timeoutS === null) return;
  const threads = workers === undefined ? undefined : Math.round(workers);
  const taskTimeoutMs = timeoutS === undefined ? undefined : Math.round(timeoutS * 1000);
  const pool = new WorkerPool<TaskHandlers>({ threads, taskTimeoutMs, workerMemoryMb: WORKER_MEMORY_MB, filename: defaultWorkerFile(), workerEnv: workerEnvOf({}) });
  early = { pool, threads, taskTimeoutMs };
}

/**
 * The early pool, for an engine made with `config`, if it was started with the same settings
 * (otherwise it is stopped and the engine starts its own). Taken once.
 */
export function takeEarlyPool(config: EngineConfig): WorkerPool<TaskHandlers> | undefined {
  const e = early;
  early = undefined;
  if (!e) return undefined;
  const same = e.threads === config.workers && e.taskTimeoutMs === config.taskTimeoutMs && config.workerMemoryMb === undefined && config.workerFile === undefined;
  const sameWorkers = same && config.codeCacheDir === undefined && JSON.stringify(workerEnvOf(config)) === JSON.stringify(workerEnvOf({}));
  if (sameWorkers) return e.pool;
  void e.pool.destroy();
  return undefined;
}

/** Stops the early pool if no engine took it. */
export async function releaseEarlyPool(): Promise<void> {
  const e = early;
  early = undefined;
  await e?.pool.destroy();
}
