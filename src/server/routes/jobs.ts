/**
 * Generic job endpoints: `GET /jobs/{job_id}` (the generic job resource, any operation)
 * and `GET /jobs/{job_id}/results` = `/result` (both spellings occur in the spec): the table
 * extraction result for table jobs, the parse status for parse jobs. Status endpoints
 * carry no per-key rate limit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { keyOf } from '../auth.js';
import type { ServerContext } from '../context.js';
import { notFound } from '../errors.js';
import { resolveOwned } from '../present.js';
import { sendParseJob } from '../view-bytes.js';
import { jobIdParams } from './schemas.js';

export async function jobsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const idOf = (req: FastifyRequest) => (req.params as { job_id: string }).job_id;

  app.get('/jobs/:job_id', { schema: { summary: 'Generic job status', tags: ['jobs'], params: jobIdParams } }, async (req) => {
    const id = idOf(req);
    const { jobId, ticket } = await resolveOwned(ctx, keyOf(req), id);
    if (!jobId) {
      return { id, status: ticket!.state === 'failed' ? 'FAILED' : 'queued', type: 'chunking', created_at: ticket!.createdAt, updated_at: ticket!.finishedAt ?? ticket!.createdAt, pdf_name: ticket!.fileName, pdf_hash: null, user_id: null, ...(ticket!.message ? { error: ticket!.message } : {}) };
    }
    return { ...(await ctx.engine.getJob(jobId)), id, user_id: ticket?.owner ?? ctx.store.peek(jobId)?.owner ?? null };
  });

  const results = async (req: FastifyRequest, reply: FastifyReply) => {
    const id = idOf(req);
    const key = keyOf(req);
    const { jobId, ticket } = await resolveOwned(ctx, key, id);
    if (jobId && ctx.store.peek(jobId)?.operation === 'tables') return ctx.engine.getTablesJob(jobId); // table results carry no file URLs
    if (!jobId && !ticket) throw notFound();
    return sendParseJob(ctx, reply, key, id, { output_file: false, base64_images: false, include_chunks: true });
  };
  app.get('/jobs/:job_id/results', { schema: { summary: 'Job results (table extraction result for table jobs)', tags: ['jobs'], params: jobIdParams } }, results);
  app.get('/jobs/:job_id/result', { schema: { summary: 'Alias of /jobs/{job_id}/results', tags: ['jobs'], params: jobIdParams } }, results);
}
