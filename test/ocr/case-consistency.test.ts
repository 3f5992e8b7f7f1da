/**
 * Case consistency of OCR'd lines printed in capitals (pipeline/ocr/case-consistency.ts): the
 * line's own shape-distinct letters decide, same-shape small letters and a lone slip become
 * capitals, and lines in mixed case, words with a case of their own, and l/I stay as read.
 * Also through wordsToRuns, the step every OCR'd page goes through.
 */
import { describe, expect, it } from 'vitest';
import { consistentLineCase, lineInCapitals } from '../../src/pipeline/ocr/case-consistency.js';
import { wordsToRuns } from '../../src/pipeline/ocr/words-to-runs.js';
import type { OcrPageResult } from '../../src/engines/ocr/interface.js';

const line = (s: string) => consistentLineCase(s.split(' ')).join(' ');

describe('case consistency in a line printed in capitals', () => {
  it('decides from the share of capitals among the letters whose two forms differ', () => {
    expect(lineInCapitals('43800 DENGKIL, SELANGOR'.split(' '))).toBe(true);
    expect(lineInCapitals('Jalan Kenari 5, Bandar Puchong Jaya'.split(' '))).toBe(false);
    // Too few telling letters: "NO. 5" says nothing about the line.
    expect(lineInCapitals(['No.', '5'])).toBe(false);
    expect(lineInCapitals(['SOX', 'cow'])).toBe(false);
  });

  it('same-shape small letters among capitals become capitals', () => {
    expect(line('NO.53 JALAN SAGU 18, TAMAN DAYA')).toBe('NO.53 JALAN SAGU 18, TAMAN DAYA');
    expect(line('No.53 JALAN SAGU 18, TAMAN DAYA')).toBe('NO.53 JALAN SAGU 18, TAMAN DAYA');
    expect(line('43800 DENGKIl, sELANGOR. ROAD')).toBe('43800 DENGKIl, SELANGOR. ROAD');
    expect(line('LOT 276 JALAN BANTING (0005583085-k)')).toBe('LOT 276 JALAN BANTING (0005583085-K)');
    expect(line('CODE/DESC PRICE Disc AMOUNT')).toBe('CODE/DESC PRICE DISC AMOUNT');
  });

  it('a lone small letter of another shape in a long word of capitals is a slip', () => {
    expect(line('KEDAI PAPAN YEW CHUAn')).toBe('KEDAI PAPAN YEW CHUAN');
    expect(line('TAMAN DAYA, JOHOr BAHRU')).toBe('TAMAN DAYA, JOHOR BAHRU');
  });

  it('leaves words with a case of their own, and lines in mixed case, as read', () => {
    expect(line('MUELLER HANDELS GmbH BERLIN')).toBe('MUELLER HANDELS GmbH BERLIN');
    expect(line('RICE BAG 5kg PREMIUM GRADE')).toBe('RICE BAG 5kg PREMIUM GRADE');
    expect(line('MacDONALD RESTAURANT DENGKIL')).toBe('MacDONALD RESTAURANT DENGKIL');
    // Known limit: a same-shape small letter is not told from a slip by shape ("McDONALD" → "MCDONALD").
    expect(line('Taste Of The World Sdn Bhd')).toBe('Taste Of The World Sdn Bhd');
    expect(line('No.2, Jalan Temenggung 19/9,')).toBe('No.2, Jalan Temenggung 19/9,');
    const words = ['Lot', '6,', 'Jalan', 'Batai,'];
    expect(consistentLineCase(words)).toBe(words);
  });

  it('is applied to every OCR line on its way to text runs', () => {
    const texts = ['TAMAN', 'BERKELEY', 'KLANG,', 'sELANGOR'];
    const result: OcrPageResult = {
      width: 400,
      height: 40,
      words: texts.map((t, i) => ({ text: t, bbox: { left: i * 100, top: 5, width: 90, height: 30 }, confidence: 0.9, line: 0 })),
      lines: [{ text: texts.join(' '), bbox: { left: 0, top: 5, width: 390, height: 30 }, confidence: 0.9, firstWord: 0, endWord: 4, block: 1, paragraph: 1 }],
      meanConfidence: 0.9,
      engine: 'test',
    };
    const runs = wordsToRuns(result, { area: { left: 0, top: 0, width: 400, height: 40 }, minWordConfidence: 0 });
    expect(runs.map((r) => r.text)).toEqual(['TAMAN', 'BERKELEY', 'KLANG,', 'SELANGOR']);
  });
});
