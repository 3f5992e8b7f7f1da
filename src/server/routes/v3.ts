/** Parse v3 endpoints (`/v3/parse*`, keys with the v3 scope): 501 until the v3 markdown operation lands. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { notBuilt } from './not-built.js';

export async function v3Routes(app: FastifyInstance, _ctx: ServerContext): Promise<void> {
  notBuilt(app, 'POST', '/v3/parse', 'Markdown-only parse of one PDF', 'v3');
  notBuilt(app, 'POST', '/v3/parse/upload', 'Presigned upload for v3', 'v3');
  notBuilt(app, 'POST', '/v3/parse/batch', 'Markdown-only parse of an archive of PDFs', 'v3');
  notBuilt(app, 'GET', '/v3/parse/:job_id', 'v3 job status', 'v3');
}
