/**
 * Splitting endpoints: `POST /splitter/split-pdf-v1` (query `classes`, multipart `file`,
 * optional `categories`) and `GET /splitter/{job_id}` on the registry's split operation.
 * `POST /splitter` (request and response not shown in the spec; this project's choice) is the
 * same submission, with `classes` taken from the query or from a form field of that name;
 * it is polled on the same `GET /splitter/{job_id}`.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { badRequest } from '../errors.js';
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
  operationRoutes(app, ctx, {
    op: 'split',
    family: 'split',
    submitUrl: '/splitter',
    fileField: 'file',
    body: { ...splitBody, properties: { ...splitBody.properties, classes: { type: 'string', description: 'Comma-separated categories (required here or in the query).' } } },
    query: { schema: { type: 'object', properties: { classes: { type: 'string', description: 'Comma-separated categories (or the form field `classes`).' } } } },
    check: (fields, query) => {
      if (!fields.classes && !query.classes) throw badRequest('classes', 'required (query or form field): a comma-separated list of categories');
    },
    summary: 'Split a mixed PDF by category (classes in the query or the form)',
    tag: 'splitter',
  });
}
