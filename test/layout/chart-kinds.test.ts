/**
 * Vector charts of every common kind (issue 29 item 6), drawn with pdf-lib with known
 * values: horizontal, negative and stacked bars, line charts (one path per series, or one
 * segment per step; word and numeric x labels), pies (legend, or labels printed by the
 * slices). Each parses into one Picture segment holding its labels and legend, whose
 * `chart_data` gives every value within 1 % of the truth, the categories and the series'
 * names; axis ticks and labels are never segments of their own.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';

interface Chart { type: string; orientation?: string; stacked: boolean; categories: string[]; series: Array<{ name: string | null; values: Array<number | null> }>; values_are?: string }
interface Seg { segment_type: string; content: string; chart_data: Chart | null }
type Draw = (page: PDFPage, font: PDFFont) => void;

const COLOURS = [rgb(0.2, 0.4, 0.8), rgb(0.9, 0.5, 0.1), rgb(0.3, 0.7, 0.3), rgb(0.7, 0.2, 0.5)];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'];

async function pagePdf(draw: Draw): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Results of the annual survey of members, as reported by the regional offices.', { x: 72, y: 740, size: 11, font });
  draw(page, font);
  page.drawText('Figures are provisional and will be revised when the audited accounts are published.', { x: 72, y: 150, size: 11, font });
  return doc.save();
}

const text = (page: PDFPage, font: PDFFont, s: string, x: number, y: number, align: 'left' | 'right' | 'centre' = 'left') => {
  const w = font.widthOfTextAtSize(s, 9);
  page.drawText(s, { x: align === 'left' ? x : align === 'right' ? x - w : x - w / 2, y: y - 3, size: 9, font });
};

function legend(page: PDFPage, font: PDFFont, names: string[], x: number, y: number, lines = false): void {
  names.forEach((n, j) => {
    if (lines) page.drawLine({ start: { x, y: y - j * 14 + 3 }, end: { x: x + 16, y: y - j * 14 + 3 }, thickness: 2, color: COLOURS[j]! });
    else page.drawRectangle({ x, y: y - j * 14, width: 8, height: 8, color: COLOURS[j]! });
    page.drawText(n, { x: x + (lines ? 20 : 12), y: y - j * 14, size: 9, font });
  });
}

/** Value ticks along y (left of x0) for min..max by step, plot y0..y0+h. */
function yTicks(page: PDFPage, font: PDFFont, x0: number, y0: number, h: number, min: number, max: number, step: number): void {
  for (let v = min; v <= max; v += step) text(page, font, String(v), x0 - 8, y0 + ((v - min) / (max - min)) * h, 'right');
}

