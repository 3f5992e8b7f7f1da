/**
 * The default parse shows the layout model the text-layer pages whose layout is not plain
 * one-column text (src/pipeline/layout-fusion/page-complexity.ts), and shrinks the page it
 * draws for the model to grey (src/raster/grey-shrink.ts). Checked on generated pages: a page
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
import { greyTwoThirds } from '../../src/raster/grey-shrink.js';

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

/** `runs`: under QUIRE_LAYOUT_ROUTING=complexity; `byDefault`: the default routing (text layer unsure). */
async function reason(bytes: Uint8Array): Promise<{ reason: string | undefined; runs: boolean; byDefault: boolean }> {
  const doc = await openPdf(bytes);
  const content = await extractPageContent(await doc.getPage(1));
  const layout = analyzePage(content, { pageByPage: false, fixReadingOrder: false });
  const byDefault = modelRunsOn(content, layout);
  process.env.QUIRE_LAYOUT_ROUTING = 'complexity';
  const runs = modelRunsOn(content, layout);
  delete process.env.QUIRE_LAYOUT_ROUTING;
  const r = { reason: modelReason(layout, textLayerIsEnough(content, layout)), runs, byDefault };
  await doc.destroy();
  return r;
}

describe('layout model routing by page complexity', () => {
  it('leaves one-column prose with a running header and page number to the text layer', async () => {
    const bytes = await page((p, font) => {
      for (let i = 0; i < 40; i++) p.drawText(prose(font, i, 480), { x: 66, y: 710 - i * 15, size: 10, font });
    });
    expect(await reason(bytes)).toEqual({ reason: undefined, runs: false, byDefault: false });
  });

  it('sends two columns of prose to the model', async () => {
    const bytes = await page((p, font) => {
      for (let i = 0; i < 40; i++) {
        p.drawText(prose(font, i, 230), { x: 54, y: 710 - i * 15, size: 10, font });
        p.drawText(prose(font, i + 7, 230), { x: 324, y: 710 - i * 15, size: 10, font });
      }
    });
    expect(await reason(bytes)).toEqual({ reason: 'columns', runs: true, byDefault: false });
  });

  it('shrinks a drawn page to two thirds in grey, by area', () => {
    // 3 × 3 RGBA: black, grey 90, white columns; every row alike.
    const px = (v: number) => [v, v, v, 255];
    const row = [...px(0), ...px(90), ...px(255)];
    const out = greyTwoThirds({ data: Uint8Array.from([...row, ...row, ...row]), width: 3, height: 3, channels: 4, dpi: 108 });
    expect([out.width, out.height, out.dpi]).toEqual([2, 2, 72]);
    // Left output column: (0 + 0.5·90) / 1.5 = 30; right: (0.5·90 + 255) / 1.5 = 200.
    expect([...out.data]).toEqual([30, 200, 30, 200]);
  });
});
