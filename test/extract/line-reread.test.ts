/**
 * The line re-read of scanned images and the legal-form repair, on real components: a receipt
 * drawn as pixels (sharp, from SVG text) read by the real OCR engine, line by line and through
 * an extraction job; the legal-form repair on OCR slips of the kind seen on receipts.
 */
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { terminateOcrEngines } from '../../src/engines/ocr/factory.js';
import type { ExtractJobView } from '../../src/operations/extract/views.js';
import { replaceLines } from '../../src/pipeline/extract/reread.js';
import { repairLegalForm } from '../../src/pipeline/extract/legal-forms.js';
import { rereadLines } from '../../src/pipeline/ocr/reread-lines.js';
import type { TokenizedDocument } from '../../src/pipeline/extract/tokens.js';

const LINES = ['KEDAI RUNCIT MAJU SDN BHD', 'NO. 12, JALAN MERANTI 3, 43000 KAJANG', 'Date : 14/02/2019', 'Item 1 x Rice 5kg 22.90', 'Total : 22.90'];
const TOP = (i: number) => 60 + i * 70;

async function receiptJpeg(): Promise<Buffer> {
  const text = LINES.map((t, i) => `<text x="40" y="${TOP(i) + 30}" font-family="DejaVu Sans Mono, monospace" font-size="30" fill="black">${t}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="460"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

describe('legal forms read through OCR slips', () => {
  it('repairs look-alike glyphs and one slip in a two-word form, and leaves names alone', () => {
    expect(repairLegalForm('WAHIN HARDWARE SIN BHD')).toBe('WAHIN HARDWARE SDN BHD');
    expect(repairLegalForm('99 SPEED MART 5/8')).toBe('99 SPEED MART S/B');
    expect(repairLegalForm('ACME TRADING 1TD')).toBe('ACME TRADING LTD');
    expect(repairLegalForm('Taste Of The World Sdn Bhd')).toBe('Taste Of The World Sdn Bhd');
    expect(repairLegalForm('The Sin Bin')).toBe('The Sin Bin');
    expect(repairLegalForm('SIN BHD')).toBe('SIN BHD'); // nothing but the form: not a name to repair
  });
});

describe('line re-read', () => {
  let engine: Engine;
  let jpeg: Buffer;
  beforeAll(async () => {
    engine = createEngine({ workers: 1 });
    jpeg = await receiptJpeg();
  });
  afterAll(async () => {
    await engine.close();
    await terminateOcrEngines();
  });

  it('reads each asked line from its own crop, boxes in image pixels', async () => {
    const boxes: [number, number, number, number][] = [2, 4].map((i) => [40, TOP(i), 700, TOP(i) + 40]);
    const words = await rereadLines({ data: new Uint8Array(jpeg), page: 1, lines: boxes });
    expect(words).toHaveLength(2);
    expect(words[0]!.map((w) => w.text).join(' ')).toMatch(/Date\s*:?\s*14\/02\/2019/);
    expect(words[1]!.map((w) => w.text).join(' ')).toMatch(/Total\s*:?\s*22\.90/);
    for (const w of words[1]!) {
      expect(w.box[1]).toBeGreaterThanOrEqual(TOP(4) - 20);
      expect(w.box[3]).toBeLessThanOrEqual(TOP(4) + 60);
    }
  }, 60_000);

  it('replaceLines swaps a line for its second reading, drops stray marks, keeps the others', () => {
    const tok = (text: string, line: number, x: number) => ({ text, norm: text.toLowerCase(), page: 1, box: [x, line * 10, x + 20, line * 10 + 8] as [number, number, number, number], conf: 0.5, index: 0, line, gap: 0 });
    const doc: TokenizedDocument = {
      tokens: [],
      lines: [
        { index: 0, page: 1, tokens: [tok('Total', 0, 0), tok('91,00', 0, 30)], box: [0, 0, 50, 8], text: 'Total 91,00' },
        { index: 1, page: 1, tokens: [tok('Cash', 1, 0), tok('10.00', 1, 30)], box: [0, 10, 50, 18], text: 'Cash 10.00' },
      ],
      pages: new Map([[1, { width: 100, height: 100 }]]),
    };
    const again = replaceLines(doc, new Map([[0, [{ text: 'Total', box: [0, 0, 20, 8], conf: 0.9 }, { text: '—', box: [22, 0, 26, 8], conf: 0.2 }, { text: '9.00', box: [30, 0, 50, 8], conf: 0.9 }]]]));
    expect(again.lines.map((l) => l.text)).toEqual(['Total 9.00', 'Cash 10.00']);
    expect(again.tokens.map((t) => t.index)).toEqual([0, 1, 2, 3]);
    expect(again.tokens[1]!.norm).toBe('9.00');
  });

  it('a scanned PDF: each line box is rendered alone and read, boxes back in points', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([450, 230]);
    page.drawImage(await pdf.embedJpg(jpeg), { x: 0, y: 0, width: 450, height: 230 });
    const bytes = await pdf.save();
    // Image pixels → points: the image (900 × 460 px) fills the 450 × 230 pt page.
    const words = await rereadLines({ data: bytes, kind: 'pdf', page: 1, lines: [[20, TOP(4) / 2, 350, TOP(4) / 2 + 20]] });
    expect(words[0]!.map((w) => w.text).join(' ')).toMatch(/Total\s*:?\s*22\.90/);
    for (const w of words[0]!) {
      expect(w.box[1]).toBeGreaterThanOrEqual(TOP(4) / 2 - 10);
      expect(w.box[3]).toBeLessThanOrEqual(TOP(4) / 2 + 30);
    }
  }, 60_000);

  it('an extraction job on a scanned image re-reads its value lines and cites inside the image', async () => {
    const schema = JSON.stringify({
      type: 'object',
      properties: { company: { type: 'string', description: 'Name of the company that issued the receipt' }, date: { type: 'string', description: 'Date of the receipt' }, total: { type: 'string', description: 'Total amount paid' } },
      required: ['company', 'date', 'total'],
      additionalProperties: false,
    });
    const { job_id } = await engine.submit<{ job_id: string }>('extract', { data: new Uint8Array(jpeg), fileName: 'receipt.jpg' }, { schema_data: schema, enable_citations: true });
    const v = await engine.wait<ExtractJobView>(job_id, { timeoutMs: 90_000 });
    expect(['completed', 'review'], JSON.stringify(v).slice(0, 300)).toContain(v.status);
    expect(v.metadata.notes?.some((n) => /^Line re-read: \d+ line/.test(n))).toBe(true);
    expect(v.metadata.timings_ms!.reread).toBeGreaterThanOrEqual(0);
    const r = v.result as Record<string, { value: unknown; citation: { bbox: number[]; page_width: number } | null }>;
    expect(r.date!.value).toBe('14/02/2019');
    expect(r.total!.value).toBe('22.90');
    expect(r.company!.value).toBe('KEDAI RUNCIT MAJU SDN BHD');
    expect(r.total!.citation!.page_width).toBe(900);
    expect(r.total!.citation!.bbox[1]).toBeGreaterThan(TOP(4) - 20);
  }, 120_000);
});
