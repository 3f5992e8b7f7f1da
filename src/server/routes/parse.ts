/**
 * Parse endpoints: `POST /parse`, `POST /parse/excel` (multipart, or JSON with `url`) and
 * `GET /parse/{job_id}`. Handlers only call the shared submission and read paths.
 * Query flags of GET /parse/{job_id} named here (the spec leaves them unnamed):
 * `base64_images` (segment images as data URIs) and `include_chunks` (default true).
 * `GET /parse/{job_id}/view` (ours; the spec has no viewer) answers the `quire view` page of
 * a succeeded job (render/viewer-html.ts): segment boxes by type and reading order on blank
 * sheets of the pages' sizes. Pages are not rendered here: pdf.js in the server's main
 * thread slows every later JSON.stringify (see inspect-input.ts); `quire view --pdf` draws them.
 */
import type { FastifyInstance } from 'fastify';
import { keyOf } from '../auth.js';
import { QuireError } from '../../errors.js';
import type { Segment } from '../../model/document.js';
import { viewerHtml } from '../../render/viewer-html.js';
import type { ServerContext } from '../context.js';
import { readParseJob, type ParseRead } from '../present.js';
import { submitJob } from '../submit.js';
import { sendParseJob } from '../view-bytes.js';
import { excelBody, jobIdParams, multipart, parseBody, parseStatusQuery, validateFields } from './schemas.js';

const submitLimit = { rateLimit: {} };

export async function parseRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post('/parse', {
    config: submitLimit,
    schema: { summary: 'Submit a parse job (PDF, image, office file)', tags: ['parse'], consumes: multipart, body: parseBody },
  }, async (req) => {
    return submitJob(ctx, req, keyOf(req), { op: 'parse', fileField: 'file', maxBytes: ctx.config.limits.parse, allowUrl: true, validate: (f) => validateFields(parseBody, f) });
  });

  app.post('/parse/excel', {
    config: submitLimit,
    schema: { summary: 'Submit an Excel parse job (.xlsx, .xls)', tags: ['parse'], consumes: multipart, body: excelBody },
  }, async (req) => {
    const created = await submitJob(ctx, req, keyOf(req), { op: 'parse_excel', fileField: 'file', maxBytes: ctx.config.limits.excel, allowUrl: true, validate: (f) => validateFields(excelBody, f) });
    return { ...created, merge_tables: false };
  });

  app.get('/parse/:job_id', {
    schema: { summary: 'Parse job status and result', tags: ['parse'], params: jobIdParams, querystring: parseStatusQuery },
  }, async (req, reply) => {
    const { job_id } = req.params as { job_id: string };
    return sendParseJob(ctx, reply, keyOf(req), job_id, req.query as ParseRead);
  });

  app.get('/parse/:job_id/view', {
    schema: { summary: 'A page showing a succeeded parse job: segment boxes by type and reading order', tags: ['parse'], params: jobIdParams },
  }, async (req, reply) => {
    const { job_id } = req.params as { job_id: string };
    const view = await readParseJob(ctx, keyOf(req), job_id, { include_chunks: true, output_file: false, base64_images: false });
    if (view.status !== 'Succeeded') throw new QuireError('job_not_ready', `the job has no result to show (status ${String(view.status)})`, 409);
    const chunks = (view.chunks ?? []) as Array<{ segments?: Segment[] }>;
    const segments = chunks.flatMap((c) => c.segments ?? []);
    return reply.type('text/html; charset=utf-8').header('x-content-type-options', 'nosniff').send(viewerHtml({ title: `Quire job ${job_id}`, segments }));
  });
}
