/**
 * A scanned page's own image (formats/pdf/page-image.ts) must be the very pixels pdf.js
 * renders for the page, or nothing: PDFs written here with pdf-lib hold one full-page
 * image each (grey and RGB Flate, a PNG-predicted stream, a JPEG) at the OCR resolution,
 * and others that must be rendered instead (the image smaller than the page, a second
 * drawing, another resolution, /Rotate).
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { degrees, PDFDocument, PDFName } from 'pdf-lib';
import { openPdf } from '../../src/formats/pdf/open-document.js';
import { extractPageContent } from '../../src/formats/pdf/page-content.js';
import { renderPdfPage } from '../../src/formats/pdf/render-page.js';
import { scannedPageImage } from '../../src/formats/pdf/page-image.js';
import { ocrPageRaster } from '../../src/pipeline/pages/scan-raster.js';
import { toGrey } from '../../src/raster/raster-grey.js';

const W = 300; // a 1 × 1.2 inch page at 300 DPI: small, so rendering it is quick
const H = 360;

/** A scan-like picture: text-ish strokes and a gradient, grey or in colour. */
function picture(channels: 1 | 3): Buffer {
  const px = Buffer.alloc(W * H * channels);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const ink = (y % 24 < 12 && x % 9 < 5 && (x * 7 + y * 3) % 11 < 7) ? 30 : 235 - ((x + y) % 40);
      for (let c = 0; c < channels; c++) px[(y * W + x) * channels + c] = Math.max(0, Math.min(255, ink + c * 9 - ((x * c) % 13)));
    }
  }
  return px;
}

async function onePagePdf(embed: (doc: PDFDocument) => Promise<{ draw: (page: ReturnType<PDFDocument['addPage']>) => void }>, opts: { rotate?: number } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([(W * 72) / 300, (H * 72) / 300]);
  if (opts.rotate) page.setRotation(degrees(opts.rotate));
  (await embed(doc)).draw(page);
  return doc.save();
}

const fullPage = (img: Awaited<ReturnType<PDFDocument['embedPng']>>) => ({
  draw: (page: ReturnType<PDFDocument['addPage']>) => page.drawImage(img, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() }),
});

const png = async (channels: 1 | 3) => sharp(picture(channels), { raw: { width: W, height: H, channels } }).png().toBuffer();

/** A raw Flate image stream with PNG predictors (Predictor 15, 'Up' filter on every row), as scanners write. */
async function predictedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([(W * 72) / 300, (H * 72) / 300]);
  const px = picture(1);
  const rows = Buffer.alloc(H * (W + 1));
  for (let y = 0; y < H; y++) {
    rows[y * (W + 1)] = 2;
    for (let x = 0; x < W; x++) rows[y * (W + 1) + 1 + x] = (px[y * W + x]! - (y > 0 ? px[(y - 1) * W + x]! : 0)) & 0xff;
  }
  const stream = doc.context.flateStream(rows, {
    Type: 'XObject', Subtype: 'Image', Width: W, Height: H, BitsPerComponent: 8, ColorSpace: 'DeviceGray',
    DecodeParms: { Predictor: 15, Colors: 1, BitsPerComponent: 8, Columns: W },
  });
  const ref = doc.context.register(stream);
  page.node.setXObject(PDFName.of('Im0'), ref);
  const content = doc.context.flateStream(`q ${page.getWidth()} 0 0 ${page.getHeight()} 0 0 cm /Im0 Do Q`);
  page.node.set(PDFName.of('Contents'), doc.context.register(content));
  return doc.save();
}

async function compare(bytes: Uint8Array, key: string) {
  const pdf = await openPdf(bytes.slice());
  const page = await pdf.getPage(1);
  const content = await extractPageContent(page, () => true);
  const rendered = await renderPdfPage(page, 300);
  const direct = await scannedPageImage(key, () => bytes, { pageNumber: 1, width: rendered.width, height: rendered.height, dpi: 300 });
  const viaPipeline = await ocrPageRaster(page, content, 300, { key: `${key}-p`, data: bytes });
  await pdf.destroy();
  return { rendered, direct, viaPipeline };
}

