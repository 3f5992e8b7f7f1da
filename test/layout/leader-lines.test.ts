/** Dot leaders and fill-in rules on their own are not lines of text (issue 29 item 5). */
import { describe, expect, it } from 'vitest';
import type { TextRun } from '../../src/model/page.js';
import { buildLines } from '../../src/pipeline/lines/build-lines.js';

const run = (text: string, left: number, top: number, source: 'text' | 'ocr' = 'text'): TextRun => ({ text, bbox: { left, top, width: 5 * text.length, height: 10 }, fontSize: 10, fontName: 'F', bold: false, italic: false, confidence: null, source });

describe('leader lines', () => {
  it('drops a leader split from its label and keeps the label, the amount and short dots', () => {
    const lines = buildLines([
      run('7a Wages, salaries, tips', 20, 100),
      run('..............................', 200, 100), // wide gaps: a line of its own
      run('7a', 400, 100),
      run('12,345', 418, 100),
      run('________________', 20, 130, 'ocr'),
      run('Total ...', 20, 160),
    ]);
    expect(lines.map((l) => l.text), JSON.stringify(lines.map((l) => l.text))).toEqual(['7a Wages, salaries, tips', '7a 12,345', 'Total ...']);
  });
});
