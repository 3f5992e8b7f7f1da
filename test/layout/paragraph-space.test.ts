/**
 * Paragraphs told apart by space, weight and size rather than by indents (issue 27 item 7),
 * on generated pages a user parses every day, and on corpus pages:
 * - a contract: a bold heading of two lines ("ARTICLE 1" over "DEFINITIONS") took the clause
 *   under it, and clauses set 6 pt apart (under the 0.9-em joining gap) were one segment;
 * - a CV: its name (24 pt) beside the sidebar's "CONTACT" made a Table of the header and the
 *   sidebar; an 11-pt heading took the 10-pt job title under it, and a 9-pt date its 10-pt
 *   paragraph;
 * - the corpus: a one-line paragraph ("Maybe they have to be crazy.") joined the next one,
 *   and a list running low on a landscape page must not be typed footer line by line.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, fixture, hasCorpus, parsedSegments } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number }
const flat = (s: Seg) => s.content.replace(/\s+/g, ' ');

/** Draws `text` wrapped to the right margin at 540 from `x`, `size` pt at 1.3 leading; returns the y under it. */
function paragraph(page: PDFPage, font: PDFFont, text: string, x: number, y: number, size = 11): number {
  let line = '';
  for (const w of text.split(' ')) {
    const next = line ? `${line} ${w}` : w;
    if (font.widthOfTextAtSize(next, size) > 540 - x) {
      page.drawText(line, { x, y, size, font });
      y -= size * 1.3;
      line = w;
    } else line = next;
  }
  page.drawText(line, { x, y, size, font });
  return y - size * 1.3;
}

async function contract(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const f = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const page = doc.addPage([612, 792]);
  let y = 730;
  for (const [n, title, clauses] of [
    ['1', 'DEFINITIONS', ['1.1 "Confidential Information" means any information disclosed by one party to the other that is marked as confidential or that a reasonable person would understand to be confidential.', '1.2 "Services" means the services described in each Statement of Work, including the hosting of the platform.']],
    ['2', 'TERM AND TERMINATION', ['2.1 Term. This Agreement begins on the Effective Date and continues for three years unless terminated earlier under this Article.', '2.2 Termination for Cause. Either party may terminate this Agreement on thirty days written notice if the other party materially breaches it.']],
  ] as const) {
    page.drawText(`ARTICLE ${n}`, { x: 72, y, size: 11, font: bold });
    page.drawText(title, { x: 72, y: y - 14, size: 11, font: bold });
    y -= 34;
    // Clauses 6 pt apart: 0.85 em between boxes, where a clause's own lines stand 0.3 em apart.
    for (const c of clauses) y = paragraph(page, f, c, 72, y) - 6;
  }
  return doc.save();
}

async function cv(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const f = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  page.drawRectangle({ x: 0, y: 0, width: 190, height: 792, color: rgb(0.93, 0.93, 0.95) });
  page.drawText('Maria Okafor', { x: 210, y: 730, size: 24, font: bold });
  page.drawText('Senior Data Engineer', { x: 210, y: 705, size: 13, font: f });
  let y = 730;
  for (const [t, b, gap] of [['CONTACT', true, 18], ['maria.okafor@example.com', false, 14], ['+44 20 7946 0958', false, 14], ['London, United Kingdom', false, 28], ['SKILLS', true, 18], ['Python, SQL, Scala', false, 14], ['Apache Spark, Kafka', false, 14]] as const) {
    page.drawText(t, { x: 24, y, size: 9.5, font: b ? bold : f });
    y -= gap;
  }
  y = 660;
  page.drawText('PROFILE', { x: 210, y, size: 11, font: bold });
  y = paragraph(page, f, 'Data engineer with ten years of experience building batch and streaming pipelines for retail and financial services.', 210, y - 18, 10) - 10;
  page.drawText('EXPERIENCE', { x: 210, y, size: 11, font: bold });
  page.drawText('Data Engineer, Northbank Financial', { x: 210, y: y - 18, size: 10, font: bold });
  page.drawText('2014 - 2020', { x: 210, y: y - 32, size: 9, font: f });
  paragraph(page, f, "Built the bank's first data lake and the reporting pipelines for regulatory returns, replacing spreadsheets kept by hand.", 210, y - 46, 10);
  return doc.save();
}

describe('paragraphs told apart by space, weight and size', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it('parts a contract into its headings and clauses', async () => {
    const segs = (await parsedSegments<Seg>(engine, Buffer.from(await contract()))).map(flat);
    expect(segs).toContain('ARTICLE 1 DEFINITIONS');
    expect(segs).toContain('ARTICLE 2 TERM AND TERMINATION');
    for (const n of ['1.1', '1.2', '2.1', '2.2']) expect(segs.filter((s) => s.includes(`${n} `)).map((s) => s.slice(0, 4)), n).toEqual([`${n} `]);
  });

  it("reads a CV's header and sidebar as text, each heading, date and paragraph apart", async () => {
    const segs = await parsedSegments<Seg>(engine, Buffer.from(await cv()));
    expect(segs.filter((s) => s.segment_type === 'Table')).toEqual([]);
    expect(segs.find((s) => s.content === 'Maria Okafor')?.segment_type).toBe('Title');
    const texts = segs.map(flat);
    for (const t of ['CONTACT', 'PROFILE', 'EXPERIENCE', 'Data Engineer, Northbank Financial', '2014 - 2020']) expect(texts, t).toContain(t);
    expect(texts.some((s) => s.startsWith("Built the bank's first data lake"))).toBe(true);
  });

  it('keeps the clauses of the bundled constitution apart', async () => {
    const segs = (await parsedSegments<Seg>(engine, fixture('pdf', 'us_constitution.pdf'), { page_range: '2' })).map(flat);
    expect(segs.some((s) => s.startsWith('The Senate of the United States') && s.endsWith('shall have one Vote.'))).toBe(true);
    expect(segs.some((s) => s.startsWith('Immediately after they shall be assembled'))).toBe(true);
  });

  it.skipIf(!hasCorpus)('a one-line paragraph of the corpus stands alone', async () => {
    const segs = (await parsedSegments<Seg>(engine, corpusPath('robustness/sample-files/021-pdfa/crazyones-pdfa.pdf'))).map(flat);
    expect(segs).toContain('Maybe they have to be crazy.');
    expect(segs).toContain('We make tools for these kinds of people.');
  });

  it.skipIf(!hasCorpus)('a list running low on a landscape page is no footer', async () => {
    const segs = await parsedSegments<Seg>(engine, corpusPath('tables/pdfplumber/tests/pdfs/pr-138-example.pdf'));
    const items = segs.filter((s) => s.content.startsWith('Extra Variable Interest Only Rate'));
    expect(items.length).toBeGreaterThan(0);
    for (const s of items) expect(s.segment_type).toBe('Text');
  });
});
