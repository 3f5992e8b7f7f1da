/**
 * The spec's v1 job shapes (`POST /parse` creation response, `GET /parse/{id}` status),
 * shared by the operations that answer in them (parse, parse excel). They serialize a job
 * record plus its stored chunked result; each operation's views.ts says which view options
 * (output_fields, response_profile, segment_naming) apply. Field names are the spec's; for
 * the fields it describes only by meaning, this project's names are: `configuration`,
 * `credit_used`, `file_name`, `mime_type`, `input_file_url`, `started_at`, `finished_at`,
 * `record_id`.
 */
import type { Chunk } from '../model/document.js';
import type { JobRecord, JobState, ReadOptions } from '../model/job.js';
import { ALL_OUTPUT_FIELDS, viewChunks, type ViewOptions } from './output-fields.js';
import { chunkSourceOf, defineLazyChunks, mapChunkSource } from './chunk-lines.js';

export type ParseStatus = 'Starting' | 'Processing' | 'Succeeded' | 'Failed' | 'Cancelled';

const PARSE_STATUS: Record<JobState, ParseStatus> = {
  starting: 'Starting',
  processing: 'Processing',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
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

/** The chunked result parse and parse excel store. */
export interface StoredChunkedResult {
  chunks: Chunk[];
  page_count: number;
  pdf_url?: string | null;
  skipped_pages?: Array<{ page_number: number; error: string }>;
  notes?: string[];
  /** `export_format` results: format → file URL, or `<fmt>_error`. */
  exports?: Record<string, string>;
  /** Format facts of office/HTML inputs (pagination, rendering, speaker notes), shown as `metadata.document`. */
  document_metadata?: Record<string, unknown>;
  /** xml_citation: bibliography and in-text citations, shown as `metadata.citations`. */
  citations?: unknown;
}

export function v1CreationResponse(rec: JobRecord, quotaRemaining: number, mergeTables: boolean): CreationResponse {
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

/** What of a chunk the operation's options show; defaults show everything. */
export type ChunkViewOptions = Omit<ViewOptions, 'base64Images'>;

export const DEFAULT_CHUNK_VIEW: ChunkViewOptions = { response_profile: null, output_fields: ALL_OUTPUT_FIELDS as ViewOptions['output_fields'], segment_naming: 'Service' };

export function v1StatusView(rec: JobRecord, read: ReadOptions, chunkView: ChunkViewOptions = DEFAULT_CHUNK_VIEW): ParseJobView {
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
    const r = rec.result as StoredChunkedResult;
    if (r.skipped_pages?.length) view.metadata = { skipped_pages: r.skipped_pages };
    if (r.notes?.length) view.metadata = { ...view.metadata, notes: r.notes };
    if (r.document_metadata) view.metadata = { ...view.metadata, document: r.document_metadata };
    if (r.citations) view.metadata = { ...view.metadata, citations: r.citations };
    // A result kept in a chunk-lines file (render/chunk-lines.ts) is read when `chunks` is touched.
    const stored = chunkSourceOf(r);
    const shown = { ...chunkView, base64Images: read.base64Images };
    if (read.includeChunks && stored) defineLazyChunks(view, mapChunkSource(stored, (c) => viewChunks([c as unknown as Chunk], shown)[0]));
    else if (read.includeChunks) view.chunks = viewChunks(r.chunks, shown);
    view.total_chunks = stored ? stored.count : r.chunks.length;
    view.page_count = r.page_count;
    view.pdf_url = r.pdf_url ?? null;
    if (r.exports) view.exports = r.exports;
  }
  return view;
}