describe('vector charts of every kind', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());
  async function chartOf(draw: Draw): Promise<{ chart: Chart; others: string }> {
    const r = await engine.waitForJob((await engine.parse({ data: await pagePdf(draw), fileName: 'chart.pdf' })).job_id);
    expect(r.status).toBe('Succeeded');
    const segs = (r.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
    const pictures = segs.filter((s) => s.segment_type === 'Picture');
    expect(pictures.length, JSON.stringify(segs.map((s) => [s.segment_type, s.content]))).toBe(1);
    expect(pictures[0]!.chart_data, pictures[0]!.content).not.toBeNull();
    const others = segs.filter((s) => s.segment_type !== 'Picture');
    expect(others.map((s) => s.segment_type).sort()).toEqual(['Text', 'Text']);
    return { chart: pictures[0]!.chart_data!, others: others.map((s) => s.content).join(' ') };
  }
  const within = (got: Array<number | null>, truth: number[], what: string) =>
    truth.forEach((t, k) => expect(Math.abs((got[k] ?? NaN) - t), `${what}[${k}]: ${got[k]} vs ${t}`).toBeLessThanOrEqual(0.01 * Math.max(Math.abs(t), 1e-9)));

  it('horizontal grouped bars', async () => {
    const cats = ['North', 'South', 'East', 'West'];
    const truth = [[120, 340, 215, 410], [150, 310, 260, 455]];
    const { chart, others } = await chartOf((page, font) => {
      const [x0, y0, w] = [150, 300, 350];
      page.drawLine({ start: { x: x0, y: y0 }, end: { x: x0, y: 600 }, thickness: 1 });
      for (let v = 0; v <= 500; v += 100) text(page, font, String(v), x0 + (v / 500) * w, y0 - 12, 'centre');
      cats.forEach((c, k) => {
        const top = 590 - k * 70;
        truth.forEach((s, j) => page.drawRectangle({ x: x0, y: top - (j + 1) * 20, width: (s[k]! / 500) * w, height: 20, color: COLOURS[j]! }));
        text(page, font, c, x0 - 6, top - 20, 'right');
      });
      legend(page, font, ['2024', '2025'], 440, 640);
    });
    expect(chart).toMatchObject({ type: 'bar', orientation: 'horizontal', stacked: false, categories: cats });
    expect(chart.series.map((s) => s.name)).toEqual(['2024', '2025']);
    chart.series.forEach((s, j) => within(s.values, truth[j]!, `series ${j}`));
    expect(others).not.toMatch(/North|2024|\b400\b/);
  });

  it('a table of shaded cells with words is not a chart, nor a column of unevenly spaced numbers an axis', async () => {
    const r = await engine.waitForJob((await engine.parse({ data: await pagePdf((page, font) => {
      ['Planning and preparation', 'Fieldwork in the regions', 'Analysis of the returns', 'Writing the final report'].forEach((w, k) => {
        page.drawRectangle({ x: 150, y: 560 - k * 40, width: 120 + 60 * k, height: 24, color: COLOURS[k % 2]! });
        page.drawText(w, { x: 156, y: 568 - k * 40, size: 9, font });
        text(page, font, String([3, 7, 12, 30][k]), 140, 572 - k * 40, 'right');
      });
    }), fileName: 'not-chart.pdf' })).job_id);
    const segs = (r.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
    expect(segs.filter((s) => s.chart_data !== null)).toEqual([]);
  });

  it('negative bars on a baseline in the middle', async () => {
    const cats = ['Q1', 'Q2', 'Q3', 'Q4', 'Q5'];
    const truth = [35, -20, 62.5, -41, 10];
    const { chart } = await chartOf((page, font) => {
      const [x0, y0, h] = [120, 300, 300]; // -50..100
      const yOf = (v: number) => y0 + ((v + 50) / 150) * h;
      yTicks(page, font, x0, y0, h, -50, 100, 25);
      page.drawLine({ start: { x: x0, y: yOf(0) }, end: { x: 520, y: yOf(0) }, thickness: 0.5 });
      cats.forEach((c, k) => {
        const x = x0 + 20 + k * 78;
        const v = truth[k]!;
        page.drawRectangle({ x, y: Math.min(yOf(0), yOf(v)), width: 40, height: Math.abs(yOf(v) - yOf(0)), color: COLOURS[0]! });
        text(page, font, c, x + 20, y0 - 14, 'centre');
      });
    });
    expect(chart).toMatchObject({ type: 'bar', orientation: 'vertical', categories: cats });
    within(chart.series[0]!.values, truth, 'values');
  });

  it('stacked bars: one series per colour, in legend order', async () => {
    const cats = ['2021', '2022', '2023', '2024'];
    const truth = [[20, 25, 30, 35], [15, 15, 20, 10], [5, 12.5, 8, 20]];
    const { chart } = await chartOf((page, font) => {
      const [x0, y0, h] = [120, 300, 300]; // 0..80
      yTicks(page, font, x0, y0, h, 0, 80, 20);
      cats.forEach((c, k) => {
        const x = x0 + 30 + k * 95;
        let y = y0;
        truth.forEach((s, j) => {
          const hh = (s[k]! / 80) * h;
          page.drawRectangle({ x, y, width: 50, height: hh, color: COLOURS[j]! });
          y += hh;
        });
        text(page, font, c, x + 25, y0 - 14, 'centre');
      });
      legend(page, font, ['Members', 'Guests', 'Staff'], 450, 640);
    });
    expect(chart).toMatchObject({ type: 'bar', stacked: true, categories: cats });
    expect(chart.series.map((s) => s.name)).toEqual(['Members', 'Guests', 'Staff']);
    chart.series.forEach((s, j) => within(s.values, truth[j]!, `series ${j}`));
  });

  it('line chart: word categories, two series (one path, and one segment per step), legend', async () => {
    const truth = [[12, 18, 15, 27, 31, 24], [30, 22, 26, 19.5, 12, 16]];
    const { chart, others } = await chartOf((page, font) => {
      const [x0, y0, h] = [120, 300, 300]; // 0..40
      page.drawLine({ start: { x: x0, y: y0 }, end: { x: x0, y: y0 + h }, thickness: 1 });
      page.drawLine({ start: { x: x0, y: y0 }, end: { x: 520, y: y0 }, thickness: 1 });
      yTicks(page, font, x0, y0, h, 0, 40, 10);
      const pt = (k: number, v: number) => ({ x: x0 + 30 + k * 68, y: y0 + (v / 40) * h });
      MONTHS.forEach((m, k) => text(page, font, m, pt(k, 0).x, y0 - 14, 'centre'));
      const d = truth[0]!.map((v, k) => `${k ? 'L' : 'M'} ${pt(k, v).x} ${-pt(k, v).y}`).join(' ');
      page.drawSvgPath(d, { x: 0, y: 0, borderColor: COLOURS[0]!, borderWidth: 1.5 });
      truth[0]!.forEach((v, k) => page.drawCircle({ x: pt(k, v).x, y: pt(k, v).y, size: 2.5, color: COLOURS[0]! }));
      for (let k = 1; k < 6; k++) page.drawLine({ start: pt(k - 1, truth[1]![k - 1]!), end: pt(k, truth[1]![k]!), thickness: 1.5, color: COLOURS[1]! });
      legend(page, font, ['Visits', 'Returns'], 450, 640, true);
    });
    expect(chart).toMatchObject({ type: 'line', categories: MONTHS });
    expect(chart.series.map((s) => s.name)).toEqual(['Visits', 'Returns']);
    chart.series.forEach((s, j) => within(s.values, truth[j]!, `series ${j}`));
    expect(others).not.toMatch(/Jan|Visits/);
  });

  it('line chart: numeric x axis fitted, vertices between the labels', async () => {
    const truth = [4.2, 5.1, 4.8, 6.3, 7.7, 7.1, 8.4, 9.0, 8.2];
    const { chart } = await chartOf((page, font) => {
      const [x0, y0, h, w] = [120, 300, 300, 400]; // y 0..10, x 2000..2008
      yTicks(page, font, x0, y0, h, 0, 10, 2);
      for (let yr = 2000; yr <= 2008; yr += 2) text(page, font, String(yr), x0 + ((yr - 2000) / 8) * w, y0 - 14, 'centre');
      const d = truth.map((v, k) => `${k ? 'L' : 'M'} ${x0 + (k / 8) * w} ${-(y0 + (v / 10) * h)}`).join(' ');
      page.drawSvgPath(d, { x: 0, y: 0, borderColor: COLOURS[2]!, borderWidth: 1 });
    });
    expect(chart.type).toBe('line');
    expect(chart.categories.map(Number)).toEqual(truth.map((_, k) => 2000 + k));
    within(chart.series[0]!.values, truth, 'values');
  });

  /** Slices of `shares` (sum 1) from 90° counter-clockwise, centre (cx, cy), radius r. */
  function pie(page: PDFPage, shares: number[], cx: number, cy: number, r: number): Array<{ mid: number }> {
    let a = Math.PI / 2;
    return shares.map((s, j) => {
      const b = a + s * 2 * Math.PI;
      const p = (t: number) => `${cx + r * Math.cos(t)} ${-(cy + r * Math.sin(t))}`;
      page.drawSvgPath(`M ${cx} ${-cy} L ${p(a)} A ${r} ${r} 0 ${s > 0.5 ? 1 : 0} 0 ${p(b)} Z`, { x: 0, y: 0, color: COLOURS[j]! });
      const mid = (a + b) / 2;
      a = b;
      return { mid };
    });
  }

  it('pie without labels: each slice share of the circle in percent', async () => {
    const shares = [0.4, 0.25, 0.2, 0.15];
    const { chart } = await chartOf((page) => {
      pie(page, shares, 250, 450, 110);
    });
    expect(chart).toMatchObject({ type: 'pie', values_are: 'percent' });
    within(chart.series[0]!.values, shares.map((s) => 100 * s), 'shares');
  });

  it('pie with a legend names its slices by colour; printed numbers become the values', async () => {
    const shares = [0.4, 0.25, 0.2, 0.15];
    const names = ['Rent', 'Food', 'Travel', 'Other'];
    const { chart: withLegend } = await chartOf((page, font) => {
      pie(page, shares, 250, 450, 110);
      legend(page, font, names, 420, 520);
    });
    expect(withLegend.categories).toEqual(names);
    within(withLegend.series[0]!.values, shares.map((s) => 100 * s), 'shares');
    const amounts = [1200, 750, 600, 450];
    const { chart: printed, others } = await chartOf((page, font) => {
      pie(page, shares, 250, 450, 110).forEach(({ mid }, j) => {
        const [x, y] = [250 + 140 * Math.cos(mid), 450 + 140 * Math.sin(mid)];
        text(page, font, names[j]!, x, y + 6, 'centre');
        text(page, font, `$${amounts[j]!.toLocaleString('en-US')}`, x, y - 6, 'centre');
      });
    });
    expect(printed).toMatchObject({ type: 'pie', values_are: 'labels', categories: names });
    within(printed.series[0]!.values, amounts, 'amounts');
    expect(others).not.toMatch(/Rent|1,200/);
  });
});
