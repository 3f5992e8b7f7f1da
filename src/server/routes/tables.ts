/**
 * `POST /tables` (multipart `pdf_file`, at most 100 MB): a table extraction job. Its status
 * and results are read on the generic job routes (routes/jobs.ts).
 */
import type { FastifyInstance } from 'fastify';
import { keyOf } from '../auth.js';
import type { ServerContext } from '../context.js';
import { submitJob } from '../submit.js';
import { multipart, tablesBody, validateFields } from './schemas.js';

export async function tablesRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post('/tables', {
    config: { rateLimit: {} },
    schema: { summary: 'Submit a table extraction job (PDF)', tags: ['tables'], consumes: multipart, body: tablesBody },
  }, async (req) => {
    const created = await submitJob<{ job_id: string }>(ctx, req, keyOf(req), { op: 'tables', fileField: 'pdf_file', maxBytes: ctx.config.limits.tables, allowUrl: false, validate: (f) => validateFields(tablesBody, f) });
    return { job_id: created.job_id, status: 'queued', message: 'Table extraction job queued. Poll GET /jobs/{job_id} and fetch GET /jobs/{job_id}/results when completed.', quota_remaining: created.quota_remaining };
  });
}
