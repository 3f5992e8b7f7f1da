/**
 * Large print is read from a smaller copy (glyph-size.ts): the smallest text decides, body
 * text keeps its resolution, and the words come back at the same page positions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOcrEngine, terminateOcrEngines } from '../../src/engines/ocr/factory.js';
import type { OcrEngine, RasterImage } from '../../src/engines/ocr/interface.js';
import { loadImagePages } from '../../src/formats/image/load-image-pages.js';
import { glyphSizes, maskComponents, ocrScaleFactor, textInkPoints } from '../../src/pipeline/ocr/glyph-size.js';
import { estimateTextDirection } from '../../src/pipeline/ocr/text-direction.js';
import { inkMask } from '../../src/pipeline/ocr/ink-mask.js';
import { ocrPage, type OcrPageOutput } from '../../src/pipeline/ocr/ocr-page.js';
import { rotateRaster } from '../../src/pipeline/ocr/rotate-raster.js';
import { toGrey } from '../../src/raster/raster-grey.js';
import { rasterFromSharp, sharpFromRaster } from '../../src/raster/raster-sharp.js';
import { cer } from './helpers/cer.js';
import { corpusPath, hasCorpus, repoRoot } from './helpers/corpus.js';

const fixture = (f: string) => path.join(repoRoot, 'test/fixtures/ocr', f);
const gold = () => fs.readFileSync(fixture('phototest.gold.txt'), 'utf8');
const text = (o: OcrPageOutput) => o.runs.map((r) => r.text + (r.eol ? '\n' : ' ')).join('');

let engine: OcrEngine;
let body: RasterImage; // phototest.tif: 640x480 at 200 DPI, 12 pt text (~18 px glyphs)
let large: RasterImage; // the same page three times as large: a 600-DPI scan of it
beforeAll(async () => {
  engine = await getOcrEngine('ServiceHawk');
  body = toGrey(await (await loadImagePages(fs.readFileSync(fixture('phototest.tif')))).getPage(0));
  const big = await rasterFromSharp(sharpFromRaster(body).resize({ width: body.width * 3, height: body.height * 3, kernel: 'cubic' }), body);
  large = { ...big, dpi: 600 };
});
afterAll(() => terminateOcrEngines());

const factorOf = async (r: RasterImage) => {
  const mask = await inkMask(r);
  return ocrScaleFactor(glyphSizes(mask), mask, r.dpi ?? 0);
};

describe('glyph sizes', () => {
  it('measure the text, not the page: 3x larger print gives 3x taller glyphs', async () => {
    const small = glyphSizes(await inkMask(body));
    const bigMask = await inkMask(large);
    const big = glyphSizes(bigMask);
    const median = (h: number[], scale: number) => h[h.length >> 1]! / scale;
    expect(small.heights.length).toBeGreaterThan(100);
    expect(big.heights.length).toBeGreaterThan(100);
    expect(median(big.heights, bigMask.scale) / median(small.heights, 1)).toBeGreaterThan(2.6);
    expect(median(big.heights, bigMask.scale) / median(small.heights, 1)).toBeLessThan(3.4);
  });

  it('keep body text at its resolution and halve large print, never under 150 DPI', async () => {
    expect(await factorOf(body)).toBe(1);
    expect(await factorOf(large)).toBe(1 / 2); // 12 pt at 600 DPI is read at 300 DPI
    expect(await factorOf({ ...large, dpi: null })).toBe(1 / 2); // unknown resolution: glyphs alone decide
    // The same pixels as 36 pt print at 200 DPI: half would be 100 DPI, under the floor.
    expect(await factorOf({ ...large, dpi: 200 })).toBe(1);
  });
});

describe('ocrPage on large print', () => {
  it('reads from a half-size copy: same text, same word positions, a quarter of the pixels', async () => {
    const full = await ocrPage(large, engine, { adaptiveResolution: false });
    const half = await ocrPage(large, engine);
    expect(full.meta.ocrScale).toBe(1);
    expect(half.meta.ocrScale).toBe(0.5);
    expect(half.ocrRaster!.width).toBe(large.width / 2);
    expect(cer(text(half), gold())).toBeLessThan(0.02);
    expect(cer(text(half), gold())).toBeLessThanOrEqual(cer(text(full), gold()) + 0.005);
    // Boxes are in the input raster's units whichever copy was read.
    const first = (o: OcrPageOutput) => o.runs.find((r) => r.text === 'quick')!.bbox;
    expect(Math.abs(first(half).left - first(full).left)).toBeLessThan(8);
    expect(Math.abs(first(half).top - first(full).top)).toBeLessThan(8);
    expect(first(half).width / first(full).width).toBeGreaterThan(0.9);
  });

  it('measures glyphs across the lines of a sideways page', async () => {
    const { image: sideways } = await rotateRaster(large, 90);
    const out = await ocrPage({ ...sideways, dpi: 600 }, engine);
    expect(out.meta.rotation).toBe(270);
    expect(out.meta.ocrScale).toBe(0.5);
    expect(cer(text(out), gold())).toBeLessThan(0.03);
  });

  it('reads body text at full resolution', async () => {
    const out = await ocrPage(body, engine);
    expect(out.meta.ocrScale).toBe(1);
    expect(out.ocrRaster).toBe(body);
  });
});

describe('lines direction from text ink', () => {
  // The fixture's text above a block of vertical hatching, as an engraving would be: on all
  // its ink the page's lines look vertical.
  const illustrated = (): RasterImage => {
    const W = body.width, H = body.height + 400;
    const data = Buffer.alloc(W * H, 255);
    for (let y = 0; y < body.height; y++) data.set(body.data.subarray(y * W, y * W + W), y * W);
    for (let y = body.height + 20; y < H - 20; y++) for (let x = 40; x < W - 40; x++) if (x % 6 < 3) data[y * W + x] = 0;
    return { data, width: W, height: H, channels: 1, dpi: 200 };
  };

  it('is judged on the glyphs, not on a picture beside them', async () => {
    const page = illustrated();
    const mask = await inkMask(page);
    expect(Math.abs(estimateTextDirection(mask)!.angle)).toBeGreaterThan(80); // all ink: vertical
    const points = textInkPoints(mask, maskComponents(mask));
    expect(estimateTextDirection(mask, 10, points)!.angle).toBe(0);
    const out = await ocrPage(page, engine);
    expect(out.meta.rotation).toBe(0);
    expect(text(out)).toContain('This is a lot of 12 point text');
  });
});

describe('ocrPage with a sharper raster to fall back on', () => {
  it('asks for it when the text of the first look is too small, and reads and returns it', async () => {
    const coarse = await rasterFromSharp(sharpFromRaster(body).resize({ width: body.width / 2, height: body.height / 2, kernel: 'linear' }), body);
    let asked = 0;
    const out = await ocrPage({ ...coarse, dpi: 100 }, engine, {
      sharper: async () => {
        asked++;
        return body;
      },
    });
    expect(asked).toBe(1);
    expect(out.meta.sharpened).toBe(true);
    expect(out.raster).toBe(body);
    expect(out.ocrRaster!.width).toBe(body.width);
    expect(cer(text(out), gold())).toBeLessThan(0.02);
    // Boxes stay in the units of the raster given (the first look's pixels).
    const quick = out.runs.find((r) => r.text === 'quick')!.bbox;
    expect(quick.left + quick.width).toBeLessThan(coarse.width);
  });

  it('does without it when the print is large enough', async () => {
    let asked = 0;
    const out = await ocrPage(large, engine, {
      sharper: async () => {
        asked++;
        return large;
      },
    });
    expect(asked).toBe(0);
    expect(out.meta.sharpened).toBe(false);
    expect(out.raster).toBe(large);
  });
});

describe.skipIf(!hasCorpus)('large print in the corpus', () => {
  it('typewriter.png (4000x2864, ~55 px glyphs) reads better from the half-size copy', async () => {
    const raster = await (await loadImagePages(fs.readFileSync(corpusPath('ocr/OCRmyPDF/tests/resources/typewriter.png')))).getPage(0);
    const out = await ocrPage(raster, engine);
    expect(out.meta.ocrScale).toBe(0.5);
    const t = text(out);
    for (const line of ['Linzensoep', 'De linzen wassen en in 1 liter kokend', 'gaar zijn is de soep klaar.']) expect(t).toContain(line);
  });
});
