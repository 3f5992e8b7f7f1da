/**
 * A till receipt photographed on a dark table (a square photo, the receipt a narrow column
 * in it): read through the OCR path (the dark table sends the page to the locally binarised
 * reading) and classified as a receipt from the shape of its text column and the time of
 * day printed beside its amounts, although neither "receipt" nor "invoice" is written on it
 * and its words (qty, subtotal, VAT, total due) lean towards an invoice: on the page's
 * square shape alone it was classified as an invoice.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import type { ClassificationResult } from '../../src/operations/classify/run-classify.js';
import type { ClassificationJobView } from '../../src/operations/classify/views.js';

const LINES = ['CORNER GROCERY', '12 Harbour Road', '2024-03-14    17:42', '', 'Qty Item           Amount', '1   Milk 1L          1.29', '2   Bread            4.98', '1   Apples 1kg       3.10', '1   Coffee beans     8.95', '3   Yoghurt          2.67', '1   Rice 2kg         3.49', '1   Olive oil        6.20', '2   Tomatoes         1.98', '1   Cheese           4.35', '1   Orange juice     2.89', '2   Pasta            2.58', '1   Tea              3.15', '', 'Subtotal            18.32', 'VAT 8%               1.47', 'Total due           19.79', '', 'Thanks, see you soon'];

async function receiptPhoto(): Promise<Uint8Array> {
  const lineH = 34;
  const h = 80 + LINES.length * lineH;
  const text = LINES.map((l, i) => `<text x="24" y="${60 + i * lineH}" font-family="DejaVu Sans Mono" font-size="22" fill="#222" xml:space="preserve">${l}</text>`).join('');
  const receipt = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="380" height="${h}"><rect width="380" height="${h}" fill="#f4f1ea"/>${text}</svg>`)).png().toBuffer();
  const side = Math.max(h + 60, 820);
  const photo = sharp({ create: { width: side, height: side, channels: 3, background: '#2b2b2e' } }).composite([{ input: receipt, left: Math.round((side - 380) / 2), top: 30 }]);
  return new Uint8Array(await photo.jpeg({ quality: 88 }).toBuffer());
}

describe('a photographed till receipt', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it('is classified as a receipt', async () => {
    const created = await engine.submit<{ job_id: string }>('classify', { data: await receiptPhoto(), fileName: 'receipt.jpg' }, { categories: JSON.stringify([{ name: 'invoice' }, { name: 'receipt' }, { name: 'letter' }]) });
    const res = await engine.wait<ClassificationJobView>(created.job_id, { timeoutMs: 120_000 });
    expect(res.status).toBe('completed');
    const result = res.result as ClassificationResult;
    expect(result.classification, JSON.stringify(result.scores)).toBe('receipt');
  }, 150_000);
});
