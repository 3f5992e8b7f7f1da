/**
 * Extraction endpoints: `POST /v2/extract` and `GET /extract/{job_id}` on the registry's
 * extract operation, and the batches (jobs/extract-batch.ts): `POST /batch/cite`,
 * `POST /batch/extract` (multipart `pdf_files` parts, at most 20, else 400 and no job) and
 * `GET /batch/{batch_id}` (this project's choice: the spec does not show how a batch is
 * read; the batch's jobs in file order, each in the `GET /extract/{job_id}` view). A batch is
 * visible to the key that created it only (404 otherwise); it reserves one page per file,
 * settled per job. Batches are kept in the data dir and driven by ../batches.ts, which gives
 * each job the batch's owner as it is submitted, so `GET /extract/{job_id}` reads them too.
 */
import type { FastifyInstance } from 'fastify';
import { keyOf } from '../auth.js';
import type { ServerContext } from '../context.js';
import { MAX_BATCH_FILES } from '../../jobs/extract-batch.js';
import { QuireError } from '../../errors.js';
import { notFound } from '../errors.js';
import { signUrls } from '../file-urls.js';
import { readFiles, removeFiles } from '../read-files.js';
import { refuseWhenFull } from '../submit.js';
import { extractBody, operationRoutes } from './operation-routes.js';
import { multipart } from './schemas.js';

const batchBody = {
  type: 'object',
  properties: {
    pdf_files: { type: 'string', format: 'binary', description: `PDFs, one part each, all named pdf_files (1 to ${MAX_BATCH_FILES}).` },
    schema_data: { type: 'string', description: 'JSON Schema text (required).' },
    batch_size: { type: 'string', description: `Jobs handed to the engine at a time (1-${MAX_BATCH_FILES}, default 10).` },
  },
  additionalProperties: true,
};

export async function extractRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  operationRoutes(app, ctx, { op: 'extract', family: 'extract', submitUrl: '/v2/extract', statusUrl: '/extract/:job_id', fileField: 'pdf_file', urlField: 'file_url', body: extractBody, summary: 'Schema-based extraction', tag: 'extract' });
  for (const kind of ['cite', 'extract'] as const) {
    app.post(`/batch/${kind}`, {
      config: { rateLimit: {} },
      schema: { summary: kind === 'cite' ? 'Batch extraction with citations' : 'Batch extraction (the options of /v2/extract for every file)', tags: ['extract'], consumes: multipart, body: batchBody },
    }, async (req) => {
      refuseWhenFull(ctx);
      const key = keyOf(req);
      const body = await readFiles(req, { fileFields: ['pdf_files'], maxFiles: MAX_BATCH_FILES, maxBytesPerFile: ctx.config.limits.tables, maxTotalBytes: ctx.config.limits.parse, dir: ctx.dirs.inputs });
      let reserved = 0;
      try {
        if (body.extraFiles > 0) throw new QuireError('validation_error', `At most ${MAX_BATCH_FILES} files per batch`, 400);
        const { left, saved } = await ctx.quota.reserve(key, Math.max(1, body.files.length));
        await saved;
        reserved = Math.max(1, body.files.length);
        const { batch_size, ...fields } = body.fields;
        const options = kind === 'cite' ? { schema_data: fields.schema_data, enable_citations: true } : fields;
        const created = await ctx.batches.create(key, body.files.map((f) => f.path), options, batch_size);
        return { ...created, quota_remaining: left };
      } catch (err) {
        if (reserved) await ctx.quota.adjust(key, -reserved);
        await removeFiles(body.files);
        throw err;
      }
    });
  }

  app.get('/batch/:batch_id', {
    schema: { summary: 'Batch status: its extraction jobs in file order', tags: ['extract'], params: { type: 'object', required: ['batch_id'], properties: { batch_id: { type: 'string' } } } },
  }, async (req) => {
    const { batch_id } = req.params as { batch_id: string };
    const view = await ctx.batches.view(keyOf(req).name, batch_id);
    if (!view) throw notFound('Batch');
    return signUrls(ctx, view);
  });
}
