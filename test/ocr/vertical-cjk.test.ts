/**
 * Vertical CJK text read in its order (issue 29 item 3): columns of glyphs, top to bottom,
 * columns right to left. The ink tells vertical columns from horizontal lines (no language
 * data needed); with vertical language data installed (the devDependency
 * @tesseract.js-data/jpn_vert) parse reads such a page in its order. Pages: the corpus's
 * vertical Japanese image and pages composed from its columns in another order and spacing
 * (bench/lib/vertical-page.ts: no CJK font exists here to typeset one), so a reader that
 * keeps the source's order or reads left to right fails. Skips without the corpus or the data.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { installedLanguages } from '../../src/engines/ocr/installed-languages.js';
import { terminateScriptDetector } from '../../src/engines/ocr/script-detector.js';
import { inkMask } from '../../src/pipeline/ocr/ink-mask.js';
import { detectVerticalColumns } from '../../src/pipeline/ocr/vertical-columns.js';
import { columnsRightToLeft, verticalLanguageChoice } from '../../src/pipeline/pages/page-vertical-text.js';
import type { TextRun } from '../../src/model/page.js';
import { composeVerticalPage, JPN_VERT, jpnVertColumnsText } from '../../bench/lib/vertical-page.js';
import { corpusPath, hasCorpus } from '../helpers.js';

async function verdictOf(input: string | Buffer) {
  const { data, info } = await sharp(input).greyscale().raw().toBuffer({ resolveWithObject: true });
  return detectVerticalColumns(await inkMask({ data: new Uint8Array(data), width: info.width, height: info.height, channels: 1, dpi: null }));
}

/** Character edit distance over the expected length (CJK: whitespace removed). */
function cer(got: string, want: string): number {
  const a = [...got.replace(/\s+/g, '')];
  const b = [...want];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]! / b.length;
}

const run = (text: string, left: number, top: number, width: number, eol = false): TextRun => ({
  text, bbox: { left, top, width, height: 18 }, fontSize: 300, fontName: 'OCR', bold: false, italic: false, confidence: 0.9, source: 'ocr', ...(eol ? { eol } : {}),
});

describe('vertical words in reading order', () => {
  it('puts the words in the ink’s columns, right to left, each top to bottom, whatever order the engine gave', () => {
    // Engine order: the left column first, the right column cut into two "lines" out of order,
    // a kana's box twice the column's width reaching into the next column.
    const runs = [
      run('横書き', 20, 10, 18), run('不能', 20, 30, 18, true),
      run('文字を', 100, 60, 18), run('上', 100, 80, 18, true),
      run('元来', 100, 10, 18), run('日本語は', 90, 30, 36, true),
    ];
    const out = columnsRightToLeft(runs, [{ left: 100, right: 118 }, { left: 20, right: 38 }]);
    expect(out.map((r) => r.text).join('')).toBe('元来日本語は文字を上横書き不能');
    expect(out.filter((r) => r.eol).map((r) => r.text)).toEqual(['上', '不能']);
    expect(out.every((r) => r.fontSize === 18)).toBe(true);
    expect(out.find((r) => r.text === '日本語は')!.bbox).toMatchObject({ left: 100, width: 18 });
    // Each word reaches down to the next one (no blank rows across the columns).
    expect(out.find((r) => r.text === '元来')!.bbox.height).toBe(20);
  });

  it('without bands, the engine’s lines are the columns', () => {
    const out = columnsRightToLeft([run('左', 20, 10, 18, true), run('右', 100, 10, 18), run('下', 100, 40, 18, true)]);
    expect(out.map((r) => r.text)).toEqual(['右', '下', '左']);
  });

  it('chooses the vertical data of the page’s script, and names the packages to install when there is none', () => {
    expect(verticalLanguageChoice('Han', ['chi_tra', 'eng'])).toEqual({ candidates: [], suggest: ['jpn_vert', 'chi_tra_vert'] });
    expect(verticalLanguageChoice('Japanese', ['eng', 'jpn_vert'])).toEqual({ candidates: ['jpn_vert'], suggest: ['jpn_vert'] });
    expect(verticalLanguageChoice('Han', ['chi_tra_vert', 'jpn_vert']).candidates).toEqual(['jpn_vert', 'chi_tra_vert']);
    expect(verticalLanguageChoice(null, ['kor_vert']).candidates).toEqual(['kor_vert']);
    expect(verticalLanguageChoice('Hangul', ['eng']).suggest).toEqual(['kor_vert']);
  });
});

