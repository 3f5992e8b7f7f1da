/**
 * Redaction by content-stream surgery (src/formats/pdf/edit/surgery/) on PDFs written here with
 * raw content streams (Tj, TJ with kerning, ' and ", Tc/Tw/Tz/TL, a standard font without
 * /Widths, one with /Widths, a Type0 Identity-H font, a Form XObject shared by two pages):
 * the words inside the boxes are gone, every other word is where it was (pdftotext -bbox to
 * 0.01 pt) and the raster outside the boxes is identical pixel for pixel (pdftoppm). Edits the
 * surgery cannot make exactly (an image under the box) take PDFium's path, and say why.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Font } from '@pdf-lib/standard-fonts';
import { PDFDocument, PDFName, PDFString, StandardFonts, rgb, type PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { editPdf } from '../../src/formats/pdf/edit/edit-pdf.js';
import { pngOf } from './make-pdf.js';
import { popplerWords, type Word } from './redaction-harness.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-surgery-test-'));
const write = (name: string, bytes: Uint8Array) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, bytes);
  return f;
};

/** A page whose content is `ops`, with fonts F1 (Helvetica, no /Widths), F2 (Times with /Widths), F3 (Type0 Identity-H). */
async function pdfWith(pages: string[], extra?: (doc: PDFDocument) => Promise<Record<string, PDFRef>>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const helv = (await doc.embedFont(StandardFonts.Helvetica)).ref;
  const times = Font.load('Times-Roman');
  const names = new Map<number, string>([[32, 'space']]);
  for (let c = 33; c < 127; c++) names.set(c, times.CharMetrics.find((m) => m.N && String.fromCharCode(c) === glyphChar(m.N))?.N ?? 'space');
  const widths = [...names.values()].map((n) => times.getWidthOfGlyph(n) ?? 500);
  const timesRef = doc.context.register(doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Times-Roman', Encoding: 'WinAnsiEncoding', FirstChar: 32, LastChar: 126, Widths: widths }));
  // Type0: CIDs are ASCII codes (so a ToUnicode map is simple), Courier-like 600 wide except /W.
  const toUnicode = doc.context.register(
    doc.context.stream(
      '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Q def 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfrange <0020> <007E> <0020> endbfrange endcmap CMapName currentdict /CMap defineresource pop end end',
    ),
  );
  const cid = doc.context.obj({ Type: 'Font', Subtype: 'CIDFontType2', BaseFont: 'LiberationMono', CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 }, DW: 600, W: [65, [700, 650], 80, 90, 550], FontDescriptor: doc.context.obj({ Type: 'FontDescriptor', FontName: 'LiberationMono', Flags: 33, FontBBox: [0, -200, 600, 800], ItalicAngle: 0, Ascent: 800, Descent: -200, CapHeight: 700, StemV: 80 }) });
  const type0 = doc.context.register(doc.context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: 'LiberationMono', Encoding: 'Identity-H', DescendantFonts: [doc.context.register(cid)], ToUnicode: toUnicode }));
  const xobjects = extra ? await extra(doc) : {};
  for (const ops of pages) {
    const page = doc.addPage([612, 792]);
    page.node.set(PDFName.of('Resources'), doc.context.obj({ Font: { F1: helv, F2: timesRef, F3: type0 }, XObject: xobjects }));
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(ops)));
  }
  return doc.save();
}
const glyphChar = (n: string) => (n.length === 1 ? n : ({ space: ' ', period: '.', comma: ',', hyphen: '-', colon: ':', zero: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9' } as Record<string, string>)[n]);
const hexOf = (s: string) => '<' + [...s].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('') + '>';

const boxOf = (w: Word) => ({ left: w.x0, top: w.y0, width: w.x1 - w.x0, height: w.y1 - w.y0 });

/** Pixels outside the boxes (2 px margin) that differ at all between two 72 dpi renders of page 1. */
function rasterDiffOutside(a: string, b: string, boxes: Array<{ left: number; top: number; width: number; height: number }>): number {
  const render = (f: string, name: string) => {
    execFileSync('pdftoppm', ['-gray', '-r', '72', '-f', '1', '-l', '1', '-singlefile', f, path.join(dir, name)]);
    const buf = fs.readFileSync(path.join(dir, `${name}.pgm`));
    const h = buf.subarray(0, 64).toString('latin1').match(/^P5\s+(\d+)\s+(\d+)\s+\d+\s/)!;
    return { w: +h[1], px: buf.subarray(h[0].length) };
  };
  const A = render(a, 'a');
  const B = render(b, 'b');
  let diff = 0;
  for (let i = 0; i < A.px.length; i++) {
    const x = i % A.w;
    const y = Math.floor(i / A.w);
    if (boxes.some((bx) => x >= bx.left - 2 && x <= bx.left + bx.width + 2 && y >= bx.top - 2 && y <= bx.top + bx.height + 2)) continue;
    if (A.px[i] !== B.px[i]) diff++;
  }
  return diff;
}

async function redactWords(bytes: Uint8Array, targets: string[], replacement = (i: number) => `QZ${i}`) {
  const before = write('before.pdf', bytes);
  const { words } = popplerWords(before, 1);
  const hits = targets.map((t) => words.find((w) => w.text === t) ?? expect.fail(`no word ${t}`));
  const out = await editPdf({ data: bytes, edits: hits.map((w, i) => ({ kind: 'text' as const, pageNumber: 1, box: boxOf(w), text: replacement(i) })) });
  const after = write('after.pdf', out.bytes);
  const wordsAfter = popplerWords(after, 1).words;
  const inside = (w: Word) => hits.some((h) => w.x1 > h.x0 && w.x0 < h.x1 && w.y1 > h.y0 && w.y0 < h.y1);
  const moved = words.filter((w) => !inside(w) && !wordsAfter.some((v) => v.text === w.text && Math.abs(v.x0 - w.x0) < 0.01 && Math.abs(v.y0 - w.y0) < 0.01 && Math.abs(v.x1 - w.x1) < 0.01));
  return { out, wordsAfter, moved, rasterDiff: rasterDiffOutside(before, after, hits.map(boxOf)), text: execFileSync('pdftotext', [after, '-'], { encoding: 'utf8' }) };
}

describe('content-stream surgery', () => {
  it('removes words from Tj, TJ, quote operators in three font kinds; every other glyph stays exactly in place', async () => {
    const ops = [
      'BT /F1 12 Tf 72 700 Td (Public alpha SECRETONE omega tail) Tj ET',
      'BT /F1 12 Tf 1 Tc 2 Tw 90 Tz 72 660 Td [(Kerned ) -250 (SECR) 120 (ETTWO and) 80 ( more words)] TJ ET',
      'BT /F2 11 Tf 14 TL 72 620 Td (first line of Times) Tj (second SECRETTHREE line) \' 3 0.5 (third line SECRETFOUR here) " ET',
      `BT /F3 10 Tf 72 560 Td ${hexOf('CID words ABSECRETFIVE after')} Tj ET`,
      'q 0.8 0 0 0.8 100 100 cm BT /F2 12 Tf 0 0 Td (scaled SECRETSIX text) Tj ET Q',
    ].join('\n');
    const r = await redactWords(await pdfWith([ops]), ['SECRETONE', 'SECRETTHREE', 'SECRETFOUR', 'ABSECRETFIVE', 'SECRETSIX']);
    expect(r.out.path).toBe('surgery');
    for (const gone of ['SECRETONE', 'SECRETTHREE', 'SECRETFOUR', 'SECRETFIVE', 'SECRETSIX']) expect(r.text).not.toContain(gone);
    for (const kept of ['Public', 'alpha', 'omega', 'tail', 'Kerned', 'more', 'Times', 'second', 'third', 'here', 'after', 'scaled', 'text']) expect(r.text).toContain(kept);
    for (const i of [0, 1, 2, 3, 4]) expect(r.text).toContain(`QZ${i}`);
    expect(r.moved).toEqual([]);
    expect(r.rasterDiff).toBe(0);
  });

  it('cuts a word in half at the box border: the glyphs outside stay, in place', async () => {
    const ops = 'BT /F1 14 Tf 0.5 Tc 72 700 Td [(HEAD ) -100 (HALFCUTXYZW) 50 ( TAIL end)] TJ ET';
    const bytes = await pdfWith([ops]);
    const before = write('cross.pdf', bytes);
    const words = popplerWords(before, 1).words;
    const w = words.find((x) => x.text === 'HALFCUTXYZW')!;
    // A box over the right half of the first word only.
    const box = { left: (w.x0 + w.x1) / 2, top: w.y0, width: (w.x1 - w.x0) / 2, height: w.y1 - w.y0 };
    const out = await editPdf({ data: bytes, edits: [{ kind: 'text', pageNumber: 1, box, text: '' }] });
    expect(out.path).toBe('surgery');
    const after = write('cross-after.pdf', out.bytes);
    const aft = popplerWords(after, 1).words;
    const half = aft.find((x) => x.text.startsWith('HALF'))!;
    expect(half.x0).toBeCloseTo(w.x0, 2);
    expect(w.text.startsWith(half.text)).toBe(true);
    expect(half.text.length).toBeLessThan(w.text.length - 3);
    // Kept glyphs have their centre left of the box: they end at most half a glyph into it.
    expect(half.x1).toBeLessThan(box.left + 0.5 * 14);
    for (const t of ['HEAD', 'TAIL', 'end']) {
      const a = words.find((x) => x.text === t)!;
      const b = aft.find((x) => x.text === t)!;
      expect([b.x0, b.x1, b.y0]).toEqual([a.x0, a.x1, a.y0]);
    }
    // A glyph cut by the border goes whole (centre inside) or stays whole: mask the cut word.
    expect(rasterDiffOutside(before, after, [boxOf(w)])).toBe(0);
  });

  it('draws the replacement in the page\'s initial state even when the content leaves a q open after a cm', async () => {
    const r = await redactWords(await pdfWith(['BT /F1 12 Tf 72 700 Td (left OPENSECRET right) Tj ET 3 0 0 3 0 0 cm q 0.5 g']), ['OPENSECRET']);
    expect(r.out.path).toBe('surgery');
    const before = popplerWords(write('open-before.pdf', await pdfWith(['BT /F1 12 Tf 72 700 Td (left OPENSECRET right) Tj ET'])), 1).words.find((w) => w.text === 'OPENSECRET')!;
    const rep = r.wordsAfter.find((w) => w.text === 'QZ0')!;
    expect(rep.x0).toBeGreaterThanOrEqual(before.x0 - 0.5);
    expect(rep.x1).toBeLessThanOrEqual(before.x1 + 0.5);
    expect(rep.y0).toBeGreaterThanOrEqual(before.y0 - 0.5);
    expect(rep.y1).toBeLessThanOrEqual(before.y1 + 0.5);
    expect(r.moved).toEqual([]);
  });

  it('copies a Form XObject shared by two pages before removing text from it', async () => {
    let formRef: PDFRef | undefined;
    const bytes = await pdfWith(['q 1 0 0 1 72 600 cm /Fm1 Do Q BT /F1 12 Tf 72 500 Td (page one body) Tj ET', 'q 1 0 0 1 72 600 cm /Fm1 Do Q'], async (doc) => {
      const helv = (await doc.embedFont(StandardFonts.Helvetica)).ref;
      formRef = doc.context.register(doc.context.flateStream('BT /F1 12 Tf 0 0 Td (Shared FORMSECRET words) Tj ET', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 400, 50], Resources: { Font: { F1: helv } } }));
      return { Fm1: formRef };
    });
    const r = await redactWords(bytes, ['FORMSECRET'], () => '');
    expect(r.out.path).toBe('surgery');
    expect(r.text.split('\f')[0]).not.toContain('FORMSECRET');
    expect(r.text.split('\f')[1]).toContain('Shared FORMSECRET words');
    expect(r.moved).toEqual([]);
    expect(r.rasterDiff).toBe(0);
  });

  it('leaves none of the removed bytes in the file (old content stream dropped, ActualText over it dropped, full rewrite)', async () => {
    const r = await redactWords(await pdfWith(['BT /F1 12 Tf 72 700 Td (keep ) Tj /Span <</MCID 0 /ActualText (UNIQUESECRET)>> BDC (UNIQUESECRET) Tj EMC ( keep) Tj ET']), ['UNIQUESECRET'], () => '');
    expect(r.out.path).toBe('surgery');
    const qdf = execFileSync('qpdf', ['--qdf', '--object-streams=disable', write('gc.pdf', r.out.bytes), '-'], { maxBuffer: 64 << 20 }).toString('latin1');
    expect(qdf).not.toContain('UNIQUESECRET');
    expect(qdf).not.toMatch(/SECRET/);
    // The marked-content span keeps its other properties.
    expect(qdf).toMatch(/\/Span <<\/MCID 0>> BDC/);
    expect(r.text).toContain('keep');
  });

  it('cuts the pixels of an image under the box (a copy; the original image and the rest of the page unchanged)', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawImage(await doc.embedPng(await pngOf(200, 40, { r: 40, g: 90, b: 200 })), { x: 60, y: 680, width: 300, height: 40 });
    page.drawText('over IMGSECRET image', { x: 72, y: 695, size: 12, font });
    const r = await redactWords(await doc.save(), ['IMGSECRET'], () => '');
    expect(r.out.path).toBe('surgery');
    expect(r.text).not.toContain('IMGSECRET');
    expect(r.moved).toEqual([]);
    expect(r.rasterDiff).toBe(0);
    // Inside the box the image is white now (the dark blue is gone), 72 dpi render of the box's centre.
    const w = popplerWords(write('img-before.pdf', await doc.save()), 1).words.find((x) => x.text === 'IMGSECRET')!;
    execFileSync('pdftoppm', ['-gray', '-r', '72', '-singlefile', '-x', String(Math.round((w.x0 + w.x1) / 2)), '-y', String(Math.round(w.y0 + 2)), '-W', '1', '-H', '1', write('img-after.pdf', r.out.bytes), path.join(dir, 'cut')]);
    const pgm = fs.readFileSync(path.join(dir, 'cut.pgm'));
    expect(pgm[pgm.length - 1]).toBeGreaterThan(240);
  });

  it('cuts a greyscale JPEG under the box (decoded, cut, written as Flate grey)', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    const jpeg = await sharp({ create: { width: 200, height: 40, channels: 3, background: { r: 90, g: 90, b: 90 } } }).toColourspace('b-w').jpeg().toBuffer();
    page.drawImage(await doc.embedJpg(jpeg), { x: 60, y: 680, width: 300, height: 40 });
    page.drawText('over JPGSECRET image', { x: 72, y: 695, size: 12, font, color: rgb(1, 1, 1) });
    const r = await redactWords(await doc.save(), ['JPGSECRET'], () => '');
    expect(r.out.path).toBe('surgery');
    expect(r.text).not.toContain('JPGSECRET');
    expect(r.moved).toEqual([]);
    expect(r.rasterDiff).toBe(0);
  });

  it('takes PDFium\'s path when an inline image lies under the box, and says why', async () => {
    // 1 pt per pixel: what PDFium cuts stays within the box.
    const r = await redactWords(await pdfWith([`q 300 0 0 40 60 680 cm BI /W 300 /H 40 /BPC 8 /CS /G ID ${'A'.repeat(12000)} EI Q BT /F1 12 Tf 72 695 Td (over INLSECRET image) Tj ET`]), ['INLSECRET']);
    expect(r.out.path).toBe('pdfium');
    expect(r.out.fallbackReason).toMatch(/inline image/);
    expect(r.text).not.toContain('INLSECRET');
  });
});

