/**
 * Formula cells whose value Excel recomputed when it exported its CSV, so the value
 * stored in the file cannot match: volatile functions, the VBA user-defined functions of
 * the SheetJS test workbooks, formulas stored without a cached result (LibreOffice writes
 * an empty string), and (transitively) formulas that reference such cells.
 * Read independently of Quire, straight from SheetJS.
 */
import * as XLSX from 'xlsx';

export const RECALCULATED = /\b(NOW|TODAY|RAND|RANDBETWEEN|INFO|CELL|NumFmt|DoFmt|Comment)\s*\(/i;

function references(formula: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  // Same-sheet references only: a reference preceded by "!" points to another sheet.
  for (const m of formula.matchAll(/(^|[^!A-Za-z0-9_$])(\$?[A-Z]{1,3}\$?\d+)(?::(\$?[A-Z]{1,3}\$?\d+))?/g)) {
    const a = XLSX.utils.decode_cell(m[2]!.replace(/\$/g, ''));
    const b = m[3] ? XLSX.utils.decode_cell(m[3].replace(/\$/g, '')) : a;
    if ((b.r - a.r + 1) * (b.c - a.c + 1) > 10_000) continue;
    for (let r = a.r; r <= b.r; r++) for (let c = a.c; c <= b.c; c++) out.push([r, c]);
  }
  return out;
}

/** Sheet name → addresses (A1) of recalculated cells. */
export function recalculatedCells(bytes: Uint8Array): Map<string, Set<string>> {
  const wb = XLSX.read(bytes, { cellFormula: true, dense: false });
  const out = new Map<string, Set<string>>();
  for (const name of wb.SheetNames) {
    const ws = wb.Sheets[name]!;
    const formulas = new Map<string, string>();
    const set = new Set<string>();
    for (const [addr, value] of Object.entries(ws)) {
      const cell = value as XLSX.CellObject;
      if (addr.startsWith('!') || typeof cell.f !== 'string') continue;
      formulas.set(addr, cell.f);
      if (RECALCULATED.test(cell.f) || cell.v === undefined || cell.v === '') set.add(addr);
    }
    let grew = true;
    while (grew) {
      grew = false;
      for (const [addr, f] of formulas) {
        if (set.has(addr)) continue;
        if (references(f).some(([r, c]) => set.has(XLSX.utils.encode_cell({ r, c })))) {
          set.add(addr);
          grew = true;
        }
      }
    }
    out.set(name, set);
  }
  return out;
}
