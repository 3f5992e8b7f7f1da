/**
 * A running footer on one page alone (issue 27: footers typed Caption or Footnote where
 * repetition could not find them). A generated two-page report: page 1 ends with a numbered
 * footnote whose number is raised ("16" set small and high), page 2 with the report's folio
 * line "17 Acme Corporation 2024 Annual Report" and a "< Back to contents >" link level
 * with it. The folio line and its row are PageFooter; the footnote stays a Footnote. The
 * corpus excerpt that showed it is checked too (skipped without the corpus). A page's label
 * of itself ("Page 2/3") set below the top margin is furniture too.
 */
import fs from 'node:fs';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus, parsedSegments } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number }

const PARAGRAPH = [
  'The company kept its spending within the plan agreed at the start of the year, and the',
  'savings made in the first half were carried into the second, where most of the new work',
  'was done. The board reviewed the results each quarter and approved the final accounts.',
];

function body(page: PDFPage, font: PDFFont, top: number): void {
  for (let k = 0; k < 12; k++) page.drawText(PARAGRAPH[k % 3]!, { x: 72, y: top - k * 13, size: 10, font });
}

async function reportPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p1 = doc.addPage([612, 792]);
  body(p1, font, 700);
  // A footnote at the page's foot, its number raised and smaller than its text.
  p1.drawText('16', { x: 72, y: 60, size: 5.5, font });
  p1.drawText('Figures for the support fund are those of its annual report, section 2.1.', { x: 80, y: 56, size: 8, font });
  const p2 = doc.addPage([612, 792]);
  body(p2, font, 700);
  p2.drawText('17 Acme Corporation 2024 Annual Report', { x: 72, y: 40, size: 8, font });
  p2.drawText('< Back to contents >', { x: 480, y: 40, size: 8, font });
  return doc.save();
}

describe('a running footer found on one page alone', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  const segments = (data: Uint8Array) => parsedSegments<Seg>(engine, { data, fileName: 'report.pdf' });

  it('types the folio line and its row PageFooter, and a raised-number note Footnote', async () => {
    const segs = await segments(await reportPdf());
    const shown = JSON.stringify(segs.map((s) => [s.page_number, s.segment_type, s.content.slice(0, 40)]));
    expect(segs.find((s) => s.content.startsWith('17 Acme Corporation'))?.segment_type, shown).toBe('PageFooter');
    expect(segs.find((s) => s.content.includes('Back to contents'))?.segment_type, shown).toBe('PageFooter');
    expect(segs.find((s) => s.content.includes('support fund'))?.segment_type, shown).toBe('Footnote');
  });

  it("types a footer line closed by the page of a count ('27/312') PageFooter, with the folio beside it", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    body(page, font, 760);
    page.drawText('The Acme Journal 2009 – 223 27/312', { x: 380, y: 32, size: 7, font });
    page.drawText('27', { x: 520, y: 32, size: 8, font });
    const segs = await segments(await doc.save());
    const shown = JSON.stringify(segs.map((s) => [s.page_number, s.segment_type, s.content.slice(0, 40)]));
    expect(segs.find((s) => s.content.startsWith('The Acme Journal'))?.segment_type, shown).toBe('PageFooter');
    expect(segs.find((s) => s.content === '27')?.segment_type, shown).toBe('PageFooter');
  });

  it("types a page's label of itself ('Page 2/3') furniture below the top margin, and a body line that cites a page not", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    for (let n = 1; n <= 3; n++) {
      const page = doc.addPage([612, 792]);
      // A sixth of the way down: below the 13 % margin where furniture was looked for.
      page.drawText(`Page ${n}/3`, { x: 90, y: 792 - 150, size: 12, font: bold });
      body(page, font, 560);
    }
    const last = doc.getPage(2);
    last.drawText('Page 1/3', { x: 90, y: 300, size: 12, font: bold });
    const segs = await segments(await doc.save());
    const shown = JSON.stringify(segs.map((s) => [s.page_number, s.segment_type, s.content.slice(0, 40)]));
    for (const n of [1, 2, 3]) expect(segs.find((s) => s.page_number === n && s.content === `Page ${n}/3`)?.segment_type, shown).toBe('PageHeader');
    // On page 3, mid-page and naming another page: not this page's label.
    expect(segs.find((s) => s.page_number === 3 && s.content === 'Page 1/3')?.segment_type, shown).not.toMatch(/^Page(Header|Footer)$/);
  });

  it.skipIf(!hasCorpus)('the corpus excerpt whose second page alone has the footer', async () => {
    const file = corpusPath('layout/docling-eval/tests/data/cvat_pdfs_dataset_e2e/case_02/7f11a5a272d5fbf8a02253cf48d12e24b8a3723f79960cb10ff2ef2c34346e66.pdf');
    const segs = await segments(new Uint8Array(fs.readFileSync(file)));
    const shown = JSON.stringify(segs.map((s) => [s.page_number, s.segment_type, s.content.slice(0, 40)]));
    expect(segs.find((s) => s.content.startsWith('16 Neurocrine Biosciences'))?.segment_type, shown).toBe('PageFooter');
    // (Page 1 is a designed page whose one large Picture holds its own footer's words.)
    expect(segs.find((s) => s.page_number === 2 && s.content.includes('Return to ToC'))?.segment_type, shown).toBe('PageFooter');
  });
});
