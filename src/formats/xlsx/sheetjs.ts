/**
 * The one place that touches SheetJS internals. The ESM build exports `parse_zip` and
 * `parse_xlscfb` (untyped in its .d.ts): we call them with containers we built and
 * guarded ourselves, so SheetJS never inflates or scans anything we did not check.
 */
import { createRequire } from 'node:module';
import * as XLSX from 'xlsx';

// BIFF5 and older workbooks store text in the ANSI code page of the writer. The CommonJS
// build of the code-page tables is loaded with require: importing the .mjs variant breaks
// the TypeScript loader inside worker threads (development and tests).
const cptable = createRequire(import.meta.url)('xlsx/dist/cpexcel.js') as Parameters<typeof XLSX.set_cptable>[0];
XLSX.set_cptable(cptable);

export { XLSX };
export type { WorkBook, WorkSheet, CellObject, Range } from 'xlsx';

/** SheetJS's CFB container (from `XLSX.CFB.read` or `XLSX.CFB.utils.cfb_new`). */
export interface CfbContainer {
  FullPaths: string[];
  FileIndex: Array<{ name: string; type: number; size: number; content?: Uint8Array | number[] }>;
}

interface CfbApi {
  read(data: Uint8Array, opts: { type: 'buffer' | 'array' }): CfbContainer;
  find(cfb: CfbContainer, path: string): { content?: Uint8Array | number[]; size: number } | null;
  utils: {
    cfb_new(opts?: { root?: string }): CfbContainer;
    cfb_add(cfb: CfbContainer, name: string, content: Uint8Array, opts?: { unsafe?: boolean }): unknown;
  };
}

interface SheetJsInternals {
  parse_zip(zip: CfbContainer, opts: XLSX.ParsingOptions): XLSX.WorkBook;
  parse_xlscfb(cfb: CfbContainer | Uint8Array, opts: XLSX.ParsingOptions): XLSX.WorkBook;
}

export const CFB = XLSX.CFB as CfbApi;
const internals = XLSX as unknown as SheetJsInternals;

/**
 * What Quire asks SheetJS for: number formats (`z`) and text (`w`), hidden rows/cols and
 * fills (`cellStyles`), formulas, dense storage (less memory on big sheets), no stub cells.
 */
export const READ_OPTIONS: Readonly<XLSX.ParsingOptions> = Object.freeze({
  cellNF: true,
  cellStyles: true,
  cellFormula: true,
  cellDates: false,
  cellHTML: false,
  cellText: true,
  sheetStubs: false,
  dense: true,
  bookVBA: false,
});

export function parseZipContainer(zip: CfbContainer): XLSX.WorkBook {
  return internals.parse_zip(zip, { ...READ_OPTIONS });
}

export function parseLegacyWorkbook(cfbOrBiff: CfbContainer | Uint8Array): XLSX.WorkBook {
  // `type` only matters for a bare BIFF stream, which is passed as a Buffer.
  return internals.parse_xlscfb(cfbOrBiff, { ...READ_OPTIONS, type: 'buffer' });
}
