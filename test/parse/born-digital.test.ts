import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type ParseJobView } from '../../src/index.js';
import { parsePageRange, selectPages } from '../../src/options/page-range.js';
import { assertValidOutput, fixture } from '../helpers.js';

type Seg = Record<string, unknown> & { segment_type: string; page_number: number; content?: string; html?: string; markdown?: string };

function segments(r: ParseJobView): Seg[] {
  return (r.chunks ?? []).flatMap((c) => c.segments as Seg[]);
}

describe('born-digital parse', () => {
  let engine: Engine;
  const run = async (file: string, options: Record<string, unknown> = {}) => {
    const c = await engine.parse(file, options);
    const r = await engine.waitForJob(c.job_id);
    assertValidOutput(r);
    return r;
  };
  beforeAll(() => {
    engine = createEngine({ workers: 2 });
  });
  afterAll(() => engine.close());

  it('types the segments of a two-column document and keeps their text', async () => {
    const r = await run(fixture('pdf', 'us_constitution.pdf'));
    expect(r.status).toBe('Succeeded');
    expect(r.page_count).toBe(19);
    const segs = segments(r);
    const types = new Set(segs.map((s) => s.segment_type));
    for (const t of ['Text', 'SectionHeader', 'PageFooter']) expect(types, t).toContain(t);
    const all = segs.map((s) => s.content).join(' ');
    expect(all).toContain('We the People of the United States');
    for (const s of segs) {
      expect(s.page_width).toBeGreaterThan(0);
      const b = s.bbox as { left: number; top: number; width: number; height: number };
      expect(b.left).toBeGreaterThanOrEqual(-1);
      expect(b.left + b.width).toBeLessThanOrEqual((s.page_width as number) + 1);
      expect(b.top + b.height).toBeLessThanOrEqual((s.page_height as number) + 1);
    }
    // Column order: the left column's text on page 3 precedes the right column's.
    const p3 = segs.filter((s) => s.page_number === 3).map((s) => s.content).join(' ');
    expect(p3.indexOf('No Person shall be a Senator')).toBeGreaterThanOrEqual(0);
    expect(p3.indexOf('No Person shall be a Senator')).toBeLessThan(p3.indexOf('Each House shall keep a Journal'));
    // Chunks embed their text and are bounded.
    for (const c of r.chunks!) {
      expect(c.chunk_length as number).toBeLessThanOrEqual(600);
      expect(typeof c.embed).toBe('string');
    }
  });

  it('rebuilds a ruled table with spans as an HTML table', async () => {
    const r = await run(fixture('pdf', 'column_span_1.pdf'));
    const tables = segments(r).filter((s) => s.segment_type === 'Table');
    expect(tables.length).toBeGreaterThanOrEqual(1);
    const html = tables[0]!.html!;
    expect(html).toMatch(/^<table>/);
    expect(html).toMatch(/<tbody>/);
    expect(html).toMatch(/(colspan|rowspan)="\d+"/);
    expect(tables[0]!.markdown).toMatch(/^\| .* \|\n\|( --- \|)+/);
  });

  it('slim profile keeps exactly the slim fields and wins over output_fields', async () => {
    const r = await run(fixture('pdf', 'multi_page.pdf'), { response_profile: 'slim', output_fields: { html: true, content: true } });
    for (const s of segments(r)) {
      expect(Object.keys(s).sort()).toEqual(['bbox', 'embed', s.segment_type === 'Table' ? 'html' : 'markdown', 'page_number', 'segment_id', 'segment_type'].sort());
    }
  });

  it('output_fields excludes fields without a profile, and custom honours them', async () => {
    for (const profile of [undefined, 'custom']) {
      const r = await run(fixture('pdf', 'multi_page.pdf'), { output_fields: '{"html": false, "ocr": false, "embed": false}', ...(profile ? { response_profile: profile } : {}) });
      for (const s of segments(r)) {
        expect(s).not.toHaveProperty('html');
        expect(s).not.toHaveProperty('ocr');
        expect(s).toHaveProperty('markdown');
        expect(s).toHaveProperty('content');
      }
      for (const c of r.chunks!) expect(c).not.toHaveProperty('embed');
    }
    const full = await run(fixture('pdf', 'multi_page.pdf'), { response_profile: 'full', output_fields: { html: false } });
    for (const s of segments(full)) expect(s).toHaveProperty('html');
  });

  it('segment_filter keeps only the named types (case-insensitive) and drops empty chunks', async () => {
    const all = await run(fixture('pdf', 'us_constitution.pdf'));
    const r = await run(fixture('pdf', 'us_constitution.pdf'), { segment_filter: 'SectionHeader, pagefooter' });
    const types = new Set(segments(r).map((s) => s.segment_type));
    expect([...types].sort()).toEqual(['PageFooter', 'SectionHeader']);
    expect(segments(r).length).toBe(segments(all).filter((s) => types.has(s.segment_type)).length);
    for (const c of r.chunks!) expect((c.segments as unknown[]).length).toBeGreaterThan(0);
  });

  it('page ranges in every syntax select those pages', async () => {
    for (const [range, pages] of [
      ['1-3', [1, 2, 3]],
      ['2,4,6', [2, 4, 6]],
      ['[1,3,5]', [1, 3, 5]],
      ['1-2,5,7-8', [1, 2, 5, 7, 8]],
    ] as const) {
      const r = await run(fixture('pdf', 'us_constitution.pdf'), { page_range: range });
      expect(r.page_count, range).toBe(pages.length);
      expect([...new Set(segments(r).map((s) => s.page_number))].sort((a, b) => a - b), range).toEqual(pages);
    }
    expect(selectPages(parsePageRange('p', '18-40'), 19)).toEqual([18, 19]);
    const none = await run(fixture('pdf', 'multi_page.pdf'), { page_range: '50-60' });
    expect(none.status).toBe('Failed');
    expect(none.message).toMatch(/selects no page/);
  });

  it('page_by_page yields one Page segment per page', async () => {
    const r = await run(fixture('pdf', 'multi_page.pdf'), { segmentation_method: 'page_by_page' });
    const segs = segments(r);
    expect(segs.map((s) => s.segment_type)).toEqual(['Page', 'Page', 'Page', 'Page', 'Page']);
    expect(segs.map((s) => s.page_number)).toEqual([1, 2, 3, 4, 5]);
    expect(segs[0]!.content!.length).toBeGreaterThan(100);
  });

  it('the Other naming convention renames types', async () => {
    const r = await run(fixture('pdf', 'us_constitution.pdf'), { segment_naming: 'Other', page_range: '1-4' });
    const types = new Set(segments(r).map((s) => s.segment_type));
    expect(types.has('PageFooter')).toBe(false);
    expect(types.has('Footer') || types.has('Section Header')).toBe(true);
  });

  it('opens an encrypted PDF with its password and explains a wrong or missing one', async () => {
    const ok = await run(fixture('pdf', 'password-1234.pdf'), { password: '1234' });
    expect(ok.status).toBe('Succeeded');
    expect(ok.page_count).toBe(1);
    expect(ok.configuration).not.toHaveProperty('password');
    const missing = await run(fixture('pdf', 'password-1234.pdf'));
    expect(missing.status).toBe('Failed');
    expect(missing.message).toMatch(/encrypted.*needs a password/);
    const wrong = await run(fixture('pdf', 'password-1234.pdf'), { password: 'nope' });
    expect(wrong.status).toBe('Failed');
    expect(wrong.message).toMatch(/password is incorrect/);
  });

  it('fails empty, non-document and over-limit inputs with a message that says which (a workbook goes the Excel path)', async () => {
    const empty = await engine.waitForJob((await engine.parse({ data: new Uint8Array(0), fileName: 'empty.pdf' })).job_id);
    expect(empty.status).toBe('Failed');
    expect(empty.message).toMatch(/empty/);
    const text = await engine.waitForJob((await engine.parse({ data: new TextEncoder().encode('just some words, not a document'), fileName: 'notes.txt' })).job_id);
    expect(text.status).toBe('Failed');
    expect(text.message).toMatch(/Unsupported file type/);
    // A workbook sent to parse goes through the Excel path inside the parse job (spec: parse accepts XLSX).
    const xlsx = await engine.waitForJob((await engine.parse({ data: new Uint8Array(fs.readFileSync(fixture('xlsx', 'sheet_visibility.xlsx'))), fileName: 'book.xlsx' })).job_id);
    expect(xlsx.status).toBe('Succeeded');
    expect(xlsx.chunks!.flatMap((c) => c.segments).some((s: any) => s.cell_references)).toBe(true);
    const small = createEngine({ workers: 1, maxPages: 10 });
    try {
      const big = await small.waitForJob((await small.parse(fixture('pdf', 'us_constitution.pdf'))).job_id);
      expect(big.status).toBe('Failed');
      expect(big.message).toMatch(/19 pages; the limit is 10/);
    } finally {
      await small.close();
    }
  });

  it('segment and chunk ids are unique, and differ between jobs', async () => {
    const ra = await run(fixture('pdf', 'multi_page.pdf'));
    const a = segments(ra).map((s) => s.segment_id);
    const b = segments(await run(fixture('pdf', 'multi_page.pdf'))).map((s) => s.segment_id);
    expect(a.length).toBeGreaterThan(0);
    expect(new Set(a).size).toBe(a.length);
    expect(new Set(ra.chunks!.map((c) => c.chunk_id)).size).toBe(ra.chunks!.length);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });
});
