/**
 * Options of the tables operation (`POST /tables`). The spec defines only the file
 * (`pdf_file`, at most 100 MB); Quire adds the parse operation's `page_range` and
 * `password` under the same names.
 */
import fs from 'node:fs';
import { ValidationError } from '../../errors.js';
import type { InputDescriptor } from '../../input/resolve-input.js';
import { toStr } from '../../options/coerce.js';
import { parsePageRange, type PageRange } from '../../options/page-range.js';

export interface TablesOptions {
  page_range: PageRange | null;
  /** Never echoed in the configuration. */
  password?: string;
}

/** The spec's size limit for table extraction uploads. */
export const MAX_TABLES_FILE_BYTES = 100 * 1024 * 1024;

export function validateTablesOptions(raw: Record<string, unknown> = {}): TablesOptions {
  const password = toStr('password', raw.password);
  return {
    page_range: parsePageRange('page_range', raw.page_range) ?? null,
    ...(password !== undefined ? { password } : {}),
  };
}

export function tablesConfiguration(o: TablesOptions): Record<string, unknown> {
  return { page_range: o.page_range ? o.page_range.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',') : null };
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
