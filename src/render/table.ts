/**
 * TableGrid → HTML (<thead>/<tbody>, colspan/rowspan), markdown pipe table and plain text.
 */
import type { TableGrid } from '../model/table.js';
import { escapeHtml, escapeMarkdownCell } from './escape.js';

/** A dense row-major view: covered positions hold null (they belong to a spanning cell). */
export function denseRows(grid: TableGrid): Array<Array<string | null>> {
  const rows: Array<Array<string | null>> = Array.from({ length: grid.rowCount }, () => Array<string | null>(grid.colCount).fill(''));
  for (const c of grid.cells) {
    for (let r = c.row; r < c.row + c.rowSpan && r < grid.rowCount; r++) {
      for (let k = c.col; k < c.col + c.colSpan && k < grid.colCount; k++) rows[r]![k] = r === c.row && k === c.col ? c.text : null;
    }
  }
  return rows;
}

export function tableHtml(grid: TableGrid): string {
  const byRow = new Map<number, typeof grid.cells>();
  for (const c of grid.cells) {
    const list = byRow.get(c.row) ?? [];
    list.push(c);
    byRow.set(c.row, list);
  }
  const renderRow = (r: number, tag: 'th' | 'td') => {
    const cells = (byRow.get(r) ?? []).slice().sort((a, b) => a.col - b.col);
    const inner = cells
      .map((c) => {
        const attrs = (c.colSpan > 1 ? ` colspan="${c.colSpan}"` : '') + (c.rowSpan > 1 ? ` rowspan="${c.rowSpan}"` : '');
        return `<${tag}${attrs}>${escapeHtml(c.text).replace(/\n/g, '<br>')}</${tag}>`;
      })
      .join('');
    return `<tr>${inner}</tr>`;
  };
  const head: string[] = [];
  const body: string[] = [];
  for (let r = 0; r < grid.rowCount; r++) (r < grid.headerRows ? head : body).push(renderRow(r, r < grid.headerRows ? 'th' : 'td'));
  return `<table>${head.length ? `<thead>${head.join('')}</thead>` : ''}<tbody>${body.join('')}</tbody></table>`;
}

export function tableMarkdown(grid: TableGrid): string {
  const rows = denseRows(grid).map((r) => r.map((c) => c ?? ''));
  if (rows.length === 0 || grid.colCount === 0) return '';
  const headerCount = Math.max(1, grid.headerRows);
  // Markdown has one header row: join multi-row headers per column.
  const header = Array.from({ length: grid.colCount }, (_, c) =>
    rows
      .slice(0, headerCount)
      .map((r) => r[c])
      .filter(Boolean)
      .join(' '),
  );
  const body = grid.headerRows > 0 ? rows.slice(headerCount) : rows;
  const line = (cells: string[]) => `| ${cells.map(escapeMarkdownCell).join(' | ')} |`;
  const out = [line(grid.headerRows > 0 ? header : Array<string>(grid.colCount).fill('')), `|${' --- |'.repeat(grid.colCount)}`];
  for (const r of body) out.push(line(r));
  return out.join('\n');
}

export function tableText(grid: TableGrid): string {
  return denseRows(grid)
    .map((r) => r.filter((c): c is string => c !== null).join('\t'))
    .join('\n');
}
