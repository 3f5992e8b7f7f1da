/**
 * The one table renderer: a table → HTML (<thead>/<tbody>, colspan/rowspan), a markdown pipe
 * table and plain text, for the tables of PDFs, images and office documents (`TableGrid`) and
 * for the sheet tables of parse excel (pipeline/sheet-tables/render-table.ts lays a sheet's
 * rows out as a `DenseTable` and renders it here). One set of cell rules for every source:
 * - HTML: `& < > "` escaped; every line break (\r\n, \r, \n) is a `<br>`.
 * - markdown: `\` and `|` escaped; every line break is a `<br>`, without the spaces or tabs
 *   around it.
 * - plain text: cells tab-separated, rows newline-separated.
 * The layout differs by source (`TableLayout`):
 * - markdown, on purpose: a document table's markdown has one header row (a multi-row header
 *   joined per column) and leaves spanned positions empty; a sheet's keeps every sheet row a
 *   row, with a merged cell's text repeated in each position it covers, so that each row
 *   reads alone the way the sheet shows it (the first row is the markdown header).
 * - plain text, for now: a sheet's keeps every position (empty where a span covers it), so
 *   every row keeps the table's columns, and a tab or line break inside a cell becomes a
 *   space; a document table's lists the cells present, as read (a multi-line cell keeps its
 *   line breaks). The sheet rule is the more correct one, but it changes the text of 230 of
 *   the 327 tables found in the first pages of the corpus's PDFs (measured: alignment tabs
 *   and joined cell lines; words unchanged), so the switch is left to a deliberate change.
 */
import type { TableCell, TableGrid } from '../model/table.js';
import { escapeHtml } from './escape.js';
import { cellRunsHtml, cellRunsMarkdown } from './inline-runs.js';

/**
 * A table laid out position by position: `text[r][c]` is the text of the cell at (r, c), the
 * spanning cell's text where a span covers it, or null where the source has no cell there
 * (a document grid's gap: not rendered in HTML, empty elsewhere). `rowSpan`/`colSpan` give
 * the span of the cell anchored at each position and 0 where a span covers it; null when
 * the table has no spans (the common, fast case).
 */
export interface DenseTable {
  text: Array<Array<string | null>>;
  rowSpan: number[][] | null;
  colSpan: number[][] | null;
  /** Leading rows that form the header. */
  headerRows: number;
  colCount: number;
}

/** How a source lays its tables out in markdown and plain text (see the header). */
export type TableLayout = 'document' | 'sheet';

// Each cell rule tests once before replacing: most cells need no escaping, and these run
// for every cell of every table (sheets reach hundreds of thousands of cells).
const BREAK = /[\r\n]/;
const MD_SPECIAL = /[\\|\r\n]/;
const TEXT_BREAK = /[\t\r\n]/;

export function htmlCell(s: string): string {
  const escaped = escapeHtml(s);
  return BREAK.test(escaped) ? escaped.replace(/\r\n|\r|\n/g, '<br>') : escaped;
}

export function markdownCell(s: string): string {
  if (!MD_SPECIAL.test(s)) return s;
  return s
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/[^\S\r\n]*(?:\r\n|\r|\n)[^\S\r\n]*/g, '<br>');
}

export function textCell(s: string): string {
  return TEXT_BREAK.test(s) ? s.replace(/[\t\r\n]+/g, ' ') : s;
}

/**
 * A `TableGrid` laid out position by position (its cells keep their order of rendering);
 * `cellText` gives each cell's text (default: `text`).
 */
export function denseTable(grid: TableGrid, cellText: (c: TableCell) => string = (c) => c.text): DenseTable {
  const rows = grid.rowCount;
  const cols = grid.colCount;
  const text: Array<Array<string | null>> = Array.from({ length: rows }, () => new Array<string | null>(cols).fill(null));
  const spanned = grid.cells.some((c) => c.rowSpan > 1 || c.colSpan > 1);
  const rowSpan = spanned ? Array.from({ length: rows }, () => new Array<number>(cols).fill(1)) : null;
  const colSpan = spanned ? Array.from({ length: rows }, () => new Array<number>(cols).fill(1)) : null;
  for (const c of grid.cells) {
    const cell = cellText(c);
    for (let r = c.row; r < c.row + c.rowSpan && r < rows; r++) {
      for (let k = c.col; k < c.col + c.colSpan && k < cols; k++) {
        const anchor = r === c.row && k === c.col;
        text[r]![k] = cell;
        if (rowSpan && colSpan) {
          rowSpan[r]![k] = anchor ? c.rowSpan : 0;
          colSpan[r]![k] = anchor ? c.colSpan : 0;
        }
      }
    }
  }
  return { text, rowSpan, colSpan, headerRows: grid.headerRows, colCount: cols };
}

