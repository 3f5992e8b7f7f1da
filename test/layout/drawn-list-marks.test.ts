/**
 * List marks painted as shapes (issue 27 item 7). A browser printing an HTML list draws each
 * marker as a small filled path (disc) or box (square), so the text layer has the items'
 * words and no mark: a datasheet's five features read as two Text paragraphs. Each such
 * shape just left of a line's first word, in a column of two or more alike, is now the
 * item's mark. Guards: one shape alone before a word (an icon) and larger swatches stay
 * shapes; a chart's legend discs among its axes, points and line mark nothing.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { fixture, parsedSegments } from '../helpers.js';

interface Seg { segment_type: string; content: string; markdown: string }

const H = 792;
const ITEMS = ['Universal input for RTD and thermocouple sensors', 'Galvanic isolation between input and output', 'Sensor break detection on every channel'];

/** Items marked by discs, then by squares; a lone icon before a line; legend swatches; a chart with a legend of discs. */
async function listsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, H]);
  const line = (s: string, x: number, top: number, size = 10) => page.drawText(s, { x, y: H - top - 0.8 * size, size, font });
  line('Features of the transmitter are listed below in the order of the datasheet.', 50, 50);
  ITEMS.forEach((s, k) => {
    page.drawCircle({ x: 62, y: H - (80 + 16 * k) - 4.5, size: 1.6, color: rgb(0, 0, 0) });
    line(s, 72, 80 + 16 * k);
  });
  line('Each option below can be ordered with any of the approvals in the table.', 50, 140);
  ITEMS.forEach((s, k) => {
    page.drawRectangle({ x: 60.5, y: H - (170 + 16 * k) - 6, width: 3, height: 3, color: rgb(0, 0, 0) });
    line(s.replace('Universal', 'Optional'), 72, 170 + 16 * k);
  });
  page.drawCircle({ x: 62, y: H - 240 - 4.5, size: 1.6, color: rgb(0, 0, 0) });
  line('Call the service desk before returning a unit for repair under warranty.', 72, 240);
  for (const [k, label] of ['Revenue', 'Costs', 'Margin'].entries()) {
    page.drawRectangle({ x: 60, y: H - (320 + 14 * k) - 8, width: 9, height: 9, color: rgb(0.2, 0.4, 0.8) });
    line(label, 74, 320 + 14 * k);
  }
  // A chart: axes, a series' points as small discs, its legend's discs beside the series names.
  page.drawLine({ start: { x: 300, y: H - 480 }, end: { x: 560, y: H - 480 }, thickness: 0.8 });
  page.drawLine({ start: { x: 300, y: H - 480 }, end: { x: 300, y: H - 360 }, thickness: 0.8 });
  for (let k = 0; k < 8; k++) page.drawCircle({ x: 320 + 30 * k, y: H - 470 + 12 * k, size: 1.6, color: rgb(0.8, 0.1, 0.1) });
  page.drawSvgPath('M 320 470 L 350 458 L 380 446 L 410 434 L 440 422', { x: 0, y: H, borderWidth: 0.8 });
  for (const [k, label] of ['Measured', 'Fitted'].entries()) {
    page.drawCircle({ x: 482, y: H - (400 + 14 * k) - 4.5, size: 1.6, color: rgb(0, 0, 0) });
    line(label, 490, 400 + 14 * k);
  }
  return doc.save();
}

describe('list marks drawn as shapes', () => {
  let engine: Engine;
  let segs: Seg[];
  beforeAll(async () => {
    engine = createEngine({ workers: 1 });
    segs = await parsedSegments<Seg>(engine, { data: await listsPdf(), fileName: 'lists.pdf' });
  });
  afterAll(() => engine.close());

  const shown = () => JSON.stringify(segs.map((s) => [s.segment_type, s.content.slice(0, 50)]));

  it('reads items marked by discs and by squares as list items, one each, the mark no word', () => {
    const items = segs.filter((s) => s.segment_type === 'ListItem');
    expect(items.length, shown()).toBe(6);
    expect(items.map((s) => s.markdown)).toEqual([...ITEMS, ...ITEMS.map((s) => s.replace('Universal', 'Optional'))].map((s) => `- ${s}`));
  });

  it('leaves a lone shape before a line and swatches beside labels as they are', () => {
    const warranty = segs.find((s) => s.content.includes('Call the service desk'));
    expect(warranty?.segment_type, shown()).not.toBe('ListItem');
    expect(warranty?.content.startsWith('Call')).toBe(true);
    for (const label of ['Revenue', 'Costs', 'Margin', 'Measured', 'Fitted']) expect(segs.some((s) => s.segment_type !== 'ListItem' && s.content.includes(label)), shown()).toBe(true);
    expect(segs.some((s) => /[•▪]\s*(?:Measured|Fitted)/u.test(s.content)), shown()).toBe(false);
  });

  it("reads a browser-printed list's discs as marks", async () => {
    const sheet = await parsedSegments<Seg>(engine, fixture('pdf', 'printed-html', 'datasheet.pdf'));
    const items = sheet.filter((s) => s.segment_type === 'ListItem');
    expect(items.map((s) => s.content.replace(/^\W+/u, '').replace(/\s+/g, ' ')), JSON.stringify(sheet.map((s) => [s.segment_type, s.content.slice(0, 40)]))).toEqual([
      'Universal input: RTD, thermocouple, mV and ohm',
      'Accuracy ±0.1 °C with Pt100 sensors',
      'Galvanic isolation 1.5 kV AC between input and output',
      'Sensor break and drift detection per NAMUR NE89',
      'Configurable with any HART communicator or the free TMX Config software',
    ]);
  });
});
