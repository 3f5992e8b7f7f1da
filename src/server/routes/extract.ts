/**
 * Extraction endpoints: `POST /v2/extract` and `GET /extract/{job_id}` on the registry's
 * extract operation; the batch endpoints (`/batch/cite`, `/batch/extract`) answer 501 until
 * built.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { notBuilt } from './not-built.js';
import { extractBody, operationRoutes } from './operation-routes.js';

export async function extractRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  operationRoutes(app, ctx, { op: 'extract', family: 'extract', submitUrl: '/v2/extract', statusUrl: '/extract/:job_id', fileField: 'pdf_file', urlField: 'file_url', body: extractBody, summary: 'Schema-based extraction', tag: 'extract' });
  notBuilt(app, 'POST', '/batch/cite', 'Batch extraction with citations');
  notBuilt(app, 'POST', '/batch/extract', 'Batch extraction');
}
