import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RasterImage } from '../../src/engines/ocr/interface.js';
import { loadImagePages } from '../../src/formats/image/load-image-pages.js';
import { inkMask, isBlank } from '../../src/pipeline/ocr/ink-mask.js';
import { rotateRaster, toSourceBox, toSourcePoint } from '../../src/pipeline/ocr/rotate-raster.js';
import { estimateTextDirection, uprightEvidence } from '../../src/pipeline/ocr/text-direction.js';
import { toGrey } from '../../src/raster/raster-grey.js';
import { repoRoot } from './helpers/corpus.js';

const phototest = async (): Promise<RasterImage> => toGrey(await (await loadImagePages(fs.readFileSync(path.join(repoRoot, 'test/fixtures/ocr/phototest.tif')))).getPage(0));

describe('rotation mapping', () => {
  it.each([90, 180, 270, 4.5, -3.2, 93])('maps a marker rotated by %s° back to where it was', async (angle) => {
    const W = 301, H = 203;
    const data = Buffer.alloc(W * H, 255);
    for (let y = 40; y < 46; y++) for (let x = 250; x < 256; x++) data[y * W + x] = 0; // centre (253, 43)
    const { image, rotation } = await rotateRaster({ data, width: W, height: H, channels: 1, dpi: null }, angle);
    let sx = 0, sy = 0, n = 0;
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const v = 255 - image.data[y * image.width + x]!;
        if (v > 20) {
          sx += (x + 0.5) * v;
          sy += (y + 0.5) * v;
          n += v;
        }
      }
    }
    const [x, y] = toSourcePoint(rotation, sx / n, sy / n);
    expect(Math.abs(x - 253)).toBeLessThan(1.5);
    expect(Math.abs(y - 43)).toBeLessThan(1.5);
  });

  it('maps a box through a quarter turn exactly', () => {
    const r = { angle: 90, srcWidth: 640, srcHeight: 480, outWidth: 480, outHeight: 640 };
    // A box near the top-left of the rotated image came from the bottom-left of the source.
    expect(toSourceBox(r, { left: 10, top: 20, width: 30, height: 40 })).toEqual({ left: 20, top: 440, width: 40, height: 30 });
  });
});

describe('text direction and skew', () => {
  it('finds horizontal lines on an upright page and vertical lines on a turned one', async () => {
    const page = await phototest();
    expect(estimateTextDirection(await inkMask(page))!.angle).toBe(0);
    for (const turn of [90, 270]) {
      const { image } = await rotateRaster(page, turn);
      expect(estimateTextDirection(await inkMask(image))!.angle).toBe(90);
    }
  });

  it.each([2.5, -4, 7])('measures a %s° skew to within 0.3°', async (skew) => {
    const { image } = await rotateRaster(await phototest(), skew);
    const angle = estimateTextDirection(await inkMask(image))!.angle;
    // The correcting rotation is the opposite of the skew.
    expect(Math.abs(angle + skew)).toBeLessThanOrEqual(0.3);
  });

  it('tells upright from upside-down Latin text by ascenders and descenders', async () => {
    const page = await phototest();
    expect(uprightEvidence(await inkMask(page), 0)).toBeGreaterThan(0.35);
    const { image } = await rotateRaster(page, 180);
    expect(uprightEvidence(await inkMask(image), 0)).toBeLessThan(-0.35);
  });

  it('calls a uniform or speckled page blank', async () => {
    const blank = { data: Buffer.alloc(500 * 400, 250), width: 500, height: 400, channels: 1 as const, dpi: null };
    expect(isBlank(await inkMask(blank))).toBe(true);
    const speckled = Buffer.alloc(500 * 400, 255);
    for (let i = 0; i < 20; i++) speckled[i * 997] = 0;
    expect(isBlank(await inkMask({ ...blank, data: speckled }))).toBe(true);
    expect(isBlank(await inkMask(await phototest()))).toBe(false);
  });
});
