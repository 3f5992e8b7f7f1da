/**
 * Job records → the spec's response shapes. Field names are the spec's; for the fields it
 * describes only by meaning, this project's names are: `configuration`, `credit_used`,
 * `file_name`, `mime_type`, `input_file_url`, `started_at`, `finished_at`, `record_id`.
 */
import type { Chunk } from '../model/document.js';
import { OUTPUT_FIELDS, validateParseOptions, type OutputField } from '../operations/parse/options.js';
import { viewChunks } from '../render/output-fields.js';
import type { JobRecord, JobState } from './job-store.js';
import type { TablesResult } from '../operations/tables/run-tables.js';

export type ParseStatus = 'Starting' | 'Processing' | 'Succeeded' | 'Failed' | 'Cancelled';

const PARSE_STATUS: Record<JobState, ParseStatus> = {
  starting: 'Starting',
  processing: 'Processing',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const GENERIC_STATUS: Record<JobState, string> = {
  starting: 'queued',
  processing: 'PROCESSING',
  succeeded: 'COMPLETED',
  failed: 'FAILED',
  cancelled: 'FAILED',
};

export interface CreationResponse {
  job_id: string;
  status: 'Starting';
  file_name: string;
  created_at: string;
  message: string;
  credit_used: number;
  quota_remaining: number;
  merge_tables: boolean;
}

export interface ReadOptions {
  /** Include the `chunks` array (default true). */
  includeChunks: boolean;
  /** Segment images as data URIs instead of file URLs (default false). */
  base64Images: boolean;
}

export interface ParseJobView {
  job_id: string;
  status: ParseStatus;
  created_at: string;
  metadata: Record<string, unknown>;
  merge_tables: boolean;
  configuration: Record<string, unknown>;
  credit_used: number;
  file_name: string;
  mime_type: string | null;
  input_file_url: string | null;
  record_id: string;
  started_at?: string;
  finished_at?: string;
  message?: string;
  chunks?: Array<Record<string, unknown>>;
  total_chunks?: number;
  page_count?: number;
  pdf_url?: string | null;
  exports?: Record<string, string>;
}

export interface GenericJobView {
  id: string;
  status: string;
  type: string;
  created_at: string;
  updated_at: string;
  pdf_name: string;
  pdf_hash: string | null;
  user_id: null;
  error?: string;
}

export function creationResponse(rec: JobRecord, quotaRemaining: number, mergeTables: boolean): CreationResponse {
  return {
    job_id: rec.id,
    status: 'Starting',
    file_name: rec.fileName,
    created_at: rec.createdAt,
    message: 'Job created. Poll getParseJob(job_id) (GET /parse/{job_id}) until the status is Succeeded, Failed or Cancelled.',
    credit_used: rec.creditUsed,
    quota_remaining: quotaRemaining,
    merge_tables: mergeTables,
  };
}

interface StoredResult {
  chunks: Chunk[];
  page_count: number;
  pdf_url?: string | null;
  skipped_pages?: Array<{ page_number: number; error: string }>;
  notes?: string[];
  exports?: Record<string, string>;
  /** Format facts of office/HTML inputs (pagination, rendering), shown in `metadata`. */
  document_metadata?: Record<string, unknown>;
}

export function parseJobView(rec: JobRecord, read: ReadOptions): ParseJobView {
  const view: ParseJobView = {
    job_id: rec.id,
    status: PARSE_STATUS[rec.state],
    created_at: rec.createdAt,
    metadata: {},
    merge_tables: Boolean(rec.configuration.merge_tables),
    configuration: rec.configuration,
    credit_used: rec.creditUsed,
    file_name: rec.fileName,
    mime_type: rec.mimeType,
    input_file_url: rec.location,
    record_id: rec.id,
  };
  if (rec.startedAt) view.started_at = rec.startedAt;
  if (rec.finishedAt && (rec.state === 'succeeded' || rec.state === 'failed' || rec.state === 'cancelled')) view.finished_at = rec.finishedAt;
  if (rec.state === 'failed' || rec.state === 'cancelled') view.message = rec.message ?? 'Failed';
  if (rec.state === 'succeeded') {
    const r = rec.result as StoredResult;
    if (r.skipped_pages?.length) view.metadata = { skipped_pages: r.skipped_pages };
    if (r.notes?.length) view.metadata = { ...view.metadata, notes: r.notes };
    if (r.document_metadata) view.metadata = { ...view.metadata, document: r.document_metadata };
    const o = rec.operation === 'parse' ? validateParseOptions(rec.configuration as Record<string, unknown>) : undefined;
    if (read.includeChunks) {
      view.chunks = viewChunks(r.chunks, {
        response_profile: o?.response_profile ?? null,
        output_fields: o?.output_fields ?? (Object.fromEntries(OUTPUT_FIELDS.map((k) => [k, true])) as Record<OutputField, boolean>),
        segment_naming: o?.segment_naming ?? 'Service',
        base64Images: read.base64Images,
      });
    }
    view.total_chunks = r.chunks.length;
    view.page_count = r.page_count;
    view.pdf_url = r.pdf_url ?? null;
    if (r.exports) view.exports = r.exports;
  }
  return view;
}

export function genericJobView(rec: JobRecord): GenericJobView {
  const v: GenericJobView = {
    id: rec.id,
    status: GENERIC_STATUS[rec.state],
    type: rec.operation === 'parse' ? 'chunking' : rec.operation === 'tables' ? 'table_extraction' : 'excel_parsing',
    created_at: rec.createdAt,
    updated_at: rec.finishedAt ?? rec.startedAt ?? rec.createdAt,
    pdf_name: rec.fileName,
    pdf_hash: rec.inputHash,
    user_id: null,
  };
  if (rec.state === 'failed' || rec.state === 'cancelled') v.error = rec.message ?? 'Failed';
  return v;
}

/** Creation response of a table extraction job (`POST /tables`). */
export interface TablesCreationResponse {
  job_id: string;
  status: 'queued';
  message: string;
  quota_remaining: number;
}

/** Table extraction job: `queued` until it ends, then `completed` (with `results`) or `failed`. */
export interface TablesJobView {
  job_id: string;
  status: 'queued' | 'completed' | 'failed';
  results?: TablesResult;
  error?: string;
}

export function tablesCreationResponse(jobId: string, quotaRemaining: number): TablesCreationResponse {
  return {
    job_id: jobId,
    status: 'queued',
    message: 'Table extraction job queued. Poll getTablesJob(job_id) (GET /jobs/{job_id}/results) until the status is completed or failed.',
    quota_remaining: quotaRemaining,
  };
}

export function tablesJobView(rec: JobRecord): TablesJobView {
  if (rec.state === 'succeeded') return { job_id: rec.id, status: 'completed', results: rec.result as TablesResult };
  if (rec.state === 'failed' || rec.state === 'cancelled') return { job_id: rec.id, status: 'failed', error: rec.message ?? 'Failed' };
  return { job_id: rec.id, status: 'queued' };
}
