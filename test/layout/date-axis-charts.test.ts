/**
 * Charts whose x axis is dates, on a page whose background is drawn in image bands (issue 27:
 * figure labels are not segments of their own). A generated page draws what the corpus's
 * ICDAR eu-011 draws: white image strips from edge to edge under the whole page, two line
 * charts side by side whose x axes repeat the same dates ("Jan-08 Jul-08 …") and whose series
 * are rows of markers, and body text above and below. The charts had been 50 loose tick
 * and date segments (no number row for the frame search to meet; the bands joined to the
 * drawings made one picture of most of the page, which its text disqualified). Each chart
 * is one Picture holding its ticks and dates; the body text is in no Picture. A plot over age
 * groups whose value axis leaves its zero unprinted ("140 … 20", the groups a step under
 * "20", as eu-017 page 3 draws it) is one Picture too, and so is a plot whose ticks drop the
 * leading zero (".8 .6 .4", as eu-027's Stata charts print them).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number }

const DATES = ['Jan-08', 'Jul-08', 'Jan-09', 'Jul-09', 'Jan-10', 'Jul-10'];
const BODY = 'Spreads widened in every market considered over the period, and most in the smaller ones.';

function dateChart(page: PDFPage, font: PDFFont, x0: number, y0: number, title: string): void {
  page.drawRectangle({ x: x0 - 30, y: y0 - 40, width: 210, height: 175, color: rgb(1, 1, 1), borderColor: rgb(0.5, 0.5, 0.5), borderWidth: 0.5 });
  page.drawRectangle({ x: x0, y: y0, width: 170, height: 110, color: rgb(0.85, 0.85, 0.85) });
  page.drawText(title, { x: x0 + 30, y: y0 + 120, size: 8, font });
  for (let k = 0; k <= 5; k++) {
    const v = String(k * 100);
    page.drawText(v, { x: x0 - 4 - font.widthOfTextAtSize(v, 6.5), y: y0 + k * 22 - 2, size: 6.5, font });
    page.drawRectangle({ x: x0, y: y0 + k * 22, width: 170, height: 0.4, color: rgb(0.5, 0.5, 0.5) });
  }
  DATES.forEach((d, k) => page.drawText(d, { x: x0 + 4 + k * 28, y: y0 - 10, size: 6.5, font }));
  // The series: a row of markers (no line to read: the frame search is what finds the chart).
  for (let k = 0; k < 40; k++) page.drawCircle({ x: x0 + 3 + k * 4, y: y0 + 20 + 60 * Math.abs(Math.sin(k / 6)), size: 1.2, color: rgb(0.1, 0.2, 0.6) });
}

async function bandedPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const page = doc.addPage([595, 842]);
  const white = await sharp({ create: { width: 60, height: 10, channels: 3, background: { r: 255, g: 255, b: 255 } } }).png().toBuffer();
  const band: PDFImage = await doc.embedPng(white);
  for (let k = 0; k < 9; k++) page.drawImage(band, { x: 0, y: 842 - (k + 1) * 93.6, width: 595, height: 93.6 });
  for (let k = 0; k < 4; k++) page.drawText(BODY, { x: 72, y: 760 - k * 12, size: 10, font });
  dateChart(page, font, 100, 520, 'Portugal vs Germany (bp)');
  dateChart(page, font, 340, 520, 'Spain vs Germany (bp)');
  page.drawText('Figure 15 (data until 7 July 2010)', { x: 110, y: 455, size: 9, font });
  page.drawText('Figure 16 (data until 7 July 2010)', { x: 350, y: 455, size: 9, font });
  for (let k = 0; k < 4; k++) page.drawText(BODY, { x: 72, y: 420 - k * 12, size: 10, font });
  return doc.save();
}

/** A scatter plot between two pages of text: value ticks [label, height], x labels [label, offset], markers at heights. */
interface MarkerPlot { ticks: Array<[string, number]>; xLabels: Array<[string, number]>; axisHeight: number; markerY: (k: number) => number; colour: ReturnType<typeof rgb> }

async function markerPlotPage(plot: MarkerPlot): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const page = doc.addPage([595, 842]);
  for (let k = 0; k < 3; k++) page.drawText(BODY, { x: 72, y: 760 - k * 12, size: 10, font });
  const [x0, y0] = [140, 480];
  for (const [v, dy] of plot.ticks) page.drawText(v, { x: x0 - 4 - font.widthOfTextAtSize(v, 8), y: y0 + dy - 3, size: 8, font });
  for (const [g, dx] of plot.xLabels) page.drawText(g, { x: x0 + dx, y: y0 - 12, size: 8, font });
  page.drawLine({ start: { x: x0, y: y0 }, end: { x: x0 + 300, y: y0 }, thickness: 0.5 });
  page.drawLine({ start: { x: x0, y: y0 }, end: { x: x0, y: y0 + plot.axisHeight }, thickness: 0.5 });
  for (let k = 0; k < 30; k++) page.drawCircle({ x: x0 + 10 + k * 9.5, y: y0 + plot.markerY(k), size: 1.5, color: plot.colour });
  for (let k = 0; k < 3; k++) page.drawText(BODY, { x: 72, y: 420 - k * 12, size: 10, font });
  return doc.save();
}

