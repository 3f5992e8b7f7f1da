/**
 * The word re-read of extraction: the rules that decide which second reading of a word is
 * believed (punctuation-only changes and implausible date years, won by a vote of readings at
 * three enlargements), and the whole step on real components: a receipt drawn as pixels
 * (sharp, from SVG text), read by the real OCR engine, whose value words are then given the
 * kind of first reading a thermal receipt's page OCR produces ("SELANGOR," for "SELANGOR.",
 * "2079" for "2019", at low confidence); the real crop re-read must bring the printed text back,
 * and must leave a word it cannot read better alone.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOcrEngine, terminateOcrEngines } from '../../src/engines/ocr/factory.js';
import { loadImagePages } from '../../src/formats/image/load-image-pages.js';
import { extractFromDocument } from '../../src/pipeline/extract/extract-document.js';
import { normalizeWord, unionBox, type Box, type Line, type Token, type TokenizedDocument } from '../../src/pipeline/extract/tokens.js';
import { betterReading, dateYear, hasRepairablePunctuation, plausibleYear, punctuationOnly, replaceWords, wordsToReread } from '../../src/pipeline/extract/word-reread.js';
import { rereadLines } from '../../src/pipeline/ocr/reread-lines.js';
import { rereadWordsAndExtract } from '../../src/operations/extract/word-reread.js';
import { TIER_STRATEGY } from '../../src/operations/extract/tiers.js';
import { parseExtractionSchema } from '../../src/operations/extract/schema.js';

const word = (text: string, conf: number, box: Box = [10, 10, 90, 30]) => ({ text, conf, box });

describe('which second reading is believed', () => {
  it('finds a date year and judges it against a window around the current year', () => {
    expect(dateYear('06/03/2078')).toBe(2078);
    expect(dateYear('2019-02-14')).toBe(2019);
    expect(dateYear('14.02.2019,')).toBe(2019);
    expect(dateYear('03-02-18')).toBeNull();
    expect(dateYear('CS00010527')).toBeNull();
    expect(plausibleYear(2018, 2026)).toBe(true);
    expect(plausibleYear(2078, 2026)).toBe(false);
    expect(plausibleYear(1890, 2026)).toBe(false);
  });

  it('only words with a mark the vote may change are worth reading again', () => {
    expect(hasRepairablePunctuation('NO,')).toBe(true);
    expect(hasRepairablePunctuation('P.T,')).toBe(true);
    expect(hasRepairablePunctuation('22.90')).toBe(false);
    expect(hasRepairablePunctuation('02/01/2018')).toBe(false);
    expect(hasRepairablePunctuation('53200,')).toBe(true);
    expect(hasRepairablePunctuation('TEO')).toBe(false);
  });

  it('punctuation-only means the same letters and digits, a number keeping its separators', () => {
    expect(punctuationOnly('NO,', 'NO.')).toBe(true);
    expect(punctuationOnly('SELANGOR,', 'SELANGOR.')).toBe(true);
    expect(punctuationOnly('53200,', '93200,')).toBe(false);
    expect(punctuationOnly('42.40', '42,40')).toBe(false);
    expect(punctuationOnly('Total', 'Total')).toBe(false);
    expect(punctuationOnly(',', '.')).toBe(false);
  });

  it('a punctuation change that wins two of three readings, surer, replaces the word', () => {
    const old = word('SELANGOR,', 0.7);
    expect(betterReading(old, [[word('SELANGOR,', 0.68)], [word('SELANGOR.', 0.92)], [word('SELANGOR.', 0.85)]], 2026)?.text).toBe('SELANGOR.');
    // One vote is not enough; a tie with the old spelling is not enough.
    expect(betterReading(old, [[word('SELANGOR,', 0.68)], [word('SELANGOR.', 0.92)], []], 2026)).toBeNull();
    // Not surer than the first reading.
    expect(betterReading(old, [[word('SELANGOR.', 0.72)], [word('SELANGOR.', 0.7)], []], 2026)).toBeNull();
    // A digit misread by every enlargement is still not taken.
    expect(betterReading(word('53200,', 0.62), [[word('93200,', 0.93)], [word('93200,', 0.93)], [word('53200,', 0.93)]], 2026)).toBeNull();
    // A reading lying over the neighbouring word is not this word's.
    expect(betterReading(old, [[word('SELANGOR.', 0.9, [200, 10, 280, 30])], [word('SELANGOR.', 0.9, [200, 10, 280, 30])]], 2026)).toBeNull();
  });

  it('a date with an implausible year takes a plausible second reading; never the reverse', () => {
    expect(betterReading(word('06/03/2078', 0.29), [[word('06/03/2018', 0.94)], [word('06/03/2018', 0.93)], [word('e:', 0.4, [0, 10, 8, 30])]], 2026)?.text).toBe('06/03/2018');
    expect(betterReading(word('06/03/2018', 0.29), [[word('06/03/2078', 0.94)], [word('06/03/2078', 0.93)], []], 2026)).toBeNull();
    // A plausible date's digits are not changed by the vote (5/3/2018 read 5/3/2016 when enlarged).
    expect(betterReading(word('5/3/2018', 0.59), [[word('5/3/2016', 0.91)], [word('5/3/2016', 0.81)], []], 2026)).toBeNull();
  });
});

const LINES = ['KEDAI PAPAN MAJU', 'LOT 27 JALAN MERANTI', '43800 DENGKIL, SELANGOR.', 'Doc No. : CS00010527   Date: 14/02/2019', 'Total : 22.90'];
const TOP = (i: number) => 60 + i * 70;

async function receipt(): Promise<Buffer> {
  const text = LINES.map((t, i) => `<text x="40" y="${TOP(i) + 30}" font-family="DejaVu Sans, sans-serif" font-size="30" fill="black" xml:space="preserve">${t}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="460"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** The image read by the real OCR engine, as extraction's tokens. */
