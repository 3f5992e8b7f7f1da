import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { TextRun } from '../../src/model/page.js';
import { measureInkCoverage } from '../../src/pipeline/ocr/ink-coverage.js';
import { assessTextLayer, simpleTextStats, textLayerNeedsOcr, textStats } from '../../src/pipeline/ocr/text-layer-needs-ocr.js';
import { renderPdfPage } from '../../src/formats/pdf/render-page.js';
import { corpusPath, hasCorpus } from './helpers/corpus.js';
import { openTestPdf, pdfTextLayer } from './helpers/pdf-page.js';

const run = (text: string, left = 72, top = 72): TextRun => ({
  text,
  bbox: { left, top, width: text.length * 6, height: 12 },
  fontSize: 12,
  fontName: 'F1',
  bold: false,
  italic: false,
  confidence: null,
  source: 'text',
});
const letter = { width: 612, height: 792 };
const prose =
  'The quick brown fox jumps over the lazy dog and then it runs into the forest where it ' +
  'finds a small house that was built by the people of the village in the old days for the ' +
  'hunters who came to the region every year in the autumn when the leaves were falling';

describe('textLayerNeedsOcr (rules)', () => {
  it('wants OCR for a missing or whitespace-only text layer', () => {
    expect(assessTextLayer([], letter).reason).toBe('no_text');
    expect(assessTextLayer([run('   '), run('\n')], letter).reason).toBe('no_text');
  });

  it('wants OCR for unmapped glyphs: U+FFFD, private use, control characters', () => {
    expect(assessTextLayer([run('\uFFFD\uFFFD\uFFFDa\uFFFD')], letter).reason).toBe('bad_characters');
    expect(assessTextLayer([run('\uE001\uE002\uE003 word')], letter).reason).toBe('bad_characters');
    expect(assessTextLayer([run('\u0019\u0012')], letter).reason).toBe('bad_characters');
  });

  it('counts characters by code point, outside the ASCII fast paths too', () => {
    // NBSP and ideographic space are spaces; U+0001 is a control character (bad); 𝐀 (U+1D400)
    // is one letter of two UTF-16 units; ٣ is a digit; « » are punctuation at token edges.
    const s = assessTextLayer([run('ab\u00A0c\u0001 «Ελλάδα» 𝐀٣\u3000Москва x')], letter).stats;
    expect(s.chars).toBe(4 + 8 + 2 + 6 + 1);
    expect(s.badChars).toBe(1);
    expect(s.alnumRatio).toBeCloseTo(18 / 21, 10); // letters and digits over all non-space characters
    // Tokens: "ab", "c\u0001" (has a letter), "Ελλάδα", "𝐀٣" (a digit: not a word token), "Москва", "x" (one letter).
    expect(s.tokens).toBe(4);
  });

  it('computes the same statistics in one pass as the reference regular expressions', () => {
    const cases = [
      prose,
      'Contents ........................ 3 ——— “quoted” it’s a—b – c ❘❚❙ ❘❘❘ ©2004 ü ï § é',
      '\u0001\u0001\u0001 a\u0002b ... ,, !!! ??x x?? (ab) [1] ’’’’ ——',
      'ab\u00A0c «Ελλάδα» Москва τα και ΤΟ ab\u2003cd \uE001\uE001\uE001 word\uFFFD\uFFFD\uFFFD \u0301\u0301\u0301e',
      '  leading and trailing  ',
      'x',
      '',
      Array.from({ length: 40 }, (_, i) => `T${i}-C${i % 3} AB-${100 + i} don’t—stop`).join(' '),
    ];
    for (const text of cases) expect(simpleTextStats(text), JSON.stringify(text)).toEqual(textStats(text));
    // Text it leaves to the reference: other scripts, astral characters.
    expect(simpleTextStats('日本語のテキスト')).toBeNull();
    expect(simpleTextStats('word 𝐀')).toBeNull();
    expect(simpleTextStats('مرحبا')).toBeNull();
  });

  it('wants OCR for symbol soup, but not for dot leaders', () => {
    expect(assessTextLayer([run('"7+%-'), run('#$%&*!')], letter).reason).toBe('mostly_symbols');
    expect(textLayerNeedsOcr([run('Contents ........................ 3'), run('Introduction .................. 5')], letter)).toBe(false);
  });

  it('wants OCR for letters that do not form words, not for codes or prose', () => {
    const shifted = prose.replace(/[a-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - 97 + 7) % 26) + 97));
    expect(assessTextLayer([run(shifted)], letter).reason).toBe('not_words');
    expect(textLayerNeedsOcr([run(prose)], letter)).toBe(false);
    const codes = Array.from({ length: 40 }, (_, i) => `T${i}-C${i % 3} AB-${100 + i}`).join(' ');
    expect(textLayerNeedsOcr([run(codes)], letter)).toBe(false);
  });

  it('wants OCR for a page-filling image with next to no text (a stamped scan)', () => {
    const page = { ...letter, images: [{ left: 0, top: 0, width: 612, height: 792 }] };
    expect(assessTextLayer([run('CONFIDENTIAL')], page).reason).toBe('scanned_image');
    // An OCRed scan carries its text: no second OCR.
    const lines = Array.from({ length: 40 }, (_, i) => run(prose.slice(0, 90), 36, 36 + i * 18));
    expect(textLayerNeedsOcr(lines, page)).toBe(false);
  });
});

