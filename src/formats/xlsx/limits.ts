/**
 * Resource limits checked BEFORE SheetJS decodes a workbook, so a zip bomb or a
 * billion-cell sheet fails fast with `too_large` instead of exhausting the worker.
 */
export interface WorkbookLimits {
  /** Entries in the xlsx zip central directory. */
  maxZipEntries: number;
  /** Uncompressed size of one zip entry (declared, and enforced while inflating). */
  maxEntryBytes: number;
  /** Uncompressed size of all entries that are inflated. */
  maxTotalBytes: number;
  /** Uncompressed/compressed ratio above which a large entry is treated as a zip bomb. */
  maxCompressionRatio: number;
  /** The ratio check only applies to entries at least this large: tiny parts compress extremely well legitimately. */
  ratioCheckMinBytes: number;
  /** Cells in one sheet (counted from the sheet part before parsing). */
  maxCellsPerSheet: number;
  /** Cells in the whole workbook. */
  maxCellsPerWorkbook: number;
  /** Rows × columns of one rendered table (a sparse sheet with cells at A1 and XFD1048576 would otherwise render 17 G empty cells). */
  maxTableArea: number;
  /**
   * Characters of displayed cell text in the whole workbook. A 140 KB workbook can point
   * 17,000 cells at one 32,767-character shared string: SheetJS holds that cheaply, but
   * every rendering (HTML, markdown, embed text) would copy it, 557 M characters per copy,
   * past what a JavaScript string can hold ("Invalid string length" after a minute and
   * 2.6 GB). 64 Mi characters keeps every rendering and the job's JSON under V8's
   * 512 Mi-character string limit.
   */
  maxTextChars: number;
}

export const DEFAULT_WORKBOOK_LIMITS: Readonly<WorkbookLimits> = Object.freeze({
  maxZipEntries: 10_000,
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalBytes: 512 * 1024 * 1024,
  maxCompressionRatio: 100,
  ratioCheckMinBytes: 16 * 1024 * 1024,
  maxCellsPerSheet: 2_000_000,
  maxCellsPerWorkbook: 4_000_000,
  maxTableArea: 5_000_000,
  maxTextChars: 64 * 1024 * 1024,
});
