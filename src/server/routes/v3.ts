/**
 * Parse v3 (`/v3/parse*`, keys with the v3 scope, `X-API-Key`): markdown per page on the
 * engine's markdown jobs. `POST /v3/parse` picks the body shape by Content-Type: multipart
 * (one PDF part named `file`, about 3 MB, query `pages` = page selector `1-5`, `1,3,5`),
 * JSON `{url}` or JSON `{file_id}` (after `POST /v3/parse/upload` and its PUT; the job id is
 * the file_id). `POST /v3/parse/batch` takes JSON `{url}` of a .tar/.tar.gz/.zip of PDFs.
 * `GET /v3/parse/{job_id}?output=markdown` answers text/markdown once done. Errors in the v3
 * bodies, 2 submissions/s (burst 2) and 100 per key per day (v3-flow.ts).
 */
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { V3Job } from '../../operations/parse-v3/markdown-jobs.js';
import { keyOf } from '../auth.js';
import type { ServerContext } from '../context.js';
import { HttpError } from '../errors.js';
import { readFiles, removeFiles } from '../read-files.js';
import { refuseWhenFull } from '../submit.js';
import { sendV3Error, V3_MULTIPART_BYTES, V3State } from '../v3-flow.js';

const pagesQuery = { type: 'object', properties: { pages: { type: 'string', description: 'Page selector for multipart and url bodies: 1-5, 1,3,5; all pages when omitted.' } } };
const submitted = { type: 'object', properties: { job_id: { type: 'string' }, status: { type: 'string' }, created_at: { type: 'string' } } };
const bad = (msg: string) => new HttpError(400, 'validation_error', msg);

export async function v3Routes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const v3 = new V3State(ctx);
  app.setErrorHandler((err, _req, reply) => sendV3Error(reply, err));
  const limited = { scope: 'v3' as const, rateLimit: { max: () => v3.perSecond, timeWindow: 1000 } };

  const submit = async (req: FastifyRequest, archive: boolean) => {
    refuseWhenFull(ctx);
    const key = keyOf(req);
    v3.countSubmission(key);
    const pages = (req.query as { pages?: string }).pages;
    if (req.isMultipart()) {
      if (archive) throw bad('expected a JSON body {"url": "..."}');
      const body = await readFiles(req, { fileFields: ['file'], maxFiles: 1, maxBytesPerFile: V3_MULTIPART_BYTES, maxTotalBytes: V3_MULTIPART_BYTES, dir: ctx.dirs.inputs });
      try {
        if (!body.files[0] || body.extraFiles) throw bad('multipart parse failed: exactly one PDF part named "file" is required');
        const job = ctx.engine.parseMarkdown({ data: await fs.readFile(body.files[0].path), fileName: body.files[0].fileName }, { pages: pages ?? body.fields.pages });
        v3.own(key, job.job_id, job.job_id);
        return job;
      } finally {
        await removeFiles(body.files);
      }
    }
    const b = (req.body ?? {}) as { url?: unknown; file_id?: unknown };
    if (!archive && typeof b.file_id === 'string') {
      const file = v3.takeUpload(key, b.file_id);
      const job = ctx.engine.parseMarkdown({ path: file }, { pages, file_name: 'upload.pdf' });
      v3.own(key, b.file_id, job.job_id);
      return { ...job, job_id: b.file_id };
    }
    if (typeof b.url !== 'string' || !b.url) throw bad(archive ? 'invalid url: the JSON field "url" is required' : 'provide a multipart PDF, {"url": ...} or {"file_id": ...}');
    let job: V3Job;
    try { // a v3 job the engine swept after 24 h, or never this key's
      job = ctx.engine.parseMarkdown({ url: b.url }, { pages });
    } catch (err) {
      throw (err as { field?: string }).field === 'url' || /url/i.test((err as Error).message) ? bad(`invalid url: ${(err as Error).message}`) : err;
    }
    v3.own(key, job.job_id, job.job_id);
    return job;
  };

  app.post('/v3/parse', { config: limited, schema: { summary: 'v3: markdown per page of one PDF (multipart, {url} or {file_id})', tags: ['v3'], querystring: pagesQuery, response: { 200: submitted } } }, (req) => submit(req, false));
  app.post('/v3/parse/batch', {
    config: limited,
    schema: { summary: 'v3: markdown of every PDF in an archive ({"url": ...} of a .tar, .tar.gz or .zip)', tags: ['v3'], querystring: pagesQuery, body: { type: 'object', properties: { url: { type: 'string', description: 'https:// URL of the archive.' } } } },
  }, (req) => submit(req, true));
  app.post('/v3/parse/upload', { config: limited, schema: { summary: 'v3: presigned PUT for a PDF (application/pdf, 52428800 bytes, 3600 s)', tags: ['v3'] } }, async (req) => {
    const key = keyOf(req);
    v3.countSubmission(key);
    return v3.createUpload(key);
  });
  app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    raw.put('/v3/parse/upload/:file_id', {
      config: { public: true },
      schema: { summary: 'v3: the presigned PUT (no key; Content-Type: application/pdf)', tags: ['v3'], params: { type: 'object', required: ['file_id'], properties: { file_id: { type: 'string', maxLength: 64 } } } },
    }, async (req) => v3.receive(req, (req.params as { file_id: string }).file_id));
  });

  app.get('/v3/parse/:job_id', {
    config: { scope: 'v3' },
    schema: { summary: 'v3 job; output=markdown answers text/markdown when done', tags: ['v3'], querystring: { type: 'object', properties: { output: { type: 'string', enum: ['json', 'markdown'], description: 'markdown: the pages\' markdown concatenated, once done.' } } } },
  }, async (req, reply) => {
    const { job_id } = req.params as { job_id: string };
    let job: V3Job;
    try { // a v3 job the engine swept after 24 h, or never this key's
      job = ctx.engine.getMarkdownJob(v3.engineId(keyOf(req), job_id));
    } catch {
      throw new HttpError(404, 'not_found', 'Job not found');
    }
    if ((req.query as { output?: string }).output === 'markdown' && job.status === 'done') {
      if (job.result_url) job = JSON.parse(await fs.readFile(fileURLToPath(job.result_url), 'utf8')) as V3Job;
      const pages = job.pages ?? (job.documents ?? []).flatMap((d) => d.pages ?? []);
      return reply.type('text/markdown; charset=utf-8').send(pages.map((p) => p.markdown).join('\n\n'));
    }
    // A result over 10 MB: the engine's file becomes a presigned GET of this server (1 h).
    if (job.result_url) return { ...job, job_id, result_url: v3.signResult(job_id) };
    return { ...job, job_id };
  });

  app.get('/v3/parse/:job_id/result', {
    config: { public: true },
    schema: { summary: 'v3: presigned GET of a result delivered by result_url (no key)', tags: ['v3'], querystring: { type: 'object', properties: { expires: { type: 'string' }, signature: { type: 'string' } } } },
  }, async (req, reply) => {
    const { job_id } = req.params as { job_id: string };
    const engineId = v3.verifyResult(job_id, req.query as { expires?: string; signature?: string });
    const url = ctx.engine.getMarkdownJob(engineId).result_url;
    if (!url) throw new HttpError(404, 'not_found', 'Job not found');
    const full = JSON.parse(await fs.readFile(fileURLToPath(url), 'utf8')) as V3Job;
    return reply.type('application/json').send({ ...full, job_id });
  });
}