describe('content-stream lexer on damaged streams', () => {
  it('either walks or refuses (Unsupported) a truncated or corrupted stream; never hangs or throws anything else', async () => {
    const { walkContent, Unsupported } = await import('../../src/formats/pdf/edit/surgery/walk.js');
    const src = Buffer.from('q 1 0 0 1 10 10 cm BT /F1 12 Tf 72 700 Td [(abc) -20 <616263>] TJ (x) \' ET /Span <</MCID 0>> BDC BI /W 2 /H 1 /BPC 8 /CS /G ID \x00\xff EI EMC Q');
    const res = { font: () => ({ bytesPerCode: 1 as const, ascent: 0.8, descent: -0.2, width: () => 0.5 }), xobject: () => ({ kind: 'other' as const }), propertyHasText: () => false, addEditedForm: () => 'X', cutImage: () => null };
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let refused = 0;
    for (let k = 0; k < 400; k++) {
      const b = Buffer.from(src.subarray(0, Math.floor(rand() * (src.length + 1))));
      for (let j = 0; j < 3 && b.length; j++) b[Math.floor(rand() * b.length)] = Math.floor(rand() * 256);
      try {
        walkContent(b, res, [1, 0, 0, 1, 0, 0], [{ l: 70, r: 90, b: 695, t: 720 }]);
      } catch (e) {
        expect(e).toBeInstanceOf(Unsupported);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(400);
  });
});
