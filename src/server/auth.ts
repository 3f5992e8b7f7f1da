/**
 * API-key authentication for every route except those marked `config.public` (health,
 * docs, signed files, the presigned PUT). The key may come as `api-key`, `X-API-Key` or
 * `Authorization: Bearer`: the spec shows all three. Missing or unknown → 401, revoked or
 * out of scope → 403.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from './context.js';
import { HttpError } from './errors.js';
import type { ApiKey } from './keys.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKey;
  }
  interface FastifyContextConfig {
    /** No API key needed. */
    public?: boolean;
    /** Key scope the route needs (default v1). */
    scope?: 'v1' | 'v3';
  }
}

function presentedKey(req: FastifyRequest): string | undefined {
  const h = req.headers;
  const direct = h['api-key'] ?? h['x-api-key'];
  if (typeof direct === 'string' && direct) return direct.trim();
  const auth = h.authorization;
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
    if (m) return m[1]!.trim();
  }
  return undefined;
}

export function registerAuth(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook('onRequest', async (req) => {
    const cfg = req.routeOptions.config;
    if (cfg?.public || !req.routeOptions.url) return; // unknown routes answer 404 below
    const presented = presentedKey(req);
    if (!presented) throw new HttpError(401, 'unauthorized', 'Missing API key: send it in the api-key, X-API-Key or Authorization: Bearer header.');
    const key = ctx.keys.find(presented);
    if (!key) throw new HttpError(401, 'unauthorized', 'Invalid API key.');
    if (key.revoked) throw new HttpError(403, 'forbidden', 'This API key has been revoked.');
    if (!key.scopes.includes(cfg?.scope ?? 'v1')) throw new HttpError(403, 'forbidden', `This API key is not valid for ${cfg?.scope ?? 'v1'} endpoints.`);
    req.apiKey = key;
  });
}

/** The authenticated key (routes behind registerAuth always have one). */
export function keyOf(req: FastifyRequest): ApiKey {
  if (!req.apiKey) throw new HttpError(401, 'unauthorized', 'Missing API key.');
  return req.apiKey;
}