const covered = (t: DenseTable, r: number, c: number): boolean => t.rowSpan !== null && t.rowSpan[r]![c] === 0;

/** `cellHtml`: a position's HTML from its text (default: escaped, line breaks as `<br>`). */
export function renderHtml(t: DenseTable, cellHtml: (s: string) => string = htmlCell): string {
  const parts: string[] = ['<table>'];
  t.text.forEach((row, r) => {
    if (r === 0 && t.headerRows > 0) parts.push('<thead>');
    if (r === t.headerRows) parts.push(r > 0 ? '</thead><tbody>' : '<tbody>');
    const tag = r < t.headerRows ? 'th' : 'td';
    parts.push('<tr>');
    row.forEach((s, c) => {
      if (s === null || covered(t, r, c)) return;
      const rs = t.rowSpan ? t.rowSpan[r]![c]! : 1;
      const cs = t.colSpan ? t.colSpan[r]![c]! : 1;
      const attrs = (cs > 1 ? ` colspan="${cs}"` : '') + (rs > 1 ? ` rowspan="${rs}"` : '');
      parts.push(`<${tag}${attrs}>${cellHtml(s)}</${tag}>`);
    });
    parts.push('</tr>');
  });
  if (t.text.length <= t.headerRows) parts.push(t.text.length > 0 && t.headerRows > 0 ? '</thead><tbody>' : '<tbody>');
  parts.push('</tbody></table>');
  return parts.join('');
}

export function renderMarkdown(t: DenseTable, layout: TableLayout): string {
  if (layout === 'sheet') {
    const lines: string[] = [];
    for (const row of t.text) {
      lines.push(`| ${row.map((s) => markdownCell(s ?? '')).join(' | ')} |`);
      if (lines.length === 1) lines.push(`|${row.map(() => '---').join('|')}|`);
    }
    return lines.join('\n');
  }
  if (t.text.length === 0 || t.colCount === 0) return '';
  const rows = t.text.map((row, r) => row.map((s, c) => (s === null || covered(t, r, c) ? '' : s)));
  const headerCount = Math.max(1, t.headerRows);
  // Markdown has one header row: a multi-row header is joined per column.
  const header = Array.from({ length: t.colCount }, (_, c) =>
    rows
      .slice(0, headerCount)
      .map((r) => r[c])
      .filter(Boolean)
      .join(' '),
  );
  const body = t.headerRows > 0 ? rows.slice(headerCount) : rows;
  const line = (cells: string[]) => `| ${cells.map(markdownCell).join(' | ')} |`;
  const out = [line(t.headerRows > 0 ? header : Array<string>(t.colCount).fill('')), `|${' --- |'.repeat(t.colCount)}`];
  for (const r of body) out.push(line(r));
  return out.join('\n');
}

export function renderText(t: DenseTable, layout: TableLayout): string {
  if (layout === 'document') {
    // As document tables' text has always been: the cells present, as read (see the header).
    return t.text.map((row, r) => row.filter((s, c): s is string => s !== null && !covered(t, r, c)).join('\t')).join('\n');
  }
  return t.text.map((row, r) => row.map((s, c) => (s === null || covered(t, r, c) ? '' : textCell(s))).join('\t')).join('\n');
}

const richTable = (grid: TableGrid) => grid.cells.some((c) => c.runs);

/**
 * Office cells with formatting (TableCell.runs; PDF cells never have runs) render it: HTML
 * `<strong>`, checkbox inputs, paragraphs split by `<br>`; markdown `**bold**`, a checkbox
 * paragraph as `- [x] item`, paragraphs split by `<br>` as a multi-line cell's are.
 */
export function tableHtml(grid: TableGrid): string {
  if (!richTable(grid)) return renderHtml(denseTable(grid));
  // Positions hold an index into the cells' HTML, rendered once per cell.
  const html: string[] = [];
  const t = denseTable(grid, (c) => String(html.push(c.runs ? cellRunsHtml(c.runs) : htmlCell(c.text)) - 1));
  return renderHtml(t, (s) => html[Number(s)]!);
}

export function tableMarkdown(grid: TableGrid): string {
  return renderMarkdown(denseTable(grid, (c) => (c.runs ? cellRunsMarkdown(c.runs, (x) => x).join('\n') : c.text)), 'document');
}

export function tableText(grid: TableGrid): string {
  return renderText(denseTable(grid), 'document');
}
