/**
 * The engine's PDF edit (spec: POST {editor_url}/pdf-editor/edit/reparse), kept out of
 * engine.ts: it is not a queued job (the spec answers with the edit result at once), so it is
 * not in the operations registry; it uses the engine's input limits, worker pool, blob store
 * (upload_to_storage), job store (for `job_id`'s configuration) and parse submission (the
 * re-parse). operations/edit does the work.
 */
import { randomUUID } from 'node:crypto';
import { errorMessage, JobNotFoundError, ProcessingError } from '../errors.js';
import { describeInput, loadInput, type InputLimits, type JobInput } from '../input/resolve-input.js';
import type { EditPdfOutput, EditPdfTask } from '../formats/pdf/edit/edit-pdf.js';
import { validateEditOptions } from '../operations/edit/options.js';
import { runEdit, type EditOutcome } from '../operations/edit/run-edit.js';
import { editFailure } from '../operations/edit/views.js';
import type { WorkerPool } from '../workers/pool.js';
import type { JobRecord } from '../model/job.js';
import type { BlobStore } from './blob-store.js';

export interface EditPdfRequest {
  /** A JSON object (or its text) with `items`. */
  edit_request: unknown;
  /** Uploaded images by file name (Map or plain object of bytes). */
  image_files?: Map<string, Uint8Array> | Record<string, Uint8Array>;
  /** Keep the edited PDF and return its URL (library: a file:// URL under the data folder). */
  upload_to_storage?: boolean | string;
  /** Parse the edited PDF again with this job's configuration; `new_job_id` says which job. */
  job_id?: string;
  /** Password of an encrypted PDF (the parse option's name); the edited PDF keeps its encryption. */
  password?: string;
}

export interface EditPdfHost {
  limits: InputLimits;
  pool: WorkerPool;
  /** Where kept edits go (key `edit-<uuid>/edited.pdf`; the retention policy removes them like job files). */
  blobs: BlobStore;
  job(id: string): Promise<JobRecord | undefined>;
  parse(bytes: Uint8Array, options: Record<string, unknown>): Promise<{ job_id: string }>;
}

export async function editPdfWith(host: EditPdfHost, input: JobInput, request: EditPdfRequest): Promise<EditOutcome> {
  const options = validateEditOptions(request);
  const source = options.job_id ? await host.job(options.job_id) : undefined;
  if (options.job_id && !source) throw new JobNotFoundError(options.job_id);
  let bytes: Uint8Array;
  try {
    bytes = (await loadInput(describeInput(input, host.limits), host.limits)).bytes;
  } catch (err) {
    return { result: editFailure(`The PDF could not be read: ${errorMessage(err)}`, 0) };
  }
  return runEdit(bytes, options, {
    edit: (task: EditPdfTask) => host.pool.runAny('pdf.edit', task) as Promise<EditPdfOutput>,
    keep: async (pdf) => {
      const key = `edit-${randomUUID()}/edited.pdf`;
      await host.blobs.put(key, pdf);
      return host.blobs.url(key);
    },
    reparse: async (pdf, jobId) => {
      const rec = source!;
      if (rec.operation !== 'parse') throw new ProcessingError('processing_error', `job ${jobId} is not a parse job; only parse jobs can be re-parsed`);
      const created = await host.parse(pdf, { ...rec.configuration, file_name: rec.fileName ?? 'edited.pdf' });
      return created.job_id;
    },
  });
}
