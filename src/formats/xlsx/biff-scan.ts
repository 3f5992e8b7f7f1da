/**
 * One pass over the records of a BIFF workbook stream (.xls) before SheetJS parses it:
 * counts cell records per sheet (the huge-sheet guard) and spots FILEPASS, the record
 * that announces an encrypted workbook. Record headers stay in clear text even when the
 * workbook is encrypted, so this works on encrypted files too.
 */

export interface BiffScan {
  encrypted: boolean;
  /** Cell records per top-level substream (the globals substream counts 0), in stream order. */
  cellsPerSheet: number[];
}

const BOF_TYPES = new Set([0x0809, 0x0409, 0x0209, 0x0009]);
const EOF = 0x000a;
const FILEPASS = 0x002f;
const MULRK = 0x00bd;
const MULBLANK = 0x00be;
/** Single-cell records of BIFF2-8 (NUMBER, RK, LABELSST, LABEL, BOOLERR, FORMULA, BLANK, RSTRING and BIFF2 forms). */
const CELL_TYPES = new Set([0x0203, 0x027e, 0x00fd, 0x0204, 0x0205, 0x0006, 0x0206, 0x0406, 0x0201, 0x00d6, 0x0001, 0x0002, 0x0003, 0x0004, 0x0005]);

export function scanBiffStream(stream: Uint8Array): BiffScan {
  const dv = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const cellsPerSheet: number[] = [];
  let encrypted = false;
  let depth = 0;
  let current = -1;
  let p = 0;
  while (p + 4 <= dv.byteLength) {
    const type = dv.getUint16(p, true);
    const len = dv.getUint16(p + 2, true);
    if (BOF_TYPES.has(type)) {
      // A top-level BOF opens a substream (globals or a sheet); nested ones are embedded charts.
      if (depth === 0) current = cellsPerSheet.push(0) - 1;
      depth++;
    } else if (type === EOF) {
      depth = Math.max(0, depth - 1);
    } else if (type === FILEPASS) {
      encrypted = true;
    } else if (current >= 0) {
      if (CELL_TYPES.has(type)) cellsPerSheet[current]!++;
      else if (type === MULRK && len >= 6) cellsPerSheet[current]! += Math.floor((len - 6) / 6);
      else if (type === MULBLANK && len >= 6) cellsPerSheet[current]! += Math.floor((len - 6) / 2);
    }
    p += 4 + len;
  }
  return { encrypted, cellsPerSheet };
}
