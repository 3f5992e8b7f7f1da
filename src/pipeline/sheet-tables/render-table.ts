/**
 * Renders a set of sheet rows × columns as HTML (<thead>/<tbody>, colspan/rowspan),
 * a markdown pipe table and plain text (cells tab-separated, rows newline-separated).
 * Merged cells are clipped to what is rendered: a merge cut by a part boundary or by
 * excluded hidden rows keeps its text in the first rendered row/column it covers.
 */
import { escapeHtml } from '../../render/escape.js';
import type { SheetIndex } from './sheet-index.js';
import type { CellRange } from './types.js';

export interface RenderedTable {
  html: string;
  markdown: string;
  content: string;
}

// Each helper tests once before replacing: most cells need no escaping, and these run
// for every cell of every table.
const MD_SPECIAL = /[\\|\r\n]/;
const BREAKS = /[\t\r\n]/;

function htmlCell(s: string): string {
  const escaped = escapeHtml(s);
  return BREAKS.test(escaped) ? escaped.replace(/\r\n|\r|\n/g, '<br>') : escaped;
}

function markdownCell(s: string): string {
  if (!MD_SPECIAL.test(s)) return s;
  return s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r\n|\r|\n/g, '<br>');
}

function plainCell(s: string): string {
  return BREAKS.test(s) ? s.replace(/[\t\r\n]+/g, ' ') : s;
}

/**
 * One section (header or body) laid out as a text grid. `rowSpan`/`colSpan` are null when
 * the sheet has no merges (the common, fast case); otherwise 0 marks a position covered
 * by another cell's span.
 */
interface Section {
  text: string[][];
  rowSpan: number[][] | null;
  colSpan: number[][] | null;
}

function countIn(list: readonly number[], lo: number, hi: number): number {
  let n = 0;
  for (const v of list) if (v >= lo && v <= hi) n++;
  return n;
}

function layoutSection(index: SheetIndex, rows: readonly number[], cols: readonly number[]): Section {
  const left = cols[0] ?? 0;
  const right = cols[cols.length - 1] ?? -1;
  const colPos = new Int32Array(Math.max(0, right - left + 1)).fill(-1);
  cols.forEach((c, i) => (colPos[c - left] = i));
  const text = rows.map((r) => {
    const line = new Array<string>(cols.length).fill('');
    for (const cell of index.rowCells(r, left, right)) {
      const i = colPos[cell.col - left]!;
      if (i >= 0) line[i] = cell.display;
    }
    return line;
  });
  if (!index.hasMerges) return { text, rowSpan: null, colSpan: null };

  const rowSpan = rows.map(() => new Array<number>(cols.length).fill(1));
  const colSpan = rows.map(() => new Array<number>(cols.length).fill(1));
  const done = new Set<CellRange>();
  rows.forEach((r, ri) => {
    cols.forEach((c, ci) => {
      const m = index.mergeCovering(r, c);
      if (!m || done.has(m)) return;
      done.add(m);
      // Scanning row-major, (ri, ci) is the first rendered position inside the merge.
      const rs = countIn(rows, m.top, m.bottom);
      const cs = countIn(cols, m.left, m.right);
      const value = index.cellAt(m.top, m.left)?.display ?? '';
      for (let dr = 0; dr < rs; dr++) {
        for (let dc = 0; dc < cs; dc++) {
          if (ri + dr >= rows.length || ci + dc >= cols.length) continue;
          const anchor = dr === 0 && dc === 0;
          text[ri + dr]![ci + dc] = value;
          rowSpan[ri + dr]![ci + dc] = anchor ? rs : 0;
          colSpan[ri + dr]![ci + dc] = anchor ? cs : 0;
        }
      }
    });
  });
  return { text, rowSpan, colSpan };
}

function htmlRows(section: Section, tag: 'th' | 'td'): string {
  const parts: string[] = [];
  section.text.forEach((row, ri) => {
    parts.push('<tr>');
    row.forEach((t, ci) => {
      const rs = section.rowSpan ? section.rowSpan[ri]![ci]! : 1;
      const cs = section.colSpan ? section.colSpan[ri]![ci]! : 1;
      if (rs === 0) return;
      const attrs = (cs > 1 ? ` colspan="${cs}"` : '') + (rs > 1 ? ` rowspan="${rs}"` : '');
      parts.push(`<${tag}${attrs}>${htmlCell(t)}</${tag}>`);
    });
    parts.push('</tr>');
  });
  return parts.join('');
}

/** `rows`: sheet rows in render order; the first `headerCount` form the header. */
export function renderTable(index: SheetIndex, rows: readonly number[], cols: readonly number[], headerCount: number): RenderedTable {
  const head = layoutSection(index, rows.slice(0, headerCount), cols);
  const body = layoutSection(index, rows.slice(headerCount), cols);
  const html = `<table><thead>${htmlRows(head, 'th')}</thead><tbody>${htmlRows(body, 'td')}</tbody></table>`;

  // Markdown: merged text is repeated in every covered position so columns stay aligned.
  const lines: string[] = [];
  for (const section of [head, body]) {
    for (const row of section.text) {
      lines.push(`| ${row.map(markdownCell).join(' | ')} |`);
      if (lines.length === 1) lines.push(`|${row.map(() => '---').join('|')}|`);
    }
  }
  const markdown = lines.join('\n');

  // Plain text: text only at anchors.
  const plain = (section: Section) =>
    section.text.map((row, ri) => row.map((t, ci) => (section.rowSpan && section.rowSpan[ri]![ci] === 0 ? '' : plainCell(t))).join('\t'));
  const content = [...plain(head), ...plain(body)].join('\n');
  return { html, markdown, content };
}
