import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ProcessingError } from '../../src/errors.js';
import { decodeBmp } from '../../src/formats/image/bmp-decode.js';
import { loadImagePages } from '../../src/formats/image/load-image-pages.js';
import { decodePnm } from '../../src/formats/image/pnm-decode.js';
import { sniffImageType } from '../../src/formats/image/sniff-image-type.js';
import { corpusPath, hasCorpus, repoRoot } from './helpers/corpus.js';
import { makeBmp, pngWithDeclaredSize, quantise, type Rgb } from './helpers/synthetic-images.js';

const fixtures = path.join(repoRoot, 'test/fixtures/ocr');

async function rejects(p: Promise<unknown>, kind: string): Promise<ProcessingError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProcessingError);
  expect((err as ProcessingError).kind).toBe(kind);
  return err as ProcessingError;
}

describe('sniffImageType', () => {
  it('recognises containers by magic bytes, not by name', async () => {
    const img = sharp({ create: { width: 4, height: 4, channels: 3, background: '#808080' } });
    expect(sniffImageType(await img.clone().png().toBuffer())).toBe('png');
    expect(sniffImageType(await img.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await img.clone().tiff().toBuffer())).toBe('tiff');
    expect(sniffImageType(await img.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await img.clone().gif().toBuffer())).toBe('gif');
    expect(sniffImageType(makeBmp({ width: 2, height: 2, bitsPerPixel: 24, pixel: () => [0, 0, 0] }))).toBe('bmp');
    expect(sniffImageType(Buffer.from('P5\n2 2\n255\n\0\0\0\0', 'latin1'))).toBe('pnm');
    expect(sniffImageType(Buffer.from('BM is how this text begins'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});

describe('BMP decoder', () => {
  const w = 13; // odd width: exercises row padding
  const h = 5;
  const grid: Rgb[] = [[0, 0, 0], [255, 255, 255], [200, 30, 60], [10, 120, 250]];
  const pixel = (x: number, y: number): Rgb => grid[(x + 2 * y) % 4]!;
  const expectPixels = (bytes: Buffer, expected: (x: number, y: number) => Rgb) => {
    const d = decodeBmp(bytes);
    expect([d.width, d.height]).toEqual([w, h]);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const at = (y * w + x) * 3;
        expect([d.data[at], d.data[at + 1], d.data[at + 2]], `pixel ${x},${y}`).toEqual(expected(x, y));
      }
    }
    return d;
  };

  it('reads 24-bit bottom-up and top-down rows', () => {
    expectPixels(makeBmp({ width: w, height: h, bitsPerPixel: 24, pixel }), pixel);
    expectPixels(makeBmp({ width: w, height: h, bitsPerPixel: 24, pixel, topDown: true }), pixel);
  });

  it('honours the pixel-data offset of a V5 header (where bmp-js fails)', () => {
    const d = expectPixels(makeBmp({ width: w, height: h, bitsPerPixel: 24, pixel, v5: true }), pixel);
    expect(d.dpi).toBe(300);
  });

  it('reads 32-bit BI_RGB and BITFIELDS, and 16-bit 555 and 565', () => {
    expectPixels(makeBmp({ width: w, height: h, bitsPerPixel: 32, pixel }), pixel);
    expectPixels(makeBmp({ width: w, height: h, bitsPerPixel: 32, pixel, v5: true, masks: [0x0000ff00, 0x00ff0000, 0xff000000] }), pixel);
    const q555 = (x: number, y: number) => pixel(x, y).map((v) => quantise(v, 5)) as Rgb;
    expectPixels(makeBmp({ width: w, height: h, bitsPerPixel: 16, pixel }), q555);
    const q565 = (x: number, y: number) => {
      const [r, g, b] = pixel(x, y);
      return [quantise(r, 5), quantise(g, 6), quantise(b, 5)] as Rgb;
    };
    expectPixels(makeBmp({ width: w, height: h, bitsPerPixel: 16, pixel, masks: [0xf800, 0x07e0, 0x001f] }), q565);
  });

  it('reads 1-, 4- and 8-bit palettes, and RLE8', () => {
    const two: Rgb[] = [[0, 0, 0], [255, 255, 255]];
    const bw = (x: number, y: number) => two[(x * y + x) % 2]!;
    expectPixels(makeBmp({ width: w, height: h, bitsPerPixel: 1, pixel: bw, palette: two }), bw);
    expectPixels(makeBmp({ width: w, height: h, bitsPerPixel: 4, pixel, palette: grid }), pixel);
    expectPixels(makeBmp({ width: w, height: h, bitsPerPixel: 8, pixel, palette: grid }), pixel);
    const runs = (x: number, y: number) => grid[Math.floor(x / 4 + y) % 4]!;
    expectPixels(makeBmp({ width: w, height: h, bitsPerPixel: 8, pixel: runs, palette: grid, rle8: true }), runs);
  });

  it('rejects truncated pixel data as corrupt instead of reading past the end', async () => {
    const bmp = makeBmp({ width: w, height: h, bitsPerPixel: 24, pixel });
    expect(() => decodeBmp(bmp.subarray(0, bmp.length - 20))).toThrow(ProcessingError);
    const pages = await loadImagePages(bmp.subarray(0, bmp.length - 20));
    await rejects(pages.getPage(0), 'corrupt_document');
  });
});

describe('PNM decoder', () => {
  it('reads raw and plain PBM/PGM/PPM, with comments', () => {
    const p4 = decodePnm(Buffer.concat([Buffer.from('P4\n# comment\n10 2\n', 'latin1'), Buffer.from([0b10000000, 0b01000000, 0b00000001, 0b10000000])]));
    expect([...p4.data.subarray(0, 10)]).toEqual([0, 255, 255, 255, 255, 255, 255, 255, 255, 0]);
    expect([...p4.data.subarray(10)]).toEqual([255, 255, 255, 255, 255, 255, 255, 0, 0, 255]);
    const p1 = decodePnm(Buffer.from('P1\n3 2\n101\n0 1 0\n', 'latin1'));
    expect([...p1.data]).toEqual([0, 255, 0, 255, 0, 255]);
    const p2 = decodePnm(Buffer.from('P2 2 1 15 0 15', 'latin1'));
    expect([...p2.data]).toEqual([0, 255]);
    const p6 = decodePnm(Buffer.concat([Buffer.from('P6 1 1 255\n', 'latin1'), Buffer.from([1, 2, 3])]));
    expect([p6.channels, ...p6.data]).toEqual([3, 1, 2, 3]);
    const p5wide = decodePnm(Buffer.concat([Buffer.from('P5 2 1 65535\n', 'latin1'), Buffer.from([0xff, 0xff, 0x00, 0x00])]));
    expect([...p5wide.data]).toEqual([255, 0]);
  });
});

describe('loadImagePages', () => {
  it('decodes PNG, JPEG, TIFF, WebP, GIF, BMP and PNM to upright grey or RGB pages', async () => {
    const rgb = sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 250, g: 10, b: 10 } } });
    for (const bytes of [await rgb.clone().png().toBuffer(), await rgb.clone().jpeg().toBuffer(), await rgb.clone().webp({ lossless: true }).toBuffer(), await rgb.clone().gif().toBuffer()]) {
      const pages = await loadImagePages(bytes);
      const page = await pages.getPage(0);
      expect([pages.pageCount, page.width, page.height, page.channels]).toEqual([1, 30, 20, 3]);
      expect(page.data[0]).toBeGreaterThan(200);
      expect(page.data[1]).toBeLessThan(60);
    }
    const grey = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#404040' } }).toColourspace('b-w').png().toBuffer();
    const g = await (await loadImagePages(grey)).getPage(0);
    expect([g.channels, g.data.length]).toEqual([1, 600]);
    const bmp = await (await loadImagePages(makeBmp({ width: 7, height: 3, bitsPerPixel: 24, pixel: () => [1, 2, 3] }))).getPage(0);
    expect([bmp.width, bmp.height, bmp.channels, bmp.dpi, bmp.data[2]]).toEqual([7, 3, 3, 300, 3]);
    const pnm = await (await loadImagePages(Buffer.from('P2 2 2 255 0 64 128 255', 'latin1'))).getPage(0);
    expect([pnm.channels, ...pnm.data]).toEqual([1, 0, 64, 128, 255]);
  });

  it('treats each TIFF page as a document page', async () => {
    const white = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const black = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#000000' } }).png().toBuffer();
    const tiff = await sharp([white, black, white], { join: { animated: true } }).tiff().toBuffer();
    const pages = await loadImagePages(tiff);
    expect(pages.pageCount).toBe(3);
    expect(pages.pages.map((p) => [p.width, p.height])).toEqual([[40, 30], [40, 30], [40, 30]]);
    expect((await pages.getPage(1)).data[0]).toBe(0);
    expect((await pages.getPage(2)).data[0]).toBe(255);
    await expect(pages.getPage(3)).rejects.toThrow(RangeError);
  });

  it('applies EXIF orientation', async () => {
    // 40x20, left half black; orientation 6 = rotate 90° clockwise to display.
    const base = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ffffff' } })
      .composite([{ input: { create: { width: 20, height: 20, channels: 3, background: '#000000' } }, left: 0, top: 0 }])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const pages = await loadImagePages(base);
    expect(pages.pages[0]).toMatchObject({ width: 20, height: 40 });
    const page = await pages.getPage(0);
    expect([page.width, page.height]).toEqual([20, 40]);
    // The black half is now on top.
    expect(page.data[(5 * 20 + 10) * page.channels]).toBeLessThan(40);
    expect(page.data[(35 * 20 + 10) * page.channels]).toBeGreaterThan(215);
  });

  it('flattens transparency onto white paper', async () => {
    const transparent = await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const page = await (await loadImagePages(transparent)).getPage(0);
    expect(Math.min(...page.data)).toBe(255);
  });

  it('refuses a declared 50000x50000 PNG from its header, before decoding anything', async () => {
    const bomb = pngWithDeclaredSize(50_000, 50_000);
    const before = process.memoryUsage().rss;
    const err = await rejects(loadImagePages(bomb), 'too_large');
    expect(err.message).toMatch(/50000x50000/);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    // The limit is configurable, and also guards BMP and PNM headers.
    await rejects(loadImagePages(pngWithDeclaredSize(2000, 2000), { maxPixels: 1_000_000 }), 'too_large');
    await rejects(loadImagePages(makeBmp({ width: 300, height: 200, bitsPerPixel: 24, pixel: () => [0, 0, 0] }), { maxPixels: 50_000 }), 'too_large');
    await rejects(loadImagePages(Buffer.from('P5 60000 60000 255\n', 'latin1')), 'too_large');
  });

  it('reports corrupt, empty and unsupported inputs with their error kinds', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const truncated = png.subarray(0, png.length - 40);
    await rejects((async () => (await loadImagePages(truncated)).getPage(0))(), 'corrupt_document');
    const badJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 0x41)]);
    await rejects((async () => (await loadImagePages(badJpeg)).getPage(0))(), 'corrupt_document');
    await rejects(loadImagePages(Buffer.from('GIF89a garbage')), 'corrupt_document');
    const zeroWidthBmp = Buffer.alloc(54);
    zeroWidthBmp.write('BM', 0, 'latin1');
    zeroWidthBmp.writeUInt32LE(40, 14);
    await rejects(loadImagePages(zeroWidthBmp), 'corrupt_document');
    await rejects(loadImagePages(new Uint8Array(0)), 'empty_file');
    await rejects(loadImagePages(Buffer.from('just some text, not an image')), 'unsupported_format');
  });

  it('reads the EXIF-rotated fixture upright', async () => {
    const pages = await loadImagePages(fs.readFileSync(path.join(fixtures, 'simple-90.jpg')));
    expect(pages.pages[0]).toMatchObject({ width: 320, height: 180 });
  });

  describe.skipIf(!hasCorpus)('corpus images', () => {
    it('decodes every tesseract.js asset format to the same upright size', async () => {
      const dir = corpusPath('ocr/tesseract.js/tests/assets/images');
      for (const f of ['simple.png', 'simple.jpg', 'simple.gif', 'simple.webp', 'simple.bmp', 'simple.pbm', 'simple-90.jpg', 'simple-180.jpg', 'simple-270.jpg']) {
        const pages = await loadImagePages(fs.readFileSync(path.join(dir, f)));
        const page = await pages.getPage(0);
        expect([f, page.width, page.height]).toEqual([f, 320, 180]);
      }
    });

    it('says HEIC (HEVC) is unsupported rather than corrupt', async () => {
      const heic = corpusPath('classification/client-lib-test-data/file_types/receipt.heic');
      if (!fs.existsSync(heic)) return;
      const bytes = fs.readFileSync(heic);
      expect(sniffImageType(bytes)).toBe('heic');
      const err = await (async () => (await loadImagePages(bytes)).getPage(0))().catch((e: unknown) => e);
      // A libvips built with an HEVC decoder would simply decode it.
      if (err) expect((err as ProcessingError).kind).toBe('unsupported_format');
    });
  });
});
