/**
 * Request schemas shared by the route modules. They document every endpoint in
 * /openapi.json and validate requests: params, query strings and JSON bodies through
 * fastify, multipart fields through validateFields once the streamed body is read (the
 * same schema, so docs and checks cannot drift). Option values are further checked by the
 * operation's own validator, which names the offending field.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { badRequest } from '../errors.js';

const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: false, strict: false });
ajv.addFormat('binary', true);
const cache = new WeakMap<object, ValidateFunction>();

/** A validator returning fastify's { value } / { error } shape. */
export function fieldValidator(schema: object) {
  let v = cache.get(schema);
  if (!v) {
    v = ajv.compile(schema);
    cache.set(schema, v);
  }
  const fn = v;
  return (data: unknown) => {
    if (fn(data)) return { value: data };
    const e = fn.errors?.[0];
    const field = (e?.params as { missingProperty?: string })?.missingProperty ?? e?.instancePath.replace(/^\//, '') ?? 'body';
    return { error: badRequest(field || 'body', e?.message ?? 'invalid') };
  };
}

/** Validate fields read from a multipart body against a route's body schema (400 on failure). */
export function validateFields(schema: object, fields: Record<string, unknown>): void {
  const r = fieldValidator(schema)(fields);
  if ('error' in r) throw r.error;
}

const str = (description: string) => ({ type: 'string', description });
const boolish = (description: string) => ({ anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false', '1', '0', 'yes', 'no', 'True', 'False'] }], description });
const jsonish = (description: string) => ({ anyOf: [{ type: 'string' }, { type: 'object' }, { type: 'array' }], description });
const file = (description: string) => ({ type: 'string', format: 'binary', description });

export const PARSE_OPTIONS = {
  use_high_resolution: boolish('Higher-resolution crops (default false).'),
  segmentation_method: str('smart_layout_detection (default), page_by_page, advanced_layout_detection. Alias: layout_analysis.'),
  layout_analysis: str('Alias of segmentation_method.'),
  ocr_mode: str('auto_ocr (default) or full_ocr. Alias: ocr_strategy (auto_detection, force_ocr).'),
  ocr_strategy: str('Alias of ocr_mode.'),
  ocr_engine: str('ServiceHawk (default), ServiceBeta, ServiceStorm.'),
  agentic_ocr: str('standard or advanced.'),
  merge_tables: boolish('Merge tables spanning pages (default false).'),
  max_tables_per_merge_group: str('Integer, default 20.'),
  segment_filter: str('all (default) or comma-separated segment types.'),
  xml_citation: boolish('Default false.'),
  detect_pii: boolish('Default false.'),
  pii_block_severity: str('any (default), low, medium, high.'),
  pii_engine: str('standard (default), advanced.'),
  validate_segments: jsonish('JSON array of segment types.'),
  output_fields: jsonish('JSON object of booleans keyed html, markdown, ocr, image, content, bbox, confidence, embed, chart_data.'),
  response_profile: str('slim, full, custom.'),
  segment_processing: jsonish('Per-segment-type configuration (JSON object).'),
  segment_analysis: jsonish('v1 alias of segment_processing (ignored on /v2/parse/upload).'),
  page_range: str('Pages: 1-5, 2,4,6, [1,3,5], 1-3,7,10-15; default all.'),
  export_format: jsonish('JSON array of docx, markdown, json.'),
  error_handling: str('Continue (default) or Fail.'),
  expires_in: str('Integer seconds; on /v2/parse/upload the upload URL lifetime.'),
  fix_reading_order: boolish('Default false.'),
  transfer_text_color: boolish('Default false.'),
  attach_hyperlinks: boolish('Default false.'),
  preserve_strikethrough: boolish('Default false.'),
  segment_naming: str('Service (default) or Other.'),
  password: str('Password of an encrypted PDF (never echoed back).'),
} as const;

export const parseBody = {
  type: 'object',
  properties: { file: file('PDF, image or office file. Required unless url is given.'), url: str('http(s) URL of the document.'), ...PARSE_OPTIONS },
  additionalProperties: true,
};

export const excelBody = {
  type: 'object',
  properties: {
    file: file('.xlsx / .xls workbook (multipart only). Required unless url is given.'),
    url: str('http(s) URL of the workbook.'),
    cell_metadata: boolish('Default false.'),
    include_colors: boolish('Default true; only with cell_metadata.'),
    include_formulas: boolish('Default true; only with cell_metadata.'),
    include_dropdowns: boolish('Default true; only with cell_metadata.'),
    exclude_hidden: boolish('Default false.'),
    exclude_hidden_sheets: boolish('Default true.'),
    exclude_hidden_rows: boolish('Default true.'),
    exclude_hidden_cols: boolish('Default true.'),
    exclude_styling: boolish('Default true.'),
    exclude_images: boolish('Default false.'),
    split_large_tables: boolish('Default true.'),
    max_rows_per_segment: str('Integer, default 50.'),
    table_clustering: str('accurate (default), fast, off.'),
    expires_in: str('Reserved; no effect.'),
  },
  additionalProperties: true,
};

export const tablesBody = {
  type: 'object',
  properties: {
    pdf_file: file('PDF, at most 100 MB.'),
    page_range: str('Pages to search.'),
    password: str('Password of an encrypted PDF.'),
    segment_processing: str('JSON, as for /parse; only {"Table":{"use_table_ocr":true}} is used here: ruled cells of OCRed pages read from their own crops.'),
  },
  additionalProperties: true,
};

export const uploadTicketBody = {
  type: 'object',
  required: ['file_name'],
  properties: { file_name: str('Name with extension; decides the MIME type the PUT must send.'), ...PARSE_OPTIONS },
  additionalProperties: true,
};

export const jobIdParams = {
  type: 'object',
  required: ['job_id'],
  properties: { job_id: { type: 'string', minLength: 1, maxLength: 64 } },
};

export const parseStatusQuery = {
  type: 'object',
  properties: {
    output_file: { type: 'boolean', default: false, description: 'Return a signed URL (output_file) to the stored full-shape result instead of inline chunks.' },
    base64_images: { type: 'boolean', default: false, description: 'Segment images as base64 data URIs instead of signed URLs.' },
    include_chunks: { type: 'boolean', default: true, description: 'Include the chunks array.' },
  },
  additionalProperties: false,
};

export const multipart = ['multipart/form-data', 'application/json'];
