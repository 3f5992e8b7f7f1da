/**
 * Bytes → SheetJS workbook, with every guard applied before decoding:
 * sniff the container, refuse non-Excel input, detect encryption, check zip sizes and
 * cell counts, then let SheetJS parse. SheetJS failures become typed ProcessingErrors.
 */
import { ProcessingError } from '../../errors.js';
import { scanBiffStream } from './biff-scan.js';
import { DEFAULT_WORKBOOK_LIMITS, type WorkbookLimits } from './limits.js';
import { checkCellCounts, classifyPackage, toSheetJsContainer } from '../ooxml/ooxml-package.js';
import { CFB, parseLegacyWorkbook, parseZipContainer, type CfbContainer, type WorkBook } from './sheetjs.js';
import { sniffContainer } from './sniff-container.js';
import { extractZipPackage, type ZipPackage } from '../ooxml/zip-extract.js';
import { ZipFormatError } from '../ooxml/zip-directory.js';

export type WorkbookFormat = 'xlsx' | 'xlsb' | 'xls';

export interface LoadedWorkbook {
  workbook: WorkBook;
  format: WorkbookFormat;
  /** The inflated OOXML parts (drawings, validations, styles are read from here); null for .xls. */
  parts: ZipPackage | null;
}

function notExcel(fileName: string): ProcessingError {
  return new ProcessingError(
    'unsupported_format',
    `"${fileName}" is not an Excel workbook (.xlsx, .xlsm, .xls); use the parse operation for PDFs, images and other documents.`,
  );
}

function encrypted(fileName: string): ProcessingError {
  return new ProcessingError('password_required', `"${fileName}" is password-protected (encrypted); remove the password in Excel and resubmit.`);
}

function corrupt(fileName: string, detail: string): ProcessingError {
  return new ProcessingError('corrupt_document', `"${fileName}" is damaged and cannot be read as a workbook (${detail}).`);
}

/** Maps what SheetJS throws to the user-facing error kinds. */
function fromSheetJs(err: unknown, fileName: string): ProcessingError {
  if (err instanceof ProcessingError) return err;
  const msg = err instanceof Error ? err.message : String(err);
  if (/password|encrypt/i.test(msg)) return encrypted(fileName);
  if (err instanceof RangeError && /memory|Invalid (array|string) length/i.test(msg)) {
    return new ProcessingError('too_large', `"${fileName}" is too large to load.`);
  }
  return corrupt(fileName, msg.split('\n')[0]!.slice(0, 200));
}

function checkTotalCells(workbook: WorkBook, fileName: string, limits: WorkbookLimits): void {
  // Second line of defence for formats whose cells we cannot count up front (xlsb).
  let total = 0;
  for (const name of workbook.SheetNames) {
    const data = (workbook.Sheets[name] as { '!data'?: unknown[][] } | undefined)?.['!data'];
    if (!data) continue;
    for (const row of data) if (row) for (const c of row) if (c) total++;
  }
  if (total > limits.maxCellsPerWorkbook) {
    throw new ProcessingError('too_large', `"${fileName}" holds ${total} cells (limit ${limits.maxCellsPerWorkbook}).`);
  }
}

function streamBytes(entry: { content?: Uint8Array | number[] } | null): Uint8Array | null {
  if (!entry?.content) return null;
  return entry.content instanceof Uint8Array ? entry.content : Uint8Array.from(entry.content);
}

function loadCompoundFile(bytes: Uint8Array, fileName: string, limits: WorkbookLimits): LoadedWorkbook {
  let cfb: CfbContainer;
  try {
    cfb = CFB.read(bytes, { type: 'buffer' });
  } catch (err) {
    throw corrupt(fileName, `compound file: ${err instanceof Error ? err.message : String(err)}`);
  }
  // Office 2007+ encryption wraps the whole xlsx in a compound file.
  if (CFB.find(cfb, '/EncryptionInfo') || CFB.find(cfb, '/EncryptedPackage')) throw encrypted(fileName);
  const stream = streamBytes(CFB.find(cfb, '/Workbook') ?? CFB.find(cfb, '/Book'));
  if (!stream) {
    if (CFB.find(cfb, '/WordDocument') || CFB.find(cfb, '/PowerPoint Document')) throw notExcel(fileName);
    throw corrupt(fileName, 'no Workbook stream in the compound file');
  }
  const scan = scanBiffStream(stream);
  if (scan.encrypted) throw encrypted(fileName);
  checkBiffCells(scan.cellsPerSheet, fileName, limits);
  try {
    return { workbook: parseLegacyWorkbook(cfb), format: 'xls', parts: null };
  } catch (err) {
    throw fromSheetJs(err, fileName);
  }
}

function checkBiffCells(cellsPerSheet: number[], fileName: string, limits: WorkbookLimits): void {
  const max = Math.max(0, ...cellsPerSheet);
  const total = cellsPerSheet.reduce((a, b) => a + b, 0);
  if (max > limits.maxCellsPerSheet) throw new ProcessingError('too_large', `"${fileName}" has a sheet with ${max} cells (limit ${limits.maxCellsPerSheet}).`);
  if (total > limits.maxCellsPerWorkbook) throw new ProcessingError('too_large', `"${fileName}" holds ${total} cells (limit ${limits.maxCellsPerWorkbook}).`);
}

function loadZip(bytes: Uint8Array, fileName: string, limits: WorkbookLimits): LoadedWorkbook {
  let pkg: ZipPackage;
  try {
    pkg = extractZipPackage(bytes, limits);
  } catch (err) {
    if (err instanceof ZipFormatError) throw corrupt(fileName, `zip archive: ${err.message}`);
    throw err;
  }
  const kind = classifyPackage(pkg, fileName);
  checkCellCounts(pkg, limits);
  let workbook: WorkBook;
  try {
    workbook = parseZipContainer(toSheetJsContainer(pkg));
  } catch (err) {
    throw fromSheetJs(err, fileName);
  }
  return { workbook, format: kind, parts: pkg };
}

export function loadWorkbook(bytes: Uint8Array, fileName: string, limits: WorkbookLimits = DEFAULT_WORKBOOK_LIMITS): LoadedWorkbook {
  const kind = sniffContainer(bytes);
  let loaded: LoadedWorkbook;
  switch (kind) {
    case 'empty':
      throw new ProcessingError('empty_file', `"${fileName}" is empty (0 bytes).`);
    case 'other':
      throw notExcel(fileName);
    case 'zip':
      loaded = loadZip(bytes, fileName, limits);
      break;
    case 'cfb':
      loaded = loadCompoundFile(bytes, fileName, limits);
      break;
    case 'biff': {
      const scan = scanBiffStream(bytes);
      if (scan.encrypted) throw encrypted(fileName);
      checkBiffCells(scan.cellsPerSheet, fileName, limits);
      try {
        loaded = { workbook: parseLegacyWorkbook(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)), format: 'xls', parts: null };
      } catch (err) {
        throw fromSheetJs(err, fileName);
      }
      break;
    }
  }
  if (loaded.workbook.SheetNames.length === 0) throw corrupt(fileName, 'no sheets');
  checkTotalCells(loaded.workbook, fileName, limits);
  return loaded;
}
