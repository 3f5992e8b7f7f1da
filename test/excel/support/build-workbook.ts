/**
 * Builds small xlsx workbooks in memory with SheetJS's writer, optionally patching parts
 * (to add what the writer does not emit, e.g. data validations), so clustering and option
 * tests do not need binary fixtures.
 */
import { inflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';
import { entryData, readZipDirectory } from '../../../src/formats/ooxml/zip-directory.js';
import { writeZip } from './zip-writer.js';

export interface SheetSpec {
  name: string;
  /** Rows of values; null/undefined = empty cell. A cell may be a full SheetJS cell object. */
  rows: Array<Array<string | number | boolean | null | undefined | XLSX.CellObject>>;
  merges?: string[];
  hiddenRows?: number[];
  hiddenCols?: number[];
  /** 1 hidden, 2 very hidden. */
  hidden?: 0 | 1 | 2;
}

export function unzipEntries(bytes: Uint8Array): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const e of readZipDirectory(bytes, 10_000)) {
    const raw = entryData(bytes, e);
    out.set(e.name, e.method === 8 ? new Uint8Array(inflateRawSync(raw)) : raw);
  }
  return out;
}

export function buildXlsx(sheets: SheetSpec[], patch?: (part: string, xml: string) => string): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const s of sheets) {
    const ws = XLSX.utils.aoa_to_sheet(s.rows.map((r) => r.map((v) => (v === null ? undefined : v))) as unknown[][]);
    if (s.merges) ws['!merges'] = s.merges.map((m) => XLSX.utils.decode_range(m));
    if (s.hiddenRows) {
      ws['!rows'] = [];
      for (const r of s.hiddenRows) ws['!rows'][r] = { hidden: true };
    }
    if (s.hiddenCols) {
      ws['!cols'] = [];
      for (const c of s.hiddenCols) ws['!cols'][c] = { hidden: true };
    }
    XLSX.utils.book_append_sheet(wb, ws, s.name);
  }
  wb.Workbook = { Sheets: sheets.map((s) => ({ name: s.name, Hidden: s.hidden ?? 0 })) };
  const bytes = new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', cellStyles: true }) as Buffer);
  if (!patch) return bytes;
  const entries = [...unzipEntries(bytes)].map(([name, data]) => {
    const patched = name.endsWith('.xml') ? new TextEncoder().encode(patch(name, new TextDecoder().decode(data))) : data;
    return { name, data: patched };
  });
  return writeZip(entries);
}
