/**
 * A display font's space in the private-use area (issue 27 item 7). The bundled constitution
 * sets "of the United States", "Preamble to the Bill of Rights" and every "Amendment XIV."
 * in a title font whose ToUnicode gives its space glyph (byte 0x20) as U+E020, as pdftotext
 * prints it too; the private-use glyph was dropped and the words ran together
 * ("oftheUnitedStates", "AmendmentXIV."). Code 0x20 in the private-use area (U+E020, U+F020:
 * a symbol font's space as Windows gives it) is a space. Guard: another private-use code
 * stays a mark (a bullet), not a space.
 */
import { PDFDocument, PDFHexString, PDFName, PDFNumber, PDFOperator, StandardFonts, type PDFRef } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { parsedSegments } from '../helpers.js';

/** A non-embedded TrueType font whose ToUnicode maps bytes to themselves, but the space to `space`. */
function titleFont(doc: PDFDocument, space: string): PDFRef {
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CMapName /TitleSpace def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    `1 beginbfchar <20> <${space}> endbfchar`,
    '2 beginbfrange <21> <7E> <0021> <80> <FF> <F080> endbfrange',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const toUnicode = doc.context.register(doc.context.flateStream(cmap));
  const descriptor = doc.context.register(doc.context.obj({
    Type: 'FontDescriptor', FontName: 'Lorenne', Flags: 32, FontBBox: [0, -200, 1000, 900],
    ItalicAngle: 0, Ascent: 900, Descent: -200, CapHeight: 700, StemV: 80,
  }));
  const widths = Array.from({ length: 224 }, (_, k) => (k === 0 ? 300 : 520));
  return doc.context.register(doc.context.obj({
    Type: 'Font', Subtype: 'TrueType', BaseFont: 'Lorenne', FirstChar: 32, LastChar: 255,
    Widths: widths, FontDescriptor: descriptor, ToUnicode: toUnicode,
  }));
}

const bytes = (s: string) => PDFHexString.of([...s].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join(''));
const op = (name: string, ...args: Array<PDFName | PDFHexString | number>) => PDFOperator.of(name as never, args.map((a) => (typeof a === 'number' ? PDFNumber.of(a) : a)));

async function titlePage(space: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  page.node.setFontDictionary(PDFName.of('T1'), titleFont(doc, space));
  page.pushOperators(op('BT'), op('Tf', PDFName.of('T1'), 24), op('Td', 72, 700), op('Tj', bytes('of the United States')), op('ET'));
  page.pushOperators(op('BT'), op('Tf', PDFName.of('T1'), 24), op('Td', 72, 640), op('Tj', bytes('\x95 Bill of Rights')), op('ET'));
  const text = 'The first ten amendments were ratified together and are known as the Bill of Rights.';
  for (let k = 0; k < 6; k++) page.drawText(text, { x: 72, y: 600 - 14 * k, size: 10, font: helvetica });
  return doc.save();
}

describe('a title font whose space is a private-use code', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  for (const space of ['E020', 'F020']) {
    it(`reads U+${space} as the space between words`, async () => {
      const segs = await parsedSegments(engine, { data: await titlePage(space), fileName: 'title.pdf' });
      const contents = segs.map((s) => s.content.trim());
      expect(contents, JSON.stringify(contents)).toContain('of the United States');
      // The byte 0x95 maps to U+F095, another private-use code: a mark before the words, not a space inside them.
      expect(contents.some((c) => c.endsWith('Bill of Rights')), JSON.stringify(contents)).toBe(true);
    });
  }
});
