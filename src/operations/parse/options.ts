/**
 * Options of the parse operation, exactly as the spec names them (both alias sets), with
 * the names this project chose for the spec's unnamed options (documented in README):
 * `ocr_engine`, `max_tables_per_merge_group`, `page_range`, `error_handling`,
 * `fix_reading_order`, `transfer_text_color`, `attach_hyperlinks`,
 * `preserve_strikethrough`, `segment_naming`, `password`.
 */
import { SEGMENT_TYPES, type SegmentType } from '../../model/document.js';
import { ValidationError } from '../../errors.js';
import { toBool, toEnum, toInt, toJson, toStr } from '../../options/coerce.js';
import { parsePageRange, type PageRange } from '../../options/page-range.js';

import { OUTPUT_FIELDS, type OutputField } from '../../render/output-fields.js';
export { OUTPUT_FIELDS, type OutputField };

export interface SegmentProcessingEntry {
  html?: 'Auto' | 'VLM';
  markdown?: 'Auto' | 'VLM';
  content_source?: 'OCR' | 'HTML' | 'Markdown' | 'VLM' | 'LLM';
  [key: string]: unknown;
}

export interface ParseOptions {
  use_high_resolution: boolean;
  segmentation_method: 'smart_layout_detection' | 'page_by_page' | 'advanced_layout_detection';
  ocr_mode: 'auto_ocr' | 'full_ocr';
  ocr_engine: 'ServiceHawk' | 'ServiceBeta' | 'ServiceStorm';
  agentic_ocr: 'standard' | 'advanced' | null;
  merge_tables: boolean;
  max_tables_per_merge_group: number;
  segment_filter: SegmentType[] | 'all';
  xml_citation: boolean;
  detect_pii: boolean;
  pii_block_severity: 'any' | 'low' | 'medium' | 'high';
  pii_engine: 'standard' | 'advanced';
  validate_segments: string[];
  output_fields: Record<OutputField, boolean>;
  response_profile: 'slim' | 'full' | 'custom' | null;
  segment_processing: Record<string, SegmentProcessingEntry>;
  page_range: PageRange | null;
  export_format: string[];
  error_handling: 'Continue' | 'Fail';
  expires_in: number | null;
  fix_reading_order: boolean;
  transfer_text_color: boolean;
  attach_hyperlinks: boolean;
  preserve_strikethrough: boolean;
  segment_naming: 'Service' | 'Other';
  /** Never echoed back in the job's configuration. */
  password?: string;
}

const SEGMENT_KEYS = ['Table', 'Picture', 'Formula', 'Title', 'SectionHeader', 'Text', 'ListItem', 'Caption', 'Footnote', 'PageHeader', 'PageFooter', 'Page'];

function parseSegmentFilter(v: unknown): SegmentType[] | 'all' {
  const s = toStr('segment_filter', v);
  if (s === undefined || s.trim() === '' || s.trim().toLowerCase() === 'all') return 'all';
  const out: SegmentType[] = [];
  for (const part of s.split(',')) {
    const name = part.trim().toLowerCase().replace(/[\s_-]/g, '');
    if (!name) continue;
    const t = SEGMENT_TYPES.find((x) => x.toLowerCase() === name);
    if (!t) throw new ValidationError('segment_filter', `unknown segment type "${part.trim()}" (allowed: all, ${SEGMENT_TYPES.map((x) => x.toLowerCase()).join(', ')})`);
    out.push(t);
  }
  return out.length ? out : 'all';
}

function parseOutputFields(v: unknown): Record<OutputField, boolean> {
  const out = Object.fromEntries(OUTPUT_FIELDS.map((f) => [f, true])) as Record<OutputField, boolean>;
  if (v === undefined || v === null || v === '') return out;
  const obj = toJson('output_fields', v);
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new ValidationError('output_fields', 'expected a JSON object of booleans');
  for (const [k, val] of Object.entries(obj as Record<string, unknown>)) {
    if (!(OUTPUT_FIELDS as readonly string[]).includes(k)) throw new ValidationError(`output_fields.${k}`, `unknown field (allowed: ${OUTPUT_FIELDS.join(', ')})`);
    out[k as OutputField] = toBool(`output_fields.${k}`, val, true);
  }
  return out;
}

function parseSegmentProcessing(raw: Record<string, unknown>): Record<string, SegmentProcessingEntry> {
  // segment_processing wins over its v1 alias segment_analysis.
  const field = raw.segment_processing !== undefined ? 'segment_processing' : 'segment_analysis';
  const v = raw[field];
  if (v === undefined || v === null || v === '') return {};
  const obj = toJson(field, v);
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new ValidationError(field, 'expected a JSON object keyed by segment type');
  const out: Record<string, SegmentProcessingEntry> = {};
  for (const [k, cfg] of Object.entries(obj as Record<string, unknown>)) {
    const key = SEGMENT_KEYS.find((s) => s.toLowerCase() === k.toLowerCase());
    if (!key) throw new ValidationError(`${field}.${k}`, `unknown segment type (allowed: ${SEGMENT_KEYS.join(', ')})`);
    if (!cfg || typeof cfg !== 'object' || Array.isArray(cfg)) throw new ValidationError(`${field}.${k}`, 'expected an object');
    const c = cfg as Record<string, unknown>;
    const entry: SegmentProcessingEntry = { ...c };
    if (c.html !== undefined) entry.html = toEnum(`${field}.${k}.html`, c.html, ['Auto', 'VLM'] as const, 'Auto');
    if (c.markdown !== undefined) entry.markdown = toEnum(`${field}.${k}.markdown`, c.markdown, ['Auto', 'VLM'] as const, 'Auto');
    if (c.content_source !== undefined) entry.content_source = toEnum(`${field}.${k}.content_source`, c.content_source, ['OCR', 'HTML', 'Markdown', 'VLM', 'LLM'] as const, 'OCR');
    out[key] = entry;
  }
  return out;
}

