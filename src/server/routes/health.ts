/** `GET /health`: liveness without a key, with the queue's depth for operators. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';

export async function healthRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/health', { config: { public: true }, schema: { summary: 'Liveness', tags: ['health'] } }, async () => ({
    status: ctx.stopping ? 'stopping' : 'ok',
    queued_jobs: ctx.engine.queuedJobs,
  }));
}
