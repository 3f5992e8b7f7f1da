/**
 * Script detection (issue 29 item 3): a page English reads doubtfully is given to tesseract's
 * OSD (npm @tesseract.js-data/osd); a non-Latin script is read with an installed language of
 * that script, and without one the page's note names the script and the package to install
 * and its English words keep a confidence of at most 0.1. A generated Russian page (no
 * Cyrillic language installed here) and the corpus's Simplified-Chinese and vertical
 * Japanese images (unstructured's example-docs; the devDependency chi_tra is the only Han
 * language installed).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { detectScript, osdDataDir, terminateScriptDetector } from '../../src/engines/ocr/script-detector.js';
import { installedLanguages } from '../../src/engines/ocr/installed-languages.js';
import { FOREIGN_SCRIPT_CONFIDENCE } from '../../src/pipeline/pages/page-languages.js';
import { corpusPath, hasCorpus } from '../helpers.js';

const RUSSIAN = [
  'Российская Федерация является демократическим',
  'федеративным правовым государством с республиканской',
  'формой правления. Человек, его права и свободы',
  'являются высшей ценностью. Признание, соблюдение',
  'и защита прав и свобод человека и гражданина',
  'обязанность государства. Носителем суверенитета',
];

async function russianPage(): Promise<{ png: Buffer; grey: { width: number; height: number; channels: 1; data: Uint8Array; dpi: number } }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1700" height="900"><rect width="1700" height="900" fill="#fff"/>${RUSSIAN.map((l, i) => `<text x="80" y="${140 + i * 110}" font-family="DejaVu Serif" font-size="52" fill="#111">${l}</text>`).join('')}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { png, grey: { width: info.width, height: info.height, channels: 1, data: new Uint8Array(data), dpi: 300 } };
}

type Seg = { content: string; confidence?: number | null };
const segments = (r: { chunks?: Record<string, unknown>[] }) => (r.chunks ?? []).flatMap((c) => c.segments as Seg[]);
const notesOf = (r: { metadata?: unknown }) => ((r.metadata as { notes?: string[] } | undefined)?.notes ?? []).join('\n');
const hasOsd = osdDataDir() !== null;
const hasCyrillic = installedLanguages().some((l) => ['rus', 'ukr', 'bul', 'bel', 'srp', 'mkd'].includes(l));

describe.skipIf(!hasOsd)('the script of a page', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1, taskTimeoutMs: 300_000 });
  });
  afterAll(async () => {
    await engine.close();
    await terminateScriptDetector();
  });

  it('OSD tells Cyrillic from Latin on a generated page', { timeout: 120_000 }, async () => {
    const { grey } = await russianPage();
    expect((await detectScript(grey))?.script).toBe('Cyrillic');
  });

  it.skipIf(hasCyrillic)('says a Russian page needs a language that is not installed, with low confidence, instead of confident English', { timeout: 300_000 }, async () => {
    const { png } = await russianPage();
    const r = await engine.waitForJob((await engine.parse({ data: new Uint8Array(png), fileName: 'russian.png' })).job_id);
    expect(r.status).toBe('Succeeded');
    const notes = notesOf(r);
    expect(notes).toMatch(/script Cyrillic/);
    expect(notes).toMatch(/@tesseract\.js-data\/rus/);
    for (const s of segments(r)) if (typeof s.confidence === 'number') expect(s.confidence).toBeLessThanOrEqual(FOREIGN_SCRIPT_CONFIDENCE);
  });

  it.skipIf(!hasCorpus)('reads a Simplified-Chinese image with the installed Han language and names the script', { timeout: 300_000 }, async () => {
    const r = await engine.waitForJob((await engine.parse(corpusPath('office/unstructured/example-docs/img/chi_sim_image.jpeg'))).job_id);
    expect(r.status).toBe('Succeeded');
    const notes = notesOf(r);
    expect(notes).toMatch(/script Han/);
    if (installedLanguages().includes('chi_tra')) {
      expect(notes).toMatch(/read with the chi_\w+ language data/);
      const text = segments(r).map((s) => s.content).join('');
      expect([...text].filter((c) => /\p{Script=Han}/u.test(c)).length).toBeGreaterThan(50);
    }
  });
});
