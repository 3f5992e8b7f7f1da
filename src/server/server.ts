/**
 * Start and stop the HTTP server: build the context (durable store, keys), listen, queue
 * again the jobs a previous process left unfinished (engine jobs, then v3 jobs, whose
 * per-PDF engine jobs of the previous process are dropped first: the v3 rerun makes its own), and on SIGTERM stop accepting, give
 * running jobs a grace period, keep the rest queued in the store and exit 0.
 * Several servers on one Redis (cluster mode, shared-state/): a starting server must not
 * undo another's live work, so the v3 per-PDF jobs are not dropped (they may be a live
 * server's), and the server's own work is taken by lease; every 10 s (or half the lease time) an adoption pass takes
 * over the ledger entries, batches and v3 jobs whose server died (its leases expired).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { dropOrphanV3Pages } from './v3-orphans.js';
import { sweepOrphanInputs } from './orphan-inputs.js';
import { admitParkedUploads, expireTickets } from './upload-flow.js';
import { createContext, DEFAULT_CONFIG, type ServerConfig, type ServerContext } from './context.js';

export interface RunningServer {
  app: FastifyInstance;
  ctx: ServerContext;
  url: string;
  /** Jobs queued again from a previous run. */
  recovered: number;
  stop(): Promise<void>;
}

export async function startServer(partial: Partial<ServerConfig> = {}): Promise<RunningServer> {
  const config: ServerConfig = { ...DEFAULT_CONFIG, ...partial, limits: { ...DEFAULT_CONFIG.limits, ...partial.limits } };
  const ctx = await createContext(config);
  await sweepOrphanInputs(ctx);
  const app = await buildApp(ctx);
  await app.listen({ host: config.host, port: config.port });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  ctx.baseUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  if (!ctx.state.leases.shared) await dropOrphanV3Pages(ctx);
  const recovered = await ctx.engine.recover();
  await ctx.settlement.resume();
  await ctx.v3.jobs.resume();
  await ctx.batches.resume();
  let adopting = false;
  const adoptTimer = !ctx.state.leases.shared ? undefined : setInterval(() => {
    if (adopting || ctx.stopping) return;
    adopting = true;
    void (async () => {
      await ctx.settlement.resume();
      await ctx.v3.jobs.resume();
      await ctx.batches.resume();
    })().catch(() => undefined).finally(() => (adopting = false));
  }, Math.min(10_000, ctx.state.leases.leaseMs / 2));
  adoptTimer?.unref();
  await expireTickets(ctx);
  await admitParkedUploads(ctx);
  const ticketTimer = setInterval(() => void expireTickets(ctx).catch(() => undefined), 60_000);
  ticketTimer.unref();
  let admitting = false;
  const parkTimer = setInterval(() => {
    if (admitting) return;
    admitting = true;
    void admitParkedUploads(ctx).catch(() => undefined).finally(() => (admitting = false));
  }, 1000);
  parkTimer.unref();
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      ctx.stopping = true;
      clearInterval(ticketTimer);
      clearInterval(parkTimer);
      clearInterval(adoptTimer);
      await app.close();
      // What this server drove is free at once for the others (cluster mode), not 30 s later.
      await ctx.state.leases.close();
      await ctx.engine.stopForRestart(config.shutdownGraceMs);
      await ctx.pageCounter.destroy();
      ctx.v3.jobs.close();
    })());
  return { app, ctx, url: ctx.baseUrl, recovered, stop };
}
