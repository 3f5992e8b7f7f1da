/**
 * Paragraph breaks shown only by left edges (issue 27 item 7): ragged-right paragraphs with
 * first-line indents, where a paragraph's last line can be a full one and the next
 * paragraph's first line stops short of the right edge (a word processor's default), and a
 * bibliography set in hanging indents. Before, such paragraphs were joined two or three to a
 * segment, every reference of the list was one segment, a memo's numbered paragraphs (each
 * first line set in with its number) were one, and a letter's "Dear …," was its first
 * paragraph's first words. Guards: a centred block stays one block, and so does a
 * paragraph set in a block quote's indent throughout.
 */
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { parsedSegments } from '../helpers.js';

const PROSE = `The council met on the second Tuesday of the month to review the budget for the coming
year, and to hear the reports of its working groups on housing, transport and parks. Each group
had been asked to bring forward proposals that could be paid for within the limits agreed at the
spring meeting, and to say which of them could wait. The housing group asked for a survey of
empty buildings in the old market district, which it said could be let to families on the
waiting list within two years. The transport group proposed a later last bus on the three routes
that serve the hospital, paid for by moving one vehicle from the quieter Sunday timetable. The
parks group had the shortest list: new benches along the river path, a survey of the old trees
in the cemetery, and a small fund for volunteers who keep the allotments in order.`.split(/\s+/);

/**
 * `n` lines of the prose from word `from`, the first opening with `lead`, each filled to
 * `width` (the first to `first`): every line full, ragged by under a word.
 */
function fill(font: PDFFont, size: number, lead: string, from: number, n: number, first: number, width: number): { lines: string[]; next: number } {
  const lines: string[] = [];
  let k = from;
  for (let i = 0; i < n; i++) {
    let s = i === 0 ? lead : '';
    for (;;) {
      const w = PROSE[k % PROSE.length]!;
      const t = s ? `${s} ${w}` : w;
      if (font.widthOfTextAtSize(t, size) > (i === 0 ? first : width)) break;
      s = t;
      k++;
    }
    lines.push(s);
  }
  return { lines, next: k };
}

interface Seg { segment_type: string; content: string; page_number: number }

