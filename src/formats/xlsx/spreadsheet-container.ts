/**
 * Whether a zip or compound file holds an Excel workbook, by content, for the parse
 * operation's refusal message: an xlsx submitted without its extension used to be told that
 * office documents are unsupported, when it should be sent to parse excel. Reads only the
 * zip's central directory (no inflating) or looks for the compound file's "Workbook"
 * directory entry name; nothing of SheetJS is loaded.
 */
import { readZipDirectory } from './zip-directory.js';
import { sniffContainer } from './sniff-container.js';

const WORKBOOK_PARTS = new Set(['xl/workbook.xml', 'xl/workbook.bin']);
/** A compound file directory entry name is UTF-16LE, NUL-terminated. */
const CFB_WORKBOOK_NAME = Buffer.from('Workbook\0', 'utf16le');

export function isSpreadsheetContainer(bytes: Uint8Array): boolean {
  const kind = sniffContainer(bytes);
  if (kind === 'zip') {
    try {
      return readZipDirectory(bytes, 100_000).some((e) => WORKBOOK_PARTS.has(e.name.replace(/^\/+/, '')));
    } catch {
      return false;
    }
  }
  if (kind === 'cfb') return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(CFB_WORKBOOK_NAME);
  return kind === 'biff';
}
