/**
 * Runs one CLI command: one job of one operation, to a terminal state, on an engine made
 * for this run; prints the operation's final status view, and removes the job's files at
 * the end unless --keep-files. Generic over the registry: every operation runs the same way.
 */
import { createEngine, type EngineConfig } from '../jobs/engine.js';
import { QuireError, errorMessage } from '../errors.js';
import type { Operation } from '../operations/operation.js';
import { writeJsonFile, writeJsonStream } from './write-json.js';
import { copyJobFiles } from './copy-job-files.js';
import { takeEarlyPool } from './early-pool.js';

export interface CommandFlags {
  out?: string;
  workers?: string;
  base64Images?: boolean;
  taskTimeout?: string;
  dataDir?: string;
  keepFiles?: boolean;
  outDir?: string;
}

/**
 * The final status object: indented for a person at a terminal, compact for files and pipes
 * (a long document's result is megabytes; indenting costs half again the time and size),
 * written chunk by chunk (write-json.ts).
 */
function writeResult(value: unknown, out: string | undefined): void {
  if (out) writeJsonFile(out, value);
  else if (process.stdout.isTTY) process.stdout.write(JSON.stringify(value, null, 2) + '\n');
  else writeJsonStream(process.stdout, value);
}

async function progressBar() {
  const { default: cliProgress } = await import('cli-progress');
  return new cliProgress.SingleBar({ format: 'pages {bar} {value}/{total}', stream: process.stderr }, cliProgress.Presets.shades_classic);
}

function positive(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new QuireError('usage', `${flag} expects a positive number, got ${JSON.stringify(v)}`, 2);
  return n;
}

export function engineConfig(flags: CommandFlags): EngineConfig {
  const workers = positive('--workers', flags.workers);
  const timeoutS = positive('--task-timeout', flags.taskTimeout);
  return {
    workers: workers === undefined ? undefined : Math.round(workers),
    taskTimeoutMs: timeoutS === undefined ? undefined : Math.round(timeoutS * 1000),
    dataDir: flags.dataDir,
    maxConcurrentJobs: 1,
  };
}

export async function runCommand(op: Operation, file: string, flags: CommandFlags, options: Record<string, string>): Promise<number> {
  let engine;
  try {
    const config = engineConfig(flags);
    // The workers main.ts started before the program loaded, when their settings are these.
    engine = createEngine({ ...config, pool: takeEarlyPool(config) });
  } catch (err) {
    process.stderr.write(`quire: ${errorMessage(err)}\n`);
    return 2;
  }
  // The progress bar's module loads only for a terminal: pipes and files never show it.
  const bar = process.stderr.isTTY ? await progressBar() : undefined;
  let started = false;
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= engine.close());
  let jobId: string | undefined;
  try {
    const created = await engine.submit<{ job_id: string }>(op.name, file, options);
    jobId = created.job_id;
    const onProgress = (done: number, total: number) => {
      if (!bar) return;
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    };
    const final = await engine.wait(jobId, { onProgress }, { base64Images: Boolean(flags.base64Images) });
    bar?.stop();
    if (flags.outDir && op.views.succeeded(final)) copyJobFiles(final, flags.outDir);
    void close(); // the engine's work is done: its workers shut down while the result is written
    writeResult(final, flags.out);
    if (!op.views.succeeded(final)) {
      process.stderr.write(`quire: ${op.views.failure(final)}\n`);
      return 1;
    }
    return 0;
  } catch (err) {
    bar?.stop();
    process.stderr.write(`quire: ${errorMessage(err)}\n`);
    return err instanceof QuireError && (err.status === 400 || err.code === 'usage') ? 2 : 1;
  } finally {
    await close();
    if (jobId && !flags.keepFiles) await engine.deleteJob(jobId).catch(() => undefined);
  }
}
