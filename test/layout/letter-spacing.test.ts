/**
 * Letter-spaced words (issue 27 item 7). Headings and running heads set wide by kerning each
 * glyph apart read as single letters ("a r t i c l e i n f o", "C O N S T I T U T I O N"), as
 * pdftotext reads them: no search, reader or heading rule took them for words. The gaps say
 * where the words are (a letter gap one width, a word space wider), and a space glyph drawn
 * in a hair-thin font between the letters (a typesetter's hint for extraction) is no word
 * space. Guards: letters typed with real spaces between them stay as typed, in one show-text
 * or one glyph per show-text (a browser's print), and so do a formula's italic letters.
 */
import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFOperator, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, fixture, hasCorpus, parsedSegments } from '../helpers.js';

type Arg = PDFName | PDFHexString | PDFArray | number;
const op = (name: string, ...args: Arg[]) => PDFOperator.of(name as never, args.map((a) => (typeof a === 'number' ? PDFNumber.of(a) : a)));
const hex = (font: PDFFont, s: string) => font.encodeText(s) as PDFHexString;

/** Each letter its own show-text at `size`, letters `trackEm` apart and words a space's width more; `hint`: a hair-thin space between letters. */
function spacedLetters(page: PDFPage, f: string, font: PDFFont, words: string[], x: number, y: number, size: number, trackEm: number, hint?: string): void {
  page.pushOperators(op('BT'));
  let at = x;
  words.forEach((w, wi) => {
    if (wi > 0) at += (0.28 + trackEm) * size;
    for (const [k, ch] of [...w].entries()) {
      if (k > 0 || wi > 0) {
        if (hint) page.pushOperators(op('Tf', PDFName.of(hint), 0.0002), op('Tm', 1, 0, 0, 1, at - trackEm * size, y), op('Tj', hex(font, ' ')));
      }
      page.pushOperators(op('Tf', PDFName.of(f), size), op('Tm', 1, 0, 0, 1, at, y), op('Tj', hex(font, ch)));
      at += font.widthOfTextAtSize(ch, size) + trackEm * size;
    }
  });
  page.pushOperators(op('ET'));
}

/** One TJ per word, each glyph kerned `trackEm` apart (no space glyph): the running-head style. */
function kernedWords(page: PDFPage, f: string, font: PDFFont, words: string[], x: number, y: number, size: number, trackEm: number): void {
  let at = x;
  for (const w of words) {
    const parts: (PDFHexString | PDFNumber)[] = [];
    for (const [k, ch] of [...w].entries()) {
      if (k > 0) parts.push(PDFNumber.of(-trackEm * 1000));
      parts.push(hex(font, ch));
    }
    const arr = PDFArray.withContext(page.doc.context);
    for (const p of parts) arr.push(p);
    page.pushOperators(op('BT'), op('Tf', PDFName.of(f), size), op('Tm', 1, 0, 0, 1, at, y), op('TJ', arr), op('ET'));
    at += font.widthOfTextAtSize(w, size) + (w.length - 1) * trackEm * size + 0.75 * size;
  }
}

/** One glyph and a real space per show-text, as Chromium prints typed "O F T H E". */
function glyphWithSpace(page: PDFPage, f: string, font: PDFFont, text: string, x: number, y: number, size: number): void {
  page.pushOperators(op('BT'), op('Tf', PDFName.of(f), size));
  let at = x;
  for (const ch of text.replace(/ /g, '')) {
    page.pushOperators(op('Tm', 1, 0, 0, 1, at, y), op('Tj', hex(font, `${ch} `)));
    at += font.widthOfTextAtSize(`${ch} `, size);
  }
  page.pushOperators(op('ET'));
}

const PROSE = 'The samples were collected in the spring and analysed within a week of collection by the same laboratory.';

interface Seg { segment_type: string; content: string }