/** A plot over age groups whose value axis does not print its zero: "140 … 20", the groups a step under "20". */
const ageGroupPage = () =>
  markerPlotPage({
    ticks: [1, 2, 3, 4, 5, 6, 7].map((k) => [String(k * 20), k * 26]),
    xLabels: ['0-4', '5-14', '15-24', '25-44', '45-64', '65+'].map((g, k) => [g, 20 + k * 48]),
    axisHeight: 190,
    markerY: (k) => 30 + ((k * 53) % 140),
    colour: rgb(0.6, 0.1, 0.1),
  });

/** A plot whose value ticks drop the leading zero, as Stata prints them: ".8 .6 .4 .2 0", x axis 1 … 10. */
const noLeadingZeroPage = () =>
  markerPlotPage({
    ticks: ['0', '.2', '.4', '.6', '.8'].map((v, k) => [v, k * 40]),
    xLabels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((k) => [String(k), k * 28 - 3]),
    axisHeight: 170,
    markerY: (k) => 20 + ((k * 37) % 140),
    colour: rgb(0.1, 0.4, 0.1),
  });

describe('charts with a date axis on a page of background bands', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  async function segments(data: Uint8Array, pages?: string): Promise<Seg[]> {
    const job = await engine.parse({ data, fileName: 'banded.pdf', ...(pages ? { options: { page_range: pages } } : {}) });
    const r = await engine.waitForJob(job.job_id);
    expect(r.status).toBe('Succeeded');
    return (r.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
  }
  const furniture = new Set(['Picture', 'PageHeader', 'PageFooter']);
  const looseLabels = (segs: Seg[]) => segs.filter((s) => !furniture.has(s.segment_type) && /^(-?[\d.]+|[A-Z][a-z]{2}-\d\d)(\s+(-?[\d.]+|[A-Z][a-z]{2}-\d\d))*$/.test(s.content.trim()));

  it('reads each chart as one Picture with its ticks and dates, and the body as text', async () => {
    const segs = await segments(await bandedPage());
    const shown = JSON.stringify(segs.map((s) => [s.segment_type, s.content.slice(0, 50)]));
    const pictures = segs.filter((s) => s.segment_type === 'Picture');
    expect(pictures.length, shown).toBe(2);
    for (const p of pictures) for (const d of DATES) expect(p.content, shown).toContain(d);
    expect(looseLabels(segs), shown).toEqual([]);
    for (const p of pictures) expect(p.content, shown).not.toContain('Spreads widened');
    expect(segs.filter((s) => s.content.includes('Spreads widened')).length, shown).toBe(2);
  });

  it('reads a chart over age groups whose zero tick is not printed as one Picture', async () => {
    const segs = await segments(await ageGroupPage());
    const shown = JSON.stringify(segs.map((s) => [s.segment_type, s.content.slice(0, 50)]));
    const pictures = segs.filter((s) => s.segment_type === 'Picture');
    expect(pictures.length, shown).toBe(1);
    for (const g of ['0-4', '25-44', '65+', '140', '20']) expect(pictures[0]!.content, shown).toContain(g);
    expect(looseLabels(segs), shown).toEqual([]);
  });

  it('reads a chart whose ticks drop the leading zero (".8") as one Picture', async () => {
    const segs = await segments(await noLeadingZeroPage());
    const shown = JSON.stringify(segs.map((s) => [s.segment_type, s.content.slice(0, 50)]));
    const pictures = segs.filter((s) => s.segment_type === 'Picture');
    expect(pictures.length, shown).toBe(1);
    for (const t of ['.8', '.2', '10']) expect(pictures[0]!.content, shown).toContain(t);
    expect(looseLabels(segs), shown).toEqual([]);
  });

  it.skipIf(!hasCorpus)('the corpus page of dated charts (ICDAR eu-011)', async () => {
    const file = corpusPath('tables/tabula-java/src/test/resources/technology/tabula/icdar2013-dataset/competition-dataset-eu/eu-011.pdf');
    const data = new Uint8Array(await import('node:fs').then((fs) => fs.readFileSync(file)));
    const segs = await segments(data, '1-2');
    const shown = JSON.stringify(segs.map((s) => [s.page_number, s.segment_type, s.content.slice(0, 40)]));
    expect(looseLabels(segs), shown).toEqual([]);
    expect(segs.filter((s) => s.page_number === 1 && s.segment_type === 'Picture').length, shown).toBe(1);
    expect(segs.filter((s) => s.page_number === 2 && s.segment_type === 'Picture').length, shown).toBe(5);
    // Body text is never inside a picture.
    for (const p of segs.filter((s) => s.segment_type === 'Picture')) expect(p.content, shown).not.toMatch(/sovereign bonds|market participants/);
  });

  it.skipIf(!hasCorpus)('the corpus pages whose ticks drop the leading zero (ICDAR eu-027)', async () => {
    const file = corpusPath('tables/tabula-java/src/test/resources/technology/tabula/icdar2013-dataset/competition-dataset-eu/eu-027.pdf');
    const segs = await segments(new Uint8Array(await import('node:fs').then((fs) => fs.readFileSync(file))), '1-2');
    const shown = JSON.stringify(segs.map((s) => [s.page_number, s.segment_type, s.content.slice(0, 40)]));
    expect(segs.filter((s) => s.segment_type === 'Picture' && /^\.(00015|8)\b/.test(s.content)).length, shown).toBe(2);
    expect(segs.filter((s) => !furniture.has(s.segment_type) && /^\.?\d+$/.test(s.content.trim())), shown).toEqual([]);
  });
});
