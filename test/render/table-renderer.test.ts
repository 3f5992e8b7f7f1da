/**
 * The one table renderer (src/render/table.ts): document tables (TableGrid) and sheet tables
 * (a DenseTable laid out by pipeline/sheet-tables) share the cell rules; only the markdown
 * and text layouts differ by source.
 */
import { describe, expect, it } from 'vitest';
import type { TableGrid } from '../../src/model/table.js';
import { denseTable, renderHtml, renderMarkdown, renderText, tableHtml, tableMarkdown, tableText } from '../../src/render/table.js';

const box = { left: 0, top: 0, width: 1, height: 1 };
const cell = (row: number, col: number, text: string, rowSpan = 1, colSpan = 1) => ({ row, col, rowSpan, colSpan, text, bbox: box });

describe('one table renderer', () => {
  const grid: TableGrid = {
    rowCount: 3,
    colCount: 3,
    headerRows: 1,
    cells: [cell(0, 0, 'Region', 1, 1), cell(0, 1, 'Sales', 1, 2), cell(1, 0, 'a|b \r\n c', 2, 1), cell(1, 1, '<x> & "y"'), cell(1, 2, 'tab\there'), cell(2, 1, '1')],
    bbox: box,
    method: 'ruled',
    confidence: 1,
  };

  it('escapes cells the same way for every source, every line break included', () => {
    const dense = denseTable(grid);
    const html = tableHtml(grid);
    expect(html).toBe(renderHtml(dense));
    expect(html).toBe(
      '<table><thead><tr><th>Region</th><th colspan="2">Sales</th></tr></thead><tbody>' +
        '<tr><td rowspan="2">a|b <br> c</td><td>&lt;x&gt; &amp; &quot;y&quot;</td><td>tab\there</td></tr><tr><td>1</td></tr></tbody></table>',
    );
    // Markdown: `|` and `\` escaped, a line break and the spaces around it become one <br>, in both layouts.
    expect(tableMarkdown(grid).split('\n')[2]).toBe('| a\\|b<br>c | <x> & "y" | tab\there |');
    expect(renderMarkdown(dense, 'sheet').split('\n')[2]).toBe('| a\\|b<br>c | <x> & "y" | tab\there |');
  });

  it('lays markdown and text out by source: one joined header and the cells present, or every sheet row with merged text repeated', () => {
    const dense = denseTable(grid);
    expect(tableMarkdown(grid).split('\n')).toEqual(['| Region | Sales |  |', '| --- | --- | --- |', '| a\\|b<br>c | <x> & "y" | tab\there |', '|  | 1 |  |']);
    expect(renderMarkdown(dense, 'sheet').split('\n')).toEqual(['| Region | Sales | Sales |', '|---|---|---|', '| a\\|b<br>c | <x> & "y" | tab\there |', '| a\\|b<br>c | 1 |  |']);
    // Document text: the cells present as read (2 of row 2's 3 positions); sheet text: every position, one row a line.
    expect(tableText(grid)).toBe('Region\tSales\na|b \r\n c\t<x> & "y"\ttab\there\n1');
    expect(renderText(dense, 'sheet')).toBe('Region\tSales\t\na|b   c\t<x> & "y"\ttab here\n\t1\t');
  });

  it('renders an empty table and a table without a header', () => {
    const empty: TableGrid = { ...grid, rowCount: 0, colCount: 0, headerRows: 0, cells: [] };
    expect(tableHtml(empty)).toBe('<table><tbody></tbody></table>');
    expect(tableMarkdown(empty)).toBe('');
    const plain: TableGrid = { ...grid, rowCount: 1, colCount: 2, headerRows: 0, cells: [cell(0, 0, 'x'), cell(0, 1, 'y')] };
    expect(tableHtml(plain)).toBe('<table><tbody><tr><td>x</td><td>y</td></tr></tbody></table>');
    expect(tableMarkdown(plain)).toBe('|  |  |\n| --- | --- |\n| x | y |');
  });
});
