/**
 * Typing errors of issue 27 item 7, on a generated page: numbered section headings in bold
 * ("2. Method", "2.1 Data") are SectionHeaders, not ListItems; a numbered list in body type
 * stays a list; a bold company name alone in the bottom margin (nothing below it) is not a
 * SectionHeader.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import type { Segment } from '../../src/model/document.js';

const PROSE = 'The method reads every page of the document and groups its words into lines and blocks before';
const PROSE2 = 'deciding the type of each block from its font, its position and the blocks around it on the page.';

async function pagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const page = doc.addPage([595, 842]);
  let y = 760;
  const put = (t: string, f = font, gap = 14) => {
    page.drawText(t, { x: 72, y, size: 11, font: f });
    y -= gap;
  };
  for (let k = 0; k < 3; k++) { put(PROSE); put(PROSE2, font, 24); }
  put('2. Method', bold, 20);
  put(PROSE); put(PROSE2, font, 24);
  put('2.1 Data', bold, 20);
  put(PROSE); put(PROSE2, font, 24);
  put('1. Collect the documents from the archive.', font, 16);
  put('2. Parse every page with the default options.', font, 16);
  put('3. Compare the types with the annotations.', font, 24);
  put(PROSE); put(PROSE2, font, 24);
  page.drawText('ACME Corporation', { x: 250, y: 40, size: 11, font: bold });
  return doc.save();
}

describe('heading and list typing', () => {
  let engine: Engine;
  let segs: Segment[];
  beforeAll(async () => {
    engine = createEngine({ workers: 1 });
    const job = await engine.parse(await pagePdf());
    const res = (await engine.waitForJob(job.job_id)) as unknown as { chunks: Array<{ segments: Segment[] }> };
    segs = res.chunks.flatMap((c) => c.segments);
  });
  afterAll(async () => {
    await engine.close();
  });
  const typeOf = (start: string) => segs.find((s) => s.content.startsWith(start))?.segment_type;

  it('types bold numbered headings as SectionHeader', () => {
    expect(typeOf('2. Method')).toBe('SectionHeader');
    expect(typeOf('2.1 Data')).toBe('SectionHeader');
  });

  it('keeps a numbered list in body type a list', () => {
    expect(typeOf('1. Collect')).toBe('ListItem');
  });

  it('does not take a footer name for a heading', () => {
    expect(typeOf('ACME Corporation')).not.toBe('SectionHeader');
  });
});

describe('reference labels in the top margin', () => {
  it('a "[18]" beside its reference at the top of a page is not a page header', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.TimesRoman);
    const page = doc.addPage([595, 842]);
    // The reference starts at the top margin; its label is set apart with a hanging indent.
    page.drawText('[18]', { x: 56, y: 800, size: 10, font });
    const lines = ['A. Author and B. Writer. A study of layout analysis on scanned pages. In Proceedings', 'of the Conference on Document Analysis, pages 1-10, 2020.'];
    lines.forEach((t, i) => page.drawText(t, { x: 100, y: 800 - i * 12, size: 10, font }));
    for (let k = 0; k < 12; k++) page.drawText(`${PROSE.slice(0, 80)} ${k}`, { x: 56, y: 700 - k * 14, size: 10, font });
    const engine = createEngine({ workers: 1 });
    try {
      const job = await engine.parse(await doc.save());
      const res = (await engine.waitForJob(job.job_id)) as unknown as { chunks: Array<{ segments: Segment[] }> };
      const label = res.chunks.flatMap((c) => c.segments).find((s) => s.content.trim().startsWith('[18]'));
      expect(label).toBeDefined();
      expect(label!.segment_type).not.toBe('PageHeader');
    } finally {
      await engine.close();
    }
  });
});
