/**
 * How much a workbook declares it will cost to read, from the zip's central directory alone
 * (no inflating), so that its task's time limit can grow with it. The per-task limit is
 * sized for a batch of PDF pages; one workbook is one task however large, and a legal sheet
 * of a million formulas (45 MiB of sheet XML, half the per-sheet cell limit) took 15.5 s in
 * a pool worker on an idle core and up to 21 s beside other jobs on this 2-core machine.
 * Declared sizes cannot be inflated past (zip-extract.ts refuses a part that inflates beyond
 * what it declared), so they bound the real work from above.
 */
import { sniffContainer } from './sniff-container.js';
import { readZipDirectory } from '../ooxml/zip-directory.js';

/** Extra time per MiB of sheet and shared-string XML: 0.34 s measured, about 3x headroom. */
export const MS_PER_DECLARED_MIB = 1000;

const HEAVY_PART = /^xl\/(worksheets\/[^/]+|sharedStrings)\.(xml|bin)$/i;

/** Uncompressed bytes of the parts SheetJS spends its time on (for .xls: the file size). */
export function declaredWorkbookBytes(bytes: Uint8Array): number {
  const kind = sniffContainer(bytes);
  if (kind !== 'zip') return bytes.byteLength;
  try {
    let total = 0;
    for (const e of readZipDirectory(bytes, 100_000)) if (HEAVY_PART.test(e.name.replace(/^\/+/, ''))) total += e.uncompressedSize;
    return total;
  } catch {
    return bytes.byteLength; // a damaged directory fails in the task, quickly
  }
}

/** The task time limit for reading this workbook: the base limit plus its declared work. */
export function workbookTaskTimeoutMs(baseMs: number, bytes: Uint8Array): number {
  return baseMs + Math.ceil((declaredWorkbookBytes(bytes) / (1024 * 1024)) * MS_PER_DECLARED_MIB);
}
