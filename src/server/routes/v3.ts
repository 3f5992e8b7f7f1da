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
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { V3Job } from '../../operations/parse-v3/markdown-jobs.js';
import { keyOf } from '../auth.js';
import type { ServerContext } from '../context.js';
import { HttpError } from '../errors.js';
import { readFiles, removeFiles } from '../read-files.js';
import { refuseWhenFull } from '../submit.js';
import { sendV3Error, V3_MULTIPART_BYTES } from '../v3-flow.js';

const pagesQuery = { type: 'object', properties: { pages: { type: 'string', description: 'Page selector for multipart and url bodies: 1-5, 1,3,5; all pages when omitted.' } } };
const submitted = { type: 'object', properties: { job_id: { type: 'string' }, status: { type: 'string' }, created_at: { type: 'string' } } };
const bad = (msg: string) => new HttpError(400, 'validation_error', msg);

export async function v3Routes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const v3 = ctx.v3;
  app.setErrorHandler((err, _req, reply) => sendV3Error(reply, err));
  const limited = { scope: 'v3' as const, rateLimit: { max: () => v3.perSecond, timeWindow: 1000 } };

  const submit = async (req: FastifyRequest, archive: boolean) => {
    refuseWhenFull(ctx);
    const key = keyOf(req);
    await v3.countSubmission(key);
    const pages = (req.query as { pages?: string }).pages;
    if (req.isMultipart()) {
      if (archive) throw bad('expected a JSON body {"url": "..."}');
      const body = await readFiles(req, { fileFields: ['file'], maxFiles: 1, maxBytesPerFile: V3_MULTIPART_BYTES, maxTotalBytes: V3_MULTIPART_BYTES, dir: ctx.dirs.inputs });
      try {
        if (!body.files[0] || body.extraFiles) throw bad('multipart parse failed: exactly one PDF part named "file" is required');
        const f = body.files[0];
        // The upload copy is the job's input until it ends (v3-jobs.ts deletes it then).
        return await v3.jobs.start(key.name, { path: f.path }, { pages: pages ?? (body.fields.pages as string | undefined), fileName: f.fileName, cleanup: path.dirname(f.path) });
      } catch (err) {
        await removeFiles(body.files);
        throw err;
      }
    }
    const b = (req.body ?? {}) as { url?: unknown; file_id?: unknown };
    if (!archive && typeof b.file_id === 'string') {
      const file = await v3.takeUpload(key, b.file_id);
      return v3.jobs.start(key.name, { path: file }, { pages, fileName: 'upload.pdf', cleanup: file, publicId: b.file_id });
    }
    if (typeof b.url !== 'string' || !b.url) throw bad(archive ? 'invalid url: the JSON field "url" is required' : 'provide a multipart PDF, {"url": ...} or {"file_id": ...}');
    try {
      return await v3.jobs.start(key.name, { url: b.url }, { pages });
    } catch (err) {
      throw (err as { field?: string }).field === 'url' || /url/i.test((err as Error).message) ? bad(`invalid url: ${(err as Error).message}`) : err;
    }
  };

  app.post('/v3/parse', { config: limited, schema: { summary: 'v3: markdown per page of one PDF (multipart, {url} or {file_id})', tags: ['v3'], querystring: pagesQuery, response: { 200: submitted } } }, (req) => submit(req, false));
  app.post('/v3/parse/batch', {
    config: limited,
    schema: { summary: 'v3: markdown of every PDF in an archive ({"url": ...} of a .tar, .tar.gz or .zip)', tags: ['v3'], querystring: pagesQuery, body: { type: 'object', properties: { url: { type: 'string', description: 'https:// URL of the archive.' } } } },
  }, (req) => submit(req, true));
  app.post('/v3/parse/upload', { config: limited, schema: { summary: 'v3: presigned PUT for a PDF (application/pdf, 52428800 bytes, 3600 s)', tags: ['v3'] } }, async (req) => {
    const key = keyOf(req);
    await v3.countSubmission(key);
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
    const state = await v3.jobs.read(await v3.owned(keyOf(req), job_id));
    if (state.kind === 'live') return state.job;
    if ((req.query as { output?: string }).output === 'markdown') {
      const job = JSON.parse(state.kind === 'inline' ? state.json : await fs.readFile(state.file, 'utf8')) as V3Job;
      if (job.status === 'done') {
        const pages = job.pages ?? (job.documents ?? []).flatMap((d) => d.pages ?? []);
        return reply.type('text/markdown; charset=utf-8').send(pages.map((p) => p.markdown).join('\n\n'));
      }
      return job;
    }
    // A result over 10 MB: a presigned GET of this server (1 h) instead of the pages.
    if (state.kind === 'large') return { job_id, status: 'done', result_url: v3.signResult(job_id) };
    return reply.type('application/json; charset=utf-8').send(state.json);
  });

  app.get('/v3/parse/:job_id/result', {
    config: { public: true },
    schema: { summary: 'v3: presigned GET of a result delivered by result_url (no key)', tags: ['v3'], querystring: { type: 'object', properties: { expires: { type: 'string' }, signature: { type: 'string' } } } },
  }, async (req, reply) => {
    const { job_id } = req.params as { job_id: string };
    const file = await v3.verifyResult(job_id, req.query as { expires?: string; signature?: string });
    return reply.type('application/json').send(await fs.readFile(file, 'utf8'));
  });
}
