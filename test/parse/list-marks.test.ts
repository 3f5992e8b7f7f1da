/**
 * What opens a list item (model/list-markers.ts, pipeline/blocks/build-blocks.ts).
 *
 * Bullets set in a symbol font. Word and its peers write a list's
 * bullets in Symbol or Wingdings and map them to the font's own codes, so the text layer gives
 * a Private Use Area character (U+F06E, U+F0A7, U+F0B7) or, from a one-byte font, a C1 control
 * (U+0084 for a check box) instead of '•'. Those items were typed Text, and items without a
 * paragraph gap between them were glued into one segment. The generated page draws two such
 * lists, their marks in ZapfDingbats given a ToUnicode map to those codes, as those PDFs do.
 *
 * Numbered items set in from a lead-in line joined it ("Encore du contenu!\n1. Énumération
 * 1"), and a nested "a)" joined its parent "2.". A second page shows both, beside a paragraph
 * whose wrapped line opens with "5." at its edge (it stays one paragraph).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFDict, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';

interface Seg { segment_type: string; content: string; markdown: string; page_number: number }

const SQUARES = [
  'Parents of children in the first group reported more support at home.',
  'There were no differences in the second year of the study period.',
  'At the end of the third year the evidence of an effect was weak.',
];
const BOXES = ['Yes, at the national level', 'Yes, at the regional level', 'No'];
const SQUARE = '\u25A0';
const BOX = '\u274F';

/** A ToUnicode CMap sending each one-byte code to its Unicode value (both hex). */
function toUnicode(pairs: [string, string][]): string {
  return [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    `${pairs.length} beginbfchar`,
    ...pairs.map(([c, u]) => `<${c}> <${u}>`),
    'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
}

async function listsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const dings = await doc.embedFont(StandardFonts.ZapfDingbats);
  const page = doc.addPage([612, 792]);
  page.drawText('Findings of the study', { x: 72, y: 720, size: 14, font: bold });
  page.drawText('The study followed three groups of children over three years and found:', { x: 72, y: 696, size: 10, font });
  // Items at normal leading, no gap between them: only the marks say where each starts.
  SQUARES.forEach((t, i) => {
    const y = 676 - i * 13;
    page.drawText(SQUARE, { x: 80, y, size: 8, font: dings });
    page.drawText(t, { x: 94, y, size: 10, font });
  });
  page.drawText('Does the country fund legal aid at each level of government?', { x: 72, y: 620, size: 10, font });
  BOXES.forEach((t, i) => {
    const y = 600 - i * 13;
    page.drawText(BOX, { x: 80, y, size: 9, font: dings });
    page.drawText(t, { x: 94, y, size: 10, font });
  });
  const bytes = await doc.save();
  // Map the marks to the codes a symbol font without Unicode names gives: Wingdings' square
  // (U+F06E) and a one-byte font's check box (U+0084).
  const reload = await PDFDocument.load(bytes);
  for (const [, obj] of reload.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && obj.get(PDFName.of('BaseFont'))?.toString() === '/ZapfDingbats') {
      const map: [string, string][] = [[dings.encodeText(SQUARE).asString(), 'F06E'], [dings.encodeText(BOX).asString(), '0084']];
      obj.set(PDFName.of('ToUnicode'), reload.context.register(reload.context.stream(toUnicode(map))));
    }
  }
  return reload.save();
}

const NUMBERED = ['1. Measure the distance of each trip.', '2. Sum the distances by day.', 'a) Leave out the days with no trips.', '3. Report the totals.'];
const WRAPPED = ['The totals were compared with the survey of the year before, whose sample was drawn in', '5. regions of the country; this paragraph stays one block although a line opens with', 'a number, because that line starts at the edge of the paragraph, as wrapped lines do.'];

async function numberedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('The method has three steps:', { x: 72, y: 720, size: 10, font });
  // Each item at normal leading under the lead-in, set in by 18 pt; the nested one by 36 pt.
  NUMBERED.forEach((t, i) => page.drawText(t, { x: t.startsWith('a)') ? 108 : 90, y: 707 - i * 13, size: 10, font }));
  WRAPPED.forEach((t, i) => page.drawText(t, { x: 72, y: 620 - i * 13, size: 10, font }));
  return doc.save();
}

describe('what opens a list item', () => {
  let engine: Engine;
  let dir: string;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-symbol-bullets-'));
  });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('makes each mark\u2019s line a list item of its own, the mark left out of its markdown', async () => {
    const file = path.join(dir, 'lists.pdf');
    fs.writeFileSync(file, await listsPdf());
    const res = await engine.waitForJob((await engine.parse(file)).job_id);
    expect(res.status).toBe('Succeeded');
    const segs = (res.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
    // The text layer gives the codes the test means to give.
    expect(segs.some((s) => s.content.includes('\uF06E'))).toBe(true);
    expect(segs.some((s) => s.content.includes('\u0084'))).toBe(true);
    for (const item of [...SQUARES, ...BOXES]) {
      const holding = segs.filter((s) => s.content.includes(item));
      expect(holding, item).toHaveLength(1);
      const [seg] = holding;
      expect(seg!.segment_type, item).toBe('ListItem');
      // One item per segment: no other item's text glued in.
      for (const other of [...SQUARES, ...BOXES]) if (other !== item && other !== 'No') expect(seg!.content.includes(other), `${item} / ${other}`).toBe(false);
      expect(seg!.markdown).toBe(`- ${item}`);
    }
    // The lead-in lines stay Text.
    const lead = segs.find((s) => s.content.includes('found:'));
    expect(lead?.segment_type).toBe('Text');
  });

  it('starts an item at an enumerator set in from its lead-in or parent, not at a wrapped line\u2019s number', async () => {
    const file = path.join(dir, 'numbered.pdf');
    fs.writeFileSync(file, await numberedPdf());
    const res = await engine.waitForJob((await engine.parse(file)).job_id);
    expect(res.status).toBe('Succeeded');
    const segs = (res.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
    const lead = segs.filter((s) => s.content.includes('three steps:'));
    expect(lead).toHaveLength(1);
    expect(lead[0]!.content.trim()).toBe('The method has three steps:');
    for (const item of NUMBERED) {
      const holding = segs.filter((s) => s.content.includes(item));
      expect(holding, item).toHaveLength(1);
      expect(holding[0]!.content.trim(), item).toBe(item);
      expect(holding[0]!.segment_type, item).toBe('ListItem');
    }
    const para = segs.filter((s) => s.content.includes('survey of the year'));
    expect(para).toHaveLength(1);
    expect(para[0]!.content.replace(/\s+/g, ' ')).toBe(WRAPPED.join(' '));
  });
});
