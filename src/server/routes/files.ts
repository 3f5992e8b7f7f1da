/**
 * `GET /files/{token}`: the signed, expiring URLs results carry. No API key (the signature
 * is the credential, like a presigned URL); a missing, tampered or expired signature is 403.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { HttpError, notFound } from '../errors.js';
import { resolveFileToken } from '../file-urls.js';

const TYPES: Record<string, string> = { '.pdf': 'application/pdf', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.json': 'application/json', '.md': 'text/markdown; charset=utf-8', '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };

export async function filesRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/files/:token', {
    config: { public: true },
    schema: {
      summary: 'Download a stored file through a signed URL',
      tags: ['files'],
      params: { type: 'object', properties: { token: { type: 'string', maxLength: 2048 } } },
      querystring: { type: 'object', properties: { expires: { type: 'string' }, signature: { type: 'string' } } },
    },
  }, async (req, reply) => {
    const { token } = req.params as { token: string };
    const q = req.query as { expires?: string; signature?: string };
    const file = resolveFileToken(ctx, token, q.expires, q.signature);
    if (!file) throw new HttpError(403, 'forbidden', 'The file URL is invalid or has expired.');
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) throw notFound('File');
    reply.header('Content-Length', stat.size).type(TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
    return reply.send(createReadStream(file));
  });
}
