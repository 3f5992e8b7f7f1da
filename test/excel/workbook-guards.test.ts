/**
 * Inputs `parse excel` must refuse, each with a typed error and a one-line message:
 * non-Excel files, empty and corrupt workbooks, encrypted workbooks, zip bombs and
 * oversized sheets. Bombs are forged in memory with a tiny zip writer.
 */
import { deflateRawSync, constants as zlibConstants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ProcessingError, type ProcessingErrorKind } from '../../src/errors.js';
import { DEFAULT_WORKBOOK_LIMITS } from '../../src/formats/xlsx/limits.js';
import { validateParseExcelOptions } from '../../src/operations/parse-excel/options.js';
import { parseWorkbook } from '../../src/operations/parse-excel/parse-workbook.js';
import { buildXlsx, unzipEntries } from './support/build-workbook.js';
import { corpusAvailable, readCorpus, readFixture } from './support/corpus.js';
import { writeZip } from './support/zip-writer.js';

const defaults = validateParseExcelOptions({});

function failure(bytes: Uint8Array, name = 'input.xlsx', limits = DEFAULT_WORKBOOK_LIMITS): ProcessingError {
  try {
    parseWorkbook(bytes, name, defaults, limits);
  } catch (err) {
    expect(err).toBeInstanceOf(ProcessingError);
    return err as ProcessingError;
  }
  throw new Error('expected parseWorkbook to throw');
}

function expectFailure(bytes: Uint8Array, kind: ProcessingErrorKind, pattern: RegExp, name?: string): void {
  const err = failure(bytes, name);
  expect(err.kind).toBe(kind);
  expect(err.message).toMatch(pattern);
  expect(err.message).not.toContain('\n');
}

/** A deflate stream that expands to `gib` GiB of repeated `<c>` elements, from ~1 MB of input. */
function bombStream(gib: number): Uint8Array {
  const unit = Buffer.alloc(1 << 20, '<c r="A1"><v>1</v></c>');
  // A full flush ends the block on a byte boundary, so the block can be repeated verbatim.
  const block = deflateRawSync(unit, { flush: zlibConstants.Z_FULL_FLUSH, finishFlush: zlibConstants.Z_FULL_FLUSH });
  const end = deflateRawSync(Buffer.alloc(0));
  const copies = gib * 1024;
  return new Uint8Array(Buffer.concat([...Array.from({ length: copies }, () => block), end]));
}

function workbookWithSheet(sheetXml: { data: Uint8Array; raw?: boolean; declaredSize?: number }): Uint8Array {
  const base = unzipEntries(buildXlsx([{ name: 'S', rows: [['a']] }]));
  return writeZip([...base].map(([name, data]) => (name === 'xl/worksheets/sheet1.xml' ? { name, ...sheetXml } : { name, data })));
}

describe('non-Excel input', () => {
  it('rejects a PDF and points to the parse operation', () => {
    expectFailure(new TextEncoder().encode('%PDF-1.7\n1 0 obj\n'), 'unsupported_format', /use the parse operation/, 'report.pdf');
  });
  it('rejects CSV text even though SheetJS could read it', () => {
    expectFailure(new TextEncoder().encode('a,b\n1,2\n'), 'unsupported_format', /not an Excel workbook.*parse/, 'data.xlsx');
  });
  it.skipIf(!corpusAvailable('docling'))('rejects a docx (a zip, but not a workbook)', () => {
    expectFailure(readCorpus('office', 'docling', 'tests', 'data', 'docx', 'sources', 'Transitional.docx'), 'unsupported_format', /Word document.*parse/);
  });
  it.skipIf(!corpusAvailable('unstructured'))('rejects a legacy .doc (a compound file without a workbook)', () => {
    expectFailure(readCorpus('office', 'unstructured', 'example-docs', 'fake.doc'), 'unsupported_format', /parse operation/);
  });
});

