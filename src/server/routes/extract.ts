/**
 * Extraction endpoints: `POST /v2/extract` and `GET /extract/{job_id}` on the registry's
 * extract operation, and the batches (jobs/extract-batch.ts): `POST /batch/cite`,
 * `POST /batch/extract` (multipart `pdf_files` parts, at most 20, else 400 and no job) and
 * `GET /batch/{batch_id}` (this project's choice: the spec does not show how a batch is
 * read; the batch's jobs in file order, each in the `GET /extract/{job_id}` view). A batch is
 * visible to the key that created it only (404 otherwise); it reserves one page per file. Its
 * jobs are given the batch's owner as they appear, so `GET /extract/{job_id}` reads them too.
 */
import type { FastifyInstance } from 'fastify';
import { keyOf } from '../auth.js';
import type { ServerContext } from '../context.js';
import { batchCite, batchExtract, getBatch, MAX_BATCH_FILES } from '../../jobs/extract-batch.js';
import { QuireError } from '../../errors.js';
import { notFound } from '../errors.js';
import { signUrls } from '../file-urls.js';
import { readFiles, removeFiles } from '../read-files.js';
import { refuseWhenFull } from '../submit.js';
import { extractBody, operationRoutes } from './operation-routes.js';
import { multipart } from './schemas.js';

const owners = new WeakMap<ServerContext, Map<string, string>>();

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
  const map = owners.get(ctx) ?? new Map<string, string>();
  owners.set(ctx, map);
  const claimed = new Set<string>();
  /** The batch's view, its jobs recorded as the owner's (later groups are submitted over time). */
  const read = async (batchId: string, owner: string) => {
    const view = await getBatch(ctx.engine, batchId);
    for (const j of view.jobs) {
      if (claimed.has(j.job_id)) continue;
      claimed.add(j.job_id);
      await ctx.store.update(j.job_id, { owner, creditUsed: 1 });
    }
    return view;
  };

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
        const inputs = body.files.map((f) => ({ path: f.path }));
        await ctx.quota.reserve(key, Math.max(1, inputs.length));
        reserved = Math.max(1, inputs.length);
        const created = kind === 'cite' ? await batchCite(ctx.engine, inputs, body.fields.schema_data, body.fields.batch_size) : await batchExtract(ctx.engine, inputs, body.fields);
        map.set(created.batch_id, key.name);
        await read(created.batch_id, key.name);
        return { ...created, quota_remaining: ctx.quota.remaining(key) };
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
    const owner = keyOf(req).name;
    if (map.get(batch_id) !== owner) throw notFound('Batch');
    return signUrls(ctx, await read(batch_id, owner));
  });
}
