/**
 * PDF editing: `POST {editor_url}/pdf-editor/edit/reparse` (editor_url = base + `/api/v1`).
 * Multipart `file` (the PDF), `edit_request` (JSON text with `items`), `image_files` parts
 * (each keyed by its file name, which image items name in `image_file`), `upload_to_storage`
 * and `job_id` (a parse job of this key, re-parsed with its configuration). Not a queued job:
 * the engine answers with the spec's PDF edit result at once (200); a bad request is 400, an
 * unknown job 404. `pdf_url` is a signed URL of the files route; the re-parse job belongs to
 * the caller (polled on `GET /parse/{new_job_id}`) and is billed like a parse: the PDF's
 * (selected) pages are reserved before the edit (402 when the key lacks them) and settled
 * when the re-parse ends (settle.ts). The uploads are removed once answered.
 */
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { keyOf } from '../auth.js';
import type { ServerContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { signUrls } from '../file-urls.js';
import { billablePages, readHead } from '../inspect-input.js';
import { sniff } from '../../input/sniff.js';
import { readFiles, removeFiles } from '../read-files.js';
import { refuseWhenFull } from '../submit.js';
import { multipart } from './schemas.js';

export const EDITOR_PREFIX = '/api/v1';

const MAX_IMAGES = 50;

const editBody = {
  type: 'object',
  properties: {
    file: { type: 'string', format: 'binary', description: 'The PDF (required).' },
    edit_request: { type: 'string', description: 'JSON object with `items` (required): {type: text|image, page_number, bbox{left,top,width,height}, replacement_text | image_file}.' },
    image_files: { type: 'string', format: 'binary', description: `Images named by image items' image_file (one part each, at most ${MAX_IMAGES}).` },
    upload_to_storage: { type: 'string', description: 'true/false (default false): keep the edited PDF and return pdf_url.' },
    password: { type: 'string', description: 'Password of an encrypted PDF (as the parse option); the edited PDF keeps its encryption.' },
    job_id: { type: 'string', description: 'A parse job of this key: the edited PDF is parsed again with its configuration (new_job_id).' },
  },
  additionalProperties: true,
};

export async function editorRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post(`${EDITOR_PREFIX}/pdf-editor/edit/reparse`, {
    config: { rateLimit: {} },
    schema: { summary: 'Edit a PDF (replace text or images in boxes) and optionally re-parse it', tags: ['editor'], consumes: multipart, body: editBody },
  }, async (req) => {
    refuseWhenFull(ctx);
    const key = keyOf(req);
    const body = await readFiles(req, { fileFields: ['file', 'image_files'], maxFiles: MAX_IMAGES + 1, maxBytesPerFile: ctx.config.limits.tables, maxTotalBytes: ctx.config.limits.parse, dir: ctx.dirs.inputs });
    try {
      const pdfs = body.files.filter((f) => f.field === 'file');
      if (body.extraFiles > 0) throw badRequest('image_files', `at most ${MAX_IMAGES} images`);
      if (pdfs.length !== 1) throw badRequest('file', 'exactly one PDF in "file" is required');
      const { edit_request, upload_to_storage, job_id, password } = body.fields;
      if (!edit_request) throw badRequest('edit_request', 'required: a JSON object with items');
      if (job_id && ctx.store.peek(job_id)?.owner !== key.name) throw notFound();
      const images = new Map<string, Uint8Array>();
      for (const f of body.files.filter((x) => x.field === 'image_files')) images.set(f.fileName, await fs.readFile(f.path));
      // The re-parse is billed like a parse: its pages reserved now (402), settled when it ends.
      let reserved = 0;
      if (job_id) {
        const asSubmitted = ctx.store.peek(job_id)?.request?.options ?? {};
        const type = sniff(await readHead(pdfs[0]!.path));
        reserved = (await billablePages(ctx.pageCounter, pdfs[0]!.path, type, asSubmitted.page_range, asSubmitted.password)).pages;
        await (await ctx.quota.reserve(key, reserved)).saved;
      }
      let newJob: string | undefined;
      try {
        const { result } = await ctx.engine.editPdf({ path: pdfs[0]!.path }, { edit_request, image_files: images, upload_to_storage, ...(job_id ? { job_id } : {}), ...(password ? { password } : {}) });
        newJob = result.new_job_id ?? undefined;
        if (newJob) {
          await ctx.store.update(newJob, { owner: key.name, creditUsed: reserved });
          await ctx.settlement.open({ job: newJob, owner: key.name, reserved, inputs: [] });
        }
        return signUrls(ctx, result);
      } finally {
        if (reserved && !newJob) await ctx.quota.adjust(key, -reserved);
      }
    } finally {
      await removeFiles(body.files);
    }
  });
}