async function ocrDocument(jpeg: Buffer): Promise<TokenizedDocument> {
  const raster = await (await loadImagePages(new Uint8Array(jpeg), {})).getPage(0);
  const r = await (await getOcrEngine('ServiceHawk')).recognize(raster, { dpi: raster.dpi });
  const tokens: Token[] = [];
  const lines: Line[] = [];
  for (const l of r.lines) {
    const lt: Token[] = r.words.slice(l.firstWord, l.endWord).map((w, i) => ({
      text: w.text,
      norm: normalizeWord(w.text),
      page: 1,
      box: [w.bbox.left, w.bbox.top, w.bbox.left + w.bbox.width, w.bbox.top + w.bbox.height],
      conf: Math.min(0.99, w.confidence),
      index: tokens.length + i,
      line: lines.length,
      gap: 0,
    }));
    tokens.push(...lt);
    lines.push({ index: lines.length, page: 1, tokens: lt, box: unionBox(lt.map((t) => t.box)), text: lt.map((t) => t.text).join(' ') });
  }
  return { tokens, lines, pages: new Map([[1, { width: raster.width, height: raster.height }]]) };
}

/** The document with one word given another first reading, at low confidence. */
function misread(doc: TokenizedDocument, from: string, to: string): TokenizedDocument {
  const t = doc.tokens.find((x) => x.text === from);
  if (!t) throw new Error(`OCR did not read ${from}: ${doc.lines.map((l) => l.text).join(' | ')}`);
  return replaceWords(doc, new Map([[t.index, { text: to, conf: 0.3, box: t.box }]]));
}

describe('word re-read on a drawn receipt', () => {
  let jpeg: Buffer;
  let doc: TokenizedDocument;
  const schema = parseExtractionSchema(
    JSON.stringify({
      type: 'object',
      properties: {
        date: { type: 'string', description: 'Date of the receipt, as printed' },
        address: { type: 'string', description: 'Address of the company, as printed' },
        total: { type: 'string', description: 'Total amount paid, as printed' },
      },
      required: ['date'],
      additionalProperties: false,
    }),
  );
  const read = (page: number, boxes: Box[], enlarge: number) => rereadLines({ data: new Uint8Array(jpeg), page, lines: boxes, enlarge });
  beforeAll(async () => {
    jpeg = await receipt();
    doc = await ocrDocument(jpeg);
  }, 60_000);
  afterAll(async () => {
    await terminateOcrEngines();
  });

  it('reads an enlarged crop with its words boxed in image pixels', async () => {
    const t = doc.tokens.find((x) => x.text === '14/02/2019')!;
    expect(t, doc.lines.map((l) => l.text).join(' | ')).toBeDefined();
    const [words] = await rereadLines({ data: new Uint8Array(jpeg), page: 1, lines: [t.box], enlarge: 2 });
    const w = words!.find((x) => x.text.includes('14/02/2019'))!;
    expect(w).toBeDefined();
    expect(w.box[0]).toBeGreaterThan(t.box[0] - 20);
    expect(w.box[2]).toBeLessThan(t.box[2] + 20);
    expect(w.box[1]).toBeGreaterThan(t.box[1] - 15);
  }, 60_000);

  it('repairs a misread year and a misread final period from the words’ own crops', async () => {
    const bad = misread(misread(doc, '14/02/2019', '14/02/2079'), 'SELANGOR.', 'SELANGOR,');
    const outcomes = extractFromDocument(bad, schema, TIER_STRATEGY.gamma);
    const value = (k: string) => (outcomes[k] as { candidate: { value: unknown } | null }).candidate?.value;
    expect(value('date')).toBe('14/02/2079');
    expect(String(value('address'))).toMatch(/SELANGOR,$/);
    expect(wordsToReread(bad, outcomes, 2026).map((i) => bad.tokens[i]!.text)).toEqual(expect.arrayContaining(['14/02/2079', 'SELANGOR,']));
    const r = await rereadWordsAndExtract([bad], schema, outcomes, TIER_STRATEGY.gamma, read, 2026);
    expect(r!.changed).toBe(2);
    expect(value('date')).toBe('14/02/2019');
    expect(String(value('address'))).toMatch(/SELANGOR\.$/);
    expect(r!.doc.lines.map((l) => l.text).join(' | ')).toContain('DENGKIL, SELANGOR.');
  }, 120_000);

  it('leaves misread letters and digits alone: only punctuation and implausible years are repaired', async () => {
    // A word without a punctuation mark the vote may change is not even read again.
    const plain = misread(doc, '22.90', '22.80');
    expect(wordsToReread(plain, extractFromDocument(plain, schema, TIER_STRATEGY.gamma), 2026).map((i) => plain.tokens[i]!.text)).not.toContain('22.80');
    // A word with a mark is read again, but its letters and digits stay the first reading's.
    const bad = misread(doc, 'DENGKIL,', 'DENGK1L,');
    const outcomes = extractFromDocument(bad, schema, TIER_STRATEGY.gamma);
    expect(String((outcomes.address as { candidate: { value: unknown } }).candidate.value)).toContain('DENGK1L,');
    const r = await rereadWordsAndExtract([bad], schema, outcomes, TIER_STRATEGY.gamma, read, 2026);
    expect(r!.words).toBeGreaterThan(0);
    expect(r!.changed).toBe(0);
    expect(String((outcomes.address as { candidate: { value: unknown } }).candidate.value)).toContain('DENGK1L,');
  }, 120_000);
});
