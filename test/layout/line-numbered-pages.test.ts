/**
 * Pages with line numbers down the margin and double-spaced text: court transcripts,
 * depositions, pleading paper (issue 27 item 7). Read before, each line number was a Text
 * segment of its own, read before the page's header; each double-spaced line was a
 * paragraph; "Q." and "A." turns were list items; and pdfplumber's Supreme Court transcript
 * page became one Table of its numbers and lines. Generated pages: a deposition in Courier
 * numbered 1-25 (right-aligned; and flush left in Times), pleading paper (1-28 left of a
 * double rule, numbered paragraphs set double-spaced), a patent's two columns with every
 * fifth line numbered in the gutter, a page of a table with a column of row numbers beside
 * cells (which keeps its numbers), lines that each hold a number inside them ("Entry 12 of
 * the ledger …"), and a page of one-line entries set apart (which stay apart). The corpus's
 * transcript page is checked too (skipped without the corpus).
 */
import fs from 'node:fs';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus, parsedSegments } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number }

const TURNS = [
  ['Q.', 'And where were you working at that time, sir?'],
  ['A.', "I was with the county surveyor's office, in the records", 'division, from about March of that year until the end of', 'the following summer, when the office moved downtown.'],
  ['Q.', 'Did you have any responsibility for the boundary files?'],
  ['A.', 'Not directly. Those were kept by the chief clerk, and', 'we asked her for them when a request came in.'],
];

/** Lines of a deposition page: each turn's first line opens with its mark. */
function depositionLines(): string[] {
  const out: string[] = [];
  while (out.length < 23) for (const [mark, first, ...rest] of TURNS) out.push(`${mark} ${first}`, ...rest);
  return out.slice(0, 23);
}

async function pdfOf(pages: number, draw: (s: { page: PDFPage; font: PDFFont; times: PDFFont; index: number }) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Courier);
  const times = await doc.embedFont(StandardFonts.TimesRoman);
  for (let index = 0; index < pages; index++) draw({ page: doc.addPage([612, 792]), font, times, index });
  return doc.save();
}

/** Two deposition pages: a header, lines numbered 1-25 right-aligned at x 92, 23 lines of text double-spaced, a folio. */
const deposition = () =>
  pdfOf(2, ({ page, font, times, index }) => {
    page.drawText('Official - Subject to Final Review', { x: 230, y: 750, size: 10, font: times });
    const lines = depositionLines();
    for (let k = 1; k <= 25; k++) {
      const y = 720 - (k - 1) * 25.8;
      page.drawText(String(k), { x: 92 - font.widthOfTextAtSize(String(k), 12), y, size: 12, font });
      if (k <= lines.length) page.drawText(lines[k - 1]!, { x: 105, y, size: 12, font });
    }
    page.drawText(String(index + 14), { x: 300, y: 40, size: 12, font });
  });

