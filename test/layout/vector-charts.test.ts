/**
 * Vector charts (issue 29 item 6): a bar chart drawn with pdf-lib (known values, a value
 * axis with tick labels, category labels, a legend) parses into one Picture segment that
 * holds its labels, with `chart_data` giving every value within 1 % of the truth.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';

interface Seg { segment_type: string; content: string; chart_data: { categories: string[]; series: Array<{ name: string | null; values: number[] }> } | null }

const CATEGORIES = ['North', 'South', 'East', 'West', 'Centre'];

/** A page with a paragraph and a bar chart of `series` (one or two), axis 0..max. */
async function chartPdf(series: Array<{ name: string; values: number[] }>, max: number, step: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Regional sales in the first quarter, by office, in thousands of units.', { x: 72, y: 720, size: 11, font });
  // Plot area: x 120..520, y (PDF, up) 300..600 for values 0..max.
  const [x0, y0, h] = [120, 300, 300];
  const colours = [rgb(0.2, 0.4, 0.8), rgb(0.9, 0.5, 0.1)];
  page.drawLine({ start: { x: x0, y: y0 }, end: { x: 520, y: y0 }, thickness: 1 });
  page.drawLine({ start: { x: x0, y: y0 }, end: { x: x0, y: y0 + h }, thickness: 1 });
  for (let v = 0; v <= max; v += step) {
    const y = y0 + (v / max) * h;
    page.drawLine({ start: { x: x0 - 4, y }, end: { x: x0, y }, thickness: 1 });
    const label = String(v);
    page.drawText(label, { x: x0 - 8 - font.widthOfTextAtSize(label, 9), y: y - 3, size: 9, font });
  }
  const slot = 400 / CATEGORIES.length;
  const barW = (slot * 0.6) / series.length;
  CATEGORIES.forEach((c, k) => {
    const sx = x0 + k * slot + slot * 0.2;
    series.forEach((s, j) => page.drawRectangle({ x: sx + j * barW, y: y0, width: barW, height: (s.values[k]! / max) * h, color: colours[j]! }));
    page.drawText(c, { x: sx + (slot * 0.6) / 2 - font.widthOfTextAtSize(c, 9) / 2, y: y0 - 14, size: 9, font });
  });
  series.forEach((s, j) => {
    page.drawRectangle({ x: 400, y: 620 - j * 14, width: 8, height: 8, color: colours[j]! });
    page.drawText(s.name, { x: 412, y: 620 - j * 14, size: 9, font });
  });
  page.drawText('Figures are provisional and will be revised when the audited accounts are published.', { x: 72, y: 240, size: 11, font });
  return doc.save();
}

describe('vector bar charts', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());
  const parse = async (data: Uint8Array): Promise<Seg[]> => {
    const r = await engine.waitForJob((await engine.parse({ data, fileName: 'chart.pdf' })).job_id);
    expect(r.status).toBe('Succeeded');
    return (r.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
  };

  for (const series of [
    [{ name: 'Units', values: [12, 30, 22.5, 41, 8.25] }],
    [{ name: '2024', values: [120, 340, 215, 410, 95] }, { name: '2025', values: [150, 310, 260, 455, 130] }],
  ]) {
    it(`reads ${series.length} series with every value within 1 %, labels inside one Picture`, async () => {
      const max = series.length === 1 ? 50 : 500;
      const segs = await parse(await chartPdf(series, max, max / 5));
      const pictures = segs.filter((s) => s.segment_type === 'Picture');
      expect(pictures.length, JSON.stringify(segs.map((s) => [s.segment_type, s.content]))).toBe(1);
      const chart = pictures[0]!.chart_data!;
      expect(chart, pictures[0]!.content).not.toBeNull();
      expect(chart.categories).toEqual(CATEGORIES);
      expect(chart.series.map((s) => s.name), JSON.stringify(chart)).toEqual(series.map((s) => s.name));
      chart.series.forEach((s, j) => s.values.forEach((v, k) => {
        const truth = series[j]!.values[k]!;
        expect(Math.abs(v - truth), `${series[j]!.name} ${CATEGORIES[k]}: ${v} vs ${truth}`).toBeLessThanOrEqual(0.01 * truth);
      }));
      // Axis ticks and category labels are inside the picture, not segments of their own.
      const others = segs.filter((s) => s.segment_type !== 'Picture').map((s) => s.content).join(' ');
      expect(others).not.toMatch(/\bNorth\b|\bCentre\b/);
      expect(others).toMatch(/Regional sales/);
    });
  }
});
