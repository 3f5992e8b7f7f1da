/**
 * Hostile PDFs built in memory for the reliability tests and the hostile bench: a flate
 * bomb content stream (a few MB that inflate to gigabytes) and a huge image on a page with
 * no text (so the page is rendered for OCR). The bomb is assembled from one zlib block of
 * zeros ended with a full flush (byte-aligned, no back-references across blocks), repeated,
 * so building a 2 GB bomb costs milliseconds instead of deflating 2 GB.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';
import { PDFDocument, PDFName, PDFArray, StandardFonts } from 'pdf-lib';

const BLOCK_INFLATED = 16 * 1024 * 1024;

/** A zlib stream that inflates to `inflatedBytes` (rounded up to 16 MiB) of zero bytes. */
export function zlibBombOfZeros(inflatedBytes: number): Buffer {
  const blocks = Math.max(1, Math.ceil(inflatedBytes / BLOCK_INFLATED));
  const block = zlib.deflateRawSync(Buffer.alloc(BLOCK_INFLATED), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const total = blocks * BLOCK_INFLATED;
  // Adler-32 of n zero bytes: a stays 1, b adds 1 per byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0);
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  for (let i = 0; i < blocks; i++) parts.push(block);
  parts.push(Buffer.from([0x03, 0x00]), adler); // an empty final block, then the checksum
  return Buffer.concat(parts);
}

/**
 * A one-page PDF whose page has a line of real text and then a content stream that
 * inflates to `inflatedBytes` of zeros (whitespace to the content lexer).
 */
export async function flateBombPdf(inflatedBytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('A page with a compressed bomb after this line.', { x: 72, y: 700, size: 12, font });
  const bomb = doc.context.register(doc.context.stream(zlibBombOfZeros(inflatedBytes), { Filter: 'FlateDecode' }));
  const contents = page.node.Contents();
  const list = contents instanceof PDFArray ? contents : doc.context.obj([page.node.get(PDFName.of('Contents'))!]);
  list.push(bomb);
  page.node.set(PDFName.of('Contents'), list);
  return doc.save({ useObjectStreams: false });
}

/**
 * A one-page PDF painting a `width` x `height` 8-bit grey image over the whole page and
 * nothing else, so the page has no text layer and is rendered for OCR. The image data is a
 * flate stream of zeros, a few hundred KB even for 400 MP.
 */
export async function hugeImagePdf(width: number, height: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const image = doc.context.register(
    doc.context.stream(zlibBombOfZeros(width * height), { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode' }),
  );
  page.node.setXObject(PDFName.of('Im0'), image);
  const content = doc.context.register(doc.context.stream('q 612 0 0 792 0 0 cm /Im0 Do Q'));
  page.node.set(PDFName.of('Contents'), content);
  return doc.save({ useObjectStreams: false });
}

/**
 * A one-page PDF (no text: rendered for OCR) painting a 100x100 DCT image whose JPEG frame
 * header declares `frameWidth` x `frameHeight`: a real 100x100 grey JPEG with the SOF0 size
 * rewritten, so the file stays a few hundred bytes while a decoder that trusts the header
 * allocates the declared frame.
 */
export async function lyingJpegPdf(frameWidth: number, frameHeight: number): Promise<Uint8Array> {
  const jpeg = Buffer.from(await sharp({ create: { width: 100, height: 100, channels: 3, background: { r: 128, g: 128, b: 128 } } }).greyscale().jpeg({ quality: 50 }).toBuffer());
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('no baseline frame header in the generated JPEG');
  jpeg.writeUInt16BE(frameHeight, sof + 5);
  jpeg.writeUInt16BE(frameWidth, sof + 7);
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const image = doc.context.register(doc.context.stream(jpeg, { Type: 'XObject', Subtype: 'Image', Width: 100, Height: 100, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'DCTDecode' }));
  page.node.setXObject(PDFName.of('Im0'), image);
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream('q 612 0 0 792 0 0 cm /Im0 Do Q')));
  return doc.save({ useObjectStreams: false });
}
