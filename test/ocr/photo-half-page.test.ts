/**
 * A page image half photograph, half text, is read upright (pipeline/ocr/text-direction.ts,
 * uprightEvidence on the text's ink): which way is up was judged on all the ink, and a
 * photo darker at its foot than at its head (ground, trousers, shadow) outweighed the text
 * lines, so the page was read upside down, as junk, and came back empty with "nothing
 * legible" (a corporate report's page in docling-eval, scanned at 300 DPI:
 * bench/reading-order-human.ts --scanned). Generated page of the same make; the corpus page
 * is checked where the corpus is, and a page that is a drawing with no text.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words } from '../../bench/lib/text-metrics.js';
import { corpusPath, hasCorpus } from '../helpers.js';
import { createEngine, type Engine } from '../../src/index.js';

const LINES = [
  'Patient access is a priority for the clinic because',
  'discovering and developing new medicines alone is',
  'not enough. Important medical advances can only',
  'change lives when they reach the patients who need',
  'relief. We set the price of our medicines on their',
  'value and their effect on patients, families, care',
  'partners, providers, payers and society. In doing',
  'so we keep to the highest ethical standards and are',
  'guided by the principles that follow on this page.',
];

/** 300 DPI letter page: a heading and body text on the left, a photograph (dark at its foot) on the right. */
function pageSvg(): string {
  const text = LINES.map((l, i) => `<text x="220" y="${760 + i * 62}" font-family="DejaVu Sans" font-size="40">${l}</text>`).join('\n');
  // The photograph: a pale panel, a figure whose dark coat is its widest part, and long legs
  // below it: more of the photo's ink lies under its widest rows than over them.
  const figure = [
    '<rect x="1400" y="480" width="1150" height="2300" fill="url(#sky)"/>',
    '<ellipse cx="1975" cy="1130" rx="110" ry="150" fill="#303030"/>',
    '<rect x="1500" y="1300" width="950" height="600" rx="40" fill="#202020"/>',
    '<rect x="1720" y="1900" width="150" height="880" fill="#202020"/>',
    '<rect x="2080" y="1900" width="150" height="880" fill="#202020"/>',
  ].join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="2550" height="3300">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f2f2f2"/><stop offset="1" stop-color="#d8d8d8"/></linearGradient></defs>
<rect width="100%" height="100%" fill="white"/>
<text x="220" y="620" font-family="DejaVu Sans" font-size="54">Patient access and pricing</text>
${text}
${figure}
</svg>`;
}

describe('a page image half photograph', () => {
  let engine: Engine;
  let dir: string;
  beforeAll(() => {
    engine = createEngine({ workers: 1, taskTimeoutMs: 300_000 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-photo-half-'));
  });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const read = async (data: Uint8Array, fileName: string): Promise<Set<string>> => {
    const r = await engine.waitForJob((await engine.parse({ data, fileName })).job_id);
    expect(r.status).toBe('Succeeded');
    return new Set(words((r.chunks ?? []).flatMap((c) => (c.segments as unknown as Array<{ content: string }>).map((s) => s.content)).join('\n')));
  };

  it('reads the text beside the photograph', async () => {
    const png = new Uint8Array(await sharp(Buffer.from(pageSvg())).withMetadata({ density: 300 }).png().toBuffer());
    const got = await read(png, 'photo-half.png');
    const want = words(LINES.join(' '));
    expect(want.filter((w) => got.has(w)).length / want.length).toBeGreaterThan(0.9);
  }, 120_000);

  const report = corpusPath('layout/docling-eval/tests/data/cvat_pdfs_dataset_e2e/case_02/1f195a9e70db3b5c4b772991cbac58765a5a4e67a62adc00a04333bef9314856.pdf');
  it.skipIf(!hasCorpus || !fs.existsSync(report))('reads the report page scanned at 300 DPI', async () => {
    execFileSync('pdftoppm', ['-r', '300', '-gray', '-png', '-singlefile', '-f', '2', '-l', '2', report, path.join(dir, 'report')]);
    const got = await read(new Uint8Array(fs.readFileSync(path.join(dir, 'report.png'))), 'report.png');
    for (const w of ['patient', 'access', 'pricing', 'animal', 'testing', 'medicines']) expect(got.has(w), w).toBe(true);
  }, 120_000);

  // A page that is one drawing and no text: no reading confirms a turn, so the page is laid
  // out as given (ocr-page.ts); its strokes measured upside down on the new text-ink
  // evidence, and laid out turned the page lost its Picture.
  const cartoon = corpusPath('robustness/sample-files/019-grayscale-image/grayscale-image.pdf');
  it.skipIf(!hasCorpus || !fs.existsSync(cartoon))('keeps a drawing with no text one Picture', async () => {
    const r = await engine.waitForJob((await engine.parse(cartoon)).job_id);
    expect(r.status).toBe('Succeeded');
    const segs = (r.chunks ?? []).flatMap((c) => c.segments as unknown as Array<{ segment_type: string; bbox: { width: number; height: number } }>);
    expect(segs.map((s) => s.segment_type)).toEqual(['Picture']);
    expect(segs[0]!.bbox.width * segs[0]!.bbox.height).toBeGreaterThan(0.8 * 243 * 337.5);
  }, 120_000);
});