describe('line-numbered, double-spaced pages', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  const segments = (data: Uint8Array, fileName: string) => parsedSegments<Seg>(engine, { data, fileName });
  const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

  it('reads a deposition: the numbers one margin segment per page, the header first, one segment per turn, turns as text', async () => {
    const segs = await segments(await deposition(), 'deposition.pdf');
    const shown = JSON.stringify(segs.map((s) => [s.page_number, s.segment_type, flat(s.content).slice(0, 40)]));
    for (const page of [1, 2]) {
      const own = segs.filter((s) => s.page_number === page);
      const numbers = own.filter((s) => /^\d+( \d+)*$/.test(flat(s.content)));
      // The folio, and one segment holding 1..25 in order, typed as the margin's furniture.
      expect(numbers.map((s) => flat(s.content)).sort(), shown).toEqual([Array.from({ length: 25 }, (_, i) => i + 1).join(' '), String(page + 13)].sort());
      expect(numbers.every((s) => s.segment_type === 'PageHeader' || s.segment_type === 'PageFooter'), shown).toBe(true);
      expect(own.some((s) => s.segment_type === 'Table'), shown).toBe(false);
      expect(flat(own[0]!.content), shown).toBe('Official - Subject to Final Review');
      // A three-line answer is one segment, and no turn is a list item.
      expect(own.some((s) => flat(s.content) === `A. ${TURNS[1]!.slice(1).join(' ')}`), shown).toBe(true);
      expect(own.filter((s) => s.segment_type === 'ListItem'), shown).toEqual([]);
    }
  });

  it('takes numbers set flush left as one column 1-25, not 10-25 by their right edge', async () => {
    const lines = depositionLines();
    const data = await pdfOf(1, ({ page, times }) => {
      for (let k = 1; k <= 25; k++) {
        const y = 720 - (k - 1) * 22;
        page.drawText(String(k), { x: 50, y, size: 11, font: times });
        if (k <= lines.length) page.drawText(lines[k - 1]!, { x: 80, y, size: 11, font: times });
      }
    });
    const segs = await segments(data, 'flush-left.pdf');
    const shown = JSON.stringify(segs.map((s) => [s.segment_type, flat(s.content).slice(0, 40)]));
    const numbers = segs.filter((s) => /^\d+( \d+)*$/.test(flat(s.content)));
    expect(numbers.map((s) => [s.segment_type, flat(s.content)]), shown).toEqual([['PageHeader', Array.from({ length: 25 }, (_, i) => i + 1).join(' ')]]);
  });

  it('reads pleading paper: 28 numbers left of a double rule, numbered paragraphs double-spaced, each one block', async () => {
    const paragraphs = [
      '1. Plaintiff is, and at all times mentioned in this complaint was, a corporation organized under the laws of the State of California, with its principal place of business in the County of Alameda.',
      '2. Defendant is, and at all times mentioned in this complaint was, an individual residing in the County of Sonoma, and the owner of the parcel described in Exhibit A attached to this complaint.',
      '3. On or about March 4, the parties entered into a written agreement for the survey of the parcel, a true copy of which is attached as Exhibit B and made part of this complaint by reference.',
      '4. Plaintiff performed every condition of the agreement on its part, and delivered the survey and its plat to defendant within the time the agreement allowed, at the address it named.',
    ];
    const data = await pdfOf(1, ({ page, times }) => {
      for (let k = 1; k <= 28; k++) page.drawText(String(k), { x: 60 - times.widthOfTextAtSize(String(k), 12), y: 720 - (k - 1) * 24, size: 12, font: times });
      for (const x of [70, 73, 560]) page.drawLine({ start: { x, y: 20 }, end: { x, y: 792 }, thickness: 0.5 });
      let line = 0;
      for (const p of paragraphs) {
        let cur = '';
        let first = true;
        const flush = () => {
          page.drawText(cur, { x: first ? 126 : 90, y: 720 - line++ * 24, size: 12, font: times });
          first = false;
          cur = '';
        };
        for (const w of p.split(' ')) {
          const next = cur ? `${cur} ${w}` : w;
          if (times.widthOfTextAtSize(next, 12) > (first ? 424 : 460)) {
            flush();
            cur = w;
          } else cur = next;
        }
        if (cur) flush();
      }
    });
    const segs = await segments(data, 'pleading.pdf');
    const shown = JSON.stringify(segs.map((s) => [s.segment_type, flat(s.content).slice(0, 50)]));
    expect(segs.map((s) => flat(s.content)), shown).toEqual([...paragraphs, Array.from({ length: 28 }, (_, i) => i + 1).join(' ')]);
    expect(segs.at(-1)!.segment_type, shown).toBe('PageHeader');
  });

  it("reads a patent's two columns whole, their gutter's line numbers (5, 10 … 55) one margin segment", async () => {
    const words = 'the apparatus comprises a housing having a first chamber and a second chamber separated by a flexible membrane which is connected to the actuator so that the pressure in the first chamber moves'.split(' ');
    const columns: string[][] = [[], []];
    const data = await pdfOf(1, ({ page, times }) => {
      for (let c = 0; c < 2; c++) {
        for (let i = 0; i < 56; i++) {
          let line = '';
          for (let k = i * 3 + c * 7; ; k++) {
            const next = line ? `${line} ${words[k % words.length]}` : words[k % words.length]!;
            if (times.widthOfTextAtSize(next, 10) > 230) break;
            line = next;
          }
          page.drawText(line, { x: [66, 316][c]!, y: 720 - i * 11.5, size: 10, font: times });
          columns[c]!.push(line);
        }
      }
      // Every fifth line numbered, centred in the 20-pt gutter, in 8-pt type.
      for (let n = 5; n <= 55; n += 5) page.drawText(String(n), { x: 306 - times.widthOfTextAtSize(String(n), 8) / 2, y: 720 - (n - 1) * 11.5, size: 8, font: times });
    });
    const segs = await segments(data, 'patent.pdf');
    const shown = JSON.stringify(segs.map((s) => [s.segment_type, flat(s.content).slice(0, 50)]));
    expect(segs.map((s) => flat(s.content)), shown).toEqual([columns[0]!.join(' '), columns[1]!.join(' '), '5 10 15 20 25 30 35 40 45 50 55']);
    expect(segs.at(-1)!.segment_type, shown).toBe('PageHeader');
  });

  it('keeps a table whose first column numbers its rows', async () => {
    const items = ['Bracket, steel', 'Hinge, brass', 'Bolt M6', 'Washer', 'Nut M6', 'Spring', 'Gasket', 'Clamp', 'Rivet', 'Screw M4', 'Pin', 'Cap'];
    const data = await pdfOf(1, ({ page, font }) => {
      page.drawText('Parts list', { x: 72, y: 720, size: 14, font });
      items.forEach((item, i) => {
        const y = 690 - i * 22;
        page.drawText(String(i + 1), { x: 90 - font.widthOfTextAtSize(String(i + 1), 10), y, size: 10, font });
        page.drawText(item, { x: 110, y, size: 10, font });
        // Quantities in fives: a column of 5, 10 … 60 one row apart is no patent's gutter.
        page.drawText(String(5 * (i + 1)), { x: 300, y, size: 10, font });
        page.drawText(`${(1.25 * (i + 2)).toFixed(2)}`, { x: 400, y, size: 10, font });
      });
    });
    const segs = await segments(data, 'parts.pdf');
    const shown = JSON.stringify(segs.map((s) => [s.segment_type, flat(s.content).slice(0, 60)]));
    const table = segs.find((s) => s.segment_type === 'Table');
    expect(table, shown).toBeDefined();
    expect(flat(table!.content), flat(table!.content)).toContain('12 Cap 60 16.25');
    expect(segs.some((s) => s.segment_type === 'PageHeader'), shown).toBe(false);
  });

  it('keeps numbers that stand inside their lines ("Entry 12 …") in their lines', async () => {
    const data = await pdfOf(1, ({ page, times }) => {
      for (let i = 1; i <= 14; i++) page.drawText(`Entry ${i + 9} of the ledger was copied out by the clerk in the spring.`, { x: 72, y: 700 - i * 14, size: 11, font: times });
    });
    const segs = await segments(data, 'ledger.pdf');
    const text = segs.map((s) => flat(s.content)).join(' ');
    expect(text, text).toContain('Entry 10 of the ledger');
    expect(text, text).toContain('Entry 23 of the ledger');
    expect(segs.some((s) => s.segment_type === 'PageHeader'), text).toBe(false);
  });

  it('keeps one-line entries set apart as entries of their own', async () => {
    const entries = ['Meeting of the planning board', 'Minutes approved as read', 'Treasurer reported no change', 'New business: the north lot', 'Motion to adjourn carried', 'Next meeting on the fourth', 'Present: five members', 'Absent: none'];
    const data = await pdfOf(1, ({ page, times }) => {
      entries.forEach((e, i) => page.drawText(e, { x: 72, y: 700 - i * 26, size: 12, font: times }));
    });
    const segs = await segments(data, 'entries.pdf');
    expect(segs.map((s) => flat(s.content)), JSON.stringify(segs.map((s) => s.content))).toEqual(entries);
  });

  it.skipIf(!hasCorpus)("reads pdfplumber's Supreme Court transcript page as text beside its line numbers, not a table of them", async () => {
    const segs = await segments(fs.readFileSync(corpusPath('tables/pdfplumber/tests/pdfs/scotus-transcript-p1.pdf')), 'scotus.pdf');
    const shown = JSON.stringify(segs.map((s) => [s.segment_type, flat(s.content).slice(0, 50)]));
    const margin = segs.find((s) => flat(s.content).startsWith('1 2 3 4 5'));
    expect(margin?.segment_type, shown).toBe('PageHeader');
    expect(flat(margin!.content)).toBe(Array.from({ length: 25 }, (_, i) => i + 1).join(' '));
    // No other segment is a lone line number, and the body's text is in its own segments.
    expect(segs.filter((s) => s !== margin && /^(?:[2-9]|1\d|2[0-5])$/.test(flat(s.content))), shown).toEqual([]);
    const prose = segs.find((s) => flat(s.content).includes('The above-entitled matter came on for oral argument before the Supreme Court'));
    expect(prose?.segment_type, shown).toBe('Text');
    for (const t of segs.filter((s) => s.segment_type === 'Table')) expect(t.content, shown).not.toContain('APPEARANCES');
  });
});