describe('paragraph breaks shown by left edges', () => {
  let engine: Engine;
  const firstLines: string[][] = [];
  let segs: Seg[] = [];
  beforeAll(async () => {
    engine = createEngine({ workers: 1 });
    const doc = await PDFDocument.create();
    for (const [name, size] of [[StandardFonts.TimesRoman, 11], [StandardFonts.Helvetica, 10]] as const) {
      const font = await doc.embedFont(name);
      const page = doc.addPage([612, 792]);
      const starts: string[] = [];
      let y = 740;
      const lead = size * 1.25;
      let k = 0;
      // Five paragraphs of four lines, ragged right at 540, first lines set in half an inch.
      for (let p = 0; p < 5; p++) {
        const { lines, next } = fill(font, size, `Paragraph${p}:`, k, 4, 432, 468);
        k = next;
        lines.forEach((t, i) => {
          page.drawText(t, { x: i === 0 ? 108 : 72, y, size, font });
          y -= lead;
        });
        starts.push(lines[0]!);
      }
      y -= lead;
      // Three references in hanging indents: first line at the edge, the rest set in half an inch.
      for (let r = 0; r < 3; r++) {
        const { lines, next } = fill(font, size, `Author${r}, B. (${2010 + r}).`, k, 3, 468, 432);
        k = next;
        lines.forEach((t, i) => {
          page.drawText(t, { x: i === 0 ? 72 : 108, y, size, font });
          y -= lead;
        });
      }
      y -= lead;
      // A centred address block, and a quotation set in 0.5 in on its every line.
      for (const t of ['Department of Parks and Recreation', 'City Hall, Room 204', 'Springfield and the surrounding county', 'Open Monday to Friday']) {
        page.drawText(t, { x: 306 - font.widthOfTextAtSize(t, size) / 2, y, size, font });
        y -= lead;
      }
      y -= lead;
      for (const t of fill(font, size, 'Quoted:', 40, 3, 396, 396).lines) {
        page.drawText(t, { x: 108, y, size, font });
        y -= lead;
      }
      firstLines.push(starts);
    }
    // A memo's numbered paragraphs: each first line set in with its number, the rest at the margin.
    const courier = await doc.embedFont(StandardFonts.Courier);
    const memo = doc.addPage([612, 792]);
    let my = 720;
    for (let p = 1; p <= 4; p++) {
      fill(courier, 10, `(${p})`, 9 * p, 4, 450, 468).lines.forEach((t, i) => {
        memo.drawText(t, { x: i === 0 ? 90 : 72, y: my, size: 10, font: courier });
        my -= 12;
      });
    }
    // A letter: a salutation over a paragraph whose first line is set in.
    const font = await doc.embedFont(StandardFonts.TimesRoman);
    const page = doc.addPage([612, 792]);
    page.drawText('Dear Ms. Alvarez,', { x: 72, y: 700, size: 12, font });
    fill(font, 12, 'Thank you for your letter of the fourth. The', 1, 3, 432, 468).lines.forEach((t, i) => page.drawText(t, { x: i === 0 ? 108 : 72, y: 680 - i * 15, size: 12, font }));
    segs = await parsedSegments<Seg>(engine, Buffer.from(await doc.save()));
  }, 120_000);
  afterAll(() => engine.close());

  it('starts a segment at each paragraph of ragged-right text', () => {
    for (const [i, starts] of firstLines.entries()) {
      const page = segs.filter((s) => s.page_number === i + 1);
      for (const first of starts) {
        const mark = first.split(' ')[0]!;
        const holder = page.filter((s) => s.content.includes(mark));
        expect(holder.map((s) => s.content.match(/Paragraph\d:/g)), first).toEqual([[mark]]);
        // The paragraph's first line opens its segment.
        expect(holder[0]!.content.startsWith(first), holder[0]!.content.slice(0, 80)).toBe(true);
      }
    }
  });

  it('makes each reference of a hanging indent a segment of its own', () => {
    for (const n of [1, 2]) {
      const refs = segs.filter((s) => s.page_number === n && /^Author\d, B\./.test(s.content));
      expect(refs.map((s) => s.content.match(/Author\d/g)!.length)).toEqual([1, 1, 1]);
    }
  });

  it('starts a segment at each numbered paragraph whose first line is set in', () => {
    const memo = segs.filter((s) => s.page_number === 3).map((s) => s.content.replace(/\s+/g, ' '));
    expect(memo.map((s) => s.slice(0, 3))).toEqual(['(1)', '(2)', '(3)', '(4)']);
  });

  it("parts a letter's salutation from its first paragraph", () => {
    const letter = segs.filter((s) => s.page_number === 4).map((s) => s.content.replace(/\s+/g, ' '));
    expect(letter[0]).toBe('Dear Ms. Alvarez,');
    expect(letter[1]).toMatch(/^Thank you for your letter of the fourth. The council met/);
    expect(letter).toHaveLength(2);
  });

  it('keeps a centred block and an indented quotation whole', () => {
    for (const n of [1, 2]) {
      const page = segs.filter((s) => s.page_number === n);
      expect(page.filter((s) => s.content.includes('City Hall')).map((s) => s.content.replace(/\s+/g, ' '))).toEqual([
        'Department of Parks and Recreation City Hall, Room 204 Springfield and the surrounding county Open Monday to Friday',
      ]);
      const quote = page.filter((s) => s.content.includes('Quoted:'));
      expect(quote).toHaveLength(1);
      expect(quote[0]!.content.startsWith('Quoted:')).toBe(true);
      expect(quote[0]!.content.split(/\s+/).length).toBeGreaterThan(30);
    }
  });
});
