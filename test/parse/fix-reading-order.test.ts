/**
 * `fix_reading_order` (pipeline/reading-order/fix-order.ts): on a generated two-column page
 * (its content stream draws the right column first), `page_by_page` gives the page's lines
 * top to bottom across both columns by default and the columns' order with the option; the
 * default segmentation is already column-ordered, and the option leaves its segments as
 * they are (idempotent).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';

const LEFT = ['Alpha one starts the left column and runs on here', 'alpha two keeps the left column going with text', 'alpha three ends the first paragraph of the left'];
const RIGHT = ['Omega one opens the right column of this page', 'omega two continues the right column text here', 'omega three closes the right column paragraph'];

async function twoColumnPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const title = await doc.embedFont(StandardFonts.HelveticaBold);
  const lines = (texts: string[], x: number, y0: number) => texts.forEach((t, i) => page.drawText(t, { x, y: y0 - i * 13, size: 10, font }));
  // Right column first in the content stream, then the title, then the left column.
  for (let p = 0; p < 3; p++) lines(RIGHT, 320, 680 - p * 60);
  page.drawText('A Page In Two Columns', { x: 200, y: 730, size: 16, font: title });
  for (let p = 0; p < 3; p++) lines(LEFT, 60, 680 - p * 60);
  return doc.save();
}

let engine: Engine;
let pdf: Uint8Array;
beforeAll(async () => {
  engine = createEngine({ workers: 1 });
  pdf = await twoColumnPdf();
});
afterAll(async () => {
  await engine.close();
});

async function segments(options: Record<string, unknown>) {
  const res = await engine.waitForJob((await engine.parse(pdf, options as never)).job_id);
  expect(res.status).toBe('Succeeded');
  return (res.chunks ?? []).flatMap((c) => c.segments) as unknown as Array<{ segment_type: string; content: string }>;
}

describe('fix_reading_order', () => {
  it('page_by_page: lines top to bottom by default, the columns with the option', async () => {
    const [plain] = await segments({ segmentation_method: 'page_by_page' });
    const [fixed] = await segments({ segmentation_method: 'page_by_page', fix_reading_order: true });
    expect(plain!.segment_type).toBe('Page');
    // By default the page's lines run top to bottom across both columns.
    expect(plain!.content.indexOf('Omega one')).toBeLessThan(plain!.content.indexOf('alpha two'));
    // With the option: title, the whole left column, then the right column.
    const at = (s: string) => fixed!.content.indexOf(s);
    expect(at('A Page In Two Columns')).toBeLessThan(at('Alpha one'));
    expect(at('Alpha one')).toBeGreaterThanOrEqual(0);
    expect(fixed!.content.lastIndexOf('alpha three')).toBeLessThan(at('Omega one'));
    // Same words either way.
    const words = (t: string) => t.split(/\s+/).filter(Boolean).sort();
    expect(words(fixed!.content)).toEqual(words(plain!.content));
  });

  it('default segmentation: already column-ordered; the option changes nothing', async () => {
    const plain = await segments({});
    const fixed = await segments({ fix_reading_order: true });
    expect(fixed.map((s) => s.content)).toEqual(plain.map((s) => s.content));
    const text = plain.map((s) => s.content).join('\n');
    expect(text.lastIndexOf('alpha three')).toBeLessThan(text.indexOf('Omega one'));
  });
});
