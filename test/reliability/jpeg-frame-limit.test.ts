/**
 * Issue 21 (noticed after item 4): the pixel limit was checked on the image dictionary's
 * Width x Height only, but pdf.js's JPEG decoder allocates the frame the JPEG header
 * declares. A 100x100 DCT image carrying a 12000x12000 frame header (a few hundred bytes)
 * was decoded at 144 MP on a page rendered for OCR, and the page "succeeded". Now the frame
 * header is read before decoding and the page fails, naming the limit; an honest JPEG of the
 * same construction still parses.
 */
import { describe, expect, it } from 'vitest';
import { lyingJpegPdf } from '../../bench/lib/hostile/pdf.js';
import { jpegFrameSize } from '../../src/formats/pdf/decode-limits.js';
import { createEngine } from '../../src/index.js';

describe('JPEG frame headers against the pixel limit', () => {
  it('fail the page of a JPEG whose header declares more than the limit, and pass an honest one', async () => {
    const engine = createEngine({ workers: 1 });
    try {
      const liar = await engine.waitForJob((await engine.parse({ data: await lyingJpegPdf(12_000, 12_000), fileName: 'liar.pdf' })).job_id);
      expect(liar.status).toBe('Failed');
      expect(liar.message).toMatch(/^Page 1 could not be processed: the page has a JPEG image whose header declares 12000x12000 \(144\.0 MP\); the limit is 100 MP per image\.$/);

      const honest = await engine.waitForJob((await engine.parse({ data: await lyingJpegPdf(100, 100), fileName: 'honest.pdf' })).job_id);
      expect(honest.message ?? '').toBe('');
      expect(honest.status).toBe('Succeeded');
    } finally {
      await engine.close();
    }
  }, 180_000);

  it('reads the frame size from the markers, past fill bytes and other segments', () => {
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xff, 0xc2, 0x00, 0x0b, 0x08, 0x2e, 0xe0, 0x27, 0x10, 0x01, 0x01, 0x11, 0x00]);
    expect(jpegFrameSize(jpeg)).toEqual({ width: 10_000, height: 12_000 });
    expect(jpegFrameSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toBeNull(); // a scan before any frame
    expect(jpegFrameSize(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });
});
