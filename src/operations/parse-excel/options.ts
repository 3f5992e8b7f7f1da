/**
 * Options of `parse excel` (spec: POST /parse/excel). Values arrive as JSON or as
 * multipart/CLI strings, so booleans accept `true`/`false` and `"true"`/`"false"`, and
 * integers accept numbers or numeric strings. PDF-only options and unknown keys are
 * ignored; `file`/`url` belong to the input layer.
 *
 * The spec leaves three sub-toggles of `cell_metadata` unnamed; Quire calls them
 * `include_colors`, `include_formulas` and `include_dropdowns`.
 */
import { ValidationError } from '../../errors.js';
import type { ClusteringMode } from '../../pipeline/sheet-tables/types.js';

export interface ParseExcelOptions {
  /** Attach per-cell metadata to `cell_references.cells`. Default false. */
  cell_metadata: boolean;
  /** Font and fill colours (`font_color`, `fill_color`); only with cell_metadata. Default true. */
  include_colors: boolean;
  /** Formulas (`formula`); only with cell_metadata. Default true. */
  include_formulas: boolean;
  /** Dropdown (list validation) options (`dropdown_options`); only with cell_metadata. Default true. */
  include_dropdowns: boolean;
  /** Master switch for the four exclude_* toggles below. Default false. */
  exclude_hidden: boolean;
  exclude_hidden_sheets: boolean;
  exclude_hidden_rows: boolean;
  exclude_hidden_cols: boolean;
  /** Drop content hidden by styling (`;;;` formats, text coloured like its background). */
  exclude_styling: boolean;
  /** Drop embedded pictures. Default false. */
  exclude_images: boolean;
  /** Split tables into parts of at most `max_rows_per_segment` body rows. Default true. */
  split_large_tables: boolean;
  /** Default 50, at least 1. */
  max_rows_per_segment: number;
  table_clustering: ClusteringMode;
  /** Reserved by the spec: kept, no effect (Excel tasks are not auto-deleted). */
  expires_in?: number;
}

export const DEFAULT_PARSE_EXCEL_OPTIONS: Readonly<ParseExcelOptions> = Object.freeze({
  cell_metadata: false,
  include_colors: true,
  include_formulas: true,
  include_dropdowns: true,
  exclude_hidden: false,
  exclude_hidden_sheets: true,
  exclude_hidden_rows: true,
  exclude_hidden_cols: true,
  exclude_styling: true,
  exclude_images: false,
  split_large_tables: true,
  max_rows_per_segment: 50,
  table_clustering: 'accurate',
});

const BOOLEAN_KEYS = [
  'cell_metadata',
  'include_colors',
  'include_formulas',
  'include_dropdowns',
  'exclude_hidden',
  'exclude_hidden_sheets',
  'exclude_hidden_rows',
  'exclude_hidden_cols',
  'exclude_styling',
  'exclude_images',
  'split_large_tables',
] as const;

const CLUSTERING: readonly ClusteringMode[] = ['accurate', 'fast', 'off'];
const INT32_MAX = 2_147_483_647;

function parseBoolean(field: string, v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true') return true;
    if (s === 'false') return false;
  }
  throw new ValidationError(field, `must be true or false, got ${JSON.stringify(v)}`);
}

function parseInteger(field: string, v: unknown, min: number): number {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && /^\s*[+-]?\d+\s*$/.test(v)) n = Number(v);
  else throw new ValidationError(field, `must be an integer, got ${JSON.stringify(v)}`);
  if (!Number.isInteger(n)) throw new ValidationError(field, `must be an integer, got ${JSON.stringify(v)}`);
  if (n < min || n > INT32_MAX) throw new ValidationError(field, `must be between ${min} and ${INT32_MAX}, got ${n}`);
  return n;
}

/** Absent, null and "" mean "use the default" (empty multipart fields). */
function given(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}

export function validateParseExcelOptions(raw: Record<string, unknown>): ParseExcelOptions {
  const out: ParseExcelOptions = { ...DEFAULT_PARSE_EXCEL_OPTIONS };
  for (const key of BOOLEAN_KEYS) {
    if (given(raw[key])) out[key] = parseBoolean(key, raw[key]);
  }
  if (given(raw.max_rows_per_segment)) out.max_rows_per_segment = parseInteger('max_rows_per_segment', raw.max_rows_per_segment, 1);
  if (given(raw.table_clustering)) {
    const v = raw.table_clustering;
    const mode = typeof v === 'string' ? v.trim().toLowerCase() : v;
    if (!CLUSTERING.includes(mode as ClusteringMode)) {
      throw new ValidationError('table_clustering', `must be one of ${CLUSTERING.join(', ')}, got ${JSON.stringify(v)}`);
    }
    out.table_clustering = mode as ClusteringMode;
  }
  if (given(raw.expires_in)) out.expires_in = parseInteger('expires_in', raw.expires_in, -2_147_483_648);
  return out;
}

/** The toggles as they actually apply (sub-toggles only count under their master switch). */
export interface EffectiveExcelOptions {
  formulas: boolean;
  colors: boolean;
  dropdowns: boolean;
  numberFormats: boolean;
  dropHiddenSheets: boolean;
  dropHiddenRows: boolean;
  dropHiddenCols: boolean;
  dropStyleHidden: boolean;
  dropImages: boolean;
  maxBodyRows: number | null;
  clustering: ClusteringMode;
}

export function effectiveOptions(o: ParseExcelOptions): EffectiveExcelOptions {
  return {
    formulas: o.cell_metadata && o.include_formulas,
    colors: o.cell_metadata && o.include_colors,
    dropdowns: o.cell_metadata && o.include_dropdowns,
    numberFormats: o.cell_metadata,
    dropHiddenSheets: o.exclude_hidden && o.exclude_hidden_sheets,
    dropHiddenRows: o.exclude_hidden && o.exclude_hidden_rows,
    dropHiddenCols: o.exclude_hidden && o.exclude_hidden_cols,
    dropStyleHidden: o.exclude_hidden && o.exclude_styling,
    dropImages: o.exclude_images,
    maxBodyRows: o.split_large_tables ? o.max_rows_per_segment : null,
    clustering: o.table_clustering,
  };
}
