/**
 * Text set sideways up a side margin is page furniture (issue 27, item 7: arXiv's 20-pt
 * stamp was the first page's Title, and the paper's title a SectionHeader). A generated
 * first page of a paper: a 15-pt title, body text, and a 20-pt stamp rotated up the left
 * margin. The stamp is PageHeader and the title Title; a sideways label standing inside
 * the body's span (a figure's axis title) is not furniture, nor is the text of a page
 * turned sideways. The unstructured arXiv papers
 * of the corpus are checked too (skipped without the corpus).
 */
import fs from 'node:fs';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus, parsedSegments } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number }

const STAMP = 'arXiv:2411.01234v2 [cs.DL] 12 Nov 2024';
const LINES = [
  'Documents reach us as scans, exports and forms, and most of what they say is in their',
  'layout: where a heading stands, which column a paragraph belongs to, what a table spans.',
  'This paper describes an engine that reads that layout on an ordinary processor, offline.',
];

async function paperPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const page = doc.addPage([612, 792]);
  page.drawText('Reading Layout Offline', { x: 230, y: 720, size: 15, font: bold });
  page.drawText('A. Author and B. Author', { x: 250, y: 698, size: 11, font });
  for (let k = 0; k < 24; k++) page.drawText(LINES[k % 3]!, { x: 108, y: 640 - k * 13, size: 10, font });
  // arXiv's stamp: 20-pt Times, rotated to read upwards, in the left margin.
  page.drawText(STAMP, { x: 42, y: 220, size: 20, font, rotate: degrees(90) });
  // A sideways axis title inside the body's span, beside a drawn plot.
  page.drawRectangle({ x: 160, y: 120, width: 300, height: 160, borderWidth: 0.8 });
  page.drawText('Pages per second', { x: 150, y: 150, size: 9, font, rotate: degrees(90) });
  return doc.save();
}

describe('sideways notes in the side margin', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  const segments = (data: Uint8Array, fileName: string, pages?: string) => parsedSegments<Seg>(engine, { data, fileName }, pages ? { page_range: pages } : {});

  it("types arXiv's stamp PageHeader and gives the Title back to the paper's title", async () => {
    const segs = await segments(await paperPdf(), 'paper.pdf');
    const shown = JSON.stringify(segs.map((s) => [s.segment_type, s.content.slice(0, 40)]));
    expect(segs.find((s) => s.content.replace(/\s+/g, ' ') === STAMP)?.segment_type, shown).toBe('PageHeader');
    expect(segs.filter((s) => s.segment_type === 'Title').map((s) => s.content), shown).toEqual(['Reading Layout Offline']);
    const label = segs.find((s) => s.content.includes('Pages per second'));
    expect(label, shown).toBeDefined();
    expect(label!.segment_type, shown).not.toBe('PageHeader');
  });

  it('leaves the body of a page turned sideways alone', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.TimesRoman);
    const page = doc.addPage([612, 792]);
    // Every line rotated: the outer columns of text stand in the side margins too.
    for (let k = 0; k < 36; k++) page.drawText(LINES[k % 3]!, { x: 60 + k * 14, y: 120, size: 10, font, rotate: degrees(90) });
    const segs = await segments(await doc.save(), 'sideways.pdf');
    expect(segs.length).toBeGreaterThan(0);
    expect(segs.filter((s) => s.segment_type === 'PageHeader').map((s) => s.content)).toEqual([]);
  });

  it.skipIf(!hasCorpus)('does so on the arXiv papers of the corpus', async () => {
    const dir = corpusPath('office/unstructured/example-docs/pdf');
    for (const [file, title, stamp] of [
      ['multi-column.pdf', 'Dense Passage Retrieval for Open-Domain Question Answering', 'arXiv:2004.04906v3 [cs.CL] 30 Sep 2020'],
      ['layout-parser-paper-fast.pdf', 'LayoutParser: A Unified Toolkit for Deep', 'arXiv:2103.15348v2 [cs.CV] 21 Jun 2021'],
    ] as const) {
      const segs = await segments(new Uint8Array(fs.readFileSync(`${dir}/${file}`)), file, '1');
      const shown = JSON.stringify(segs.map((s) => [s.segment_type, s.content.slice(0, 40)]));
      expect(segs.find((s) => s.content === stamp)?.segment_type, shown).toBe('PageHeader');
      expect(segs.filter((s) => s.segment_type === 'Title').map((s) => s.content.split('\n')[0]), shown).toEqual([title]);
    }
  });
});
