/**
 * The gap between a numbered list's hanging numbers and its items is not a column gutter,
 * even when a stray word (a footer's last word) also ends beside it
 * (pipeline/lines/gutter-bands.ts, acceptGap): the numbers column used to be cut from its
 * items ("28." its own segment, read after its question) on a two-page spread whose left
 * page's footer ended there. Generated page and the corpus page (skipped without the corpus).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number }

const QUESTIONS = [
  'If your country allows legal aid services through student law clinics, are there national guidelines?',
  'If your country allows legal aid services through student law clinics, what type of services are given?',
  'Are specialized legal aid services provided for specific disadvantaged population groups?',
];

/** A landscape spread: prose on the left page, numbered questions with hanging numbers on the right. */
async function spreadPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([1190, 842]);
  const size = 9;
  for (let i = 0; i < 40; i++) page.drawText(`Left page line ${i + 1} of running prose that fills its column from edge to edge.`, { x: 130, y: 780 - i * 16, size, font });
  // The left page's footer ends just left of the right page's numbers column.
  const footer = 'Global Study on Legal Aid Annex';
  page.drawText(footer, { x: 766 - font.widthOfTextAtSize(footer, size), y: 70, size, font });
  QUESTIONS.forEach((q, k) => {
    const y = 780 - k * 230;
    const num = `${26 + k}.`;
    page.drawText(num, { x: 756, y, size, font: bold });
    const x = 756 + bold.widthOfTextAtSize('26.', size) + 5.7;
    // Each question wraps over three lines, then three options below it.
    const words = q.split(' ');
    const third = Math.ceil(words.length / 3);
    for (let l = 0; l < 3; l++) page.drawText(words.slice(l * third, (l + 1) * third).join(' '), { x, y: y - l * 12, size, font: bold });
    for (let o = 0; o < 3; o++) page.drawText(`Option ${o + 1} for question ${26 + k}, answered by ticking its box`, { x: x + 2, y: y - 50 - o * 14, size, font });
  });
  page.drawText('208', { x: 1100, y: 70, size, font });
  return doc.save();
}

describe('a list\u2019s number gap is not a gutter', () => {
  let engine: Engine;
  let dir: string;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-markergap-'));
  });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const textsOf = async (file: string, page: number): Promise<string[]> => {
    const res = await engine.waitForJob((await engine.parse(file, { page_range: String(page) })).job_id);
    expect(res.status).toBe('Succeeded');
    return (res.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]).filter((s) => s.page_number === page).map((s) => s.content.replace(/\s+/g, ' ').trim());
  };

  it('keeps each hanging number with its question', async () => {
    const file = path.join(dir, 'spread.pdf');
    fs.writeFileSync(file, await spreadPdf());
    const texts = await textsOf(file, 1);
    for (const k of [26, 27, 28]) {
      expect(texts, `${k}.`).not.toContain(`${k}.`);
      expect(texts.some((t) => t.startsWith(`${k}. `)), `${k}.`).toBe(true);
    }
  }, 60_000);

  it.skipIf(!hasCorpus)('on the corpus spread: questions 26-28 start with their numbers', async () => {
    const texts = await textsOf(corpusPath('layout/docling/tests/data/pdf/sources/table_mislabeled_as_picture.pdf'), 1);
    for (const k of [26, 27, 28]) {
      expect(texts, `${k}.`).not.toContain(`${k}.`);
      expect(texts.some((t) => t.startsWith(`${k}. `)), `${k}.`).toBe(true);
    }
  }, 60_000);
});
