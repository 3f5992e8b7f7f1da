/**
 * Numbered headings set in another face than the body (src/pipeline/classify/heading-face.ts):
 * "2.1. Chemicals and materials" in italic above roman paragraphs is a SectionHeader, while
 * numbered list items set in the body's roman stay ListItem, and a contents entry ending with
 * its page number is not a heading. Before, a numbered line needed
 * a bold font name or larger type, and italic or oddly named bold cuts (GulliverBL) were
 * typed ListItem or Text. Generated two-page document, parsed end to end.
 */
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';

const WORDS = 'samples were filtered through a membrane and the residual concentration was measured after each cycle of adsorption'.split(' ');

function prose(font: PDFFont, seed: number): string {
  let s = WORDS[seed % WORDS.length]!;
  for (let k = 1; ; k++) {
    const next = `${s} ${WORDS[(seed * 5 + k * 3) % WORDS.length]}`;
    if (font.widthOfTextAtSize(next, 10) > 470) return s;
    s = next;
  }
}

async function document(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const roman = await doc.embedFont(StandardFonts.TimesRoman);
  const italic = await doc.embedFont(StandardFonts.TimesRomanItalic);
  for (let n = 0; n < 2; n++) {
    const page = doc.addPage([612, 792]);
    let y = 720;
    const paragraph = (lines: number, seed: number) => {
      for (let i = 0; i < lines; i++, y -= 13) page.drawText(prose(roman, seed + i), { x: 70, y, size: 10, font: roman });
      y -= 10;
    };
    paragraph(8, n * 40);
    page.drawText(`${n + 2}.1. Chemicals and materials`, { x: 70, y, size: 10, font: italic });
    y -= 26;
    paragraph(6, n * 40 + 9);
    for (const [i, item] of ['Rinse the column', 'Dry the samples', 'Weigh the residue'].entries()) {
      page.drawText(`${i + 1}. ${item}`, { x: 70, y, size: 10, font: roman });
      y -= 14;
    }
    y -= 10;
    paragraph(10, n * 40 + 20);
    // A contents entry in the other face, ending with its page number, is not a heading.
    page.drawText(`${n + 5}. Shorter terms of protection 292`, { x: 70, y, size: 10, font: italic });
    y -= 26;
    paragraph(4, n * 40 + 31);
  }
  return doc.save();
}

interface Seg {
  segment_type: string;
  content: string;
}

describe('numbered headings set apart by their face', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(async () => {
    await engine.close();
  });

  it('types an italic numbered line a SectionHeader and roman numbered items ListItem', async () => {
    const res = await engine.waitForJob((await engine.parse(await document(), {})).job_id);
    expect(res.status, res.message).toBe('Succeeded');
    const segs = (res.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
    const headings = segs.filter((s) => /Chemicals and materials/.test(s.content));
    expect(headings.map((s) => [s.segment_type, s.content.trim()])).toEqual([
      ['SectionHeader', '2.1. Chemicals and materials'],
      ['SectionHeader', '3.1. Chemicals and materials'],
    ]);
    const items = segs.filter((s) => /Rinse the column|Dry the samples|Weigh the residue/.test(s.content));
    expect(items.length).toBe(6);
    for (const s of items) expect(s.segment_type).toBe('ListItem');
    const entries = segs.filter((s) => /Shorter terms of protection 292/.test(s.content));
    expect(entries.length).toBe(2);
    for (const s of entries) expect(s.segment_type).not.toBe('SectionHeader');
  });
});
