/**
 * A dense two-column page scanned at 300 DPI and skewed 2° (issue 29: OCR speed, and the CER
 * of skewed scans through parse). Such a page is read from a 3/4 copy (glyph-size.ts: its
 * body text has more pixels than tesseract's line recogniser uses), reduced and deskewed in
 * one resampling (rotate-raster.ts); its words must come back where they are on the page, and
 * parse must give both columns whole, in reading order, not lines cut into stacked
 * fragments or joined across the gutter. The page is generated (sharp renders the text with
 * DejaVu Serif, then turns it), so the truth is known exactly.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOcrEngine, terminateOcrEngines } from '../../src/engines/ocr/factory.js';
import { loadImagePages } from '../../src/formats/image/load-image-pages.js';
import { createEngine, type Engine } from '../../src/index.js';
import { ocrPage } from '../../src/pipeline/ocr/ocr-page.js';
import { cer } from './helpers/cer.js';

const SENTENCES = [
  'The committee met on Tuesday to review the annual budget and the plans for the new library.',
  'Several members asked why the cost of heating had risen so sharply over the last winter.',
  'The treasurer explained that the old boilers would be replaced before the end of the year.',
  'A long discussion followed about the opening hours of the reading room during the summer.',
  'Volunteers from the village offered to help with the catalogue and the children’s corner.',
  'It was agreed that the garden behind the hall should be cleared and planted in the spring.',
  'The secretary read a letter from the county council about the repairs to the bridge.',
  'Members voted to hold a public meeting in October so that residents could give their views.',
  'Finally the chair thanked everyone for their patience and closed the meeting at nine.',
];

/** Words wrapped into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of text.split(' ')) {
    if (line && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

const LEFT = wrap([...SENTENCES, ...SENTENCES.slice(0, 5)].join(' '), 40);
const RIGHT = wrap([...SENTENCES.slice(3), ...SENTENCES].join(' '), 40);
/** Where the columns start (x, 300-DPI pixels) and the first baseline. */
const COLUMN_X = [200, 1400];
const TOP = 400;
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A letter page at 300 DPI: two columns of 10.5-pt serif text, turned `degrees` clockwise. */
async function skewedPage(degrees: number): Promise<Buffer> {
  const W = 2550, H = 3300;
  const column = (lines: string[], x: number) => lines.map((l, i) => `<text x="${x}" y="${TOP + i * 58}">${escape(l)}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#fff"/>
<g font-family="DejaVu Serif" font-size="44" fill="#111">${column(LEFT, COLUMN_X[0]!)}${column(RIGHT, COLUMN_X[1]!)}</g></svg>`;
  const turned = await sharp(Buffer.from(svg)).rotate(degrees, { background: '#ffffff' }).greyscale().png().toBuffer();
  // Back to the page size, as a scanner's frame would be (the turned corners are blank).
  const meta = await sharp(turned).metadata();
  const left = Math.round((meta.width! - W) / 2), top = Math.round((meta.height! - H) / 2);
  return sharp(turned).extract({ left, top, width: W, height: H }).withMetadata({ density: 300 }).png().toBuffer();
}

let page: Buffer;
beforeAll(async () => {
  page = await skewedPage(2);
}, 60_000);
afterAll(() => terminateOcrEngines());

describe('a dense two-column page skewed 2°', () => {
  it('is read from a 3/4 copy, deskewed in the same resampling, at the words’ page positions', async () => {
    const raster = await (await loadImagePages(page)).getPage(0);
    const engine = await getOcrEngine('ServiceHawk');
    const out = await ocrPage(raster, engine);
    expect(out.meta.ocrScale).toBe(0.75);
    expect(Math.abs(out.meta.skewDegrees - 2)).toBeLessThan(0.3);
    const left = out.runs.filter((r) => r.bbox.left + r.bbox.width / 2 < raster.width / 2);
    const right = out.runs.filter((r) => r.bbox.left + r.bbox.width / 2 >= raster.width / 2);
    const text = (runs: typeof out.runs) => runs.map((r) => r.text + (r.eol ? '\n' : ' ')).join('');
    expect(cer(text(left), LEFT.join('\n'))).toBeLessThan(0.02);
    expect(cer(text(right), RIGHT.join('\n'))).toBeLessThan(0.02);
    // The right column's first word lies where it was drawn, turned 2° about the page centre.
    const t = (2 * Math.PI) / 180;
    const expectedLeft = 1275 + (COLUMN_X[1]! - 1275) * Math.cos(t) - (TOP - 1650) * Math.sin(t);
    expect(Math.abs(right[0]!.bbox.left - expectedLeft)).toBeLessThan(25);
  }, 180_000);

  describe('through parse', () => {
    let engine: Engine;
    beforeAll(() => {
      engine = createEngine({ workers: 1, taskTimeoutMs: 300_000 });
    });
    afterAll(() => engine.close());

    it('gives both columns whole and in reading order: no line cut into fragments, none across the gutter', async () => {
      const r = await engine.waitForJob((await engine.parse({ data: new Uint8Array(page), fileName: 'skewed.png' })).job_id);
      expect(r.status).toBe('Succeeded');
      const segs = (r.chunks ?? []).flatMap((c) => c.segments as unknown as Array<{ content: string; bbox: { left: number; width: number } }>);
      const text = segs.map((s) => s.content).join('\n');
      expect(cer(text, [...LEFT, ...RIGHT].join('\n')), text).toBeLessThan(0.03);
      // A segment holds one column: its box stays on one side of the gutter (the left column
      // ends before x 1250 and the right one starts after 1350, turned; page units = pixels).
      for (const s of segs) expect(s.bbox.left + s.bbox.width < 1300 || s.bbox.left > 1300, s.content.slice(0, 60)).toBe(true);
      expect(segs.length).toBeGreaterThanOrEqual(2);
    }, 300_000);
  });
});
