/** Test PDFs generated with pdf-lib (no corpus needed): text, images, Form XObjects, rotation, crop box. */
import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';
import sharp from 'sharp';

export async function pngOf(width: number, height: number, color: { r: number; g: number; b: number }): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

/**
 * Page 1: text lines and a red image at (300, 100)-(460, 180) in top-left frame.
 * Page 2: a Form XObject (an embedded page) holding "FORMSECRET 4242".
 * Page 3: /Rotate 90 with "ROTSECRET 777". Page 4: crop box offset by (50, 50) with "CROPSECRET 888".
 */
export async function makeEditFixture(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const W = 612;
  const H = 792;
  const p1 = doc.addPage([W, H]);
  p1.drawText('Public heading stays here', { x: 72, y: H - 72, size: 14, font });
  p1.drawText('SECRET 123-45-6789 visible tail', { x: 72, y: H - 120, size: 12, font });
  p1.drawText('Another public line of text', { x: 72, y: H - 160, size: 12, font });
  const red = await doc.embedPng(await pngOf(160, 80, { r: 220, g: 20, b: 20 }));
  p1.drawImage(red, { x: 300, y: H - 180, width: 160, height: 80 });

  const src = await PDFDocument.create();
  const sp = src.addPage([300, 100]);
  sp.drawText('FORMSECRET 4242', { x: 10, y: 40, size: 12, font: await src.embedFont(StandardFonts.Helvetica) });
  const [embedded] = await doc.embedPdf(await src.save());
  const p2 = doc.addPage([W, H]);
  p2.drawText('Page two public words', { x: 72, y: H - 72, size: 12, font });
  p2.drawPage(embedded, { x: 72, y: H - 300 });

  const p3 = doc.addPage([W, H]);
  p3.drawText('ROTSECRET 777 rotated line', { x: 72, y: H - 100, size: 12, font });
  p3.setRotation(degrees(90));

  const p4 = doc.addPage([W, H]);
  p4.drawText('CROPSECRET 888 cropped line', { x: 100, y: H - 150, size: 12, font, color: rgb(0, 0, 0) });
  p4.setCropBox(50, 50, W - 100, H - 100);
  return doc.save();
}
