/** parseExcel through the engine: job API, worker pool, output schema, submission checks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, ValidationError, type Engine } from '../../src/index.js';
import { assertValidOutput, fixture } from '../helpers.js';

describe('engine.parseExcel', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it('runs a workbook job to Succeeded with table segments linked to their cells', async () => {
    const created = await engine.parseExcel(fixture('xlsx', 'sheet_visibility.xlsx'), { ocr_strategy: 'force_ocr' });
    expect(created).toMatchObject({ status: 'Starting', file_name: 'sheet_visibility.xlsx', merge_tables: false, credit_used: 0 });
    const r = await engine.waitForJob(created.job_id);
    assertValidOutput(r);
    expect(r.status).toBe('Succeeded');
    expect(r.merge_tables).toBe(false);
    const segs = r.chunks!.flatMap((c) => c.segments as Array<Record<string, unknown>>);
    const tables = segs.filter((s) => s.segment_type === 'Table');
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) {
      expect(t.html).toMatch(/^<table>/);
      expect(t.cell_references).toMatchObject({ sheet_name: expect.any(String), range: expect.stringMatching(/^[A-Z]+\d+(:[A-Z]+\d+)?$/) });
    }
    expect(r.page_count).toBeGreaterThan(0);
    expect(r.credit_used).toBe(r.page_count);
    expect((await engine.getJob(created.job_id)).type).toBe('excel_parsing');
  });

  it('refuses a non-Excel upload at submission, pointing to parse', async () => {
    const err = await engine.parseExcel(fixture('pdf', 'multi_page.pdf')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).status).toBe(400);
    expect((err as Error).message).toMatch(/use the parse operation/);
  });

  it('fails an encrypted workbook with a clear message', async () => {
    const r = await engine.waitForJob((await engine.parseExcel(fixture('xlsx', 'password_protected.xlsx'))).job_id);
    expect(r.status).toBe('Failed');
    expect(r.message).toMatch(/password|encrypt/i);
  });

  it('rejects invalid options naming the field', async () => {
    const err = await engine.parseExcel(fixture('xlsx', 'sheet_visibility.xlsx'), { table_clustering: 'weird' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).field).toBe('table_clustering');
  });
});