function sameGrey(a: Parameters<typeof toGrey>[0], b: Parameters<typeof toGrey>[0]): number {
  const ga = toGrey(a).data;
  const gb = toGrey(b).data;
  expect(ga.length).toBe(gb.length);
  let worst = 0;
  for (let i = 0; i < ga.length; i++) worst = Math.max(worst, Math.abs(ga[i]! - gb[i]!));
  return worst;
}

describe('a scanned page read from its own image', () => {
  it('grey and RGB Flate images give the rendered pixels', async () => {
    for (const channels of [1, 3] as const) {
      const bytes = await onePagePdf(async (doc) => fullPage(await doc.embedPng(await png(channels))));
      const { rendered, direct, viaPipeline } = await compare(bytes, `flate-${channels}`);
      expect(direct).not.toBeNull();
      expect(direct!.channels).toBe(3); // pdf-lib writes every PNG as DeviceRGB
      expect(sameGrey(direct!, rendered)).toBe(0);
      expect(viaPipeline.channels).toBe(3); // the pipeline took the image, not a (RGBA) rendering
      expect(viaPipeline.scale).toBeCloseTo(rendered.scale, 9);
    }
  });

  it('a PNG-predicted grey stream is unfiltered to the rendered pixels', async () => {
    const bytes = await predictedPdf();
    const { rendered, direct } = await compare(bytes, 'predicted');
    expect(direct).not.toBeNull();
    expect(direct!.channels).toBe(1);
    expect(sameGrey(direct!, rendered)).toBe(0);
  });

  it('a JPEG page is decoded as pdf.js decodes it', async () => {
    const jpg = await sharp(picture(3), { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
    const bytes = await onePagePdf(async (doc) => fullPage(await doc.embedJpg(jpg)));
    const { rendered, direct } = await compare(bytes, 'jpeg');
    expect(direct).not.toBeNull();
    // Both decode with libjpeg-turbo (native-jpeg.ts); grey rounding may differ by a level.
    expect(sameGrey(direct!, rendered)).toBeLessThanOrEqual(1);
  });

  it('other pages are rendered: image not covering the page, more drawing, another resolution, /Rotate', async () => {
    const pngBytes = await png(1);
    const smaller = await onePagePdf(async (doc) => {
      const img = await doc.embedPng(pngBytes);
      return { draw: (page) => page.drawImage(img, { x: 10, y: 10, width: page.getWidth() - 20, height: page.getHeight() - 20 }) };
    });
    const drawnOver = await onePagePdf(async (doc) => {
      const img = await doc.embedPng(pngBytes);
      return { draw: (page) => { fullPage(img).draw(page); page.drawRectangle({ x: 5, y: 5, width: 20, height: 20 }); } };
    });
    const rotated = await onePagePdf(async (doc) => fullPage(await doc.embedPng(pngBytes)), { rotate: 90 });
    for (const [name, bytes] of [['smaller', smaller], ['drawn-over', drawnOver], ['rotated', rotated]] as const) {
      const pdf = await openPdf(bytes.slice());
      const page = await pdf.getPage(1);
      const r = await renderPdfPage(page, 300);
      expect(await scannedPageImage(name, () => bytes, { pageNumber: 1, width: r.width, height: r.height, dpi: 300 }), name).toBeNull();
      await pdf.destroy();
    }
    const full = await onePagePdf(async (doc) => fullPage(await doc.embedPng(pngBytes)));
    // Asked for a 150-DPI raster: the 300-ppi image is not that.
    expect(await scannedPageImage('res', () => full, { pageNumber: 1, width: W / 2, height: H / 2, dpi: 150 })).toBeNull();
    expect(await scannedPageImage('bad', () => new Uint8Array([1, 2, 3]), { pageNumber: 1, width: W, height: H, dpi: 300 })).toBeNull();
  });
});
