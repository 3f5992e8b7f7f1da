/**
 * Dropdown options of xlsx cells, from list data validations (`<dataValidation
 * type="list">` and the Excel 2010 `x14:dataValidation` extension used for lists on
 * other sheets). SheetJS CE does not read validations. Lists given as a literal
 * ("a,b,c"), a range or a defined name are resolved; computed lists (OFFSET, INDIRECT)
 * cannot be evaluated offline and are skipped.
 */
import { cellValues } from './cell-values.js';
import { decodeXmlEntities, partText } from '../ooxml/ooxml-parts.js';
import type { CellRange } from './sheet-grid.js';
import { XLSX, type CellObject, type WorkBook } from './sheetjs.js';
import type { ZipPackage } from '../ooxml/zip-extract.js';

export interface SheetDropdowns {
  /** Cells covered by a resolvable list validation (they may be empty input cells). */
  ranges: CellRange[];
  optionsAt(row: number, col: number): string[] | undefined;
}

interface ListRule {
  ranges: CellRange[];
  options: string[];
}

const MAX_OPTIONS = 1000;

function parseSqref(sqref: string): CellRange[] {
  const out: CellRange[] = [];
  for (const part of sqref.trim().split(/\s+/)) {
    if (!part) continue;
    try {
      const r = XLSX.utils.decode_range(part.replace(/\$/g, ''));
      out.push({ top: r.s.r, left: r.s.c, bottom: r.e.r, right: r.e.c });
    } catch {
      // Malformed reference: ignore this range only.
    }
  }
  return out;
}

function cellText(wb: WorkBook, sheet: string, r: number, c: number): string | null {
  const ws = wb.Sheets[sheet] as { '!data'?: Array<Array<CellObject | undefined> | undefined> } | undefined;
  const cell = ws?.['!data']?.[r]?.[c];
  if (!cell) return null;
  return cellValues(cell, Boolean(wb.Workbook?.WBProps?.date1904))?.display ?? null;
}

/** `Sheet2!$A$1:$A$3`, `'My sheet'!A1:A3` or `$A$1:$A$3` → values of that range. */
function rangeValues(wb: WorkBook, ref: string, currentSheet: string): string[] | null {
  const m = /^(?:(?:'((?:[^']|'')+)'|([^!'"]+))!)?(\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?)$/.exec(ref.trim());
  if (!m) return null;
  const sheet = m[1]?.replace(/''/g, "'") ?? m[2] ?? currentSheet;
  if (!wb.Sheets[sheet]) return null;
  const r = XLSX.utils.decode_range(m[3]!.replace(/\$/g, ''));
  const out: string[] = [];
  for (let row = r.s.r; row <= r.e.r; row++) {
    for (let col = r.s.c; col <= r.e.c; col++) {
      const t = cellText(wb, sheet, row, col);
      if (t) out.push(t);
      if (out.length >= MAX_OPTIONS) return out;
    }
  }
  return out;
}

function resolveList(wb: WorkBook, formula: string, currentSheet: string): string[] | null {
  const f = formula.trim().replace(/^=/, '');
  if (f.startsWith('"') && f.endsWith('"')) {
    return f
      .slice(1, -1)
      .replace(/""/g, '"')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, MAX_OPTIONS);
  }
  const direct = rangeValues(wb, f, currentSheet);
  if (direct) return direct;
  const name = wb.Workbook?.Names?.find((n) => n.Name === f);
  return name?.Ref ? rangeValues(wb, name.Ref, currentSheet) : null;
}

export function sheetDropdowns(pkg: ZipPackage, sheetPart: string, wb: WorkBook, sheetName: string): SheetDropdowns | null {
  const xml = partText(pkg, sheetPart);
  if (!xml || !/dataValidation/.test(xml)) return null;
  const rules: ListRule[] = [];
  for (const m of xml.matchAll(/<(?:\w+:)?dataValidation\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?dataValidation>/g)) {
    const attrs = m[1]!;
    if (!/\btype\s*=\s*["']list["']/.test(attrs)) continue;
    const body = m[2]!;
    const formula = /<(?:\w+:)?formula1>\s*(?:<(?:\w+:)?f>)?([\s\S]*?)(?:<\/(?:\w+:)?f>)?\s*<\/(?:\w+:)?formula1>/.exec(body)?.[1];
    const sqref = /\bsqref\s*=\s*["']([^"']*)["']/.exec(attrs)?.[1] ?? /<(?:\w+:)?sqref>([\s\S]*?)<\/(?:\w+:)?sqref>/.exec(body)?.[1];
    if (!formula || !sqref) continue;
    const options = resolveList(wb, decodeXmlEntities(formula), sheetName);
    if (options && options.length) rules.push({ ranges: parseSqref(sqref), options });
  }
  if (rules.length === 0) return null;
  return {
    ranges: rules.flatMap((r) => r.ranges),
    optionsAt(row, col) {
      for (const rule of rules) {
        for (const r of rule.ranges) if (row >= r.top && row <= r.bottom && col >= r.left && col <= r.right) return rule.options;
      }
      return undefined;
    },
  };
}
