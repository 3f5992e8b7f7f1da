import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ProcessingError } from '../../src/errors.js';
import { openPdf } from '../../src/formats/pdf/open-document.js';
import { cropRaster, encodeCrop, pageBoxToPixels } from '../../src/raster/crop-raster.js';
import { cappedScale, dpiFor } from '../../src/raster/raster-dpi.js';
import { toGrey } from '../../src/raster/raster-grey.js';
import { renderPdfPage } from '../../src/formats/pdf/render-page.js';
import { corpusPath, hasCorpus, repoRoot } from './helpers/corpus.js';
import { openTestPdf } from './helpers/pdf-page.js';

const docs: { destroy(): Promise<void> }[] = [];
afterAll(async () => Promise.all(docs.map((d) => d.destroy())));
const firstPage = async (file: string) => {
  const doc = await openTestPdf(file);
  docs.push(doc);
  return doc.getPage(1);
};
const constitution = path.join(repoRoot, 'test/fixtures/pdf/us_constitution.pdf');

describe('resolution policy', () => {
  it('gives OCR, layout and crops their own DPI, higher with use_high_resolution', () => {
    expect([dpiFor('ocr'), dpiFor('ocr', true)]).toEqual([300, 400]);
    expect([dpiFor('layout'), dpiFor('layout', true)]).toEqual([150, 200]);
    expect([dpiFor('crop'), dpiFor('crop', true)]).toEqual([150, 300]);
  });

  it('lowers the scale of huge pages to stay within the pixel and side limits', () => {
    expect(cappedScale(612, 792, 300)).toBeCloseTo(300 / 72);
    const poster = cappedScale(18000, 36000, 300);
    expect(18000 * poster * 36000 * poster).toBeLessThanOrEqual(40_000_000 * 1.0001);
    const strip = cappedScale(100, 20000, 300, { maxPixels: 1e9, maxSide: 20000 });
    expect(20000 * strip).toBeLessThanOrEqual(20000 + 1e-6);
  });
});

describe('toGrey', () => {
  it('composites alpha onto white with BT.601 weights, and converts each raster once', () => {
    // Pixels: opaque red, half-transparent black, fully transparent green.
    const rgba = { data: Buffer.from([255, 0, 0, 255, 0, 0, 0, 128, 0, 255, 0, 0]), width: 3, height: 1, channels: 4 as const, dpi: 300 };
    const grey = toGrey(rgba);
    expect([...grey.data]).toEqual([76, 127, 255]);
    expect(grey.channels).toBe(1);
    expect(toGrey(rgba)).toBe(grey);
    const rgb = { data: Buffer.from([0, 0, 255, 10, 20, 30]), width: 2, height: 1, channels: 3 as const, dpi: 300 };
    expect([...toGrey(rgb).data]).toEqual([29, 18]);
    expect(toGrey(grey)).toBe(grey);
  });
});

