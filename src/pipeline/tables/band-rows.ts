/**
 * Rows of one band between two horizontal rules: one record with multi-line cells, or
 * several records ruled off together. Split out of grid-builder.ts, which calls it once
 * per band.
 */
import { groupLevelEnd } from './header-spans.js';
import { groupRows, isNumericText, type LineCells } from './row-groups.js';

/**
 * Rows of one band between rules. A band is one row (multi-line cells) unless it holds
 * several records: lines that fill two or more columns, at least three of them (two when
 * the table draws no rules between rows at all, or when both hold numbers in two or more
 * columns, or fill the same columns with a number in one: numbers do not wrap). The first band of a ruled table is its
 * header, where every heading may wrap: there only lines with numbers count as records, and
 * group headings over fuller column headings are their own row (header-spans.ts; only where
 * some columns come from text alignment: a fully ruled grid draws its own levels). Between
 * row rules, a band whose short values are centred among its wrapped cells is one record
 * (`centredRecord`; camelot's outbreak reports).
 */
export function splitBand(lines: readonly LineCells[], rowsRuled: boolean, headerBand: boolean, alignedColumns: boolean): number[][] {
  if (lines.length === 0) return [];
  if (lines.length === 1) return [[0]];
  const widest = Math.max(...lines.map((l) => l.cols.size));
  const fullLines = lines.filter((l) => l.cols.size >= 2 && l.cols.size >= 0.5 * widest);
  const numericFull = fullLines.filter((l) => [...l.cols.values()].some(isNumericText)).length;
  const full = headerBand ? numericFull : fullLines.length;
  // Numbers do not wrap: two lines each holding numbers in the same two columns or more are
  // two records, even between rules (groups of rows ruled off together). A record's wrapped
  // cells may be figures too, in other columns ("04 Oct" over "2026" beside a phone number).
  const numericCols = fullLines.map((l) => new Set([...l.cols].filter(([, t]) => isNumericText(t)).map(([c]) => c)));
  // So are two lines filling the same columns, a figure in one of them on both (a totals
  // block under an item table, "Subtotal 8,194.00" over "VAT 20% 1,608.00", between its
  // table's last row rule and the rule over "Total due").
  const colsOf = fullLines.map((l) => [...l.cols].filter(([, t]) => t.trim()).map(([c]) => c).join(','));
  const parallel = (i: number, j: number) => colsOf[i] === colsOf[j] && numericCols[i]!.size > 0 && [...numericCols[i]!].some((c) => numericCols[j]!.has(c));
  const numericRecords = numericCols.filter((a, i) => numericCols.some((b, j) => j !== i && ([...a].filter((c) => b.has(c)).length >= 2 || parallel(i, j)))).length;
  if (rowsRuled && !headerBand && numericRecords < 2 && centredRecord(lines)) return [lines.map((_, i) => i)];
  const split = full >= 3 || (full >= 2 && (!rowsRuled || headerBand || numericRecords >= 2));
  const level = !split && headerBand && alignedColumns ? groupLevelEnd(lines) : -1;
  if (level >= 0) return [lines.slice(0, level + 1).map((_, i) => i), lines.slice(level + 1).map((_, i) => level + 1 + i)];
  if (!split) return [lines.map((_, i) => i)];
  const breaks = lines.map(() => false);
  return groupRows(lines, breaks);
}

/**
 * One record whose cells are centred between the rules: more columns hold a single line
 * (the record's values) than hold several (its wrapped cells), and at least half of those
 * single lines are one line, level with one another in the middle half of the band. Several
 * records between two rules give each column a line per record instead, and columns filled
 * for one record each have their lines wherever those records are.
 */
function centredRecord(lines: readonly LineCells[]): boolean {
  const linesOfCol = new Map<number, LineCells[]>();
  for (const l of lines) {
    for (const [c, text] of l.cols) {
      if (!text.trim()) continue;
      const ls = linesOfCol.get(c);
      if (ls) ls.push(l);
      else linesOfCol.set(c, [l]);
    }
  }
  const singles = [...linesOfCol.values()].filter((ls) => ls.length === 1).map((ls) => ls[0]!);
  if (singles.length < 2 || singles.length <= linesOfCol.size - singles.length) return false;
  const perLine = new Map<LineCells, number>();
  for (const l of singles) perLine.set(l, (perLine.get(l) ?? 0) + 1);
  const [line, count] = [...perLine].reduce((a, b) => (b[1] > a[1] ? b : a));
  const top = Math.min(...lines.map((l) => l.top));
  const bottom = Math.max(...lines.map((l) => l.bottom));
  const quarter = (bottom - top) / 4;
  const centre = (line.top + line.bottom) / 2;
  return count >= 2 && 2 * count >= singles.length && centre >= top + quarter && centre <= bottom - quarter;
}
