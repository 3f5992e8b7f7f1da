/**
 * auto_ocr judges a scan's text layer by its ink (issue 29 item 1): a scan whose invisible
 * layer holds another page's words is OCRed; the same scan with a layer that says what the
 * ink says is kept as it is. The scans are drawn here (sharp) and wrapped in PDFs (pdf-lib)
 * with the layer written as invisible text, as scanners and OCR tools write it.
 */
import sharp from 'sharp';
import { PDFDocument, StandardFonts, TextRenderingMode, beginText, endText, setFontAndSize, setTextRenderingMode, moveText, showText } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words } from '../../bench/lib/text-metrics.js';
import { createEngine, type Engine, type ParseJobView } from '../../src/index.js';

const INK = [
  'The committee met on Tuesday to review the budget',
  'for the coming year and agreed to fund the new library',
  'extension, the repairs to the school roof and a study',
  'of traffic on the main road through the village centre.',
  'Members asked for a report on the costs by next month.',
];
const OTHER = [
  'Shipping terms are free on board at the port of loading',
  'and the buyer pays freight insurance and customs duties',
  'on arrival unless the seller agrees otherwise in writing',
  'before the goods leave the warehouse for the dock gates.',
  'Claims for damage must reach us within fourteen days.',
];

/** A letter page at 200 DPI showing INK, as a PNG. */
async function scanImage(): Promise<Uint8Array> {
  const text = INK.map((l, i) => `<text x="150" y="${300 + i * 60}" font-family="DejaVu Serif" font-size="36">${l}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1700" height="2200"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).greyscale().png().toBuffer());
}

/** The scan on a letter page with `layer` as invisible text where INK's lines are. */
async function scanPdf(layer: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawImage(await doc.embedPng(await scanImage()), { x: 0, y: 0, width: 612, height: 792 });
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const name = page.node.newFontDictionary(font.name, font.ref);
  const k = 72 / 200;
  layer.forEach((line, i) => {
    page.pushOperators(beginText(), setFontAndSize(name, 13), setTextRenderingMode(TextRenderingMode.Invisible), moveText(150 * k, 792 - (300 + i * 60) * k), showText(font.encodeText(line)), endText());
  });
  return doc.save();
}

const textOf = (r: ParseJobView) => (r.chunks ?? []).flatMap((c) => (c.segments as unknown as Array<{ content: string }>).map((s) => s.content)).join('\n');
const share = (found: string, reference: string[]) => {
  const got = new Set(words(found));
  const ref = words(reference.join(' '));
  return ref.filter((w) => got.has(w)).length / ref.length;
};

describe('auto_ocr and a scan text layer', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());
  let notes: string[] = [];
  const parse = async (data: Uint8Array, fileName = 'scan.pdf') => {
    const r = await engine.waitForJob((await engine.parse({ data, fileName }, { ocr_mode: 'auto_ocr' })).job_id);
    expect(r.status).toBe('Succeeded');
    notes = ((r.metadata as { notes?: string[] }).notes ?? []);
    return textOf(r);
  };

  it('replaces a layer holding another page\'s words by OCR of the ink', async () => {
    const text = await parse(await scanPdf(OTHER));
    expect(share(text, INK), text).toBeGreaterThan(0.9);
    expect(share(text, OTHER), text).toBeLessThan(0.3);
    // The result says why the page's text is not its layer.
    expect(notes.some((n) => n.startsWith('page 1:') && n.includes('text layer does not match')), notes.join('\n')).toBe(true);
  });

  it('keeps a layer that says what the ink says', async () => {
    // The layer differs from the ink in one word per line, as another engine's reading
    // would: kept, the output shows the layer's words, not a new reading.
    const layer = INK.map((l) => l.replace(/\b(the|a|to)\b/, 'tbe'));
    const text = await parse(await scanPdf(layer));
    expect(words(text).filter((w) => w === 'tbe').length).toBe(layer.length);
    expect(notes).toEqual([]);
  });

  it('says so when a page image has ink but no text is found', async () => {
    // Circles and bars: ink, no letters.
    const shapes = Array.from({ length: 12 }, (_, i) => `<circle cx="${200 + (i % 4) * 400}" cy="${300 + Math.floor(i / 4) * 500}" r="150" fill="none" stroke="black" stroke-width="12"/>`).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1700" height="1800"><rect width="100%" height="100%" fill="white"/>${shapes}</svg>`;
    const png = new Uint8Array(await sharp(Buffer.from(svg)).greyscale().png().toBuffer());
    await parse(png, 'shapes.png');
    expect(notes.some((n) => n.startsWith('page 1:') && n.includes('has ink')), notes.join('\n')).toBe(true);
  });
});
