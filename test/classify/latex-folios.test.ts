/**
 * Page numbers set above the bottom margin (issue 27, item 7): LaTeX's article class puts
 * the folio 14-17 % of the page's height from its foot, above the 13 % margin where page
 * furniture was looked for, so the corpus's pdflatex samples had their page numbers as Text.
 * A generated three-page document in that geometry: each lone, centred number, the lowest
 * text of its page, is PageFooter; a closing sentence standing as high is still Text. The
 * corpus's pdflatex sample is checked too (skipped without the corpus).
 */
import fs from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus, parsedSegments } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number }

const H = 842;
const LINES = [
  'The measurements were repeated on three days, and the values agreed within the error',
  'that the instrument states; the table in the appendix gives each of them in full, with',
  'the conditions of the room, so that anyone may check the calculation that follows here.',
];

async function latexLikePdf(lastLine?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let n = 1; n <= 3; n++) {
    const page = doc.addPage([595, H]);
    for (let k = 0; k < 40; k++) page.drawText(LINES[k % 3]!, { x: 89, y: H - 100 - k * 13.6, size: 10, font });
    // The folio, centred, its top at 0.853 of the page's height (pdflatex's article class).
    if (lastLine) page.drawText(lastLine, { x: 89, y: H - 728, size: 10, font });
    else page.drawText(String(n), { x: 295, y: H - 728, size: 10, font });
  }
  return doc.save();
}

describe('page numbers above the bottom margin', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  const segments = (data: Uint8Array, fileName: string) => parsedSegments<Seg>(engine, { data, fileName });

  it('types the lowest lone page number of each page PageFooter', async () => {
    const segs = await segments(await latexLikePdf(), 'latex.pdf');
    const folios = segs.filter((s) => /^\d$/.test(s.content));
    expect(folios.map((s) => [s.page_number, s.segment_type])).toEqual([
      [1, 'PageFooter'],
      [2, 'PageFooter'],
      [3, 'PageFooter'],
    ]);
  });

  it('leaves a closing sentence standing as high as Text', async () => {
    const segs = await segments(await latexLikePdf('Signed on the third day.'), 'closing.pdf');
    const closing = segs.filter((s) => s.content.includes('Signed on the third day.'));
    expect(closing.map((s) => s.segment_type)).toEqual(['Text', 'Text', 'Text']);
  });

  it.skipIf(!hasCorpus)("types pdflatex's folios PageFooter in the corpus sample", async () => {
    const file = corpusPath('robustness/sample-files/004-pdflatex-4-pages/pdflatex-4-pages.pdf');
    const segs = await segments(new Uint8Array(fs.readFileSync(file)), 'pdflatex-4-pages.pdf');
    expect(segs.filter((s) => /^\d$/.test(s.content)).map((s) => s.segment_type)).toEqual(['PageFooter', 'PageFooter', 'PageFooter', 'PageFooter']);
  });
});
