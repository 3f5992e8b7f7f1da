/**
 * Issue 21 item 4: a PDF stream may not inflate past the per-stream limit and an image
 * over the pixel limit is not decoded; the page fails with a message saying which limit,
 * instead of pdf.js inflating gigabytes or decoding a huge image for OCR. The hostile
 * PDFs are generated here (bench/lib/hostile/pdf.ts); sizes stay modest so that the code
 * before the fix (which inflated and decoded everything) could still run this test.
 */
import { describe, expect, it } from 'vitest';
import { flateBombPdf, hugeImagePdf } from '../../bench/lib/hostile/pdf.js';
import { DEFAULT_PDF_DECODE_LIMITS } from '../../src/formats/pdf/decode-limits.js';
import { createEngine } from '../../src/index.js';

describe('PDF decode limits', () => {
  it('fails the page of a flate bomb and of an image over the pixel limit, and still reads a normal page', async () => {
    expect(DEFAULT_PDF_DECODE_LIMITS.maxInflatedBytes).toBe(256 * 1024 * 1024);
    const engine = createEngine({ workers: 1 });
    try {
      const bomb = await engine.waitForJob((await engine.parse({ data: await flateBombPdf(512 * 1024 * 1024), fileName: 'bomb.pdf' })).job_id);
      expect(bomb.status).toBe('Failed');
      expect(bomb.message).toMatch(/^Page 1 could not be processed: a compressed stream inflates to more than 256 MiB, the limit per stream/);

      const huge = await engine.waitForJob((await engine.parse({ data: await hugeImagePdf(12_000, 12_000), fileName: 'huge.pdf' })).job_id);
      expect(huge.status).toBe('Failed');
      expect(huge.message).toMatch(/^Page 1 could not be processed: the page has a 12000x12000 image \(144\.0 MP\); the limit is 100 MP per image\.$/);

      // Under the limits the same constructions parse: a small bomb is just whitespace.
      const small = await engine.waitForJob((await engine.parse({ data: await flateBombPdf(16 * 1024 * 1024), fileName: 'small.pdf' })).job_id);
      expect(small.status).toBe('Succeeded');
      expect(JSON.stringify(small)).toMatch(/compressed bomb after this line/);
    } finally {
      await engine.close();
    }
  }, 180_000);
});
