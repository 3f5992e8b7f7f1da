/**
 * Scanned ruled tables: a born-digital table page rendered at 200 DPI, its rules found on
 * the raster and its words (the PDF's own, scaled to pixels, standing in for OCR) put in
 * cells must give the same grid — same rows, columns and spans — and at least 95 % of the
 * cell texts.
 */
import { describe, expect, it } from 'vitest';
import { corpusPath, fixture, hasCorpus } from '../helpers.js';
import { bornAndScanned, sameCellShare, shape } from './support/scan-page.js';

async function expectSameTables(file: string, page: number, tables: number) {
  const { born, scanned, scale } = await bornAndScanned(file, page);
  expect(born).toHaveLength(tables);
  expect(scanned).toHaveLength(tables);
  born.forEach((b, i) => {
    const s = scanned[i]!;
    expect(s.grid.method).toBe('ocr');
    expect(shape(s)).toBe(shape(b));
    expect(sameCellShare(b, s)).toBeGreaterThanOrEqual(0.95);
    // The grids lie on the same place of the page (pixels vs points).
    expect(Math.abs(s.grid.bbox.left / scale - b.grid.bbox.left)).toBeLessThan(2);
    expect(Math.abs(s.grid.bbox.top / scale - b.grid.bbox.top)).toBeLessThan(2);
  });
}

describe('scanned ruled tables', () => {
  it('reproduce the born-digital grid of a 50-row table with spans', async () => {
    await expectSameTables(fixture('pdf', 'column_span_1.pdf'), 1, 1);
  });

  describe.skipIf(!hasCorpus)('corpus pages', () => {
    it('two tables on one page (camelot twotables_2)', async () => {
      await expectSameTables(corpusPath('tables/camelot/tests/files/twotables_2.pdf'), 1, 2);
    });

    it('a table with a multi-level header (ICDAR us-030, page 2)', async () => {
      await expectSameTables(corpusPath('tables/tabula-java/src/test/resources/technology/tabula/icdar2013-dataset/competition-dataset-us/us-030.pdf'), 2, 1);
    });

    it('a table with row spans (camelot row_span_1)', async () => {
      await expectSameTables(corpusPath('tables/camelot/tests/files/row_span_1.pdf'), 1, 1);
    });
  });
});
