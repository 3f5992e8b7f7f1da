/**
 * Endpoints of the interface whose operation is not built yet answer 501 with the error
 * body (after authentication, like every route). Each lives in the module its operation
 * will fill, so the helper building it replaces one line there.
 */
import type { FastifyInstance } from 'fastify';
import { notImplemented } from '../errors.js';

export function notBuilt(app: FastifyInstance, method: 'GET' | 'POST', url: string, summary: string, scope: 'v1' | 'v3' = 'v1'): void {
  app.route({
    method,
    url,
    config: { scope },
    schema: { summary: `${summary} (501: not built yet)`, tags: ['not built'] },
    handler: async () => {
      throw notImplemented(`${method} ${url}`);
    },
  });
}
