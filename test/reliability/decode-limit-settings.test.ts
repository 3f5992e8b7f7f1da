/**
 * The PDF decode limits are engine settings (`pdfDecodeLimits`), carried to every pool
 * worker: an engine with a 1 MP image limit and a 4 MiB stream limit fails pages that the
 * defaults read, naming its own limits, and a bad value is refused when the engine is made.
 * Before, the limits were fixed values and this engine read both pages.
 */
import { describe, expect, it } from 'vitest';
import { flateBombPdf, hugeImagePdf } from '../../bench/lib/hostile/pdf.js';
import { ValidationError } from '../../src/errors.js';
import { createEngine } from '../../src/index.js';

describe('PDF decode limits as engine settings', () => {
  it('apply in the workers and name the configured limit', async () => {
    const engine = createEngine({ workers: 1, pdfDecodeLimits: { maxImagePixels: 1_000_000, maxInflatedBytes: 4 * 1024 * 1024 } });
    try {
      const image = await engine.waitForJob((await engine.parse({ data: await hugeImagePdf(1_200, 1_200), fileName: 'image.pdf' })).job_id);
      expect(image.status).toBe('Failed');
      expect(image.message).toMatch(/^Page 1 could not be processed: the page has a 1200x1200 image \(1\.4 MP\); the limit is 1 MP per image\.$/);
      const stream = await engine.waitForJob((await engine.parse({ data: await flateBombPdf(16 * 1024 * 1024), fileName: 'stream.pdf' })).job_id);
      expect(stream.status).toBe('Failed');
      expect(stream.message).toMatch(/a compressed stream inflates to more than 4 MiB, the limit per stream/);
    } finally {
      await engine.close();
    }
  }, 180_000);

  it('refuse a limit that is not a positive integer, or unknown', () => {
    expect(() => createEngine({ workers: 1, pdfDecodeLimits: { maxImagePixels: -5 } })).toThrow(ValidationError);
    expect(() => createEngine({ workers: 1, pdfDecodeLimits: { maxPixels: 5 } as never })).toThrow(/unknown limit "maxPixels"/);
  });
});
