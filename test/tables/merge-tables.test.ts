/** merge_tables: tables running on over the next page become one Table segment. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type ParseJobView } from '../../src/index.js';
import type { Block, PageLayout } from '../../src/model/layout.js';
import type { TableCell, TableGrid } from '../../src/model/table.js';
import { appendRows, continuation, mergeTablesAcrossPages } from '../../src/pipeline/merge-tables/merge-tables.js';
import { assertValidOutput, corpusPath, fixture, hasCorpus } from '../helpers.js';

/** A grid from rows of text; columns 100 pt wide from x = 50. */
function grid(rows: string[][], headerRows: number, left = 50): TableGrid {
  const cells: TableCell[] = rows.flatMap((r, i) => r.map((text, c) => ({ row: i, col: c, rowSpan: 1, colSpan: 1, text, bbox: { left: left + c * 100, top: 100 + i * 20, width: 100, height: 20 } })));
  return { rowCount: rows.length, colCount: rows[0]!.length, cells, headerRows, bbox: { left, top: 100, width: rows[0]!.length * 100, height: rows.length * 20 }, method: 'ruled', confidence: 0.9 };
}

function tableBlock(g: TableGrid): Block {
  return { kind: 'table', bbox: g.bbox, lines: [], fontSize: 10, bold: false, italic: false, type: 'Table', table: g };
}

function layout(pageNumber: number, blocks: Block[]): PageLayout {
  return { pageNumber, width: 612, height: 792, blocks, fontHistogram: {}, textSource: 'text', warnings: [] };
}

const header = ['Name', 'Value'];

describe('continuation rules', () => {
  it('drops a repeated header, accepts matching geometry, refuses other tables', () => {
    const a = grid([header, ['a', '1']], 1);
    expect(continuation(a, grid([header, ['b', '2']], 1))).toBe(1);
    expect(continuation(a, grid([header, ['b', '2']], 0))).toBe(1);
    expect(continuation(a, grid([['b', '2']], 0))).toBe(0);
    expect(continuation(a, grid([['b', '2']], 0, 200))).toBe(-1); // columns elsewhere
    expect(continuation(a, grid([['Other', 'Header'], ['b', '2']], 1))).toBe(-1);
    expect(continuation(a, grid([['b', '2', '3']], 0))).toBe(-1);
  });

  it('appends rows after the first table', () => {
    const m = appendRows(grid([header, ['a', '1']], 1), grid([header, ['b', '2']], 1), 1);
    expect(m.rowCount).toBe(3);
    expect(m.headerRows).toBe(1);
    expect(m.cells.filter((c) => c.row === 2).map((c) => c.text)).toEqual(['b', '2']);
  });

  it('chains pages, caps groups at the limit and keeps provenance', () => {
    const pages = [1, 2, 3].map((n) => layout(n, [tableBlock(grid([header, [`r${n}`, `${n}`]], 1))]));
    const merged = mergeTablesAcrossPages(pages, { maxGroup: 2 });
    expect(pages.map((p) => p.blocks.length)).toEqual([1, 0, 1]);
    expect(merged.size).toBe(1);
    const [block, prov] = [...merged][0]!;
    expect(block.table!.rowCount).toBe(3);
    expect(prov.map((p) => p.page_number)).toEqual([1, 2]);
  });

  it('does not merge across a page whose table is followed by running text', () => {
    const text: Block = { kind: 'text', bbox: { left: 50, top: 500, width: 400, height: 40 }, lines: [{ text: 'A paragraph of running text follows the table and ends the page here, so the next table is new.', bbox: { left: 50, top: 500, width: 400, height: 12 }, fontSize: 10, bold: false, italic: false, fontName: 'x', words: [], confidence: null }], fontSize: 10, bold: false, italic: false, type: 'Text' };
    const pages = [layout(1, [tableBlock(grid([header, ['a', '1']], 1)), text]), layout(2, [tableBlock(grid([header, ['b', '2']], 1))])];
    expect(mergeTablesAcrossPages(pages, { maxGroup: 20 }).size).toBe(0);
  });
});

describe('merge_tables in parse', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 2 });
  });
  afterAll(() => engine.close());
  const tables = async (file: string, options: Record<string, unknown>) => {
    const r: ParseJobView = await engine.waitForJob((await engine.parse(file, { segment_filter: 'table', ...options })).job_id);
    assertValidOutput(r);
    expect(r.status).toBe('Succeeded');
    return (r.chunks ?? []).flatMap((c) => c.segments as Array<Record<string, any>>);
  };

  it('merges a table repeated with its header on the next page into one segment', async () => {
    const apart = await tables(fixture('pdf', 'hybrid_multipage.pdf'), {});
    expect(apart.map((s) => s.page_number)).toEqual([1, 2]);
    const [merged, ...rest] = await tables(fixture('pdf', 'hybrid_multipage.pdf'), { merge_tables: true });
    expect(rest).toHaveLength(0);
    expect(merged!.page_number).toBe(1);
    expect(merged!.provenance.map((p: { page_number: number }) => p.page_number)).toEqual([1, 2]);
    expect(merged!.provenance[1].bbox).toEqual(apart[1]!.bbox);
    // One header, eight data rows.
    expect((merged!.html.match(/<tr>/g) ?? []).length).toBe(9);
    expect((merged!.html.match(/<th>Hello<\/th>/g) ?? []).length).toBe(1);
    expect(merged!.content.split('\n').at(-1)).toBe('4\tChonk\tBonk');
  });

  describe.skipIf(!hasCorpus)('corpus', () => {
    const warn = corpusPath('tables/pdfplumber/tests/pdfs/WARN-Report-for-7-1-2015-to-03-25-2016.pdf');

    it('merges a 15-page report table and splits groups over max_tables_per_merge_group', async () => {
      const apart = await tables(warn, {});
      const merged = await tables(warn, { merge_tables: true });
      const big = merged[0]!;
      expect(big.provenance.map((p: { page_number: number }) => p.page_number)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
      const rows = (s: Record<string, any>) => (s.html.match(/<tr>/g) ?? []).length;
      // Continuation pages have no header of their own: every row is kept.
      const firstOfPage = (n: number) => apart.find((s) => s.page_number === n)!;
      expect(rows(big)).toBe(Array.from({ length: 15 }, (_, i) => rows(firstOfPage(i + 1))).reduce((a, b) => a + b, 0));
      const capped = await tables(warn, { merge_tables: true, max_tables_per_merge_group: 5 });
      const groups = capped.filter((s) => s.provenance).map((s) => s.provenance.map((p: { page_number: number }) => p.page_number));
      expect(groups.slice(0, 3)).toEqual([
        [1, 2, 3, 4, 5],
        [6, 7, 8, 9, 10],
        [11, 12, 13, 14, 15],
      ]);
      expect(groups.every((g: number[]) => g.length <= 5)).toBe(true);
    });
  });
});
