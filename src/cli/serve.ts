/**
 * `quire serve`: the HTTP server (src/server/) from the command line. Prints the base URL
 * once ready (and a generated API key, once, on first start); SIGTERM or SIGINT stop it
 * gracefully (running jobs get a grace period, queued ones stay in the store) and exit 0.
 */
import type { Command } from 'commander';
import { errorMessage } from '../errors.js';

interface ServeOptions {
  host: string;
  port: string;
  dataDir: string;
  workers?: string;
  keys?: string;
  maxQueued?: string;
  concurrentJobs?: string;
  grace?: string;
  llmUrl?: string;
  llmModel?: string;
  redis?: string;
  maxQueuedPerKey?: string;
  v3InlineLimit?: string;
  leaseTimeout?: string;
}

export function addServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Run the HTTP server (the spec\'s REST interface) on this machine.')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port (0: any free port)', '8080')
    .option('--data-dir <dir>', 'where jobs, inputs, results and keys are kept', 'quire-data')
    .option('--workers <n>', 'worker threads (default: cores)')
    .option('--keys <file>', 'API keys file (JSON; see README). Else QUIRE_API_KEYS, else a generated key')
    .option('--max-queued <n>', 'jobs allowed to wait before submissions get 503', '100')
    .option('--concurrent-jobs <n>', 'jobs processed at once', '2')
    .option('--grace <seconds>', 'on SIGTERM, how long running jobs may finish', '30')
    .option('--llm-url <url>', 'optional: OpenAI-compatible endpoint on your network for extraction (delta, high_accuracy_mode); else QUIRE_LLM_URL; key from QUIRE_LLM_API_KEY')
    .option('--llm-model <name>', 'model name for --llm-url; else QUIRE_LLM_MODEL')
    .option('--redis <url>', 'cluster mode: queue and job records in this Redis (redis://HOST:PORT); jobs run in `quire worker` processes')
    .option('--max-queued-per-key <n>', 'cluster mode: jobs one API key may have waiting before its submissions get 429')
    .option('--lease-timeout <seconds>', 'cluster mode: how long after a server dies another server takes over its pending work (settlements, batches, v3 jobs)', '30')
    .option('--v3-inline-limit <bytes>', 'v3 results larger than this are answered with a presigned result_url (default 10485760)')
    .action(async (o: ServeOptions) => {
      const { startServer } = await import('../server/server.js');
      const { llmEndpointFrom } = await import('../server/llm-config.js');
      try {
        const s = await startServer({
          host: o.host,
          port: Number(o.port),
          dataDir: o.dataDir,
          workers: o.workers ? Number(o.workers) : undefined,
          keysFile: o.keys,
          envKeys: process.env.QUIRE_API_KEYS,
          maxQueuedJobs: Number(o.maxQueued),
          maxConcurrentJobs: Number(o.concurrentJobs),
          shutdownGraceMs: Number(o.grace) * 1000,
          engine: { extractionLlm: llmEndpointFrom(o), ...(o.v3InlineLimit ? { markdownJobs: { inlineLimitBytes: Number(o.v3InlineLimit) } } : {}) },
          ...(o.redis ? { redis: o.redis } : {}),
          ...(o.maxQueuedPerKey ? { maxQueuedPerKey: Number(o.maxQueuedPerKey) } : {}),
          ...(o.leaseTimeout && Number(o.leaseTimeout) > 0 ? { leaseMs: Number(o.leaseTimeout) * 1000 } : {}),
        });
        if (s.ctx.generatedKey) process.stdout.write(`quire: created API key (kept in ${s.ctx.config.dataDir}/keys.json; shown once): ${s.ctx.generatedKey}\n`);
        if (s.recovered) process.stdout.write(`quire: queued again ${s.recovered} unfinished job(s)\n`);
        process.stdout.write(`quire: listening on ${s.url}\n`);
        const onSignal = () => {
          process.stdout.write('quire: stopping\n');
          s.stop().then(
            () => process.exit(0),
            (err) => {
              process.stderr.write(`quire: ${errorMessage(err)}\n`);
              process.exit(1);
            },
          );
        };
        process.once('SIGTERM', onSignal);
        process.once('SIGINT', onSignal);
      } catch (err) {
        process.stderr.write(`quire: ${errorMessage(err)}\n`);
        process.exitCode = 1;
        if (o.redis) process.exit(1); // open Redis connections would keep a failed start alive
      }
    });
}
