import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { resetSofficeCache, sofficeAvailable } from '../../src/engines/soffice/soffice.js';
import { chunksMarkdown } from '../../src/operations/parse/export/write-exports.js';
import { assertValidOutput, corpusPath, fixture, hasCorpus } from '../helpers.js';
import { sampleDocx } from '../../bench/lib/sample-docx.js';

const hasSoffice = sofficeAvailable();
const read = (url: string) => fs.readFileSync(fileURLToPath(url));

describe('parse of office documents and exports', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());
  afterEach(() => {
    delete process.env.QUIRE_SOFFICE;
    resetSofficeCache();
  });

  it('parses a DOCX natively without LibreOffice, with exports matching the chunks', async () => {
    process.env.QUIRE_SOFFICE = 'none';
    resetSofficeCache();
    const job = await engine.parse({ data: await sampleDocx(), fileName: 'report.docx' }, { export_format: '["docx","markdown","json","pdf"]' });
    const done = await engine.waitForJob(job.job_id);
    assertValidOutput(done);
    expect(done.status).toBe('Succeeded');
    expect(done.page_count).toBe(2);
    expect(done.pdf_url).toBeNull();
    expect(done.metadata).toMatchObject({ document: { format: 'docx', pagination: 'explicit-page-breaks', rendering: expect.stringMatching(/not available/) } });
    const segments = done.chunks!.flatMap((c) => c.segments as Array<Record<string, unknown>>);
    expect(segments.map((s) => s.segment_type)).toEqual(expect.arrayContaining(['Title', 'SectionHeader', 'ListItem', 'Table', 'Text']));
    expect(segments.find((s) => s.segment_type === 'Table')!.html).toContain('colspan="2"');

    const exp = done.exports!;
    expect(exp.pdf_error).toMatch(/unsupported export format/);
    expect(read(exp.markdown!).toString()).toBe(chunksMarkdown(done.chunks as never));
    expect(JSON.parse(read(exp.json!).toString())).toEqual(done.chunks);
    // The DOCX is a valid package whose text is the parse's text.
    const parts = unzipSync(read(exp.docx!));
    expect(Object.keys(parts)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'word/document.xml']));
    const xml = strFromU8(parts['word/document.xml']!);
    const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(' ');
    for (const s of segments) for (const word of String(s.content).split(/\s+/).filter((w) => /^\w+$/.test(w))) expect(text).toContain(word);
    expect(xml).toContain('w:gridSpan w:val="2"');
    expect(xml).toMatch(/w:pageBreakBefore/);
  });

  it('exports a PDF parse: the DOCX reopens through the DOCX reader with the same words', async () => {
    const job = await engine.parse(fixture('pdf', 'multi_page.pdf'), { export_format: '["docx","markdown"]', page_range: '1-2' });
    const done = await engine.waitForJob(job.job_id);
    expect(done.status).toBe('Succeeded');
    const { loadDocx } = await import('../../src/formats/docx/load-docx.js');
    const back = loadDocx(read(done.exports!.docx!), 'x.docx');
    const words = (s: string) => s.split(/\s+/).filter(Boolean);
    const original = done.chunks!.flatMap((c) => c.segments as Array<{ content: string }>).flatMap((s) => words(s.content));
    const reread = back.items.flatMap((i) => words(i.text));
    expect(reread.length).toBeGreaterThan(0.95 * original.length);
    expect(back.pages.length).toBe(2);
    expect(read(done.exports!.markdown!).toString()).toBe(chunksMarkdown(done.chunks as never));
  });

  it('a bare export_format value is skipped silently', async () => {
    const job = await engine.parse({ data: await sampleDocx(), fileName: 'r.docx' }, { export_format: 'docx' }).catch((e: Error) => e);
    if (job instanceof Error) throw job;
    const done = await engine.waitForJob(job.job_id);
    expect(done.status).toBe('Succeeded');
    expect(done.exports).toBeUndefined();
  });

  it('fails DOC without LibreOffice with a message that says so', async () => {
    process.env.QUIRE_SOFFICE = 'none';
    resetSofficeCache();
    // A CFB header with a WordDocument stream name is enough to be recognised as Word 97.
    const bytes = new Uint8Array(4096);
    bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    bytes.set(Buffer.from('WordDocument', 'utf16le'), 1024);
    const done = await engine.waitForJob((await engine.parse({ data: bytes, fileName: 'old.doc' })).job_id);
    expect(done.status).toBe('Failed');
    expect(done.message).toMatch(/LibreOffice/);
  });

  it('sends XLSX given to parse to the Excel path', async () => {
    const { utils, write } = await import('xlsx');
    const wb = utils.book_new();
    utils.book_append_sheet(wb, utils.aoa_to_sheet([['Name', 'Qty'], ['bolt', 3]]), 'Stock');
    const data = new Uint8Array(write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const done = await engine.waitForJob((await engine.parse({ data, fileName: 'stock.xlsx' })).job_id);
    expect(done.status).toBe('Succeeded');
    const seg = (done.chunks![0] as { segments: unknown[] }).segments[0] as { segment_type: string; cell_references?: unknown };
    expect(seg.segment_type).toBe('Table');
    expect(seg.cell_references).toBeDefined();
  });

  it.skipIf(!hasSoffice || !hasCorpus)('converts a legacy DOC through LibreOffice and renders a PDF', async () => {
    const done = await engine.waitForJob((await engine.parse(corpusPath('office/docling/tests/data/doc/sources/legacy_sample.doc'))).job_id);
    expect(done.status).toBe('Succeeded');
    expect(done.pdf_url).toMatch(/^file:.*rendered\.pdf$/);
    expect(read(done.pdf_url!).subarray(0, 5).toString()).toBe('%PDF-');
    expect(done.metadata).toMatchObject({ document: { rendering: 'libreoffice-pdf' } });
  }, 120_000);

  it.skipIf(!hasSoffice)('with LibreOffice, a DOCX gets the pages and boxes of its rendering and pdf_url points at it', async () => {
    const done = await engine.waitForJob((await engine.parse({ data: await sampleDocx(), fileName: 'report.docx' })).job_id);
    expect(done.status).toBe('Succeeded');
    expect(done.metadata).toMatchObject({ document: { pagination: 'libreoffice-rendering', boxes: 'aligned-to-rendering' } });
    expect(read(done.pdf_url!).subarray(0, 5).toString()).toBe('%PDF-');
    const segs = done.chunks!.flatMap((c) => c.segments as Array<{ content: string; page_number: number; bbox: { left: number; top: number; width: number } }>);
    const title = segs.find((s) => s.content === 'Annual Report')!;
    const closing = segs.find((s) => s.content.startsWith('Closing words'))!;
    expect(title.page_number).toBe(1);
    expect(title.bbox.width).toBeGreaterThan(50);
    expect(closing.page_number).toBe(2);
    expect(closing.bbox.top).toBeLessThan(200); // first thing on its page
  }, 120_000);
});