describe.skipIf(!fs.existsSync(constitution))('renderPdfPage', () => {
  it('renders at the requested DPI on white, in viewport points', async () => {
    const page = await firstPage(constitution);
    const vp = page.getViewport({ scale: 1 });
    const r = await renderPdfPage(page, 144);
    expect(r.channels).toBe(4);
    expect(r.width).toBe(Math.round(vp.width * 2));
    expect(r.height).toBe(Math.round(vp.height * 2));
    expect([r.pageWidth, r.pageHeight, r.dpi]).toEqual([vp.width, vp.height, 144]);
    expect([...r.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    const grey = toGrey(r);
    expect(grey.data.filter((v) => v < 128).length).toBeGreaterThan(1000); // there is text
  });

  it('honours a custom pixel budget', async () => {
    const r = await renderPdfPage(await firstPage(constitution), 600, { maxPixels: 1_000_000 });
    expect(r.width * r.height).toBeLessThanOrEqual(1_000_000 * 1.01);
    expect(r.dpi).toBeLessThan(600);
  });

  it('crops page boxes and encodes them as PNG or JPEG', async () => {
    const r = await renderPdfPage(await firstPage(constitution), 150);
    const rect = pageBoxToPixels({ left: 72, top: 72, width: 144, height: 36 }, r, r.pageWidth, r.pageHeight);
    // 150 DPI: one point is 150/72 px (the raster is rounded to whole pixels).
    expect(Math.abs(rect.left - 150)).toBeLessThanOrEqual(1);
    expect(Math.abs(rect.top - 150)).toBeLessThanOrEqual(1);
    expect(Math.abs(rect.width - 300)).toBeLessThanOrEqual(2);
    expect(Math.abs(rect.height - 75)).toBeLessThanOrEqual(2);
    const png = await encodeCrop(r, rect, { format: 'png' });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', rect.width, rect.height, false]);
    const jpeg = await encodeCrop(toGrey(r), rect, { format: 'jpeg', quality: 70, maxSide: 100 });
    const jm = await sharp(jpeg).metadata();
    expect([jm.format, jm.width, jm.channels]).toEqual(['jpeg', 100, 1]);
    expect(Math.abs(jm.height! - Math.round((100 * rect.height) / rect.width))).toBeLessThanOrEqual(1);
    const copy = cropRaster(r, rect);
    expect([copy.width, copy.height, copy.data.length]).toEqual([rect.width, rect.height, rect.width * rect.height * 4]);
    // The copy holds the same pixels as the page at that place.
    const at = ((rect.top + 10) * r.width + rect.left + 20) * 4;
    expect(copy.data[(10 * rect.width + 20) * 4]).toBe(r.data[at]);
    // Boxes beyond the page are clamped, never empty.
    const edge = pageBoxToPixels({ left: r.pageWidth - 1, top: r.pageHeight + 50, width: 100, height: 100 }, r, r.pageWidth, r.pageHeight);
    expect(edge.left + edge.width).toBeLessThanOrEqual(r.width);
    expect(edge.width).toBeGreaterThanOrEqual(1);
    expect(edge.height).toBeGreaterThanOrEqual(1);
  });
});

describe.skipIf(!hasCorpus)('renderPdfPage on extreme corpus pages', () => {
  it('renders an 18000x36000 pt poster within the pixel budget', async () => {
    const r = await renderPdfPage(await firstPage(corpusPath('ocr/OCRmyPDF/tests/resources/poster.pdf')), 300);
    expect(r.width * r.height).toBeLessThanOrEqual(40_000_000 * 1.01);
    expect(r.dpi).toBeLessThan(20);
  });

  it('draws JPEG 2000 images in documents Quire opens (pdf.js decodes them with its OpenJPEG WASM)', async () => {
    // lichtenstein.pdf: one page, a JPX photograph covering most of it.
    const doc = await openPdf(new Uint8Array(fs.readFileSync(corpusPath('ocr/OCRmyPDF/tests/resources/lichtenstein.pdf'))));
    docs.push(doc);
    const r = toGrey(await renderPdfPage(await doc.getPage(1), 30));
    let sum = 0;
    for (const v of r.data) sum += v;
    expect(sum / r.data.length).toBeLessThan(150);
  });

  it('fails a page whose image cannot be drawn with a processing error, not a crash', async () => {
    // hugemono.pdf: one 35000x35000 1-bit image; pdf.js needs a canvas that large to draw it.
    const page = await firstPage(corpusPath('ocr/OCRmyPDF/tests/resources/hugemono.pdf'));
    const outcome: { width: number; height: number } | unknown = await renderPdfPage(page, 300).catch((e: unknown) => e);
    if (outcome instanceof Error) expect(outcome).toBeInstanceOf(ProcessingError);
    else {
      const r = outcome as { width: number; height: number };
      expect(r.width * r.height).toBeLessThanOrEqual(40_000_000 * 1.01);
    }
  });
});
