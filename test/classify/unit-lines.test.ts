/**
 * A line that repeats near the top of every page is not furniture when it goes on from the
 * body (issue 27 item 7). A statistical report sets each table's caption at the top of its
 * page and its unit line ("[In thousands]") right under the caption: the unit line repeats
 * at one place on every page, in the top margin, and was typed PageHeader, cut from its
 * table. A generated three-page report with a running head above the captions: the running
 * head stays PageHeader, the unit line is body text. ICDAR 2013's us-017 (two such pages)
 * is checked too, skipped without the corpus.
 *
 * The same for headings at the top of columns: the bundled constitution opens columns with
 * "SECTION. 7." and "SECTION. 8." (numbers aside, one text, in the top margin of page after
 * page) and they were PageHeaders, or Text where no running head was found. A running head
 * stands once on a page: text found twice in one page's margin is a heading style. A
 * division's label alone ("SECTION. 7.", "Amendment XIV.") is a heading despite its stop.
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus, parsedSegments } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number }

const US_017 = 'tables/tabula-java/src/test/resources/technology/tabula/icdar2013-dataset/competition-dataset-us/us-017.pdf';

function tablePage(page: PDFPage, font: PDFFont, bold: PDFFont, n: number, runningHead: boolean): void {
  if (runningHead) page.drawText('Projections of Education Statistics to 2030', { x: 200, y: 760, size: 8, font });
  page.drawText(`Table ${n}. Actual and projected enrollment in public schools, by region and grade: fall ${2000 + n} through fall 2030`, { x: 54, y: 730, size: 9, font: bold });
  page.drawText('[In thousands]', { x: 276, y: 718, size: 8, font });
  const cols = [54, 150, 230, 310, 390, 470];
  ['Year', 'Total', 'Northeast', 'Midwest', 'South', 'West'].forEach((h, k) => page.drawText(h, { x: cols[k]!, y: 700, size: 8, font: bold }));
  page.drawLine({ start: { x: 54, y: 696 }, end: { x: 560, y: 696 }, thickness: 0.5 });
  for (let r = 0; r < 24; r++) {
    const year = 2000 + r;
    const values = [String(year), ...[47, 8, 10, 17, 11].map((v, k) => ((v * 1000 + r * 37 * (k + 1)) / 1000).toFixed(3).replace('.', ','))];
    values.forEach((v, k) => page.drawText(v, { x: cols[k]!, y: 684 - r * 12, size: 8, font }));
  }
  page.drawText(`${30 + n}`, { x: 540, y: 40, size: 8, font });
}

async function reportPdf(runningHead: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let n = 1; n <= 3; n++) tablePage(doc.addPage([612, 792]), font, bold, n, runningHead);
  return doc.save();
}

const CLAUSE = 'The council shall meet in public at least once a month, and its minutes shall be kept open to any resident who asks to read them.';

/** Three pages of two columns, each column opening with a numbered section heading. */
async function charterPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const times = await doc.embedFont(StandardFonts.TimesRoman);
  let section = 1;
  for (let n = 1; n <= 3; n++) {
    const page = doc.addPage([612, 792]);
    page.drawText('THE CHARTER OF THE CITY OF SPRINGFIELD', { x: 220, y: 765, size: 7.5, font: times });
    for (const x of [72, 320]) {
      page.drawText(`SECTION. ${section++}.`, { x, y: 728, size: 12, font: times });
      for (let k = 0; k < 40; k++) {
        const words = CLAUSE.split(' ');
        const line = words.slice((k * 3) % 12, ((k * 3) % 12) + 9).join(' ');
        page.drawText(line, { x, y: 708 - 13 * k, size: 10, font: times });
      }
    }
    page.drawText(String(n), { x: 300, y: 40, size: 9, font: times });
  }
  return doc.save();
}

describe('a unit line under each page\'s table caption', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  const segments = (data: Uint8Array) => parsedSegments<Seg>(engine, { data, fileName: 'report.pdf' });

  for (const runningHead of [true, false]) {
    it(`is body text on every page, ${runningHead ? 'under a running head typed PageHeader' : 'with no running head'}`, async () => {
      const segs = await segments(await reportPdf(runningHead));
      const shown = JSON.stringify(segs.map((s) => [s.page_number, s.segment_type, s.content.slice(0, 40)]));
      const units = segs.filter((s) => s.content.trim() === '[In thousands]');
      expect(units.map((s) => s.page_number), shown).toEqual([1, 2, 3]);
      for (const u of units) expect(['PageHeader', 'PageFooter'], shown).not.toContain(u.segment_type);
      const heads = segs.filter((s) => s.content.startsWith('Projections of Education'));
      expect(heads.map((s) => s.segment_type), shown).toEqual(runningHead ? ['PageHeader', 'PageHeader', 'PageHeader'] : []);
      expect(segs.filter((s) => s.content.trim() === '31').map((s) => s.segment_type), shown).toEqual(['PageFooter']);
    });
  }

  it.skipIf(!hasCorpus)("keeps us-017's unit lines in the body", async () => {
    const segs = await parsedSegments<Seg>(engine, corpusPath(US_017), { page_range: '2-3' });
    const units = segs.filter((s) => s.content.trim() === '[In thousands]');
    expect(units.length).toBe(2);
    for (const u of units) expect(u.segment_type).toBe('Text');
  });
});

describe('section headings at the top of columns, page after page', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it('types them SectionHeader and the running head PageHeader', async () => {
    const segs = await parsedSegments<Seg>(engine, { data: await charterPdf(), fileName: 'charter.pdf' });
    const shown = JSON.stringify(segs.filter((s) => s.content.length < 60).map((s) => [s.page_number, s.segment_type, s.content]));
    const headings = segs.filter((s) => /^SECTION\. \d\.$/.test(s.content.trim()));
    expect(headings.map((s) => s.content.trim()), shown).toEqual(['SECTION. 1.', 'SECTION. 2.', 'SECTION. 3.', 'SECTION. 4.', 'SECTION. 5.', 'SECTION. 6.']);
    for (const h of headings) expect(h.segment_type, shown).toBe('SectionHeader');
    expect(segs.filter((s) => s.content.startsWith('THE CHARTER')).map((s) => s.segment_type), shown).toEqual(['PageHeader', 'PageHeader', 'PageHeader']);
  });
});
