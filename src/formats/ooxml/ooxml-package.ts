/**
 * Checks that an inflated zip is a SpreadsheetML package (not a docx/pptx/ods), counts
 * the cells of every sheet part before SheetJS builds them, and wraps the parts in the
 * container SheetJS's `parse_zip` expects.
 */
import { ProcessingError } from '../../errors.js';
import { withDefaultStyles } from '../xlsx/default-styles.js';
import type { WorkbookLimits } from '../xlsx/limits.js';
import { CFB, type CfbContainer } from '../xlsx/sheetjs.js';
import type { ZipPackage } from './zip-extract.js';

export type OoxmlKind = 'xlsx' | 'xlsb';

const WORKBOOK_CONTENT_TYPE = /(spreadsheetml\.(sheet|template)\.main\+xml|ms-excel\.(sheet|template|addin)\.macroEnabled\.main\+xml|ms-excel\.sheet\.binary\.macroEnabled\.main)/;

function otherOfficeKind(names: readonly string[]): string | null {
  if (names.includes('word/document.xml')) return 'a Word document';
  if (names.includes('ppt/presentation.xml')) return 'a PowerPoint presentation';
  if (names.includes('META-INF/manifest.xml') || names.includes('mimetype')) return 'an OpenDocument file';
  return null;
}

/** Returns the package kind or throws `unsupported_format` / `corrupt_document`. */
export function classifyPackage(pkg: ZipPackage, fileName: string): OoxmlKind {
  const other = otherOfficeKind(pkg.names);
  if (other) {
    throw new ProcessingError('unsupported_format', `"${fileName}" is ${other}, not an Excel workbook; use the parse operation for it.`);
  }
  const types = pkg.files.get('[Content_Types].xml');
  const ct = types ? new TextDecoder().decode(types) : '';
  const declaresWorkbook = WORKBOOK_CONTENT_TYPE.test(ct);
  if (pkg.files.has('xl/workbook.bin') || /sheet\.binary\.macroEnabled\.main/.test(ct)) return 'xlsb';
  if (declaresWorkbook || pkg.files.has('xl/workbook.xml')) return 'xlsx';
  if (pkg.names.length === 0) throw new ProcessingError('corrupt_document', `"${fileName}" is an empty zip archive, not a readable workbook.`);
  throw new ProcessingError('corrupt_document', `"${fileName}" is a zip archive without a workbook part; the file is damaged or not an Excel workbook.`);
}

/**
 * Counts `<c>` elements (any namespace prefix) in a sheet part, without decoding it.
 * This is exactly the number of cells SheetJS will materialise, unlike `<dimension ref>`,
 * which writers get wrong (docling's xlsx_04_inflated declares A1:C1048496 for 21 cells).
 */
export function countCellElements(xml: Uint8Array): number {
  let n = 0;
  const len = xml.length;
  for (let i = 0; i < len - 2; i++) {
    if (xml[i] !== 0x3c) continue; // '<'
    let j = i + 1;
    // Skip an optional "prefix:".
    let k = j;
    while (k < len && k - j < 16 && xml[k] !== 0x3a && xml[k] !== 0x20 && xml[k] !== 0x3e && xml[k] !== 0x2f) k++;
    if (k < len && xml[k] === 0x3a) j = k + 1;
    if (xml[j] === 0x63 /* c */) {
      const next = xml[j + 1];
      if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) n++;
    }
  }
  return n;
}

function isSheetPart(name: string): boolean {
  return /^xl\/(worksheets|dialogsheets|macrosheets)\/[^/]+\.xml$/i.test(name);
}

/** Throws `too_large` when a sheet part (or the workbook) holds more cells than allowed. */
export function checkCellCounts(pkg: ZipPackage, limits: WorkbookLimits): void {
  let total = 0;
  for (const [name, data] of pkg.files) {
    if (!isSheetPart(name)) continue;
    const cells = countCellElements(data);
    if (cells > limits.maxCellsPerSheet) {
      throw new ProcessingError('too_large', `Workbook rejected: sheet part ${name} holds ${cells} cells (limit ${limits.maxCellsPerSheet}).`);
    }
    total += cells;
  }
  if (total > limits.maxCellsPerWorkbook) {
    throw new ProcessingError('too_large', `Workbook rejected: ${total} cells in total (limit ${limits.maxCellsPerWorkbook}).`);
  }
}

export function toSheetJsContainer(pkg: ZipPackage): CfbContainer {
  const zip = CFB.utils.cfb_new();
  for (const [name, data] of withDefaultStyles(pkg.files)) CFB.utils.cfb_add(zip, name, data, { unsafe: true });
  return zip;
}
