/**
 * A page's backdrop is no picture (pipeline/pictures/detect-pictures.ts, isBackdrop): a
 * designer's disc over a quarter of the page, running off its edge, joined the drawn
 * call-out box under it into one Picture of half a page, which took the end of the page's
 * heading as its label and, lying across the gutter, left the XY-cut no column to cut:
 * the two columns' list items were read row by row, interleaved (a corporate report in
 * docling-eval, read against its human reading order in bench/reading-order-human.ts).
 * Generated page with the same parts; the corpus page is checked where the corpus is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number }

const HEADING = 'TRAINING, DEVELOPMENT AND ENGAGEMENT';
const LEFT = ['Compliance and sales training', 'Externally facilitated leadership classes', 'Emerging leaders programme', 'Managing people for new leaders', 'Situational leadership', 'Leader power hours', 'Tuition for evening classes'];
const RIGHT = ['Paid time off between the holidays', 'Medical, dental and vision insurance', 'Retirement plan with a match', 'Employee stock purchase plan', 'Dependent care savings account', 'Health coaching and a wellness portal', 'Parental leave for every parent'];

/** A call-out box as templates draw one: each side and corner its own stroked path. */
function callout(page: PDFPage, x: number, y: number, w: number, h: number): void {
  const o = { borderColor: rgb(0.3, 0.6, 0.6), borderWidth: 1.2 };
  const top = 842 - (y + h);
  const r = 6;
  const paths = [
    `M ${x} ${top + r} Q ${x} ${top} ${x + r} ${top}`,
    `M ${x + w - r} ${top} Q ${x + w} ${top} ${x + w} ${top + r}`,
    `M ${x + w} ${top + h - r} Q ${x + w} ${top + h} ${x + w - r} ${top + h}`,
    `M ${x + r} ${top + h} Q ${x} ${top + h} ${x} ${top + h - r}`,
    `M ${x + r} ${top} C ${x + w / 3} ${top - 0.5} ${x + (2 * w) / 3} ${top - 0.5} ${x + w - r} ${top}`,
    `M ${x + r} ${top + h} C ${x + w / 3} ${top + h + 0.5} ${x + (2 * w) / 3} ${top + h + 0.5} ${x + w - r} ${top + h}`,
    `M ${x} ${top + r} C ${x - 0.5} ${top + h / 3} ${x - 0.5} ${top + (2 * h) / 3} ${x} ${top + h - r}`,
    `M ${x + w} ${top + r} C ${x + w + 0.5} ${top + h / 3} ${x + w + 0.5} ${top + (2 * h) / 3} ${x + w} ${top + h - r}`,
  ];
  for (const d of paths) page.drawSvgPath(d, { x: 0, y: 842, ...o });
}

async function backdropPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  // The backdrop: a pale disc whose centre lies near the top-right corner, most of it off the page.
  page.drawCircle({ x: 560, y: 800, size: 300, color: rgb(0.93, 0.97, 0.97) });
  page.drawText(HEADING, { x: 50, y: 780, size: 15, font: bold });
  // Left column: an introduction; right column: a call-out box with figures in it.
  const intro = ['Our people are at the heart of our business,', 'and we have a formal talent pipeline', 'strategy that focuses on development and', 'on early-in-career hiring for all teams.'];
  intro.forEach((t, i) => page.drawText(t, { x: 50, y: 730 - i * 14, size: 10, font }));
  callout(page, 320, 650, 220, 90);
  page.drawText('72% of employees', { x: 335, y: 715, size: 12, font: bold });
  page.drawText('took part in our training', { x: 335, y: 695, size: 10, font });
  page.drawText('Training offered to all employees:', { x: 50, y: 600, size: 11, font: bold });
  page.drawText('Benefits we offer:', { x: 320, y: 600, size: 11, font: bold });
  // Two bulleted lists side by side, on different line pitches (their rows never align).
  LEFT.forEach((t, i) => page.drawText(`• ${t}`, { x: 50, y: 575 - i * 21, size: 10, font }));
  RIGHT.forEach((t, i) => page.drawText(`• ${t}`, { x: 320, y: 568 - i * 19, size: 10, font }));
  return doc.save();
}

const flat = (s: Seg) => s.content.replace(/\s+/g, ' ').trim();

describe('a page backdrop is no picture', () => {
  let engine: Engine;
  let dir: string;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-backdrop-'));
  });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const parse = async (file: string, pages?: string): Promise<Seg[]> => {
    const res = await engine.waitForJob((await engine.parse(file, pages ? { page_range: pages } : {})).job_id);
    expect(res.status).toBe('Succeeded');
    return (res.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
  };

  it('keeps the heading whole and reads each column of the lists in turn', async () => {
    const file = path.join(dir, 'backdrop.pdf');
    fs.writeFileSync(file, await backdropPdf());
    const segs = await parse(file);
    const heading = segs.filter((s) => flat(s).includes('TRAINING'));
    expect(heading.map(flat)).toEqual([HEADING]);
    expect(heading[0]!.segment_type).not.toBe('Picture');
    // Each list item read once, the left column's before the right column's.
    const at = (t: string) => segs.findIndex((s) => flat(s).includes(t));
    const left = LEFT.map(at);
    const right = RIGHT.map(at);
    expect([...left, ...right].every((i) => i >= 0)).toBe(true);
    expect(Math.max(...left)).toBeLessThan(Math.min(...right));
  }, 60_000);

  const report = corpusPath('layout/docling-eval/tests/data/cvat_pdfs_dataset_e2e/case_02/3689d08b323df89c9a2d073b8d1203899f56b41e9eef40b0f2ece995d73a45bb.pdf');
  it.skipIf(!hasCorpus || !fs.existsSync(report))('reads the corporate report page column by column', async () => {
    const segs = (await parse(report, '2')).filter((s) => s.page_number === 2);
    expect(segs.some((s) => flat(s) === 'TRAINING, DEVELOPMENT & ENGAGEMENT')).toBe(true);
    const items = segs.filter((s) => s.segment_type === 'ListItem').map(flat);
    const lastLeft = items.findIndex((t) => t.startsWith('• In addition, third-party'));
    const firstRight = items.findIndex((t) => t.startsWith('• Industry-leading PTO'));
    expect(lastLeft).toBeGreaterThanOrEqual(0);
    expect(firstRight).toBeGreaterThan(lastLeft);
  }, 60_000);
});
