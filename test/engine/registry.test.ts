/**
 * The operations registry: an operation registered with one line (the test operation in
 * test/fixtures/operations/page-count/) runs through the engine's generic submit / view /
 * wait / list with no other change; each spec reader answers only for its own family.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, JobNotFoundError, ValidationError, type Engine } from '../../src/index.js';
import { getOperation, listOperations, registerOperation } from '../../src/operations/registry.js';
import { calls, pageCountOperation, type PageCountView } from '../fixtures/operations/page-count/operation.js';
import { itemCountOperation, type ItemCountResult } from '../fixtures/operations/item-count/operation.js';
import { fixture } from '../helpers.js';

describe('operations registry', () => {
  let engine: Engine;
  beforeAll(() => {
    registerOperation(pageCountOperation); // the one line that adds the operation
    registerOperation(itemCountOperation);
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it('lists the production operations, and refuses a second operation of the same name', () => {
    expect(listOperations().map((o) => o.name)).toEqual(expect.arrayContaining(['parse', 'parse_excel', 'tables', 'page_count']));
    expect(() => registerOperation({ ...pageCountOperation })).toThrow(/already registered/);
    expect(getOperation('nope')).toBeUndefined();
  });

  it('runs a registered operation through the generic engine, validating its options once', async () => {
    const before = calls.validate;
    const created = await engine.submit<PageCountView & { quota_remaining: number }>('page_count', fixture('pdf', 'multi_page.pdf'), { label: 'x' });
    expect(created).toMatchObject({ state: 'starting', label: 'x' });
    const done = await engine.wait<PageCountView>(created.id);
    expect(done).toEqual({ id: created.id, state: 'succeeded', label: 'x', pages: 5 });
    // waitForJob works for every operation, and reading never validates again.
    expect(await engine.waitForJob<PageCountView>(created.id)).toEqual(done);
    expect(await engine.view<PageCountView>(created.id)).toEqual(done);
    expect(calls.validate - before).toBe(1);
    expect((await engine.getJob(created.id)).type).toBe('page_counting');
    expect((await engine.list()).some((j) => j.id === created.id)).toBe(true);
  });

  it('refuses invalid options and unknown operations before a job exists', async () => {
    const n = (await engine.list()).length;
    await expect(engine.submit('page_count', fixture('pdf', 'multi_page.pdf'), { label: '' })).rejects.toBeInstanceOf(ValidationError);
    await expect(engine.submit('no_such_op', fixture('pdf', 'multi_page.pdf'))).rejects.toBeInstanceOf(ValidationError);
    expect((await engine.list()).length).toBe(n);
  });

  it("answers each spec reader only for its own family's jobs", async () => {
    const parse = await engine.parse(fixture('pdf', 'column_span_1.pdf'));
    const tables = await engine.tables(fixture('pdf', 'column_span_1.pdf'));
    const other = await engine.submit<PageCountView>('page_count', fixture('pdf', 'column_span_1.pdf'));
    await engine.waitForJob(parse.job_id);
    await engine.waitForTablesJob(tables.job_id);
    await engine.wait(other.id);
    // A tables reader given a parse job's id must not answer with that job's result.
    await expect(engine.getTablesJob(parse.job_id)).rejects.toBeInstanceOf(JobNotFoundError);
    await expect(engine.getParseJob(tables.job_id)).rejects.toBeInstanceOf(JobNotFoundError);
    await expect(engine.getParseJob(other.id)).rejects.toBeInstanceOf(JobNotFoundError);
    await expect(engine.getTablesJob(other.id)).rejects.toBeInstanceOf(JobNotFoundError);
    expect((await engine.getTablesJob(tables.job_id)).status).toBe('completed');
    // waitForJob answers every operation in its own shape.
    expect((await engine.waitForJob<{ status: string }>(tables.job_id)).status).toBe('completed');
  });

  it('gives operations the neutral document of their input (ctx.parseDocument), charging its pages once', async () => {
    const created = await engine.submit<{ id: string }>('item_count', fixture('pdf', 'multi_page.pdf'));
    const done = await engine.wait<{ state: string; credits: number; result: ItemCountResult }>(created.id);
    const parse = await engine.parse(fixture('pdf', 'multi_page.pdf'));
    const parsed = await engine.waitForJob(parse.job_id);
    const segments = parsed.chunks!.flatMap((c) => c.segments as Array<{ segment_type: string; content: string }>);
    expect(done.state).toBe('succeeded');
    expect(done.result.pages).toBe(5);
    expect(done.credits).toBe(5);
    const byType: Record<string, number> = {};
    for (const s of segments) byType[s.segment_type] = (byType[s.segment_type] ?? 0) + 1;
    expect(done.result.byType).toEqual(byType);
    expect(done.result.firstText).toBe(segments[0]!.content);
  });

  it('gives the neutral document of a workbook too (read by parse excel)', async () => {
    const created = await engine.submit<{ id: string }>('item_count', fixture('xlsx', 'sheet_visibility.xlsx'));
    const done = await engine.wait<{ state: string; result: ItemCountResult }>(created.id);
    const excel = await engine.parseExcel(fixture('xlsx', 'sheet_visibility.xlsx'));
    const parsed = await engine.waitForJob(excel.job_id);
    const segments = parsed.chunks!.flatMap((c) => c.segments as Array<{ segment_type: string }>);
    expect(done.state).toBe('succeeded');
    expect(Object.values(done.result.byType).reduce((a, b) => a + b, 0)).toBe(segments.length);
    expect(done.result.byType.Table).toBeGreaterThan(0);
  });
});
