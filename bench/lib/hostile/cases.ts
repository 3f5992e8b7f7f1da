/**
 * The hostile set of issue 21, generated in memory (nothing downloaded, nothing kept):
 * each case is an input, the operation it is sent to, and what a correct outcome looks
 * like. Used by bench/hostile.ts (one child process per case, peak RSS) and
 * bench/soak-hostile.ts (many jobs on one engine).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { PDFDocument, PDFName, PDFArray, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { flateBombPdf, hugeImagePdf, lyingJpegPdf } from './pdf.js';
import { buildTiff } from './tiff.js';
import { formulaWorkbook, zipBombXlsx } from './workbook.js';

export interface HostileCase {
  name: string;
  operation: 'parse' | 'parseExcel';
  /** Terminal state a correct engine reaches. */
  expect: 'Succeeded' | 'Failed';
  options?: Record<string, unknown>;
  fileName: string;
  build(): Promise<Uint8Array>;
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG whose header declares `width` x `height` grey pixels, with almost no data. */
export function hugePngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grey
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1))), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A PNG of a line of text whose tEXt chunk quotes a PDF header. */
async function pngQuotingPdf(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="80"><rect width="100%" height="100%" fill="white"/><text x="10" y="50" font-size="32" font-family="sans-serif">Quarterly report 2024</text></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return Buffer.concat([png.subarray(0, 33), pngChunk('tEXt', Buffer.from('Comment\0%PDF-1.7 1 0 obj endobj', 'latin1')), png.subarray(33)]);
}

/** A PDF whose page tree lists its own root among its kids. */
async function pageTreeLoopPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 300]).drawText('loop', { x: 20, y: 150, font });
  const pagesRef = doc.catalog.get(PDFName.of('Pages'))!;
  const pages = doc.catalog.Pages();
  (pages.get(PDFName.of('Kids')) as PDFArray).push(pagesRef);
  pages.set(PDFName.of('Count'), doc.context.obj(2));
  return doc.save({ useObjectStreams: false });
}

async function textPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Section ${p}`, { x: 72, y: 700, size: 18, font });
    for (let l = 0; l < 30; l++) page.drawText(`Line ${l + 1} of page ${p}: the quick brown fox jumps over the lazy dog.`, { x: 72, y: 660 - l * 18, size: 11, font });
  }
  return doc.save();
}

/** The hostile set: each ends in bounded time and memory, refused with a message or parsed. */
export const HOSTILE_CASES: HostileCase[] = [
  { name: 'flate bomb (2 MB -> 2 GiB content stream)', operation: 'parse', expect: 'Failed', fileName: 'flate-bomb.pdf', build: () => flateBombPdf(2 * 1024 ** 3) },
  { name: 'decoded-image bomb (20000x20000 image, OCR page)', operation: 'parse', expect: 'Failed', fileName: 'image-bomb.pdf', build: () => hugeImagePdf(20_000, 20_000) },
  { name: 'JPEG header declaring 20000x20000 in a 100x100 image (OCR page)', operation: 'parse', expect: 'Failed', fileName: 'jpeg-liar.pdf', build: () => lyingJpegPdf(20_000, 20_000) },
  { name: 'huge PNG header (100000x100000)', operation: 'parse', expect: 'Failed', fileName: 'huge.png', build: async () => hugePngHeader(100_000, 100_000) },
  { name: 'PNG quoting "%PDF-" in metadata', operation: 'parse', expect: 'Succeeded', fileName: 'quote.png', build: pngQuotingPdf },
  { name: '10,000-page TIFF (over the page limit)', operation: 'parse', expect: 'Failed', fileName: 'long.tif', build: async () => buildTiff({ pages: 10_000 }) },
  { name: 'legal 2,000-page TIFF (pages 1-20 read)', operation: 'parse', expect: 'Succeeded', fileName: 'legal.tif', options: { page_range: '1-20' }, build: async () => buildTiff({ pages: 2_000, width: 48, height: 32 }) },
  { name: 'TIFF with a directory loop', operation: 'parse', expect: 'Succeeded', fileName: 'loop.tif', build: async () => buildTiff({ pages: 3, loopTo: 0 }) },
  // pdf.js skips a kid that loops back to an ancestor: the one real page is read.
  { name: 'page-tree loop PDF', operation: 'parse', expect: 'Succeeded', fileName: 'page-loop.pdf', build: pageTreeLoopPdf },
  { name: '1M-formula workbook', operation: 'parseExcel', expect: 'Succeeded', fileName: 'formulas.xlsx', build: async () => formulaWorkbook(1_000_000) },
  { name: 'zip bomb xlsx (honest 3 GiB header)', operation: 'parseExcel', expect: 'Failed', fileName: 'bomb.xlsx', build: async () => zipBombXlsx(3 * 1024 ** 3) },
  { name: 'zip bomb xlsx (declares 4 KiB, holds 3 GiB)', operation: 'parseExcel', expect: 'Failed', fileName: 'liar.xlsx', build: async () => zipBombXlsx(3 * 1024 ** 3, 4096) },
  { name: 'truncated PDF', operation: 'parse', expect: 'Failed', fileName: 'truncated.pdf', build: async () => (await textPdf(3)).subarray(0, 300) },
];

/** Hostile inputs cheap enough to repeat hundreds of times in the soak. */
export const SOAK_HOSTILE_CASES: HostileCase[] = [
  { name: 'flate bomb (512 MiB content stream)', operation: 'parse', expect: 'Failed', fileName: 'flate-bomb.pdf', build: () => flateBombPdf(512 * 1024 ** 2) },
  { name: 'decoded-image bomb (12000x12000 image, OCR page)', operation: 'parse', expect: 'Failed', fileName: 'image-bomb.pdf', build: () => hugeImagePdf(12_000, 12_000) },
  ...HOSTILE_CASES.filter((c) => /huge PNG|10,000-page|directory loop|page-tree|zip bomb|truncated/.test(c.name)),
];

/** Ordinary inputs for the soak: they must keep succeeding between the hostile ones. */
export const NORMAL_CASES: HostileCase[] = [
  { name: 'text PDF (3 pages)', operation: 'parse', expect: 'Succeeded', fileName: 'report.pdf', build: () => textPdf(3) },
  { name: 'us_constitution.pdf page 1-2', operation: 'parse', expect: 'Succeeded', fileName: 'us_constitution.pdf', options: { page_range: '1-2' }, build: async () => new Uint8Array(fs.readFileSync(path.join(repo, 'test/fixtures/pdf/us_constitution.pdf'))) },
  { name: 'small workbook', operation: 'parseExcel', expect: 'Succeeded', fileName: 'small.xlsx', build: async () => formulaWorkbook(2_000) },
  { name: 'PNG of a text line', operation: 'parse', expect: 'Succeeded', fileName: 'line.png', build: pngQuotingPdf },
];
