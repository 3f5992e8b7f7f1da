/** ocrPage: word runs in page units and in the page's original orientation. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOcrEngine, terminateOcrEngines } from '../../src/engines/ocr/factory.js';
import type { OcrEngine, RasterImage } from '../../src/engines/ocr/interface.js';
import { loadImagePages } from '../../src/formats/image/load-image-pages.js';
import { ocrPage } from '../../src/pipeline/ocr/ocr-page.js';
import { rotateRaster } from '../../src/pipeline/ocr/rotate-raster.js';
import { cropRaster } from '../../src/raster/crop-raster.js';
import { repoRoot } from './helpers/corpus.js';

const fixture = (f: string) => path.join(repoRoot, 'test/fixtures/ocr', f);
const load = async (f: string): Promise<RasterImage> => (await loadImagePages(fs.readFileSync(fixture(f)))).getPage(0);

let engine: OcrEngine;
beforeAll(async () => {
  engine = await getOcrEngine('ServiceHawk');
});
afterAll(() => terminateOcrEngines());

describe('ocrPage', () => {
  it('returns word runs in page units with line ends, confidences and font sizes', async () => {
    const raster = await load('phototest.tif'); // 640x480 px at 200 DPI
    const k = 72 / 200;
    const out = await ocrPage(raster, engine, { pageWidth: 640 * k, pageHeight: 480 * k });
    expect(out.meta).toMatchObject({ rotation: 0, blank: false, unreadable: false, ocrCalls: 1 });
    const first = out.runs[0]!;
    expect(first).toMatchObject({ text: 'This', source: 'ocr', fontName: 'OCR', bold: false, italic: false });
    expect(first.bbox.left).toBeCloseTo(36 * k, 0);
    expect(first.bbox.top).toBeCloseTo(92 * k, 0);
    expect(first.confidence).toBeGreaterThan(0.8);
    expect(first.confidence).toBeLessThanOrEqual(1);
    // "12 point text": the line-height estimate lands near 12 pt.
    expect(first.fontSize).toBeGreaterThan(8);
    expect(first.fontSize).toBeLessThan(16);
    const lineEnds = out.runs.filter((r) => r.eol).map((r) => r.text);
    expect(lineEnds).toEqual(['the', 'types', 'format.', 'the', 'jumped', 'dog', 'quick', 'fox.']);
  });

  it('reads an upside-down page and puts each word where it is on that page', async () => {
    const upright = await ocrPage(await load('phototest.tif'), engine);
    const flipped = await ocrPage(await load('phototest-rotated-180.png'), engine);
    expect(flipped.meta.rotation).toBe(180);
    expect(flipped.runs.map((r) => r.text)).toEqual(upright.runs.map((r) => r.text));
    // Under a half turn, a word's box moves to the opposite corner of the 640x480 page.
    const a = upright.runs[0]!.bbox;
    const b = flipped.runs[0]!.bbox;
    expect(Math.abs(b.left - (640 - a.left - a.width))).toBeLessThan(4);
    expect(Math.abs(b.top - (480 - a.top - a.height))).toBeLessThan(4);
  });

  it('undoes a quarter turn and a skew, mapping boxes back to the turned page', async () => {
    const page = await load('phototest.tif');
    const upright = await ocrPage(page, engine);
    const { image: turned } = await rotateRaster(page, 90);
    const out = await ocrPage(turned, engine);
    expect(out.meta.rotation).toBe(270);
    expect(out.runs.map((r) => r.text)).toEqual(upright.runs.map((r) => r.text));
    // Turned clockwise: x' = 480 − (y + h), y' = x.
    const a = upright.runs[0]!.bbox;
    const b = out.runs[0]!.bbox;
    expect(Math.abs(b.left - (480 - a.top - a.height))).toBeLessThan(4);
    expect(Math.abs(b.top - a.left)).toBeLessThan(4);
    const { image: skewed } = await rotateRaster(page, 4);
    const straightened = await ocrPage(skewed, engine);
    expect(straightened.meta.skewDegrees).toBeCloseTo(4, 0);
    expect(straightened.runs.map((r) => r.text).join(' ')).toBe(upright.runs.map((r) => r.text).join(' '));
  });

  it('places the runs of a cropped region at their page position', async () => {
    const page = await load('phototest.tif');
    const full = await ocrPage(page, engine);
    // Second paragraph only (lines 4–8), OCRed as one block.
    const rect = { left: 20, top: 200, width: 600, height: 260 };
    const out = await ocrPage(cropRaster(page, rect), engine, { region: rect, segmentation: 'single_block', detectOrientation: false });
    const quick = out.runs.find((r) => r.text === 'quick')!;
    const same = full.runs.find((r) => r.text === 'quick' && r.bbox.top > 200)!;
    expect(Math.abs(quick.bbox.left - same.bbox.left)).toBeLessThan(2);
    expect(Math.abs(quick.bbox.top - same.bbox.top)).toBeLessThan(2);
  });

  it('can be told not to look for rotation', async () => {
    const out = await ocrPage(await load('phototest-rotated-180.png'), engine, { detectOrientation: false, minPageQuality: 0, binarizedRetry: false });
    expect(out.meta).toMatchObject({ rotation: 0, ocrCalls: 1 });
  });
});
