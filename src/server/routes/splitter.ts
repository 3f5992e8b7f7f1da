/**
 * Splitting endpoints: `POST /splitter/split-pdf-v1` (query `classes`, multipart `file`,
 * optional `categories`) and `GET /splitter/{job_id}` on the registry's split operation.
 * `POST /splitter` (request and response not shown in the spec) answers 501.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { notBuilt } from './not-built.js';
import { operationRoutes, splitBody } from './operation-routes.js';

export async function splitterRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  operationRoutes(app, ctx, {
    op: 'split',
    family: 'split',
    submitUrl: '/splitter/split-pdf-v1',
    statusUrl: '/splitter/:job_id',
    fileField: 'file',
    body: splitBody,
    query: { schema: { type: 'object', required: ['classes'], properties: { classes: { type: 'string', description: 'Comma-separated categories (required).' } } } },
    summary: 'Split a mixed PDF by category',
    tag: 'splitter',
  });
  notBuilt(app, 'POST', '/splitter', 'Submit a split job');
}
