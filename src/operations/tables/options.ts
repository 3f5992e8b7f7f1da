/**
 * Options of the tables operation (`POST /tables`). The spec defines only the file
 * (`pdf_file`, at most 100 MB); Quire adds the parse operation's `page_range` and
 * `password` under the same names, and parse's `segment_processing.Table.use_table_ocr`
 * (ruled cells of OCRed pages read again from their own crops), accepted as parse accepts it
 * (an object or its JSON text; `segment_analysis` is the alias; true or "true"). The other
 * segment types and keys of `segment_processing` shape parse's segments, which tables has
 * none of: they are ignored.
 */
import fs from 'node:fs';
import { ValidationError } from '../../errors.js';
import type { InputDescriptor } from '../../input/resolve-input.js';
import { toBool, toJson, toStr } from '../../options/coerce.js';
import { parsePageRange, type PageRange } from '../../options/page-range.js';

export interface TablesOptions {
  page_range: PageRange | null;
  /** segment_processing.Table.use_table_ocr: on OCRed pages, each ruled cell read from its own crop. */
  use_table_ocr: boolean;
  /** Never echoed in the configuration. */
  password?: string;
}

/** The spec's size limit for table extraction uploads. */
export const MAX_TABLES_FILE_BYTES = 100 * 1024 * 1024;

export function validateTablesOptions(raw: Record<string, unknown> = {}): TablesOptions {
  const password = toStr('password', raw.password);
  return {
    page_range: parsePageRange('page_range', raw.page_range) ?? null,
    use_table_ocr: tableOcrOption(raw),
    ...(password !== undefined ? { password } : {}),
  };
}

/** `segment_processing.Table.use_table_ocr` (or under `segment_analysis`), false when absent. */
function tableOcrOption(raw: Record<string, unknown>): boolean {
  const field = raw.segment_processing !== undefined ? 'segment_processing' : 'segment_analysis';
  const v = raw[field];
  if (v === undefined || v === null || v === '') return false;
  const obj = toJson(field, v);
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new ValidationError(field, 'expected a JSON object keyed by segment type');
  const key = Object.keys(obj).find((k) => k.toLowerCase() === 'table');
  const table = key === undefined ? undefined : (obj as Record<string, unknown>)[key];
  if (table === undefined || table === null) return false;
  if (typeof table !== 'object' || Array.isArray(table)) throw new ValidationError(`${field}.${key}`, 'expected an object');
  return toBool(`${field}.${key}.use_table_ocr`, (table as Record<string, unknown>).use_table_ocr, false);
}

export function tablesConfiguration(o: TablesOptions): Record<string, unknown> {
  return {
    page_range: o.page_range ? o.page_range.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',') : null,
    segment_processing: o.use_table_ocr ? { Table: { use_table_ocr: true } } : {},
  };
}

/** Refuse local inputs over the spec's limit before a job exists (URLs are checked when fetched). */
export function precheckTablesInput(input: InputDescriptor): void {
  let size: number | undefined;
  if (input.kind === 'bytes') size = input.data!.length;
  else if (input.kind === 'path') {
    try {
      size = fs.statSync(input.path!).size;
    } catch {
      size = undefined; // unreadable: the job reports it
    }
  }
  if (size !== undefined && size > MAX_TABLES_FILE_BYTES) {
    throw new ValidationError('pdf_file', `${input.fileName} is ${(size / 1048576).toFixed(1)} MB; table extraction accepts files up to 100 MB`);
  }
}
