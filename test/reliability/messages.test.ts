/**
 * Issue 21 item 12 (messages; the closed-engine one belongs to the job layer): no raw
 * "Invalid string length" reaches a user, an xlsx sent to parse is not told that office
 * documents are unsupported (since the office path landed, parse reads it), and a size
 * under 1 MiB is not written "0 MiB".
 */
import { deflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { ProcessingError, errorMessage, formatBytes } from '../../src/errors.js';
import { DEFAULT_WORKBOOK_LIMITS } from '../../src/formats/xlsx/limits.js';
import { createEngine } from '../../src/index.js';
import { validateParseExcelOptions } from '../../src/operations/parse-excel/options.js';
import { parseWorkbook } from '../../src/operations/parse-excel/parse-workbook.js';
import { buildXlsx, unzipEntries } from '../excel/support/build-workbook.js';
import { writeZip } from '../excel/support/zip-writer.js';

/** `cells` cells all pointing at one 32,767-character shared string: a small file, huge text. */
function sharedStringWorkbook(cells: number): Uint8Array {
  const big = 'x'.repeat(32767);
  const rows: string[][] = [];
  for (let r = 0; r < cells / 10; r++) rows.push(Array<string>(10).fill(big));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'S');
  return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true }) as Buffer);
}

function failure(run: () => unknown): ProcessingError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ProcessingError);
    return err as ProcessingError;
  }
  throw new Error('expected a ProcessingError');
}

const excelDefaults = validateParseExcelOptions({});

describe('user-facing messages', () => {
  it('V8 size errors are reworded, wherever they end up in a message', () => {
    expect(errorMessage(new RangeError('Invalid string length'))).toBe("The document's text is too large to hold in memory; split the document or select fewer pages or sheets.");
    expect(errorMessage(new Error('Page 3 could not be processed: Invalid string length'))).toBe("Page 3 could not be processed: the document's text is too large to hold in memory; split the document or select fewer pages or sheets");
    expect(errorMessage(new RangeError('Array buffer allocation failed'))).not.toMatch(/Array buffer/);
    expect(errorMessage(new Error('plain failure'))).toBe('plain failure');
  });

  it('a small workbook whose cells repeat a huge shared string is refused for its text size', () => {
    const limits = { ...DEFAULT_WORKBOOK_LIMITS, maxTextChars: 1_000_000 };
    const small = failure(() => parseWorkbook(sharedStringWorkbook(100), 'big.xlsx', excelDefaults, limits));
    expect(small.kind).toBe('too_large');
    expect(small.message).toMatch(/more than 1,000,000 characters of text.*too large to hold in memory/);
    // At the default limit: 17,000 cells x 32,767 characters (a 140 KB file) used to end in
    // a raw "Invalid string length" after a minute and 2.6 GB.
    const real = failure(() => parseWorkbook(sharedStringWorkbook(17_000), 'big.xlsx', excelDefaults));
    expect(real.message).toMatch(/too large to hold in memory/);
    expect(real.message).not.toMatch(/Invalid string length/);
  }, 60_000);

  it('sizes under 1 MiB are written in bytes or KiB', () => {
    expect(formatBytes(300)).toBe('300 bytes');
    expect(formatBytes(4096)).toBe('4 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(256 * 1024 * 1024)).toBe('256 MiB');
    const base = unzipEntries(buildXlsx([{ name: 'S', rows: [['a']] }]));
    const sheet = Buffer.alloc(64 * 1024, '<c r="A1"><v>1</v></c>');
    const forged = writeZip([...base].map(([name, data]) => (name === 'xl/worksheets/sheet1.xml' ? { name, data: deflateRawSync(sheet), raw: true, declaredSize: 300 } : { name, data })));
    const err = failure(() => parseWorkbook(forged, 'forged.xlsx', excelDefaults));
    expect(err.message).toMatch(/inflates beyond its declared 300 bytes/);
    expect(err.message).not.toMatch(/0 MiB/);
  });

  it('parse reads a spreadsheet sent without its extension (it used to say office documents are unsupported)', async () => {
    const engine = createEngine({ workers: 1 });
    try {
      const xlsx = buildXlsx([{ name: 'S', rows: [['alpha', 1]] }]);
      const res = await engine.waitForJob((await engine.parse({ data: xlsx, fileName: 'upload' })).job_id);
      expect(res.message ?? '').not.toMatch(/Office documents/);
      expect(res.status).toBe('Succeeded');
      expect(JSON.stringify(res.chunks)).toMatch(/alpha/);
    } finally {
      await engine.close();
    }
  }, 60_000);
});
