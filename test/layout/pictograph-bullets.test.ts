/**
 * Bullets set in a pictograph font (issue 27 item 7). InDesign and other producers write a
 * Wingdings bullet's ToUnicode as the byte that selects it, so the text layer reads "Ê Savoir
 * définir …" and "y Children": letters that pass for words, and items that were no list
 * items (several joined into one Text segment). Read the way Windows reads a symbol font
 * (U+F000 + byte, as Word-made PDFs carry their bullets), each is a mark: the items are
 * ListItems, one per bullet, and the mark is no word of the item's text. Guard: the same
 * bytes in a text font stay the letters they are.
 */
import { PDFDocument, PDFHexString, PDFName, PDFNumber, PDFOperator, StandardFonts, type PDFPage, type PDFRef } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus, parsedSegments } from '../helpers.js';

const ITEMS = [
  'Prescribe and read a blood gas test in the light of the clinical situation and its history.',
  'Know how to diagnose and treat a metabolic acidosis and a respiratory acidosis.',
  'Know the main causes of metabolic acidosis and what sets each of them apart.',
];

/** A non-embedded TrueType font named `base` whose ToUnicode maps every byte to itself (Latin-1). */
function byteFont(doc: PDFDocument, base: string): PDFRef {
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CMapName /Latin1 def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    '1 beginbfrange <20> <FF> <0020> endbfrange',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const toUnicode = doc.context.register(doc.context.flateStream(cmap));
  const descriptor = doc.context.register(doc.context.obj({
    Type: 'FontDescriptor', FontName: base, Flags: 4, FontBBox: [0, -200, 1000, 900],
    ItalicAngle: 0, Ascent: 900, Descent: -200, CapHeight: 700, StemV: 80,
  }));
  return doc.context.register(doc.context.obj({
    Type: 'Font', Subtype: 'TrueType', BaseFont: base, FirstChar: 32, LastChar: 255,
    Widths: new Array(224).fill(800), FontDescriptor: descriptor, ToUnicode: toUnicode,
  }));
}

const op = (name: string, ...args: (PDFName | PDFHexString | number)[]) =>
  PDFOperator.of(name as never, args.map((a) => (typeof a === 'number' ? PDFNumber.of(a) : a)));

/** Three items, each opening with byte 0xCA ("Ê") in the font `mark`, the text in Helvetica. */
async function bulletPage(doc: PDFDocument, page: PDFPage, mark: PDFRef): Promise<void> {
  const helv = await doc.embedFont(StandardFonts.Helvetica);
  page.node.setFontDictionary(PDFName.of('Mk'), mark);
  page.drawText('Learning goals', { x: 72, y: 720, size: 14, font: helv });
  let y = 690;
  for (const item of ITEMS) {
    page.pushOperators(op('BT'), op('Tf', PDFName.of('Mk'), 10), op('Td', 80, y), op('Tj', PDFHexString.of('CA')), op('ET'));
    page.drawText(item, { x: 96, y, size: 10, font: helv });
    y -= 16;
  }
}

interface Seg { segment_type: string; content: string; page_number: number }

describe('bullets set in a pictograph font', () => {
  let engine: Engine;
  let wing: Seg[] = [];
  let text: Seg[] = [];
  beforeAll(async () => {
    engine = createEngine({ workers: 1 });
    for (const [base, into] of [['Wingdings2', (s: Seg[]) => (wing = s)], ['Georgia', (s: Seg[]) => (text = s)]] as const) {
      const doc = await PDFDocument.create();
      await bulletPage(doc, doc.addPage([612, 792]), byteFont(doc, base));
      into(await parsedSegments<Seg>(engine, Buffer.from(await doc.save())));
    }
  }, 60_000);
  afterAll(() => engine.close());

  it('reads each item as a ListItem of its own, its mark no letter', () => {
    const items = wing.filter((s) => s.segment_type === 'ListItem');
    expect(items.map((s) => s.content.replace(/^\S+\s+/, ''))).toEqual(ITEMS);
    for (const s of items) expect(s.content.startsWith('\uF0CA ')).toBe(true);
    expect(wing.some((s) => s.content.includes('Ê'))).toBe(false);
  });

  it('keeps the same byte a letter in a text font', () => {
    expect(text.filter((s) => s.content.includes('Ê')).length).toBeGreaterThan(0);
    expect(text.some((s) => s.content.includes('\uF0CA'))).toBe(false);
  });
});

describe.skipIf(!hasCorpus)('bullets set in Wingdings on a corpus page', () => {
  let engine: Engine;
  afterAll(() => engine?.close());
  it("splits a French course page's Wingdings items, one ListItem each", async () => {
    engine = createEngine({ workers: 1 });
    const segs = await parsedSegments<Seg>(engine, corpusPath('tables/pdfplumber/tests/pdfs/issue-71-duplicate-chars-2.pdf'), { page_range: '1' });
    const items = segs.filter((s) => s.segment_type === 'ListItem').map((s) => s.content);
    for (const start of ['Savoir définir l’acidose', 'Savoir conduire le diagnostic étiologique d’une acidose', 'Connaître les principales causes d’acidose']) {
      expect(items.filter((c) => c.includes(start))).toHaveLength(1);
      expect(items.find((c) => c.includes(start))).toMatch(/^[\uF000-\uF0FF] /);
    }
    expect(segs.some((s) => /(^|\n)Ê /.test(s.content))).toBe(false);
  }, 60_000);
});
