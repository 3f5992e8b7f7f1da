/**
 * How many leading rows form the header. Evidence, strongest first:
 * 1. a rule under the leading rows (booktabs' midrule, a heavier line under the header);
 * 2. the leading rows hold no numbers while the body does (years count as labels);
 * 3. the leading rows are bold and the body is not;
 * 4. cells of the first row spanning several rows or columns (multi-level headers).
 * With no evidence a fully labelled first row above other rows is taken as the header.
 */
import type { TableCell } from '../../model/table.js';
import { isNumericText } from './row-groups.js';

export interface HeaderEvidence {
  rowCount: number;
  colCount: number;
  cells: readonly TableCell[];
  /** Per row: every non-empty cell is bold. */
  rowBold: readonly boolean[];
  /** Rows below which a rule crosses most of the table (index r: rule between r and r + 1). */
  ruleBelow: readonly boolean[];
}

const YEAR = /^\s*(?:19|20)\d\d(?:\s*[-–/]\s*(?:19|20)?\d\d)?\s*[*¹²³†]?\s*$/;

function rowIsLabels(cells: readonly TableCell[]): boolean {
  return cells.every((c) => !c.text || !isNumericText(c.text) || YEAR.test(c.text));
}

export function detectHeaderRows(ev: HeaderEvidence): number {
  const { rowCount, cells } = ev;
  if (rowCount < 2) return 0;
  const byRow: TableCell[][] = Array.from({ length: rowCount }, () => []);
  for (const c of cells) byRow[c.row]!.push(c);
  const maxHeader = Math.max(1, Math.min(6, Math.floor(rowCount / 2)));
  // Multi-level headers: the header reaches at least the bottom of row 0's tall cells.
  const spanDepth = Math.max(1, ...byRow[0]!.filter((c) => c.text).map((c) => c.rowSpan));
  const minHeader = spanDepth > 1 && spanDepth <= maxHeader ? spanDepth : 0;

  const ruled = ev.ruleBelow.slice(0, maxHeader).findIndex(Boolean);
  if (ruled >= 0 && ruled + 1 < rowCount && byRow.slice(0, ruled + 1).every(rowIsLabels)) return Math.max(ruled + 1, minHeader);

  const bodyNumeric = byRow.filter((r) => r.some((c) => c.text && isNumericText(c.text) && !YEAR.test(c.text))).length;
  if (bodyNumeric >= Math.max(1, 0.3 * rowCount)) {
    let k = 0;
    while (k < rowCount && rowIsLabels(byRow[k]!) && byRow[k]!.some((c) => c.text)) k++;
    // Leading empty rows belong to the header too when labels follow.
    if (k > 0 && k <= maxHeader) return Math.max(k, minHeader);
  }

  let b = 0;
  while (b < rowCount && ev.rowBold[b]) b++;
  if (b > 0 && b <= maxHeader && b < rowCount) return Math.max(b, minHeader);
  if (minHeader) return minHeader;
  const first = byRow[0]!;
  const filled = first.filter((c) => c.text).length;
  return filled >= 2 && filled === first.length && rowIsLabels(first) ? 1 : 0;
}
