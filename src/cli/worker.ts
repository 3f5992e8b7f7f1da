/**
 * `quire worker --redis URL [--data-dir DIR] [--workers N]`: a process that runs the jobs a
 * cluster's servers queue in Redis (src/jobs/cluster/). Logs are JSON lines (pino) on
 * stdout, one per job state change, with the job id. SIGTERM or SIGINT drain: no new job
 * is claimed, running jobs get `--grace` seconds to end, the rest go back to the queue.
 */
import type { Command } from 'commander';
import { errorMessage } from '../errors.js';

interface WorkerFlags {
  redis: string;
  dataDir: string;
  workers?: string;
  concurrentJobs: string;
  lockTimeout: string;
  maxAttempts: string;
  grace: string;
  fanoutPages: string;
}

export function addWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('Run jobs queued in Redis by `quire serve --redis` (one of any number of worker processes, on any host).')
    .requiredOption('--redis <url>', 'the cluster\'s Redis, redis://HOST:PORT')
    .option('--data-dir <dir>', 'the data folder shared with the servers (same path on every host)', 'quire-data')
    .option('--workers <n>', 'worker threads (default: cores)')
    .option('--concurrent-jobs <n>', 'jobs processed at once by this process', '2')
    .option('--lock-timeout <seconds>', 'a worker silent this long loses its job to another (stall interval)', '30')
    .option('--max-attempts <n>', 'times a job may lose its worker (crash, kill) before it fails', '3')
    .option('--fanout-pages <n>', 'PDFs with at least this many pages are spread over all workers by page batches (0: never)', '64')
    .option('--grace <seconds>', 'on SIGTERM, how long running jobs may finish before going back to the queue', '30')
    .action(async (o: WorkerFlags) => {
      const { pino } = await import('pino');
      const log = pino({ base: { pid: process.pid } });
      try {
        const { openWorker } = await import('../jobs/cluster/open-cluster.js');
        const w = await openWorker({
          url: o.redis,
          dataDir: o.dataDir,
          workers: o.workers ? Number(o.workers) : undefined,
          maxConcurrentJobs: Number(o.concurrentJobs),
          lockMs: Number(o.lockTimeout) * 1000,
          maxAttempts: Number(o.maxAttempts),
          fanoutPages: Number(o.fanoutPages),
          log,
        });
        log.info({ worker: w.workerId }, 'worker ready');
        const onSignal = (signal: string) => {
          log.info({ worker: w.workerId, signal, running: w.engine.runningJobs }, 'draining');
          w.close(Number(o.grace) * 1000).then(
            () => {
              log.info({ worker: w.workerId }, 'worker stopped');
              log.flush();
              process.exit(0);
            },
            (err) => {
              log.error({ err: errorMessage(err) }, 'stop failed');
              process.exit(1);
            },
          );
        };
        process.once('SIGTERM', () => onSignal('SIGTERM'));
        process.once('SIGINT', () => onSignal('SIGINT'));
      } catch (err) {
        log.error({ err: errorMessage(err) }, 'worker could not start');
        process.stderr.write(`quire: ${errorMessage(err)}\n`);
        process.exit(1); // a half-open Redis client would keep a failed start alive
      }
    });
}