describe('empty and corrupt workbooks', () => {
  it('0 bytes', () => {
    expectFailure(new Uint8Array(0), 'empty_file', /empty/);
  });
  it.skipIf(!corpusAvailable('openpyxl'))('openpyxl null_file.xlsx (0 bytes)', () => {
    expectFailure(readCorpus('office', 'openpyxl', 'openpyxl', 'reader', 'tests', 'data', 'null_file.xlsx'), 'empty_file', /empty/);
  });
  it.skipIf(!corpusAvailable('openpyxl'))('openpyxl null_archive.xlsx (a zip without parts)', () => {
    expectFailure(readCorpus('office', 'openpyxl', 'openpyxl', 'tests', 'data', 'reader', 'null_archive.xlsx'), 'corrupt_document', /empty zip archive|without a workbook/);
  });
  it('a truncated xlsx', () => {
    const good = buildXlsx([{ name: 'S', rows: [['a', 1], ['b', 2]] }]);
    expectFailure(good.subarray(0, Math.floor(good.length / 2)), 'corrupt_document', /damaged/);
  });
  it('a compound file whose directory is garbage', () => {
    const bytes = new Uint8Array(4096).fill(0xff);
    bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expectFailure(bytes, 'corrupt_document', /damaged/, 'broken.xls');
  });
  it('a zip part that is not valid deflate data', () => {
    const bytes = workbookWithSheet({ data: new Uint8Array([0xff, 0xff, 0xff, 0xff]), raw: true, declaredSize: 100 });
    expectFailure(bytes, 'corrupt_document', /damaged.*cannot inflate/);
  });
  it.skipIf(!corpusAvailable('SheetJS-test_files'))('phpexcel_bad_cfb_dir.xls is recovered, as Excel does (its CSV export is in the corpus)', () => {
    const res = parseWorkbook(readCorpus('office', 'SheetJS-test_files', 'phpexcel_bad_cfb_dir.xls'), 'phpexcel_bad_cfb_dir.xls', defaults);
    expect(res.page_count).toBe(1);
    expect(res.chunks[0]!.segments[0]!.cell_references!.sheet_name).toBe('Sayfa1');
  });
});

describe('encrypted workbooks (fixtures copied from the corpus)', () => {
  it('unstructured password_protected.xlsx (Office encryption)', () => {
    expectFailure(readFixture('password_protected.xlsx'), 'password_required', /password-protected/);
  });
  it('SheetJS password_2002_40_xor.xls (BIFF8 XOR obfuscation)', () => {
    expectFailure(readFixture('password_2002_40_xor.xls'), 'password_required', /password-protected/);
  });
});

describe('zip bombs and huge sheets', () => {
  it('a sheet part declaring 3 GiB is refused before inflating', () => {
    const bytes = workbookWithSheet({ data: bombStream(3), raw: true, declaredSize: 3 * 1024 ** 3 });
    const err = failure(bytes);
    expect(err.kind).toBe('too_large');
    expect(err.message).toMatch(/sheet1\.xml.*(declares|expands)/);
  });

  it('a sheet part that lies about its size is stopped while inflating', () => {
    const stream = bombStream(3);
    const bytes = workbookWithSheet({ data: stream, raw: true, declaredSize: 4096 });
    const start = process.memoryUsage().rss;
    const err = failure(bytes);
    expect(err.kind).toBe('too_large');
    expect(err.message).toMatch(/inflates beyond its declared/);
    // Stopped at the declared 4 KiB: nowhere near the 3 GiB the stream holds.
    expect(process.memoryUsage().rss - start).toBeLessThan(256 * 1024 * 1024);
  });

  it('a highly compressible part above the ratio threshold is refused', () => {
    const xml = Buffer.alloc(32 << 20, '<c r="A1"><v>1</v></c>');
    const err = failure(workbookWithSheet({ data: xml }));
    expect(err.kind).toBe('too_large');
    expect(err.message).toMatch(/expands \d+x/);
  });

  it('a sheet with more cells than the limit is refused before SheetJS parses it', () => {
    const rows = Array.from({ length: 300 }, (_, r) => Array.from({ length: 10 }, (_, c) => r * 10 + c));
    const err = failure(buildXlsx([{ name: 'S', rows }]), 'big.xlsx', { ...DEFAULT_WORKBOOK_LIMITS, maxCellsPerSheet: 1000 });
    expect(err.kind).toBe('too_large');
    expect(err.message).toMatch(/holds 3000 cells \(limit 1000\)/);
  });

  it('too many parts', () => {
    const err = failure(buildXlsx([{ name: 'S', rows: [['a']] }]), 'x.xlsx', { ...DEFAULT_WORKBOOK_LIMITS, maxZipEntries: 3 });
    expect(err.kind).toBe('too_large');
    expect(err.message).toMatch(/parts \(limit 3\)/);
  });

  it("a sparse sheet whose used range would render billions of cells with clustering 'off'", () => {
    const bytes = buildXlsx([{ name: 'S', rows: [['top-left']] }], (part, xml) =>
      part === 'xl/worksheets/sheet1.xml' ? xml.replace('</sheetData>', '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>far</t></is></c></row></sheetData>') : xml,
    );
    const err = (() => {
      try {
        parseWorkbook(bytes, 'sparse.xlsx', validateParseExcelOptions({ table_clustering: 'off' }));
      } catch (e) {
        return e as ProcessingError;
      }
      throw new Error('expected too_large');
    })();
    expect(err.kind).toBe('too_large');
    // 'accurate' keeps the two cells apart and succeeds.
    const ok = parseWorkbook(bytes, 'sparse.xlsx', defaults);
    expect(ok.chunks.flatMap((c) => c.segments).map((s) => s.cell_references!.range)).toEqual(['A1', 'XFD1048576']);
  });
});