describe.skipIf(!hasCorpus)('textLayerNeedsOcr on corpus pages', () => {
  const docs: { destroy(): Promise<void> }[] = [];
  afterAll(async () => Promise.all(docs.map((d) => d.destroy())));
  const layerOf = async (rel: string, pageNo = 1) => {
    const doc = await openTestPdf(corpusPath(rel));
    docs.push(doc);
    const page = await doc.getPage(pageNo);
    return { page, layer: await pdfTextLayer(page) };
  };
  const assess = async (rel: string, pageNo = 1) => {
    const { layer } = await layerOf(rel, pageNo);
    return assessTextLayer(layer.runs, { width: layer.width, height: layer.height, images: layer.images });
  };

  it.each([
    'ocr/OCRmyPDF/tests/resources/linn.pdf',
    'ocr/OCRmyPDF/tests/resources/skew.pdf',
    'ocr/OCRmyPDF/tests/resources/c02-22.pdf',
    'ocr/OCRmyPDF/tests/resources/ccitt.pdf',
    'layout/docling/tests/data/ocr/sources/ocr_test.pdf',
    'layout/docling/tests/data/ocr/sources/ocr_test_rotated_90.pdf',
    'ocr/OCRmyPDF/tests/resources/vector.pdf',
  ])('scanned or outlined-text page %s needs OCR', async (rel) => {
    const a = await assess(rel);
    expect(a.needsOcr).toBe(true);
    expect(a.reason).toBe('no_text');
  });

  it.each([
    ['ocr/OCRmyPDF/tests/resources/type3_font_nomapping.pdf', 'bad_characters'],
    ['ocr/OCRmyPDF/tests/resources/truetype_font_nomapping.pdf', 'mostly_symbols'],
    // Random letter strings typed as table content: text no reader could use.
    ['tables/camelot/tests/files/multiple_tables.pdf', 'not_words'],
    ['robustness/pdf.js/test/pdfs/issue3405r.pdf', 'bad_characters'],
  ])('garbage text layer %s needs OCR (%s)', async (rel, reason) => {
    if (!fs.existsSync(corpusPath(rel))) return;
    expect((await assess(rel)).reason).toBe(reason);
  });

  it.each([
    'ocr/OCRmyPDF/tests/resources/tagged.pdf',
    'ocr/OCRmyPDF/tests/resources/graph_ocred.pdf',
    'layout/docling/tests/data/pdf/sources/2305.03393v1-pg9.pdf',
    'layout/docling/tests/data/pdf/sources/normal_4pages.pdf',
    'tables/camelot/tests/files/column_span_1.pdf',
    'tables/pdfplumber/tests/pdfs/issue-466-example.pdf',
    'tables/pdfplumber/tests/pdfs/issue-336-example.pdf',
    'tables/pdfplumber/tests/pdfs/issue-461-example.pdf',
    'tables/camelot/tests/files/issue_288.pdf',
    'tables/tabula-java/src/test/resources/technology/tabula/schools.pdf',
    'robustness/pdf-lib/assets/pdfs/us_constitution.pdf',
  ])('born-digital (or already OCRed) page %s does not', async (rel) => {
    if (!fs.existsSync(corpusPath(rel))) return;
    const a = await assess(rel);
    expect(a.reason).toBeNull();
  });

  it('uses the ink map: a page whose text explains little of its ink needs OCR', async () => {
    const { page, layer } = await layerOf('layout/docling/tests/data/pdf/sources/2305.03393v1-pg9.pdf');
    const raster = await renderPdfPage(page, 72);
    const ink = await measureInkCoverage(raster, layer.width, layer.height);
    expect(ink.inkyCells).toBeGreaterThan(50);
    const full = { width: layer.width, height: layer.height, ink };
    expect(assessTextLayer(layer.runs, full).needsOcr).toBe(false);
    // Keep only the first tenth of the text: most of the ink is now unexplained.
    const few = layer.runs.slice(0, Math.ceil(layer.runs.length / 10));
    const a = assessTextLayer(few, full);
    expect(a.reason).toBe('unexplained_ink');
    // Unless the unexplained ink lies in regions declared as non-text (figures, charts).
    expect(assessTextLayer(few, { ...full, exclude: [{ left: 0, top: 0, width: layer.width, height: layer.height }] }).needsOcr).toBe(false);
  });

  it('does not want OCR for a blank page when the ink map says it is blank', async () => {
    const { page, layer } = await layerOf('ocr/OCRmyPDF/tests/resources/trivial.pdf');
    const ink = await measureInkCoverage(await renderPdfPage(page, 72), layer.width, layer.height);
    expect(ink.inkyCells).toBe(0);
    expect(assessTextLayer(layer.runs, { width: layer.width, height: layer.height, ink }).needsOcr).toBe(false);
    expect(assessTextLayer(layer.runs, { width: layer.width, height: layer.height }).reason).toBe('no_text');
  });
});
