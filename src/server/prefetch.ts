/**
 * Cluster mode: routes check a job's owner with the store's synchronous `peek`, which reads
 * the records this server has seen. Behind a load balancer a job may have been created by
 * another server, so before a route runs, the job ids its path or query names (UUIDs) are
 * read from Redis into that local copy.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from './context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function prefetchHook(ctx: ServerContext): (req: FastifyRequest) => Promise<void> {
  return async (req) => {
    const ids = [...Object.values((req.params ?? {}) as Record<string, unknown>), ...Object.values((req.query ?? {}) as Record<string, unknown>)].filter((v): v is string => typeof v === 'string' && UUID.test(v));
    if (ids.length) await ctx.prefetch!(ids);
  };
}
