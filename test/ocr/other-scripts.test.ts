/**
 * Scripts and languages (issue 29 item 3): a page that English cannot read is read with an
 * installed language that can (here the Traditional Chinese data of the devDependency
 * @tesseract.js-data/chi_tra), and the result says which; without it, the page says it
 * found nothing legible instead of returning English gibberish.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { installedLanguages } from '../../src/engines/ocr/installed-languages.js';
import { corpusPath, hasCorpus } from '../helpers.js';

const require = createRequire(import.meta.url);
const hasChiTra = (() => {
  try {
    require.resolve('@tesseract.js-data/chi_tra/package.json');
    return true;
  } catch {
    return false;
  }
})();
const image = 'ocr/tesseract.js/tests/assets/images/chinese.png';

describe('pages in another script', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1, taskTimeoutMs: 300_000 });
  });
  afterAll(() => engine.close());

  it('lists the installed languages', () => {
    expect(installedLanguages()).toContain('eng');
    if (hasChiTra) expect(installedLanguages()).toContain('chi_tra');
  });

  it.skipIf(!hasCorpus || !hasChiTra)('reads a Chinese page with the installed Chinese data and says so', { timeout: 300_000 }, async () => {
    const r = await engine.waitForJob((await engine.parse(corpusPath(image))).job_id);
    expect(r.status).toBe('Succeeded');
    const text = (r.chunks ?? []).flatMap((c) => (c.segments as unknown as Array<{ content: string }>).map((s) => s.content)).join('').replace(/\s+/g, '');
    const gt = [...fs.readFileSync(corpusPath(`${image}.gt.txt`), 'utf8').replace(/\s+/g, '')];
    // Most of the ground truth's characters are read (a bag of characters: order aside).
    const got = new Set(text);
    expect(gt.filter((c) => got.has(c)).length / gt.length, text).toBeGreaterThan(0.8);
    const notes = (r.metadata as { notes?: string[] }).notes ?? [];
    expect(notes.some((n) => n.includes('chi_tra')), notes.join('\n')).toBe(true);
  });
});