function parseStringArray(field: string, v: unknown, dflt: string[], fallbackOnBad: boolean): string[] {
  if (v === undefined || v === null || v === '') return dflt;
  let arr: unknown;
  try {
    arr = toJson(field, v);
  } catch (err) {
    if (fallbackOnBad) return dflt;
    throw err;
  }
  if (!Array.isArray(arr) || !arr.every((x) => typeof x === 'string')) {
    if (fallbackOnBad) return dflt;
    throw new ValidationError(field, 'expected a JSON array of strings');
  }
  return arr.length === 0 && fallbackOnBad ? dflt : (arr as string[]);
}

const OCR_MODES: Record<string, 'auto_ocr' | 'full_ocr'> = { auto_ocr: 'auto_ocr', auto_detection: 'auto_ocr', full_ocr: 'full_ocr', force_ocr: 'full_ocr' };

export function validateParseOptions(raw: Record<string, unknown> = {}): ParseOptions {
  const layoutRaw = raw.segmentation_method ?? raw.layout_analysis;
  const layoutField = raw.segmentation_method !== undefined ? 'segmentation_method' : 'layout_analysis';
  const ocrRaw = raw.ocr_mode ?? raw.ocr_strategy;
  const ocrField = raw.ocr_mode !== undefined ? 'ocr_mode' : 'ocr_strategy';
  let ocr_mode: ParseOptions['ocr_mode'] = 'auto_ocr';
  if (ocrRaw !== undefined && ocrRaw !== null && ocrRaw !== '') {
    const key = String(ocrRaw).trim().toLowerCase();
    const m = OCR_MODES[key];
    if (!m) throw new ValidationError(ocrField, `expected one of auto_ocr, full_ocr, auto_detection, force_ocr, got ${JSON.stringify(ocrRaw)}`);
    ocr_mode = m;
  }
  // Unknown OCR engines fall back to the default, as the spec says.
  const engineRaw = toStr('ocr_engine', raw.ocr_engine);
  const ocr_engine = (['ServiceHawk', 'ServiceBeta', 'ServiceStorm'] as const).find((e) => e.toLowerCase() === engineRaw?.trim().toLowerCase()) ?? 'ServiceHawk';
  const profileRaw = raw.response_profile;
  const password = toStr('password', raw.password);
  return {
    use_high_resolution: toBool('use_high_resolution', raw.use_high_resolution, false),
    segmentation_method: toEnum(layoutField, layoutRaw, ['smart_layout_detection', 'page_by_page', 'advanced_layout_detection'] as const, 'smart_layout_detection'),
    ocr_mode,
    ocr_engine,
    agentic_ocr: raw.agentic_ocr === undefined || raw.agentic_ocr === null || raw.agentic_ocr === '' ? null : toEnum('agentic_ocr', raw.agentic_ocr, ['standard', 'advanced'] as const, 'standard'),
    merge_tables: toBool('merge_tables', raw.merge_tables, false),
    max_tables_per_merge_group: toInt('max_tables_per_merge_group', raw.max_tables_per_merge_group, 20, 2, 1000)!,
    segment_filter: parseSegmentFilter(raw.segment_filter),
    xml_citation: toBool('xml_citation', raw.xml_citation, false),
    detect_pii: toBool('detect_pii', raw.detect_pii, false),
    pii_block_severity: toEnum('pii_block_severity', raw.pii_block_severity, ['any', 'low', 'medium', 'high'] as const, 'any'),
    pii_engine: (['standard', 'advanced'] as const).find((e) => e === String(raw.pii_engine ?? '').trim().toLowerCase()) ?? 'standard',
    validate_segments: parseStringArray('validate_segments', raw.validate_segments, ['Table', 'Picture'], true),
    output_fields: parseOutputFields(raw.output_fields),
    response_profile: profileRaw === undefined || profileRaw === null || profileRaw === '' ? null : toEnum('response_profile', profileRaw, ['slim', 'full', 'custom'] as const, 'full'),
    segment_processing: parseSegmentProcessing(raw),
    page_range: parsePageRange('page_range', raw.page_range) ?? null,
    // The spec: a bare value (not a JSON array) is silently skipped, not rejected.
    export_format: parseStringArray('export_format', raw.export_format, [], true),
    error_handling: toEnum('error_handling', raw.error_handling, ['Continue', 'Fail'] as const, 'Continue'),
    expires_in: toInt('expires_in', raw.expires_in, undefined, 0) ?? null,
    fix_reading_order: toBool('fix_reading_order', raw.fix_reading_order, false),
    transfer_text_color: toBool('transfer_text_color', raw.transfer_text_color, false),
    attach_hyperlinks: toBool('attach_hyperlinks', raw.attach_hyperlinks, false),
    preserve_strikethrough: toBool('preserve_strikethrough', raw.preserve_strikethrough, false),
    segment_naming: toEnum('segment_naming', raw.segment_naming, ['Service', 'Other'] as const, 'Service'),
    ...(password !== undefined ? { password } : {}),
  };
}

/** The configuration echoed in the job status: the options used, minus secrets. */
export function publicConfiguration(o: ParseOptions): Record<string, unknown> {
  const { password: _omit, ...rest } = o;
  // Echo options in their submitted (string) forms, so the echo is itself valid input.
  return {
    ...rest,
    segment_filter: o.segment_filter === 'all' ? 'all' : o.segment_filter.join(','),
    page_range: o.page_range ? o.page_range.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',') : null,
  };
}
