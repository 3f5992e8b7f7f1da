/**
 * A photographed card (issue 29 items 0 and 9; issue 24's ID cards): dark-grey text on a
 * tinted, diagonally striped card, turned 3°, JPEG-compressed, lying on a white page. One
 * global threshold puts the card and its text on the same side and OCR read no word at all;
 * the locally binarised second reading (src/pipeline/ocr/adaptive-threshold.ts) reads the
 * card's lines through parse.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words } from '../../bench/lib/text-metrics.js';
import { createEngine, type Engine } from '../../src/index.js';
import { sauvolaBinarize } from '../../src/pipeline/ocr/adaptive-threshold.js';

const LINES = ['IDENTITY CARD OF THE REPUBLIC', 'Surname: HARTMANN Given names: ELISE MARIE', 'Date of birth: 14 March 1987 Place: Bremen', 'Card number: 7K4 229 310 Valid until 2031'];

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="860" height="540">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8fb8a8"/><stop offset="1" stop-color="#c9c28a"/></linearGradient>
<pattern id="p" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="14" height="14" fill="url(#g)"/><line x1="0" y1="0" x2="0" y2="14" stroke="#6f9888" stroke-width="5"/></pattern></defs>
<rect width="860" height="540" rx="30" fill="url(#g)"/><rect width="860" height="540" rx="30" fill="url(#p)" opacity="0.7"/>
${LINES.map((l, i) => `<text x="40" y="${110 + i * 70}" font-family="DejaVu Sans" font-size="${i === 0 ? 34 : 26}" fill="#3d4a46">${l}</text>`).join('')}
</svg>`;

async function cardPhoto(): Promise<Uint8Array> {
  const card = await sharp(Buffer.from(svg)).rotate(3, { background: '#ffffff' }).png().toBuffer();
  const page = sharp({ create: { width: 1100, height: 1300, channels: 3, background: '#ffffff' } }).composite([{ input: card, left: 90, top: 180 }]);
  return new Uint8Array(await page.jpeg({ quality: 85 }).toBuffer());
}

describe('a photographed card on a tinted, patterned background', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it('reads the card lines through parse', async () => {
    const r = await engine.waitForJob((await engine.parse({ data: await cardPhoto(), fileName: 'card.jpg' })).job_id);
    expect(r.status).toBe('Succeeded');
    const text = (r.chunks ?? []).flatMap((c) => (c.segments as unknown as Array<{ content: string }>).map((s) => s.content)).join('\n');
    const got = new Set(words(text));
    const want = LINES.flatMap((l) => words(l));
    const found = want.filter((w) => got.has(w));
    expect(found.length / want.length, text).toBeGreaterThanOrEqual(0.9);
  }, 120_000);

  it('binarises locally: a dark glyph on a mid-grey band stays ink, the band does not', () => {
    // Left half mid grey (150) with a darker bar (90); right half white with a black bar.
    const width = 200, height = 100;
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
      const left = x < 100;
      const bar = y >= 40 && y < 60 && (x % 100) >= 40 && (x % 100) < 60;
      data[y * width + x] = left ? (bar ? 90 : 150) : bar ? 0 : 255;
    }
    const bin = sauvolaBinarize({ data, width, height, channels: 1, dpi: null }, { window: 31 });
    const at = (x: number, y: number) => bin.data[y * width + x];
    expect(at(50, 50)).toBe(0); // the dark bar on grey is ink
    expect(at(10, 10)).toBe(255); // the grey band is background
    expect(at(150, 50)).toBe(0);
    expect(at(190, 90)).toBe(255);
  });
});
