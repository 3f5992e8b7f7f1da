/**
 * Small print is enlarged for OCR as large print is reduced (issue 29 item 0): a caption
 * set in 7-pixel type (a 72-dpi page image) reads as nothing at its own size and in full
 * once enlarged.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words } from '../../bench/lib/text-metrics.js';
import { getOcrEngine, terminateOcrEngines } from '../../src/engines/ocr/factory.js';
import type { OcrEngine } from '../../src/engines/ocr/interface.js';
import { loadImagePages } from '../../src/formats/image/load-image-pages.js';
import { ocrPage } from '../../src/pipeline/ocr/ocr-page.js';

const LINES = [
  'Figure 3. Distribution of the measured response times for the three',
  'groups of patients treated with the standard dose during the study period.',
  'Values are means with standard errors; the dashed line marks the threshold',
  'agreed before the trial began, as described in the methods section above.',
];

let engine: OcrEngine;
beforeAll(async () => {
  engine = await getOcrEngine('ServiceHawk');
});
afterAll(() => terminateOcrEngines());

describe('small print', () => {
  it('reads 7-pixel type by enlarging the page for the engine', async () => {
    const text = LINES.map((l, i) => `<text x="40" y="${60 + i * 9}" font-family="DejaVu Serif" font-size="7">${l}</text>`).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="612" height="300"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
    const raster = await (await loadImagePages(await sharp(Buffer.from(svg)).greyscale().png().toBuffer())).getPage(0);
    const out = await ocrPage(raster, engine);
    expect(out.meta.ocrScale).toBeGreaterThan(1);
    const got = new Set(words(out.runs.map((r) => r.text).join(' ')));
    const ref = words(LINES.join(' '));
    expect(ref.filter((w) => got.has(w)).length / ref.length).toBeGreaterThan(0.85);
    // Boxes come back in the page's own pixels.
    for (const r of out.runs) expect(r.bbox.left + r.bbox.width).toBeLessThanOrEqual(612);
  });
});
