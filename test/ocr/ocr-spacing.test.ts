/**
 * OCR output keeps its spaces and lines (issue 29, item 2). A skewed scan's word boxes,
 * mapped back to the page, are the boxes around turned words: taller than the words, they
 * reached into the next line, rows chained two lines into one and their words were glued
 * ("mayFASTbeusedFORWARD,at..."). A page drawn here and the corpus's scans with
 * ground-truth text are parsed with full_ocr and auto_ocr; no token may be two reference
 * words run together.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countGluedWords } from '../../bench/lib/glued-words.js';
import { words } from '../../bench/lib/text-metrics.js';
import { createEngine, type Engine, type ParseJobView } from '../../src/index.js';
import { corpusPath, hasCorpus } from '../helpers.js';

const LINES = [
  'CALIFORNIA AND JOINT RESIDENTIAL LEASE AGREEMENT FOR TENANTS',
  'THE TENANT AGREES TO PAY THE RENT ON THE FIRST DAY OF EACH MONTH',
  'AT THE OFFICE OF THE LANDLORD NAMED BELOW, IN LAWFUL MONEY',
  'WITHOUT DEMAND OR DEDUCTION, FOR THE WHOLE OF THE TERM AGREED',
  'LATE FEES APPLY AFTER THE FIFTH DAY OF THE MONTH AND ARE DUE',
  'NOTICE TO VACATE MUST BE GIVEN IN WRITING SIXTY DAYS AHEAD',
]

/**
 * A form page at 300 DPI: LINES in a monospaced font, each followed by an answer box taller
 * than its text (the engine's line box takes the box in: tall "lines" made the old spacing
 * rule, a gap of 0.12 line heights, glue every word), turned by `degrees` as a careless
 * scan is.
 */
async function formPage(degrees: number): Promise<Uint8Array> {
  const fs = 40;
  const gap = 0.3 * fs;
  const advance = 0.602 * fs; // DejaVu Sans Mono's advance width, in ems
  const text = LINES.map((line, i) => {
    let x = 150;
    return line
      .split(' ')
      .map((w) => {
        const el = `<text x="${x}" y="${400 + i * 2.4 * fs}" font-family="DejaVu Sans Mono" font-size="${fs}">${w}</text>`;
        x += w.length * advance + gap;
        return el;
      })
      .join('') + `<rect x="${x + 20}" y="${400 + i * 2.4 * fs - 2 * fs}" width="${2 * fs}" height="${2.4 * fs}" fill="none" stroke="black" stroke-width="3"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2550" height="3300"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
  const png = await sharp(Buffer.from(svg)).rotate(degrees, { background: '#ffffff' }).greyscale().png().toBuffer();
  return new Uint8Array(png);
}

const contentOf = (r: ParseJobView) => (r.chunks ?? []).flatMap((c) => (c.segments as unknown as Array<{ content: string }>).map((s) => s.content)).join('\n');

describe('OCR words keep their spaces', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());
  const parse = async (input: string | { data: Uint8Array; fileName: string }, options: Record<string, unknown>) => {
    const r = await engine.waitForJob((await engine.parse(input, options)).job_id);
    expect(r.status).toBe('Succeeded');
    return contentOf(r);
  };

  it('reads a form page of capitals with boxes, straight and skewed, every word apart', async () => {
    const reference = LINES.join('\n');
    for (const degrees of [0, 2, -2.5]) {
      const text = await parse({ data: await formPage(degrees), fileName: `form${degrees}.png` }, { ocr_mode: 'full_ocr' });
      const { glued } = countGluedWords(text, reference);
      expect(glued, `${degrees}°: ${text}`).toEqual([]);
      // And the words are read: nearly every reference word is found.
      const found = new Set(words(text));
      const ref = words(reference);
      expect(ref.filter((w) => found.has(w)).length / ref.length, `${degrees}°`).toBeGreaterThan(0.9);
    }
  });

  // The corpus's scans with ground-truth text: the OCRmyPDF linn family (straight, skewed,
  // turned and skewed, a PNG) and docling's OCR test page.
  const scans: Array<[string, string]> = [
    ['ocr/OCRmyPDF/tests/resources/linn.pdf', 'ocr/OCRmyPDF/tests/resources/linn.txt'],
    ['ocr/OCRmyPDF/tests/resources/skew.pdf', 'ocr/OCRmyPDF/tests/resources/linn.txt'],
    ['ocr/OCRmyPDF/tests/resources/rotated_skew.pdf', 'ocr/OCRmyPDF/tests/resources/linn.txt'],
    ['ocr/OCRmyPDF/tests/resources/linn.png', 'ocr/OCRmyPDF/tests/resources/linn.txt'],
    ['layout/docling/tests/data/ocr/sources/ocr_test.pdf', 'layout/docling/tests/data/ocr/groundtruth/tesseract/full_page/ocr_test.tesseract.full_page.md'],
  ];
  it.skipIf(!hasCorpus)('glues no words on the corpus scans with ground-truth text', { timeout: 240_000 }, async () => {
    const report: string[] = [];
    let glued = 0;
    for (const [file, gt] of scans) {
      if (!fs.existsSync(corpusPath(file)) || !fs.existsSync(corpusPath(gt))) continue;
      const reference = fs.readFileSync(corpusPath(gt), 'utf8');
      // auto_ocr OCRs these scans too: one document is enough to cover that path.
      for (const ocr_mode of file.endsWith('skew.pdf') ? ['full_ocr', 'auto_ocr'] : ['full_ocr']) {
        const c = countGluedWords(await parse(corpusPath(file), { ocr_mode }), reference);
        report.push(`${file} ${ocr_mode}: ${c.glued.length}/${c.tokens} glued ${c.glued.join(' ')}`);
        glued += c.glued.length;
      }
    }
    console.log(report.join('\n'));
    expect(glued, report.join('\n')).toBe(0);
  });
});
