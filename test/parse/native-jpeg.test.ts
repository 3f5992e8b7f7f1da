/**
 * JPEGs decoded by libjpeg-turbo while rendering: which ones are taken, and that a page looks
 * the same as with pdf.js's own decoder.
 */
import { PDFDocument } from 'pdf-lib';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePlainJpeg, plainJpegLayout } from '../../src/formats/pdf/native-jpeg.js';
import { loadPdfJs, openPdf } from '../../src/formats/pdf/open-document.js';
import { renderPdfPage } from '../../src/formats/pdf/render-page.js';
import { toGrey } from '../../src/raster/raster-grey.js';

const W = 240;
const H = 160;

/** A colourful picture with hard edges (where decoders differ most). */
async function picture(): Promise<Sharp> {
  const px = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const bar = Math.floor(x / 20) % 2 === 0;
      px[i] = bar ? 220 : (x * 255) / W;
      px[i + 1] = y % 32 < 16 ? 30 : 200;
      px[i + 2] = (x + y) % 50 < 25 ? 240 : 10;
    }
  }
  return sharp(px, { raw: { width: W, height: H, channels: 3 } });
}

describe('native JPEG decoding', () => {
  it('takes grey and YCbCr JPEGs, baseline or progressive, and leaves CMYK, EXIF and ICC ones to pdf.js', async () => {
    const rgb = await (await picture()).jpeg({ quality: 80 }).toBuffer();
    const progressive = await (await picture()).jpeg({ progressive: true }).toBuffer();
    const grey = await (await picture()).toColourspace('b-w').jpeg().toBuffer();
    const cmyk = await (await picture()).toColourspace('cmyk').jpeg().toBuffer();
    const withMetadata = await (await picture()).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect(plainJpegLayout(rgb)).toEqual({ width: W, height: H, components: 3 });
    expect(plainJpegLayout(progressive)).toEqual({ width: W, height: H, components: 3 });
    expect(plainJpegLayout(grey)).toEqual({ width: W, height: H, components: 1 });
    expect(plainJpegLayout(cmyk)).toBeNull();
    expect(plainJpegLayout(withMetadata)).toBeNull();
    expect(plainJpegLayout(rgb.subarray(0, 40))).toBeNull();
    expect(plainJpegLayout(Buffer.from('not a jpeg at all'))).toBeNull();
  });

  it('returns the layout pdf.js asks for, or nothing when the request is not plain', async () => {
    const rgb = await (await picture()).jpeg().toBuffer();
    const base = { width: W, height: H, forceRGBA: false, forceRGB: false };
    expect((await decodePlainJpeg(rgb, base))?.length).toBe(W * H * 3);
    const rgba = await decodePlainJpeg(rgb, { ...base, forceRGBA: true });
    expect(rgba?.length).toBe(W * H * 4);
    expect(rgba![3]).toBe(255);
    const grey = await (await picture()).toColourspace('b-w').jpeg().toBuffer();
    expect((await decodePlainJpeg(grey, base))?.length).toBe(W * H);
    expect((await decodePlainJpeg(grey, { ...base, forceRGB: true }))?.length).toBe(W * H * 3);
    expect(await decodePlainJpeg(rgb, { ...base, width: W / 2 })).toBeNull(); // reduced size
    expect(await decodePlainJpeg(rgb, { ...base, decodeTransform: new Int32Array(6) })).toBeNull();
    expect(await decodePlainJpeg(rgb, { ...base, colorTransform: 0 })).toBeNull();
  });

  it('renders pages with colour and grey JPEGs as pdf.js decoding them would, within rounding', async () => {
    await loadPdfJs(); // installs the decoder this test watches
    const g = globalThis as { quireDecodeJpeg?: (...a: unknown[]) => unknown };
    const installed = g.quireDecodeJpeg!;
    expect(installed).toBeTypeOf('function');
    for (const jpeg of [await (await picture()).jpeg({ quality: 85 }).toBuffer(), await (await picture()).toColourspace('b-w').jpeg().toBuffer()]) {
      const pdf = await PDFDocument.create();
      const page = pdf.addPage([W, H]);
      page.drawImage(await pdf.embedJpg(jpeg), { x: 0, y: 0, width: W, height: H });
      const bytes = await pdf.save();
      const render = async () => {
        const doc = await openPdf(bytes.slice());
        const out = toGrey(await renderPdfPage(await doc.getPage(1), 144));
        await doc.destroy();
        return out;
      };
      let calls = 0;
      g.quireDecodeJpeg = (...a: unknown[]) => (calls++, installed(...a));
      const native = await render();
      g.quireDecodeJpeg = undefined;
      const stock = await render().finally(() => (g.quireDecodeJpeg = installed));
      expect(calls).toBe(1);
      expect(native.width).toBe(stock.width);
      let sum = 0, max = 0;
      for (let i = 0; i < native.data.length; i++) {
        const d = Math.abs(native.data[i]! - stock.data[i]!);
        sum += d;
        max = Math.max(max, d);
      }
      expect(sum / native.data.length).toBeLessThan(1.5);
      expect(max).toBeLessThan(64);
    }
  });
});
