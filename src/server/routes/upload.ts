/**
 * The presigned-upload endpoints: `POST /v2/parse/upload` (JSON or multipart fields → the
 * upload ticket) and the PUT its `upload_url` names (no API key; signature, Content-Type
 * and expiry checked). Polling is `GET /parse/{job_id}` (routes/parse.ts).
 */
import type { FastifyInstance } from 'fastify';
import { keyOf } from '../auth.js';
import type { ServerContext } from '../context.js';
import { readSubmission } from '../read-submission.js';
import { createTicket, receiveUpload } from '../upload-flow.js';
import { refuseWhenFull } from '../submit.js';
import { multipart, uploadTicketBody, validateFields } from './schemas.js';

export async function uploadRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post('/v2/parse/upload', {
    config: { rateLimit: {} },
    schema: { summary: 'Create a presigned upload ticket for a parse job', tags: ['parse'], consumes: multipart, body: uploadTicketBody },
  }, async (req) => {
    refuseWhenFull(ctx);
    const { fields } = await readSubmission(req, { fileField: '(none)', maxBytes: ctx.config.limits.json, dir: ctx.dirs.inputs });
    if (req.isMultipart()) validateFields(uploadTicketBody, fields);
    return createTicket(ctx, keyOf(req), fields);
  });

  // The PUT streams its raw body itself: no parser may consume it first.
  app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    raw.put('/v2/parse/upload/:ticket_id', {
      config: { public: true },
      schema: {
        summary: 'Presigned PUT of the file (no API key; send upload_headers)',
        tags: ['parse'],
        params: { type: 'object', required: ['ticket_id'], properties: { ticket_id: { type: 'string', maxLength: 64 } } },
        querystring: { type: 'object', properties: { expires: { type: 'string' }, signature: { type: 'string' } } },
      },
    }, async (req) => receiveUpload(ctx, req, (req.params as { ticket_id: string }).ticket_id));
  });
}
