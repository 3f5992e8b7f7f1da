/**
 * The v3 markdown path runs the page pipeline itself with a default parse's settings and
 * without word lists (operations/parse-v3/window-document.ts). These tests hold it to what
 * it promises: each page's v3 markdown equals that page's segments' markdown in a default
 * v1 parse of the same PDF (without crops, which v3 never makes: a picture's markdown then has
 * no image URL) (a generated one with a title, headings, a list, a ruled table
 * and a repeated footer; corpus PDFs with tables and an OCR'd scan when the corpus is
 * present), and the worker really drops the word lists it is asked to drop, nothing else.
 */
import fs from 'node:fs';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import type { Segment } from '../../src/model/document.js';
import { analyzePdfPages } from '../../src/pipeline/pages/pdf-pages.js';
import { corpusPath, hasCorpus } from '../helpers.js';

const PROSE = 'The method reads every page of the document and groups its words into lines and blocks before';
const PROSE2 = 'deciding the type of each block from its font, its position and the blocks around it on the page.';

async function samplePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  for (let p = 1; p <= 3; p++) {
    const page = doc.addPage([595, 842]);
    let y = 770;
    const put = (t: string, f = font, size = 11, gap = 14) => {
      page.drawText(t, { x: 72, y, size, font: f });
      y -= gap;
    };
    if (p === 1) put('A Report on Lean Parsing', bold, 22, 40);
    put(`${p}. Section ${p}`, bold, 13, 22);
    for (let k = 0; k < 3; k++) {
      put(PROSE);
      put(PROSE2, font, 11, 24);
    }
    put('- first point of the list', font, 11, 16);
    put('- second point of the list', font, 11, 26);
    // A ruled 3 x 3 table.
    const top = y;
    const rows = [['Name', 'Pages', 'Words'], ['alpha', '12', '3400'], ['beta', '7', '2100']];
    rows.forEach((r, i) => r.forEach((t, j) => page.drawText(t, { x: 80 + 120 * j, y: top - 16 - 20 * i, size: 11, font })));
    for (let i = 0; i <= 3; i++) page.drawLine({ start: { x: 72, y: top - 20 * i }, end: { x: 432, y: top - 20 * i }, thickness: 0.8, color: rgb(0, 0, 0) });
    for (let j = 0; j <= 3; j++) page.drawLine({ start: { x: 72 + 120 * j, y: top }, end: { x: 72 + 120 * j, y: top - 60 }, thickness: 0.8, color: rgb(0, 0, 0) });
    page.drawText(`Lean Parsing Report - page ${p}`, { x: 230, y: 30, size: 9, font });
  }
  return doc.save();
}

/** A default v1 parse's segment markdown grouped by page, as the v3 job groups it. */
function v1PagesMarkdown(segments: readonly Segment[], pageCount: number): string[] {
  const byPage: string[][] = Array.from({ length: pageCount }, () => []);
  for (const s of segments) {
    const md = s.markdown.trim();
    if (md) byPage[s.page_number - 1]!.push(md);
  }
  return byPage.map((parts) => parts.join('\n\n'));
}

describe('v3 markdown equals the v1 segments markdown of a default parse', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 2 });
  });
  afterAll(async () => {
    await engine.close();
  });

  async function compare(data: Uint8Array, fileName: string): Promise<string[]> {
    // v3 makes no crops, so its pictures have no image URL: the v1 parse is asked for none either.
    const job = await engine.parse({ data, fileName }, { output_fields: '{"image":false}' });
    const res = (await engine.waitForJob(job.job_id)) as unknown as { status: string; page_count: number; chunks: Array<{ segments: Segment[] }> };
    expect(res.status).toBe('Succeeded');
    const v3 = await engine.waitForMarkdownJob(engine.parseMarkdown({ data, fileName }).job_id);
    expect(v3.status).toBe('done');
    const expected = v1PagesMarkdown(res.chunks.flatMap((c) => c.segments), res.page_count);
    expect(v3.pages!.map((p) => p.markdown)).toEqual(expected);
    return expected;
  }

  it('on a generated PDF with a title, headings, a list, a ruled table and a footer', async () => {
    const pages = await compare(await samplePdf(), 'report.pdf');
    expect(pages[0]).toContain('# A Report on Lean Parsing');
    expect(pages[1]).toMatch(/\| *Name *\| *Pages *\| *Words *\|/);
  });

  it.skipIf(!hasCorpus)('on corpus PDFs: tables and headings (18 pages), an OCR scan', async () => {
    for (const rel of ['layout/docling/tests/data/pdf/sources/redp5110_sampled.pdf', 'ocr/OCRmyPDF/tests/resources/skew.pdf']) {
      const file = corpusPath(rel);
      if (!fs.existsSync(file)) continue;
      const pages = await compare(new Uint8Array(fs.readFileSync(file)), rel.split('/').pop()!);
      expect(pages.join('').length).toBeGreaterThan(100);
    }
  });
});

describe('pdf.analyzePages with wordLists: false', () => {
  it('returns the same layout with each line keeping only its first two words (the footnote-mark test reads them)', async () => {
    const data = await samplePdf();
    const task = { data, pages: [1, 2], options: { pageByPage: false, fixReadingOrder: false }, ocr: { ocrMode: 'auto_ocr' as const, ocrEngine: 'ServiceHawk', highResolution: false, cropDir: null }, layout: null };
    const full = await analyzePdfPages({ ...task, key: 'full' });
    const lean = await analyzePdfPages({ ...task, key: 'lean', wordLists: false });
    const lines = (ls: typeof full) => ls.flatMap((l) => l.blocks.flatMap((b) => b.lines));
    expect(lines(full).some((l) => l.words.length > 0)).toBe(true);
    expect(lines(lean).every((l) => l.words.length <= 2)).toBe(true);
    expect(lines(lean).map((l) => JSON.stringify(l.words))).toEqual(lines(full).map((l) => JSON.stringify(l.words.slice(0, 2))));
    const noWords = (ls: typeof full) => JSON.stringify(ls, (k, v) => (k === 'words' ? undefined : v));
    expect(noWords(lean)).toBe(noWords(full));
  });
});
