/**
 * The submit-and-read pair every registry operation gets over HTTP: a rate-limited POST
 * that streams its file and submits through submitJob, and a GET that reads the job in its
 * operation's own status shape for its owner (404 otherwise). Used by the route modules of
 * extraction, classification and splitting.
 */
import type { FastifyInstance } from 'fastify';
import { keyOf } from '../auth.js';
import type { ServerContext } from '../context.js';
import { readOwned, submitJob } from '../submit.js';
import { jobIdParams, multipart, validateFields } from './schemas.js';

export interface OperationRoute {
  op: string;
  family: string;
  submitUrl: string;
  statusUrl: string;
  fileField: string;
  urlField?: string;
  /** Body schema (documents the fields; validates multipart ones). */
  body: object;
  /** Query options merged into the submitted options (e.g. the splitter's `classes`). */
  query?: { schema: object; required?: string[] };
  status?: number;
  summary: string;
  tag: string;
}

export function operationRoutes(app: FastifyInstance, ctx: ServerContext, r: OperationRoute): void {
  app.post(r.submitUrl, {
    config: { rateLimit: {} },
    schema: { summary: r.summary, tags: [r.tag], consumes: multipart, body: r.body, ...(r.query ? { querystring: r.query.schema } : {}) },
  }, async (req, reply) => {
    const created = await submitJob<{ job_id: string }>(ctx, req, keyOf(req), {
      op: r.op,
      fileField: r.fileField,
      urlField: r.urlField,
      allowUrl: r.urlField !== undefined,
      maxBytes: ctx.config.limits.tables,
      queryOptions: r.query ? (req.query as Record<string, unknown>) : undefined,
      validate: (f) => validateFields(r.body, f),
    });
    return reply.code(r.status ?? 200).send(created);
  });
  app.get(r.statusUrl, { schema: { summary: `${r.tag} job status and result`, tags: [r.tag], params: jobIdParams } }, async (req) =>
    readOwned(ctx, keyOf(req), (req.params as { job_id: string }).job_id, r.family),
  );
}

const str = (description: string) => ({ type: 'string', description });
const file = (description: string) => ({ type: 'string', format: 'binary', description });

export const extractBody = {
  type: 'object',
  properties: {
    pdf_file: file('PDF (either pdf_file or file_url).'),
    file_url: str('http(s) URL of a PDF.'),
    schema_data: str('JSON Schema text (required).'),
    model: str('alpha, beta, gamma (default), delta.'),
    enable_citations: str('true/false (default false).'),
    high_accuracy_mode: str('true/false (default false).'),
    schema_name: str('Name stored with the job.'),
    detect_pii: str('true/false (default false).'),
    pii_engine: str('standard (default), advanced.'),
    pii_block_severity: str('any, low, medium, high (default high).'),
  },
  additionalProperties: true,
};

export const classifyBody = {
  type: 'object',
  properties: {
    pdf_file: file('PDF or image (either pdf_file or file_url).'),
    file_url: str('http(s) URL of the document.'),
    categories: str('JSON array of {name, description?} (required unless conditions).'),
    conditions: str('Older variant: JSON list of category names.'),
  },
  additionalProperties: true,
};

export const splitBody = {
  type: 'object',
  properties: { file: file('The mixed PDF (required).'), categories: str('JSON object: category name → description.') },
  additionalProperties: true,
};
