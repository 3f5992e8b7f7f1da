/**
 * A block never reaches over another block's line (pipeline/blocks/build-blocks.ts): on a
 * key-figures panel (large figures, each under a small label, as annual reports print
 * them), same-size figures close enough to join used to become one segment whose lines
 * interleaved with the labels' segments ("17,81,841 crore `7,92,756 crore `67,845 crore"
 * with "BY REVENUE" inside its box), so the reading order put every label after all the
 * figures. Checked on a generated page, and on the corpus page that showed it (skipped
 * without the corpus). A paragraph's lines, and a paragraph with an exponent's small
 * fraction piece between its lines, stay one block.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number; bbox: { top: number; height: number } }

const FIGURES = [
  ['BY MARKET VALUE', '17,81,841 crore'],
  ['BY REVENUE', '7,92,756 crore'],
  ['BY NET PROFIT', '67,845 crore'],
];
const PARAGRAPH = [
  'Key figures are printed large, each under a small label that',
  'says what the figure counts; the labels are read before their',
  'figures, and this paragraph stays one block of four lines',
  'because nothing stands between its lines.',
];

async function panelPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  PARAGRAPH.forEach((t, i) => page.drawText(t, { x: 72, y: 760 - i * 13, size: 10, font }));
  // Label (8 pt) just above each figure (30 pt); figure pitch 57 pt, so the figures alone
  // would sit within a normal leading of each other.
  FIGURES.forEach(([label, figure], i) => {
    const top = 640 - i * 57;
    page.drawText(label!, { x: 72, y: top, size: 8, font });
    page.drawText(figure!, { x: 72, y: top - 32, size: 30, font: bold });
  });
  // A paragraph whose second line carries an exponent with a fraction: the fraction's
  // numerator (6 pt) sits between the two lines, short and away from the margin.
  page.drawText('The bound holds for every point of the manifold and every time t,', { x: 72, y: 400, size: 10, font });
  page.drawText('d(x,y)', { x: 200, y: 392, size: 6, font });
  page.drawText('with E(x,y,t) = exp(-1/4t) and constants of the dimension alone.', { x: 72, y: 386, size: 10, font });
  return doc.save();
}

describe('blocks never reach over another block\u2019s line', () => {
  let engine: Engine;
  let dir: string;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-interleave-'));
  });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const segmentsOf = async (file: string, page: number): Promise<Seg[]> => {
    const res = await engine.waitForJob((await engine.parse(file, { page_range: String(page) })).job_id);
    expect(res.status).toBe('Succeeded');
    return (res.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]).filter((s) => s.page_number === page);
  };

  it('reads a key-figures panel label, figure, label, figure', async () => {
    const file = path.join(dir, 'panel.pdf');
    fs.writeFileSync(file, await panelPdf());
    const segs = await segmentsOf(file, 1);
    const order = segs.map((s) => s.content.replace(/\s+/g, ' ').trim());
    // Each figure is a segment of its own, read right after its label.
    for (const [label, figure] of FIGURES) {
      const f = order.findIndex((t) => t.includes(figure!));
      expect(f, figure).toBeGreaterThan(0);
      expect(order[f], figure).toBe(figure);
      expect(order[f - 1], figure).toBe(label);
    }
    // The paragraph is one segment, and so is the paragraph around the fraction.
    expect(order).toContain(PARAGRAPH.join(' '));
    const withFraction = order.filter((t) => t.includes('The bound holds') || t.includes('of the dimension alone'));
    expect(withFraction).toHaveLength(1);
  }, 60_000);

  it.skipIf(!hasCorpus)('on a corpus annual-report page: no figure segment holds two figures', async () => {
    const segs = await segmentsOf(corpusPath('office/unstructured/example-docs/pdf/reliance.pdf'), 2);
    const figures = segs.filter((s) => /crore/.test(s.content));
    expect(figures.length).toBeGreaterThanOrEqual(5);
    for (const s of figures) expect(s.content.match(/crore/g), s.content).toHaveLength(1);
    // Every label is read right before its figure.
    const text = segs.map((s) => s.content.replace(/\s+/g, ' ')).join(' | ');
    expect(text).toContain('BY REVENUE | `7,92,756 crore');
    expect(text).toContain('BY NET PROFIT | `67,845 crore');
  }, 60_000);
});
