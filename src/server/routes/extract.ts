/** Extraction endpoints (`POST /v2/extract`, `GET /extract/{job_id}`, `/batch/cite`, `/batch/extract`): 501 until the extract operation lands. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { notBuilt } from './not-built.js';

export async function extractRoutes(app: FastifyInstance, _ctx: ServerContext): Promise<void> {
  notBuilt(app, 'POST', '/v2/extract', 'Schema-based extraction');
  notBuilt(app, 'GET', '/extract/:job_id', 'Extraction job status');
  notBuilt(app, 'POST', '/batch/cite', 'Batch extraction with citations');
  notBuilt(app, 'POST', '/batch/extract', 'Batch extraction');
}
