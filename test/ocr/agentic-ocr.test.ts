/**
 * agentic_ocr (issue 29 item 8): low-confidence OCR lines are read again from enlarged crops
 * by ServiceBeta and replaced only by a more confident reading that keeps the line's letters.
 * A corpus receipt scan (low-confidence lines re-read, recall kept) and, through parse, a
 * generated page read with and without the option (the page says what was done).
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words } from '../../bench/lib/text-metrics.js';
import { createEngine, type Engine } from '../../src/index.js';
import { agenticReread } from '../../src/pipeline/ocr/agentic-reread.js';
import { ocrPage } from '../../src/pipeline/ocr/ocr-page.js';
import { createOcrEngine } from '../../src/engines/ocr/factory.js';
import { loadImagePages } from '../../src/formats/image/load-image-pages.js';
import { corpusPath, hasCorpus } from '../helpers.js';

const CLEAN = ['Quarterly report of the regional water board', 'Approved by the committee on 14 March 2024'];
const FAINT = ['Meter readings were taken at seven stations along the river', 'Samples showed nitrate levels within the permitted range'];

async function page(): Promise<Uint8Array> {
  const clean = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="260"><rect width="1600" height="260" fill="#fff"/>${CLEAN.map((l, i) => `<text x="60" y="${90 + i * 90}" font-family="DejaVu Serif" font-size="44" fill="#111">${l}</text>`).join('')}</svg>`;
  const faint = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="160"><rect width="1600" height="160" fill="#fff"/>${FAINT.map((l, i) => `<text x="60" y="${55 + i * 60}" font-family="DejaVu Sans" font-size="21" fill="#9a9a9a">${l}</text>`).join('')}</svg>`;
  const faintPng = await sharp(Buffer.from(faint)).blur(1.1).png().toBuffer();
  const base = sharp({ create: { width: 1600, height: 520, channels: 3, background: '#ffffff' } });
  const out = await base.composite([{ input: await sharp(Buffer.from(clean)).png().toBuffer(), left: 0, top: 20 }, { input: faintPng, left: 0, top: 320 }]).png().toBuffer();
  return new Uint8Array(out);
}

const textOf = (r: { chunks?: Record<string, unknown>[] }) => (r.chunks ?? []).flatMap((c) => (c.segments as Array<{ content: string }>).map((s) => s.content)).join('\n');
const notesOf = (r: { metadata?: unknown }) => ((r.metadata as { notes?: string[] } | undefined)?.notes ?? []).join('\n');
const recall = (text: string, ref: string[]) => {
  const got = new Set(words(text));
  const all = ref.flatMap((l) => words(l));
  return all.filter((w) => got.has(w)).length / all.length;
};

describe('agentic_ocr', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1, taskTimeoutMs: 300_000 });
  });
  afterAll(() => engine.close());

  // A scanned receipt of the corpus (SROIE, GT lines in data/box/*.csv): thermal print read at
  // mixed confidence, the case agentic_ocr is for.
  const receipt = 'invoices/ICDAR-2019-SROIE/data/img/023.jpg';
  it.skipIf(!hasCorpus || !fs.existsSync(corpusPath(receipt)))('re-reads only low-confidence lines, keeps more confident words, loses no recall', { timeout: 300_000 }, async () => {
    const raster = await (await loadImagePages(new Uint8Array(fs.readFileSync(corpusPath(receipt))))).getPage(0);
    const truth = fs.readFileSync(corpusPath(receipt.replace('/img/', '/box/').replace(/\.jpg$/, '.csv')), 'utf8').split('\n').map((l) => l.split(',').slice(8).join(','));
    const hawk = await createOcrEngine('ServiceHawk');
    const beta = await createOcrEngine('ServiceBeta');
    try {
      const first = await ocrPage(raster, hawk);
      const got = await agenticReread({ runs: first.runs, raster: first.raster, scale: 1, upright: true }, 'standard', beta);
      const lines = first.runs.filter((r) => r.eol).length;
      expect(got.stats.reread).toBeGreaterThan(0);
      expect(got.stats.reread).toBeLessThan(lines);
      expect(got.stats.calls).toBe(got.stats.reread);
      // Same words in the same places; a word changes only to a more confident reading.
      expect(got.runs.map((r) => r.bbox)).toEqual(first.runs.map((r) => r.bbox));
      got.runs.forEach((r, i) => expect(r.confidence ?? 0).toBeGreaterThanOrEqual(first.runs[i]!.confidence ?? 0));
      const text = (runs: typeof first.runs) => runs.map((r) => r.text).join(' ');
      expect(recall(text(got.runs), truth)).toBeGreaterThanOrEqual(recall(text(first.runs), truth));
    } finally {
      await hawk.terminate();
      await beta.terminate();
    }
  });

  it('through parse: says what it did, and loses no word the plain reading had', { timeout: 300_000 }, async () => {
    const data = await page();
    const plain = await engine.waitForJob((await engine.parse({ data, fileName: 'faint.png' })).job_id);
    const agentic = await engine.waitForJob((await engine.parse({ data, fileName: 'faint.png' }, { agentic_ocr: 'standard' })).job_id);
    expect([plain.status, agentic.status]).toEqual(['Succeeded', 'Succeeded']);
    expect(notesOf(plain)).not.toMatch(/agentic_ocr/);
    expect(notesOf(agentic)).toMatch(/agentic_ocr=standard: \d+ low-confidence lines re-read at 2× by ServiceBeta, \d+ replaced/);
    expect(recall(textOf(agentic), [...CLEAN, ...FAINT])).toBeGreaterThanOrEqual(recall(textOf(plain), [...CLEAN, ...FAINT]));
  });
});
