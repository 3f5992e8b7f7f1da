/**
 * A batch of PDF pages reads its text pages while an earlier page of the batch is being
 * OCRed. The layouts must come back in page order and be the same as when every page is
 * analysed on its own.
 */
import fs from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { terminateOcrEngines } from '../../src/engines/ocr/factory.js';
import type { PageLayout } from '../../src/model/layout.js';
import { analyzePdfPages, type AnalyzePagesTask } from '../../src/pipeline/pages/pdf-pages.js';
import { fixture } from '../helpers.js';

/** Text, scan, text, scan, text: two OCR pages in one batch, each followed by text pages. */
async function mixedPdf(): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  const text = await PDFDocument.load(fs.readFileSync(fixture('pdf', 'multi_page.pdf')));
  const [t1, t2, t3] = await out.copyPages(text, [0, 1, 2]);
  const png = await out.embedPng(await sharp(fixture('ocr', 'phototest.tif')).png().toBuffer());
  const scan = () => {
    const page = out.addPage([612, 792]);
    page.drawImage(png, { x: 0, y: 792 - png.height * 0.24, width: png.width * 0.24, height: png.height * 0.24 });
  };
  out.addPage(t1!);
  scan();
  out.addPage(t2!);
  scan();
  out.addPage(t3!);
  return out.save();
}

const words = (l: PageLayout) => l.blocks.map((b) => b.lines.map((line) => line.text).join(' ')).join(' ');

describe('OCR inside a page batch', () => {
  afterAll(() => terminateOcrEngines());

  it('returns every page in order, each as analysed alone', { timeout: 240_000 }, async () => {
    const data = await mixedPdf();
    const base = {
      options: { pageByPage: false, fixReadingOrder: false },
      ocr: { ocrMode: 'auto_ocr', ocrEngine: 'ServiceHawk', highResolution: false, cropDir: null },
      layout: null,
    } satisfies Omit<AnalyzePagesTask, 'key' | 'data' | 'pages'>;

    const batch = await analyzePdfPages({ ...base, key: 'mixed-batch', data, pages: [1, 2, 3, 4, 5] });
    expect(batch.map((l) => l.pageNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(batch.map((l) => l.error ?? null)).toEqual([null, null, null, null, null]);
    expect(batch.map((l) => l.textSource === 'ocr')).toEqual([false, true, false, true, false]);
    for (const n of [1, 3]) expect(words(batch[n]!).toLowerCase()).toContain('quick brown dog');

    const alone: PageLayout[] = [];
    for (const n of [1, 2, 3, 4, 5]) alone.push(...(await analyzePdfPages({ ...base, key: `mixed-page-${n}`, data, pages: [n] })));
    expect(JSON.stringify(batch)).toBe(JSON.stringify(alone));
  });
});
