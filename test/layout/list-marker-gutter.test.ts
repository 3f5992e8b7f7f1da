/**
 * A list's markers stand in a narrow column of their own, a fixed gap left of their items'
 * text. Column-gutter search (src/pipeline/lines/gutters.ts) saw that gap as a gutter inside
 * a two-column page and cut every line after its bullet: the bullets became lone Text
 * segments and the items plain text (text-layer list_item AP on the layout bench fell from
 * 0.552 to 0.173). Checked end to end on a generated two-column page with a bulleted and a
 * numbered list in the right column, each marker drawn as its own text run.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';

const WORDS = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega'.split(' ');
const ITEMS = ['Health economics', 'Clinical operations', 'Medical development', 'Biometrics', 'Field medicine', 'Patient advocacy', 'Regulatory affairs', 'Public policy', 'Human resources'];

async function listPage(marker: (i: number) => string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const prose = (seed: number, width: number) => {
    let s = `w${seed}`;
    for (let k = 0; ; k++) {
      const next = `${s} ${WORDS[(seed * 7 + k * 3) % WORDS.length]}`;
      if (font.widthOfTextAtSize(next, 10) > width) return s;
      s = next;
    }
  };
  // Left column: 24 lines of prose; right column: a paragraph, the list, a paragraph.
  for (let i = 0; i < 24; i++) page.drawText(prose(i, 240), { x: 54, y: 720 - i * 14, size: 10, font });
  let y = 720;
  for (let i = 0; i < 6; i++, y -= 14) page.drawText(prose(100 + i, 240), { x: 316, y, size: 10, font });
  y -= 8;
  ITEMS.forEach((item, i) => {
    page.drawText(marker(i), { x: 316, y, size: 10, font });
    page.drawText(item, { x: 330, y, size: 10, font });
    y -= 17;
  });
  y -= 8;
  for (let i = 0; i < 10; i++, y -= 14) page.drawText(prose(200 + i, 240), { x: 316, y, size: 10, font });
  return doc.save();
}

interface Seg {
  segment_type: string;
  content: string;
}

describe('list markers and their items stay on one line beside a column gutter', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(async () => {
    await engine.close();
  });

  async function segments(bytes: Uint8Array): Promise<Seg[]> {
    const res = await engine.waitForJob((await engine.parse(bytes, {})).job_id);
    expect(res.status, res.message).toBe('Succeeded');
    return (res.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
  }

  for (const [name, marker] of [
    ['bullets', () => '•'],
    ['numbers', (i: number) => `${i + 1}.`],
  ] as const) {
    it(`${name}: every item is a ListItem segment holding its text`, async () => {
      const segs = await segments(await listPage(marker));
      const items = segs.filter((s) => s.segment_type === 'ListItem');
      for (const item of ITEMS) expect(items.some((s) => s.content.includes(item)), `${item} in a ListItem`).toBe(true);
      // No segment is a marker alone.
      expect(segs.filter((s) => /^\s*(?:•|\d+\.)\s*$/.test(s.content))).toEqual([]);
    }, 60_000);
  }
});
