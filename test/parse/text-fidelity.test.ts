/**
 * Text fidelity against pdftotext on the corpus's born-digital PDFs (up to 120 pages
 * each; the long-document figures come from bench/text-fidelity.ts). Skips without the
 * corpus or pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { bornDigitalPdfs, isSingleColumn } from '../../bench/lib/born-digital.js';
import { scoreFidelity, type FidelityResult } from '../../bench/lib/fidelity.js';
import { f1 } from '../../bench/lib/text-metrics.js';
import { corpusPath, hasCorpus } from '../helpers.js';

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasCorpus || !hasPdftotext)('text fidelity vs pdftotext (corpus)', () => {
  const engine = createEngine();
  afterAll(() => engine.close());
  const results: FidelityResult[] = [];

  it('bag-of-words F1 over all born-digital PDFs is at least 0.97', { timeout: 900_000 }, async () => {
    const files = bornDigitalPdfs(120);
    expect(files.length).toBeGreaterThan(150);
    for (const rel of files) results.push({ ...(await scoreFidelity(engine, corpusPath(rel))), file: rel });
    const total = results.reduce((a, r) => ({ tp: a.tp + r.bag.tp, predicted: a.predicted + r.bag.predicted, reference: a.reference + r.bag.reference }), { tp: 0, predicted: 0, reference: 0 });
    const micro = f1(total);
    console.log(`bag-of-words F1 (micro) ${micro.toFixed(4)} over ${results.length} PDFs`);
    expect(results.filter((r) => r.error).map((r) => r.file)).toEqual([]);
    expect(micro).toBeGreaterThanOrEqual(0.97);
  });

  it('single-column documents keep pdftotext word order (normalised edit distance <= 0.10 on average)', { timeout: 300_000 }, async () => {
    const single = results.filter((r) => isSingleColumn(r.file));
    expect(single.length).toBeGreaterThanOrEqual(4);
    const mean = single.reduce((s, r) => s + r.orderDistance, 0) / single.length;
    console.log(single.map((r) => `${r.orderDistance.toFixed(3)} ${r.file}`).join('\n'));
    expect(mean).toBeLessThanOrEqual(0.1);
  });
});
