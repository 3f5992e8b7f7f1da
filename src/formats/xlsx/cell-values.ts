/**
 * A SheetJS cell → what Excel displays (number format applied) and the raw value Quire
 * reports in `cell_references` (numbers, booleans, strings; ISO dates for date formats).
 */
import { XLSX, type CellObject } from './sheetjs.js';

export type CellKind = 'number' | 'date' | 'text' | 'boolean' | 'error';

/** Serial of 9999-12-31, the last date Excel can display. */
const MAX_EXCEL_DATE = 2958465;
/** Excel fills the cell with '#' when a date format meets a value it cannot show as a date. */
export const INVALID_DATE_DISPLAY = '########';

/** Strips quoted literals, escapes and [..] blocks (colours, conditions, locales) from a format. */
function formatTokens(format: string): string {
  return format.replace(/"[^"]*"/g, '').replace(/\\./g, '').replace(/\[[^\]]*\]/g, '');
}

/** Per-format facts, cached: a workbook uses a handful of formats for all its cells. */
interface FormatInfo {
  date: boolean;
  calendar: boolean;
}
const formatCache = new Map<string, FormatInfo>();

function formatInfo(format: string): FormatInfo {
  let info = formatCache.get(format);
  if (!info) {
    const date = format !== 'General' && XLSX.SSF.is_date(format);
    info = { date, calendar: date && showsCalendarDate(format) };
    if (formatCache.size > 10_000) formatCache.clear();
    formatCache.set(format, info);
  }
  return info;
}

export function isDateFormat(format: string | undefined): boolean {
  return !!format && formatInfo(format).date;
}

/** A date format that shows a calendar date (not a pure time or a duration like [h]:mm). */
function showsCalendarDate(format: string): boolean {
  return /[dy]/i.test(formatTokens(format)) || /m{3,}/i.test(formatTokens(format));
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Serial date → ISO 8601 (`YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM:SS` when there is a time part). */
export function serialToIso(serial: number, date1904: boolean): string | null {
  const d = XLSX.SSF.parse_date_code(serial, { date1904 });
  if (!d) return null;
  const date = `${pad(d.y, 4)}-${pad(d.m)}-${pad(d.d)}`;
  if (d.H === 0 && d.M === 0 && d.S === 0) return date;
  return `${date}T${pad(d.H)}:${pad(d.M)}:${pad(d.S)}`;
}

/**
 * `[$-F800]` and `[$-F400]` mean "the system long date / time format": Excel renders them
 * with the OS settings, not the codes stored after the tag. These are the en-US settings
 * observed in the Excel exports of the SheetJS test files.
 */
const SYSTEM_FORMATS: Array<[RegExp, string]> = [
  [/\[\$-F800\]/i, 'dddd, mmmm d, yyyy'],
  [/\[\$-F400\]/i, 'hh:mm:ss'],
];

/** The format with literals, escapes and locale/colour tags removed (elapsed brackets kept). */
function codes(format: string): string {
  return format.replace(/"[^"]*"/g, '').replace(/\\./g, '').replace(/\[(?![hms]+\])[^\]]*\]/gi, '');
}

/** A lone elapsed unit ([h], [mm], [ss]...): Excel shows negative durations with a sign. */
function isLoneElapsed(format: string): boolean {
  return /^\[(h+|m+|s+)\]$/i.test(codes(format).trim());
}

/** Excel rejects an elapsed bracket that follows another time unit (HH[M]) and shows General. */
function isRejectedElapsed(format: string): boolean {
  return /[hms][^[]*\[(h+|m+|s+)\]/i.test(codes(format));
}

function safeFormat(format: string, value: number): string | null {
  try {
    return XLSX.SSF.format(format, value);
  } catch {
    return null;
  }
}

function numberDisplay(cell: CellObject, value: number): string {
  const format = typeof cell.z === 'string' ? cell.z : 'General';
  if (isDateFormat(format)) {
    if (isRejectedElapsed(format)) return safeFormat('General', value) ?? String(value);
    if (value < 0 && isLoneElapsed(format)) {
      const abs = safeFormat(format, -value);
      if (abs !== null) return `-${abs}`;
    }
    // A date/time format cannot show a negative or post-9999 serial: Excel fills the cell with '#'.
    if (value < 0 || value >= MAX_EXCEL_DATE + 1) return INVALID_DATE_DISPLAY;
    for (const [tag, system] of SYSTEM_FORMATS) {
      if (tag.test(format)) return safeFormat(system, value) ?? String(value);
    }
  }
  if (typeof cell.w === 'string') return cell.w;
  return safeFormat(format, value) ?? String(value);
}

export interface CellValues {
  kind: CellKind;
  display: string;
  value: string | number | boolean | null;
}

/** Returns null for cells without content (stubs, empty strings without a format effect). */
export function cellValues(cell: CellObject, date1904: boolean): CellValues | null {
  switch (cell.t) {
    case 'n': {
      const v = typeof cell.v === 'number' ? cell.v : Number(cell.v);
      if (!Number.isFinite(v)) return null;
      const display = numberDisplay(cell, v);
      const format = typeof cell.z === 'string' ? cell.z : undefined;
      if (format && formatInfo(format).calendar) {
        const iso = serialToIso(v, date1904);
        if (iso) return { kind: 'date', display, value: iso };
      }
      return { kind: 'number', display, value: v };
    }
    case 's': {
      const v = cell.v == null ? '' : String(cell.v);
      const display = typeof cell.w === 'string' ? cell.w : v;
      if (v === '' && display === '') return null;
      return { kind: 'text', display, value: v };
    }
    case 'b':
      return { kind: 'boolean', display: typeof cell.w === 'string' ? cell.w : cell.v ? 'TRUE' : 'FALSE', value: Boolean(cell.v) };
    case 'e': {
      const display = typeof cell.w === 'string' ? cell.w : '#ERROR!';
      return { kind: 'error', display, value: display };
    }
    case 'd': {
      const v = cell.v instanceof Date ? cell.v.toISOString() : String(cell.v ?? '');
      return { kind: 'date', display: typeof cell.w === 'string' ? cell.w : v, value: v };
    }
    default:
      return null;
  }
}
