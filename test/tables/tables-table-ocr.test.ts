/**
 * The tables operation honours segment_processing.Table.use_table_ocr (issue 29 item 8), as
 * parse does: a ruled table page rendered to a 300-DPI image (pdftoppm) goes through
 * `tables` with and without the option; against the born-digital PDF's own table (its text
 * layer, through `tables` too), the cells read one by one match clearly more often. The
 * option is validated as parse validates it and echoed in the job's configuration. The
 * fixture's fonts are not embedded, so pdftoppm draws them with the system's: the figures were
 * measured with fonts-liberation installed (`.ci/run` installs it; on DejaVu alone 0.84).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { validateTablesOptions, tablesConfiguration } from '../../src/operations/tables/options.js';
import { fixture } from '../helpers.js';
import { cellsFound } from '../../bench/lib/tables-metrics.js';

const PDF = fixture('pdf', 'column_span_1.pdf');
/** Share of the truth's non-empty cells (headers and rows) found, text for text, among `got`'s cells (each used once). */
function shareFound(truth: string[], got: string[]): number {
  const { hit, cells } = cellsFound(truth, got);
  return hit / cells;
}

describe('tables: segment_processing.Table.use_table_ocr', () => {
  let engine: Engine;
  let dir: string;
  let png: Uint8Array;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tables-table-ocr-'));
    execFileSync('pdftoppm', ['-r', '300', '-png', '-gray', '-singlefile', '-f', '1', '-l', '1', PDF, path.join(dir, 'page')]);
    png = new Uint8Array(fs.readFileSync(path.join(dir, 'page.png')));
  });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const cellsOf = async (input: Parameters<Engine['tables']>[0], options: Record<string, unknown>) => {
    const created = await engine.tables(input, options);
    const done = await engine.waitForTablesJob(created.job_id);
    expect(done.status).toBe('completed');
    const tables = done.results!.tables;
    expect(tables).toHaveLength(1);
    return { cells: [...tables[0]!.headers, ...tables[0]!.rows.flat()], method: done.results!.summary.extraction_method, job: created.job_id };
  };

  it('re-reads the ruled cells of the page image, closer to the PDF’s own table', async () => {
    const truth = (await cellsOf(PDF, {})).cells;
    const input = { data: png, fileName: 'table.png' };
    const plain = await cellsOf(input, {});
    const cellOcr = await cellsOf(input, { segment_processing: { Table: { use_table_ocr: true } } });
    const [before, after] = [shareFound(truth, plain.cells), shareFound(truth, cellOcr.cells)];
    // Measured: 0.72 → 0.87 (the page OCR misses decimal points of the 7-pt figures).
    expect(after, `page OCR ${before}, cell OCR ${after}`).toBeGreaterThanOrEqual(before + 0.05);
    expect(after).toBeGreaterThanOrEqual(0.85);
    expect(cellOcr.method).toMatch(/use_table_ocr/);
    expect(plain.method).not.toMatch(/use_table_ocr/);
    expect((await engine.getJob(cellOcr.job)) as unknown).toMatchObject({ status: 'COMPLETED' });
  }, 300_000);

  it('accepts the option as parse does (object or JSON text, the segment_analysis alias) and refuses bad values', () => {
    expect(validateTablesOptions({}).use_table_ocr).toBe(false);
    expect(validateTablesOptions({ segment_processing: { Table: { use_table_ocr: true } } }).use_table_ocr).toBe(true);
    expect(validateTablesOptions({ segment_processing: '{"Table":{"use_table_ocr":"true"}}' }).use_table_ocr).toBe(true);
    expect(validateTablesOptions({ segment_analysis: { table: { use_table_ocr: true } } }).use_table_ocr).toBe(true);
    expect(validateTablesOptions({ segment_processing: { Text: { html: 'Auto' } } }).use_table_ocr).toBe(false);
    expect(() => validateTablesOptions({ segment_processing: '[1]' })).toThrow(/segment_processing/);
    expect(() => validateTablesOptions({ segment_processing: { Table: { use_table_ocr: 'maybe' } } })).toThrow(/use_table_ocr/);
    expect(tablesConfiguration(validateTablesOptions({ segment_processing: { Table: { use_table_ocr: true } } }))).toMatchObject({ segment_processing: { Table: { use_table_ocr: true } } });
    expect(tablesConfiguration(validateTablesOptions({}))).toMatchObject({ segment_processing: {} });
  });
});
