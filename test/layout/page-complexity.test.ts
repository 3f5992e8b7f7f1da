/**
 * The default parse shows the layout model the text-layer pages whose layout is not plain
 * one-column text (src/pipeline/layout-fusion/page-complexity.ts), and halves the page it
 * draws for the model to grey (src/raster/grey-half.ts). Checked on generated pages: a page
 * of one-column prose with a running header and a page number is left to the text layer; the
 * same prose set in two columns goes to the model.
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../src/formats/pdf/open-document.js';
import { extractPageContent } from '../../src/formats/pdf/page-content.js';
import { analyzePage } from '../../src/pipeline/analyze-page.js';
import { modelRunsOn, textLayerIsEnough } from '../../src/pipeline/layout-fusion/apply-layout-model.js';
import { modelReason } from '../../src/pipeline/layout-fusion/page-complexity.js';
import { greyHalf } from '../../src/raster/grey-half.js';

const WORDS = 'the court held that a copyright owner may not restrain every later use of a work once it has been published and sold to the public'.split(' ');

function prose(font: PDFFont, seed: number, width: number): string {
  let s = WORDS[seed % WORDS.length]!;
  for (let k = 1; ; k++) {
    const next = `${s} ${WORDS[(seed * 5 + k * 3) % WORDS.length]}`;
    if (font.widthOfTextAtSize(next, 10) > width) return s;
    s = next;
  }
}

async function page(draw: (p: PDFPage, font: PDFFont) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const p = doc.addPage([612, 792]);
  p.drawText('FREE CULTURE', { x: 260, y: 750, size: 8, font });
  p.drawText('42', { x: 300, y: 40, size: 8, font });
  draw(p, font);
  return doc.save();
}

async function reason(bytes: Uint8Array): Promise<{ reason: string | undefined; runs: boolean }> {
  const doc = await openPdf(bytes);
  const content = await extractPageContent(await doc.getPage(1));
  const layout = analyzePage(content, { pageByPage: false, fixReadingOrder: false });
  const r = { reason: modelReason(layout, textLayerIsEnough(content, layout)), runs: modelRunsOn(content, layout) };
  await doc.destroy();
  return r;
}

describe('layout model routing by page complexity', () => {
  it('leaves one-column prose with a running header and page number to the text layer', async () => {
    const bytes = await page((p, font) => {
      for (let i = 0; i < 40; i++) p.drawText(prose(font, i, 480), { x: 66, y: 710 - i * 15, size: 10, font });
    });
    expect(await reason(bytes)).toEqual({ reason: undefined, runs: false });
  });

  it('sends two columns of prose to the model', async () => {
    const bytes = await page((p, font) => {
      for (let i = 0; i < 40; i++) {
        p.drawText(prose(font, i, 230), { x: 54, y: 710 - i * 15, size: 10, font });
        p.drawText(prose(font, i + 7, 230), { x: 324, y: 710 - i * 15, size: 10, font });
      }
    });
    expect(await reason(bytes)).toEqual({ reason: 'columns', runs: true });
  });

  it('halves a drawn page to grey, each pixel the mean of four', () => {
    // 4 × 2 RGBA: a black and a white 2 × 2 block side by side, then a red one.
    const px = (r: number, g: number, b: number) => [r, g, b, 255];
    const row = [...px(0, 0, 0), ...px(0, 0, 0), ...px(255, 255, 255), ...px(255, 0, 0)];
    const half = greyHalf({ data: Uint8Array.from([...row, ...row]), width: 4, height: 2, channels: 4, dpi: 144 });
    expect(half.width).toBe(2);
    expect(half.height).toBe(1);
    expect(half.dpi).toBe(72);
    // black | mean of white and red (luma of (255, 127.5, 127.5) = 0.299·255 + 0.701·127.5)
    expect([...half.data]).toEqual([0, Math.round(0.299 * 255 + 0.701 * 127.5)]);
  });
});