describe('letter-spaced words', () => {
  let engine: Engine;
  let segs: Seg[] = [];
  beforeAll(async () => {
    engine = createEngine({ workers: 1 });
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const helv = await doc.embedFont(StandardFonts.Helvetica);
    const oblique = await doc.embedFont(StandardFonts.HelveticaOblique);
    const names = { H: helv, O: oblique };
    page.node.setFontDictionary(PDFName.of('H'), helv.ref);
    page.node.setFontDictionary(PDFName.of('O'), oblique.ref);
    spacedLetters(page, 'H', names.H, ['article', 'info'], 72, 720, 9, 0.44, 'H');
    page.drawText(PROSE, { x: 72, y: 700, size: 9, font: helv });
    spacedLetters(page, 'H', names.H, ['highlights'], 72, 660, 9, 0.44);
    page.drawText(PROSE, { x: 72, y: 640, size: 9, font: helv });
    kernedWords(page, 'H', names.H, ['CONSTITUTION', 'OF', 'THE', 'UNITED', 'STATES'], 72, 600, 7, 0.3);
    page.drawText(PROSE, { x: 72, y: 580, size: 9, font: helv });
    page.drawText('S U M M A R Y', { x: 72, y: 540, size: 9, font: helv });
    page.drawText(PROSE, { x: 72, y: 520, size: 9, font: helv });
    glyphWithSpace(page, 'H', names.H, 'O F T H E', 72, 480, 9);
    page.drawText(PROSE, { x: 72, y: 460, size: 9, font: helv });
    spacedLetters(page, 'O', names.O, ['xyzw'], 72, 420, 9, 0.3);
    segs = await parsedSegments<Seg>(engine, Buffer.from(await doc.save()));
  }, 60_000);
  afterAll(() => engine.close());

  const texts = () => segs.map((s) => s.content.replace(/\s+/g, ' '));
  it('reads letters set apart as their words, word spaces where the gaps widen', () => {
    expect(texts()).toContain('article info');
    expect(texts()).toContain('highlights');
    expect(texts()).toContain('CONSTITUTION OF THE UNITED STATES');
  });
  it('keeps letters typed with real spaces as typed', () => {
    expect(texts()).toContain('S U M M A R Y');
    expect(texts().some((t) => t.includes('O F T H E'))).toBe(true);
  });
  it("keeps a formula's italic letters apart", () => {
    expect(texts().some((t) => t.includes('x y z w'))).toBe(true);
  });
});

describe('letter-spaced running head of a bundled PDF', () => {
  let engine: Engine;
  afterAll(() => engine?.close());
  it('reads the U.S. Constitution\'s running head as words, a footer on each page', async () => {
    engine = createEngine({ workers: 1 });
    const segs = await parsedSegments<Seg & { page_number: number }>(engine, fixture('pdf', 'us_constitution.pdf'), { page_range: '2-3' });
    const heads = segs.filter((s) => s.content === 'CONSTITUTION OF THE UNITED STATES');
    expect(heads.map((s) => s.page_number)).toEqual([2, 3]);
    expect(heads.every((s) => s.segment_type === 'PageFooter')).toBe(true);
  }, 60_000);
});

describe.skipIf(!hasCorpus)('letter-spaced headings of a journal page', () => {
  let engine: Engine;
  afterAll(() => engine?.close());
  it("reads an Elsevier page's 'a r t i c l e i n f o' and 'a b s t r a c t' as headings of words", async () => {
    engine = createEngine({ workers: 1 });
    const file = corpusPath('layout/docling-eval/tests/data/cvat_pdfs_dataset_e2e/case_01/f95360ac01844ef2fc92b26df9d7080f14609af514ce9bee3d8555c03cd01fca.pdf');
    const heads = (await parsedSegments<Seg>(engine, file, { page_range: '1' })).filter((s) => s.segment_type === 'SectionHeader').map((s) => s.content);
    expect(heads).toEqual(expect.arrayContaining(['highlights', 'article info', 'abstract']));
  }, 60_000);
});