describe.skipIf(!hasCorpus)('vertical columns from the ink', () => {
  it('finds the columns of vertical Japanese, right to left', async () => {
    const v = await verdictOf(corpusPath(JPN_VERT));
    expect(v.vertical).toBe(true);
    expect(v.columns).toHaveLength(5);
    for (let i = 1; i < v.columns.length; i++) expect(v.columns[i]!.left).toBeLessThan(v.columns[i - 1]!.left);
  });

  it('and on a page composed of three of them with wide gaps, enlarged', async () => {
    const v = await verdictOf((await composeVerticalPage([3, 1, 0], { gap: 40, scale: 2 })).png);
    expect(v.vertical).toBe(true);
    expect(v.columns).toHaveLength(3);
  });

  it('calls horizontal pages horizontal: Latin text, two text columns, horizontal Chinese, a page turned a quarter', async () => {
    for (const rel of [
      'ocr/tesseract-ocr-test/testing/phototest.tif',
      'ocr/tesseract-ocr-test/testing/eurotext.tif',
      'office/unstructured/example-docs/img/double-column-B.jpg',
      'office/unstructured/example-docs/img/chi_sim_image.jpeg',
      'office/unstructured/example-docs/img/layout-parser-paper-fast.jpg',
      'ocr/tesseract.js/tests/assets/images/simple-90.jpg', // one line of Latin turned a quarter
    ]) {
      expect((await verdictOf(corpusPath(rel))).vertical, rel).toBe(false);
    }
    const turned = await sharp(corpusPath('ocr/tesseract-ocr-test/testing/phototest.tif')).rotate(90).png().toBuffer();
    expect((await verdictOf(turned)).vertical).toBe(false);
  });
});

const hasVertical = installedLanguages().includes('jpn_vert');

describe.skipIf(!hasCorpus || !hasVertical)('parse reads vertical Japanese in its order (jpn_vert installed)', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1, taskTimeoutMs: 300_000 });
  });
  afterAll(async () => {
    await engine.close();
    await terminateScriptDetector();
  });

  const parseText = async (png: Buffer, name: string) => {
    const r = await engine.waitForJob((await engine.parse({ data: new Uint8Array(png), fileName: name })).job_id);
    expect(r.status).toBe('Succeeded');
    const segs = (r.chunks ?? []).flatMap((c) => c.segments as Array<{ content: string }>);
    return { text: segs.map((s) => s.content).join(''), notes: ((r.metadata as { notes?: string[] }).notes ?? []).join('\n') };
  };

  it('the corpus image: columns right to left, no spaces between the glyphs', { timeout: 300_000 }, async () => {
    const { text, notes } = await parseText(await sharp(corpusPath(JPN_VERT)).png().toBuffer(), 'jpn-vert.png');
    expect(notes).toMatch(/jpn_vert language data, columns right to left/);
    const want = jpnVertColumnsText().join('');
    expect(cer(text, want)).toBeLessThan(0.05);
    expect(text).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff] [\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('a composed page: its own column order, not the source’s', { timeout: 300_000 }, async () => {
    const order = [2, 0, 4];
    const page = await composeVerticalPage(order, { gap: 30 });
    const { text } = await parseText(page.png, 'composed.png');
    expect(cer(text, page.text)).toBeLessThan(0.08);
    const cols = jpnVertColumnsText();
    const at = order.map((i) => text.replace(/\s+/g, '').indexOf(cols[i]!.slice(0, 4)));
    expect(at.every((p) => p >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});
