/**
 * Views of an extraction job (`POST /v2/extract`, `GET /extract/{job_id}`): the spec's
 * lowercase statuses (`queued`, `processing`, `completed`, `review`, `failed`, and `cancelled`
 * which the spec's clients also handle), `metadata` with `order`, `schema`, `page_count`, and
 * `result` once `completed` or `review`.
 *
 * This project's choices where the spec says nothing: `metadata.page_count` is null until the
 * document has been read; `metadata` also carries `schema_name`, `model` and `notes` (pages
 * not read, verification pass, PII seam); `file_url` is the kept input's location (a path or
 * file URL in the library; the HTTP layer signs it).
 */
import type { JobRecord, JobState } from '../../model/job.js';
import type { ExtractOptions } from './options.js';
import type { ExtractionResult } from './result.js';
import type { ExtractJobResult } from './run.js';

export type ExtractStatus = 'queued' | 'processing' | 'completed' | 'review' | 'failed' | 'cancelled';

export interface ExtractCreationResponse {
  job_id: string;
  status: 'queued';
  message: string;
  quota_remaining: number;
}

export interface ExtractJobView {
  job_id: string;
  status: ExtractStatus;
  file_name: string | null;
  file_url: string | null;
  created_at: string;
  updated_at: string;
  metadata: { order: string[]; schema: unknown; page_count: number | null; schema_name: string | null; model: string; notes?: string[]; timings_ms?: { read: number; extract: number; reread: number; verify: number } };
  result?: ExtractionResult;
  error?: string;
}

const STATUS: Record<JobState, ExtractStatus> = {
  starting: 'queued',
  processing: 'processing',
  succeeded: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

export function extractJobView(job: JobRecord, o: ExtractOptions): ExtractJobView {
  const r = job.state === 'succeeded' ? (job.result as ExtractJobResult) : null;
  const view: ExtractJobView = {
    job_id: job.id,
    status: r ? (r.review ? 'review' : 'completed') : STATUS[job.state],
    file_name: job.fileName ?? null,
    file_url: job.location,
    created_at: job.createdAt,
    updated_at: job.finishedAt ?? job.startedAt ?? job.createdAt,
    metadata: { order: Object.keys(o.schema.properties ?? {}), schema: o.schema, page_count: r?.page_count ?? null, schema_name: o.schema_name, model: o.model },
  };
  if (r) {
    if (r.notes.length) view.metadata.notes = r.notes;
    if (r.timings_ms) view.metadata.timings_ms = r.timings_ms; // where the job's time went (bench/extract-latency.ts)
    view.result = r.result;
  }
  if (job.state === 'failed' || job.state === 'cancelled') view.error = job.message ?? 'Failed';
  return view;
}

export const extractViews = {
  created: (job: JobRecord, _o: ExtractOptions, quotaRemaining: number): ExtractCreationResponse => ({
    job_id: job.id,
    status: 'queued',
    message: 'Extraction job queued. Poll GET /extract/{job_id} (engine.view(job_id)) until the status is completed or review.',
    quota_remaining: quotaRemaining,
  }),
  status: (job: JobRecord, o: ExtractOptions): ExtractJobView => extractJobView(job, o),
  succeeded: (v: ExtractJobView) => v.status === 'completed' || v.status === 'review',
  failure: (v: ExtractJobView) => `job ${v.status}: ${v.error ?? 'unknown reason'}`,
};
