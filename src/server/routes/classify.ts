/** Classification endpoints (`POST /classify` → 202, `GET /classify/{job_id}`) on the registry's classify operation. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { classifyBody, operationRoutes } from './operation-routes.js';

export async function classifyRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  operationRoutes(app, ctx, { op: 'classify', family: 'classify', submitUrl: '/classify', statusUrl: '/classify/:job_id', fileField: 'pdf_file', urlField: 'file_url', body: classifyBody, status: 202, summary: 'Classify a PDF or image', tag: 'classify' });
}
