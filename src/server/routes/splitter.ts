/** Splitting endpoints (`POST /splitter/split-pdf-v1`, `POST /splitter`, `GET /splitter/{job_id}`): 501 until the split operation lands. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { notBuilt } from './not-built.js';

export async function splitterRoutes(app: FastifyInstance, _ctx: ServerContext): Promise<void> {
  notBuilt(app, 'POST', '/splitter/split-pdf-v1', 'Split a mixed PDF by category');
  notBuilt(app, 'POST', '/splitter', 'Submit a split job');
  notBuilt(app, 'GET', '/splitter/:job_id', 'Split job status');
}
