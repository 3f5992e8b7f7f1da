/**
 * Per-key backpressure in cluster mode (`quire serve --redis URL --max-queued-per-key N`):
 * a key with N jobs waiting in the cluster's queue gets 429 before its request body is read,
 * with `Retry-After` = its backlog over the cluster's measured jobs per second (the global
 * bound stays the 503 of refuseWhenFull). The counts come from the cluster engine's view of
 * the queue, refreshed twice a second, plus this server's own acceptances since.
 */
import type { ServerContext } from './context.js';
import { HttpError } from './errors.js';

export function refuseBusyKey(ctx: ServerContext, owner: string): void {
  const b = ctx.cluster?.keyBackpressure(owner);
  if (!b) return;
  throw new HttpError(429, 'too_many_queued', `This key has ${b.queued} jobs waiting (limit ${b.limit}); retry in ${b.retryAfter} s. No job was created.`, { queued: b.queued, limit: b.limit }, b.retryAfter);
}

export function countAccepted(ctx: ServerContext, owner: string, id: string): void {
  ctx.cluster?.accepted(owner, id);
}
