/** The tables operation (`POST /tables`): job states, the spec's result shape, the CLI. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { fixture, here } from '../helpers.js';

const TABLE_KEYS = ['bbox', 'column_count', 'confidence', 'headers', 'page_number', 'row_count', 'rows', 'structured_data', 'table_id', 'table_type'];

describe('tables operation', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 2 });
  });
  afterAll(() => engine.close());

  it('queues a job, then completes with the table extraction result', async () => {
    const created = await engine.tables(fixture('pdf', 'column_span_1.pdf'));
    expect(Object.keys(created).sort()).toEqual(['job_id', 'message', 'quota_remaining', 'status']);
    expect(created.status).toBe('queued');
    expect(typeof created.quota_remaining).toBe('number');
    const done = await engine.waitForTablesJob(created.job_id);
    expect(Object.keys(done).sort()).toEqual(['job_id', 'results', 'status']);
    expect(done.status).toBe('completed');
    const { tables, summary } = done.results!;
    expect(Object.keys(summary).sort()).toEqual(['extraction_method', 'pages_processed', 'processing_time', 'total_tables']);
    expect(summary).toMatchObject({ total_tables: 1, pages_processed: 1 });
    expect(summary.processing_time).toBeGreaterThan(0);
    const t = tables[0]!;
    expect(Object.keys(t).sort()).toEqual(TABLE_KEYS);
    expect(t.table_type).toBe('ruled');
    expect(t.page_number).toBe(1);
    // PDF points, top-left origin: the table starts near the top of the page.
    expect(t.bbox.y1).toBeLessThan(40);
    expect(t.bbox.x2).toBeGreaterThan(t.bbox.x1);
    expect(t.bbox.y2).toBeGreaterThan(700);
    expect(t.headers).toEqual(['Sl. No.', 'Year', 'Population (in Lakh)', 'Accidental Deaths Incidence', 'Accidental Deaths Rate', 'Suicides Incidence', 'Suicides Rate', 'Percentage Population growth']);
    expect(t.column_count).toBe(8);
    expect(t.row_count).toBe(t.rows.length);
    expect(t.rows[1]).toEqual(['1.', '1967', '4999', '126762', '25.4', '38829', '7.8', '2.2']);
    expect(t.structured_data.headers).toEqual(t.headers);
    expect(t.structured_data.data).toHaveLength(t.rows.length);
    expect(t.structured_data.data[1]).toMatchObject({ Year: '1967', 'Suicides Rate': '7.8' });
    expect(t.confidence).toBeGreaterThan(0.5);
    expect(t.confidence).toBeLessThanOrEqual(1);
    const generic = await engine.getJob(created.job_id);
    expect(generic).toMatchObject({ type: 'table_extraction', status: 'COMPLETED', pdf_name: 'column_span_1.pdf' });
    await expect(engine.getParseJob(created.job_id)).rejects.toThrow(/not found/i);
  });

  it('names borderless tables', async () => {
    const done = await engine.waitForTablesJob((await engine.tables(fixture('pdf', 'stream_inner_outer_columns.pdf'))).job_id);
    const t = done.results!.tables[0]!;
    expect(t.table_type).toBe('borderless');
    expect(t.column_count).toBe(6);
    expect(t.headers[0]).toBe('Outer 1');
    expect(t.rows).toHaveLength(4);
    expect(t.rows[1]).toEqual(['', '', 'C2', 'D2', '', 'F2']);
  });

  it('parse: model-based Table strategies fall back to the local tables and say so', async () => {
    const r = await engine.waitForJob((await engine.parse(fixture('pdf', 'hybrid_multipage.pdf'), { segment_processing: { Table: { html: 'VLM', model_id: 'us_table_v2' } } })).job_id);
    expect(r.status).toBe('Succeeded');
    const notes = (r.metadata as { notes?: string[] }).notes ?? [];
    expect(notes.some((n) => n.startsWith('segment_processing.Table.html=VLM'))).toBe(true);
    expect(notes.some((n) => n.startsWith('segment_processing.Table.model_id=us_table_v2'))).toBe(true);
    const table = r.chunks!.flatMap((c) => c.segments as Array<{ segment_type: string; html: string }>).find((s) => s.segment_type === 'Table')!;
    expect(table.html).toMatch(/^<table><thead><tr><th>Hello<\/th>/);
    const plain = await engine.waitForJob((await engine.parse(fixture('pdf', 'hybrid_multipage.pdf'), { segment_processing: { Table: { html: 'Auto' } } })).job_id);
    expect(plain.metadata).toEqual({});
  });

  it('fails cleanly on a document it cannot read', async () => {
    const locked = await engine.waitForTablesJob((await engine.tables(fixture('pdf', 'password-1234.pdf'))).job_id);
    expect(locked.status).toBe('failed');
    expect(locked.error).toMatch(/password/);
    const opened = await engine.waitForTablesJob((await engine.tables(fixture('pdf', 'password-1234.pdf'), { password: '1234' })).job_id);
    expect(opened.status).toBe('completed');
    const notPdf = await engine.waitForTablesJob((await engine.tables(fixture('xlsx', 'sheet_visibility.xlsx'))).job_id);
    expect(notPdf).toMatchObject({ status: 'failed' });
  });
});

describe('quire tables (CLI)', () => {
  const cli = path.resolve(here, '../src/cli/main.ts');
  const quire = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });

  it.skipIf(!fs.existsSync(cli))('prints the final job object, and exits 1 with one line when the job failed', () => {
    const ok = quire('tables', fixture('pdf', 'hybrid_multipage.pdf'), '--workers', '1');
    expect(ok.status, ok.stderr).toBe(0);
    const out = JSON.parse(ok.stdout);
    expect(out.status).toBe('completed');
    expect(out.results.tables.map((t: { page_number: number }) => t.page_number)).toEqual([1, 2]);
    const bad = quire('tables', fixture('pdf', 'password-1234.pdf'), '--workers', '1');
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout).status).toBe('failed');
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});
