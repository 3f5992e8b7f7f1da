/**
 * Inputs that are not readable documents: every one ends in an empty result or a typed
 * error, never a crash, a hang or unbounded memory.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessingError } from '../../src/errors.js';
import { getOcrEngine, terminateOcrEngines } from '../../src/engines/ocr/factory.js';
import type { OcrEngine, RasterImage } from '../../src/engines/ocr/interface.js';
import { loadImagePages } from '../../src/formats/image/load-image-pages.js';
import { ocrPage } from '../../src/pipeline/ocr/ocr-page.js';
import { pngWithDeclaredSize } from './helpers/synthetic-images.js';

let engine: OcrEngine;
beforeAll(async () => {
  engine = await getOcrEngine('ServiceHawk');
});
afterAll(() => terminateOcrEngines());

const grey = (width: number, height: number, fill: (i: number) => number): RasterImage => {
  const data = Buffer.alloc(width * height);
  for (let i = 0; i < data.length; i++) data[i] = fill(i);
  return { data, width, height, channels: 1, dpi: 300 };
};

/** Deterministic pseudo-random bytes (a fixed LCG), so the test reads the same noise each run. */
const lcg = (seed: number) => () => (seed = (seed * 1664525 + 1013904223) >>> 0) >>> 24;

describe('OCR of pages without readable text', () => {
  it('returns nothing for a blank 300-DPI Letter page, without calling the engine', async () => {
    const out = await ocrPage(grey(2550, 3300, () => 255), engine, { pageWidth: 612, pageHeight: 792 });
    expect(out.runs).toEqual([]);
    expect(out.meta).toMatchObject({ blank: true, ocrCalls: 0 });
  });

  it('returns nothing for a scanner-grey page with a little dust', async () => {
    const next = lcg(7);
    const out = await ocrPage(grey(1700, 2200, () => (next() < 1 ? 60 : 235)), engine);
    expect(out.runs).toEqual([]);
  });

  it.each([
    [1, 1],
    [2, 9],
    [5, 5],
    [3000, 1],
  ])('handles a %sx%s raster', async (w, h) => {
    const out = await ocrPage(grey(w, h, (i) => (i % 2 ? 0 : 255)), engine);
    expect(out.runs).toEqual([]);
    // The engine itself also copes with sizes tesseract refuses.
    const direct = await engine.recognize(grey(w, h, () => 0));
    expect(direct.words).toEqual([]);
  });

  it('decodes and reads a 1x1 PNG to an empty page', async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000000' } }).png().toBuffer();
    const pages = await loadImagePages(png);
    const out = await ocrPage(await pages.getPage(0), engine);
    expect([pages.pages[0]!.width, out.runs.length]).toEqual([1, 0]);
  });

  it('returns nothing for noise, stripes and a drawing: images that are not documents', async () => {
    const next = lcg(42);
    const noise: RasterImage = { ...grey(1200, 900, () => next()), dpi: null };
    const stripes = grey(1200, 900, (i) => (Math.floor((i % 1200) / 7) % 2 ? 255 : 0));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
      <rect width="100%" height="100%" fill="#3a7"/>
      ${Array.from({ length: 30 }, (_, i) => `<circle cx="${(i * 137) % 1200}" cy="${(i * 251) % 900}" r="${20 + ((i * 7) % 60)}" fill="#${((i * 1234567) % 0xffffff).toString(16).padStart(6, '0')}"/>`).join('')}
      <path d="M0,700 Q300,500 600,700 T1200,700 V900 H0 Z" fill="#345"/></svg>`;
    const drawing = await (await loadImagePages(await sharp(Buffer.from(svg)).png().toBuffer())).getPage(0);
    for (const [name, raster] of [['noise', noise], ['stripes', stripes], ['drawing', drawing]] as const) {
      const out = await ocrPage(raster, engine);
      expect(out.runs, name).toEqual([]);
    }
    // Three full-page OCR passes over images with no text: ~32 s on a quiet 2-core CI machine,
    // close to 120 s at load 15-20; the limit is not what this test is about.
  }, 600_000);

  it('refuses a decompression bomb before the OCR pipeline ever sees it', async () => {
    const err = await loadImagePages(pngWithDeclaredSize(50_000, 50_000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessingError);
    expect((err as ProcessingError).kind).toBe('too_large');
  });

  it('reports corrupt image bytes as corrupt_document', async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const broken = Buffer.from(png);
    broken.fill(0x5a, 60, broken.length - 12); // keep the header, trash the data
    const err = await (async () => ocrPage(await (await loadImagePages(broken)).getPage(0), engine))().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessingError);
    expect((err as ProcessingError).kind).toBe('corrupt_document');
  });

  it('keeps memory bounded over repeated large pages', async () => {
    const next = lcg(3);
    // A 300-DPI Letter page of sparse marks: the geometry and OCR paths run in full.
    const page = grey(2550, 3300, () => (next() < 2 ? 0 : 255));
    await ocrPage(page, engine);
    const after1 = process.memoryUsage().rss;
    for (let i = 0; i < 3; i++) await ocrPage(page, engine);
    const growth = process.memoryUsage().rss - after1;
    expect(growth).toBeLessThan(150 * 1024 * 1024);
  });
});
