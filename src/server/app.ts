/**
 * The fastify application: plugins (multipart, rate limit, OpenAPI + Swagger UI served
 * from npm), the key check, the capacity guard, one error body for every failure, and the
 * route modules. Routes live one group per file under routes/ and call the engine; this
 * file only wires them.
 */
import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { registerAuth } from './auth.js';
import { fieldValidator } from './routes/schemas.js';
import type { ServerContext } from './context.js';
import { capacity, HttpError, sendError } from './errors.js';
import { parseRoutes } from './routes/parse.js';
import { uploadRoutes } from './routes/upload.js';
import { tablesRoutes } from './routes/tables.js';
import { jobsRoutes } from './routes/jobs.js';
import { filesRoutes } from './routes/files.js';
import { healthRoutes } from './routes/health.js';
import { extractRoutes } from './routes/extract.js';
import { classifyRoutes } from './routes/classify.js';
import { splitterRoutes } from './routes/splitter.js';
import { v3Routes } from './routes/v3.js';
import { editorRoutes } from './routes/editor.js';
import { metricsRoutes } from './routes/metrics.js';
import { prefetchHook } from './prefetch.js';

export async function buildApp(ctx: ServerContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: ctx.config.limits.json,
    // A client that trickles its body is cut off at requestTimeoutMs (408), checked every
    // second rather than Node's default 30 s, so slow clients cannot pile up.
    serverFactory: (handler) =>
      http.createServer({ requestTimeout: ctx.config.requestTimeoutMs, headersTimeout: Math.min(30_000, ctx.config.requestTimeoutMs), connectionsCheckingInterval: 1000 }, handler),
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false } },
  });
  // Multipart bodies are streamed, not parsed up front: the same schema validates their
  // fields once read (routes/schemas.ts validateFields).
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const check = fieldValidator(schema as object);
    return httpPart === 'body' ? (data: unknown) => (data === undefined || data === null ? true : check(data)) : check;
  });
  let inFlight = 0;
  app.addHook('onRequest', async (req) => {
    inFlight++;
    (req as { counted?: boolean }).counted = true;
    if (inFlight > ctx.config.maxInFlight || (ctx.stopping && !req.routeOptions.config?.public)) throw capacity();
  });
  app.addHook('onResponse', async (req) => {
    if ((req as { counted?: boolean }).counted) inFlight--;
  });
  app.addHook('onRequestAbort', async (req) => {
    if ((req as { counted?: boolean }).counted) {
      (req as { counted?: boolean }).counted = false;
      inFlight--;
    }
  });
  registerAuth(app, ctx);
  if (ctx.prefetch) app.addHook('preHandler', prefetchHook(ctx));
  app.setErrorHandler((err, _req, reply) => sendError(reply, err));
  app.setNotFoundHandler((_req, reply) => sendError(reply, new HttpError(404, 'not_found', 'No such endpoint.')));

  // preservePath: a client's '../../x' reaches checkFileName (a 400), instead of being quietly cut to 'x'.
  await app.register(multipart, { throwFileSizeLimit: true, preservePath: true, limits: { files: 1 } });
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    timeWindow: 1000,
    max: (req) => req.apiKey?.requests_per_second ?? 10,
    keyGenerator: (req) => req.apiKey?.name ?? req.ip,
    // Cluster mode: one window per key across every server (the plugin's Redis store).
    ...(ctx.state.redis ? { redis: ctx.state.redis, nameSpace: 'quire:srv:rate:' } : {}),
    errorResponseBuilder: (_req, c) =>
      new HttpError(429, 'rate_limited', `Rate limit exceeded: at most ${c.max} submissions per second for this key; no job was created.`, { limit_per_second: c.max }, Math.max(1, Math.ceil(c.ttl / 1000))),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Quire document processing service (local)', version: '1.0.0', license: { name: 'MIT' } },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'api-key' },
          xApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ apiKey: [] }, { xApiKey: [] }, { bearer: [] }],
    },
  });
  // Swagger UI's own routes (assets from the npm package, no CDN) are public.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) route.config = { ...(route.config as object), public: true };
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

  for (const routes of [healthRoutes, parseRoutes, uploadRoutes, tablesRoutes, jobsRoutes, filesRoutes, extractRoutes, classifyRoutes, splitterRoutes, v3Routes, editorRoutes, metricsRoutes]) {
    await app.register(async (scope) => routes(scope, ctx));
  }
  return app;
}
