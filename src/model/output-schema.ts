/**
 * JSON Schema (draft 2020-12 subset that ajv validates) of a parse job's status object,
 * chunk, segment, bbox and OCR entry. Tests validate every result against it. Output
 * fields removed by `response_profile` / `output_fields` are optional here.
 */
import { SEGMENT_TYPES } from './document.js';

const bbox = {
  type: 'object',
  required: ['left', 'top', 'width', 'height'],
  additionalProperties: false,
  properties: { left: { type: 'number' }, top: { type: 'number' }, width: { type: 'number', minimum: 0 }, height: { type: 'number', minimum: 0 } },
} as const;

const ocrEntry = {
  type: 'object',
  required: ['text', 'bbox', 'confidence'],
  additionalProperties: false,
  properties: { text: { type: 'string' }, bbox, confidence: { type: ['number', 'null'], minimum: 0, maximum: 1 } },
} as const;

const cellReference = {
  type: 'object',
  required: ['address', 'row', 'col', 'value', 'display'],
  properties: {
    address: { type: 'string' },
    row: { type: 'integer', minimum: 1 },
    col: { type: 'integer', minimum: 1 },
    value: { type: ['string', 'number', 'boolean', 'null'] },
    display: { type: 'string' },
  },
} as const;

const cellReferences = {
  type: 'object',
  required: ['sheet_name', 'sheet_index', 'range', 'start_row', 'start_col', 'end_row', 'end_col'],
  properties: {
    sheet_name: { type: 'string' },
    sheet_index: { type: 'integer', minimum: 1 },
    range: { type: 'string' },
    start_row: { type: 'integer', minimum: 1 },
    start_col: { type: 'integer', minimum: 1 },
    end_row: { type: 'integer', minimum: 1 },
    end_col: { type: 'integer', minimum: 1 },
    cells: { type: 'array', items: cellReference },
  },
} as const;

/** Names used by the `Other` segment naming convention, besides the spec's own. */
const OTHER_NAMES = ['Header', 'Footer', 'List Item', 'Figure', 'Section Header', 'Key Value Pair'];

export const segmentSchema = {
  type: 'object',
  required: ['segment_id', 'segment_type', 'page_number'],
  additionalProperties: false,
  properties: {
    segment_id: { type: 'string', minLength: 1 },
    segment_type: { enum: [...SEGMENT_TYPES, ...OTHER_NAMES] },
    page_number: { type: 'integer', minimum: 1 },
    page_width: { type: 'number', exclusiveMinimum: 0 },
    page_height: { type: 'number', exclusiveMinimum: 0 },
    bbox,
    content: { type: 'string' },
    html: { type: 'string' },
    markdown: { type: 'string' },
    confidence: { type: ['number', 'null'], minimum: 0, maximum: 1 },
    embed: { type: 'string' },
    ocr: { anyOf: [{ type: 'null' }, { type: 'array', items: ocrEntry }] },
    image: { type: ['string', 'null'] },
    chart_data: {},
    cell_references: cellReferences,
    provenance: {
      type: 'array',
      items: { type: 'object', required: ['page_number', 'bbox'], additionalProperties: false, properties: { page_number: { type: 'integer', minimum: 1 }, bbox } },
    },
  },
} as const;

export const chunkSchema = {
  type: 'object',
  required: ['chunk_id', 'chunk_length', 'segments'],
  additionalProperties: false,
  properties: {
    chunk_id: { type: 'string', minLength: 1 },
    chunk_length: { type: 'integer', minimum: 0 },
    segments: { type: 'array', minItems: 1, items: segmentSchema },
    embed: { type: 'string' },
  },
} as const;

const iso = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T' } as const;

export const outputSchema = {
  $id: 'https://quire.local/schema/parse-job.json',
  type: 'object',
  required: ['job_id', 'status', 'created_at', 'metadata', 'merge_tables', 'configuration', 'file_name', 'record_id'],
  additionalProperties: false,
  properties: {
    job_id: { type: 'string' },
    status: { enum: ['Starting', 'Processing', 'Succeeded', 'Failed', 'Cancelled'] },
    created_at: iso,
    started_at: iso,
    finished_at: iso,
    metadata: { type: 'object' },
    merge_tables: { type: 'boolean' },
    configuration: { type: 'object' },
    credit_used: { type: 'integer', minimum: 0 },
    file_name: { type: 'string' },
    mime_type: { type: ['string', 'null'] },
    input_file_url: { type: ['string', 'null'] },
    record_id: { type: 'string' },
    message: { type: 'string' },
    chunks: { type: 'array', items: chunkSchema },
    total_chunks: { type: 'integer', minimum: 0 },
    page_count: { type: 'integer', minimum: 0 },
    pdf_url: { type: ['string', 'null'] },
    exports: { type: 'object' },
  },
  // Output fields exist only when the job succeeded.
  if: { properties: { status: { const: 'Succeeded' } } },
  then: { required: ['total_chunks', 'page_count', 'pdf_url'] },
  else: { not: { anyOf: [{ required: ['chunks'] }, { required: ['total_chunks'] }, { required: ['page_count'] }, { required: ['pdf_url'] }] } },
} as const;
