/** Classification endpoints (`POST /classify`, `GET /classify/{job_id}`): 501 until the classify operation lands. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { notBuilt } from './not-built.js';

export async function classifyRoutes(app: FastifyInstance, _ctx: ServerContext): Promise<void> {
  notBuilt(app, 'POST', '/classify', 'Classify a PDF or image');
  notBuilt(app, 'GET', '/classify/:job_id', 'Classification job status');
}
