/**
 * A framed text box is text, not a Picture (pipeline/analyze-page.ts, proseInside): a
 * summary or call-out drawn inside a frame of several strokes looked to the picture
 * detector like a drawing, and its paragraph became the Picture's labels (a Korean report's
 * summary box in the corpus, four full lines). A drawing whose text is short labels stays
 * a Picture holding them. Generated page: both on one page; the corpus page is in
 * src/pipeline/pictures/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts, type PDFPage, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';

interface Seg { segment_type: string; content: string; page_number: number }

const SUMMARY = [
  'Summary: the new rules apply to every contract signed after the first of January,',
  'and insurers must state in plain words which events count as accidents, which as',
  'illnesses, and how a pandemic declared by the health authority changes the cover',
  'that policy holders were promised when they signed their contracts with them.',
];

/**
 * A rounded frame as report templates draw one: four curved corners and four sides, each its
 * own stroked path, and two dots on its top edge (straight thin lines alone read as rules).
 */
function frame(page: PDFPage, x: number, y: number, w: number, h: number): void {
  const r = 8;
  const o = { borderColor: rgb(0.2, 0.3, 0.6), borderWidth: 1.5 };
  // drawSvgPath's y axis points down from (x, y): corners as quarter curves.
  const top = 842 - (y + h);
  const corners = [
    `M ${x} ${top + r} Q ${x} ${top} ${x + r} ${top}`,
    `M ${x + w - r} ${top} Q ${x + w} ${top} ${x + w} ${top + r}`,
    `M ${x + w} ${top + h - r} Q ${x + w} ${top + h} ${x + w - r} ${top + h}`,
    `M ${x + r} ${top + h} Q ${x} ${top + h} ${x} ${top + h - r}`,
  ];
  for (const d of corners) page.drawSvgPath(d, { x: 0, y: 842, ...o });
  const sides = [
    `M ${x + r} ${top} C ${x + w / 3} ${top - 0.5} ${x + (2 * w) / 3} ${top - 0.5} ${x + w - r} ${top}`,
    `M ${x + r} ${top + h} C ${x + w / 3} ${top + h + 0.5} ${x + (2 * w) / 3} ${top + h + 0.5} ${x + w - r} ${top + h}`,
    `M ${x} ${top + r} C ${x - 0.5} ${top + h / 3} ${x - 0.5} ${top + (2 * h) / 3} ${x} ${top + h - r}`,
    `M ${x + w} ${top + r} C ${x + w + 0.5} ${top + h / 3} ${x + w + 0.5} ${top + (2 * h) / 3} ${x + w} ${top + h - r}`,
  ];
  for (const d of sides) page.drawSvgPath(d, { x: 0, y: 842, ...o });
  page.drawCircle({ x: x + 2 * r, y: y + h, size: 3, color: rgb(0.2, 0.3, 0.6) });
  page.drawCircle({ x: x + w - 2 * r, y: y + h, size: 3, color: rgb(0.2, 0.3, 0.6) });
}

async function boxesPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('A report page with a framed summary and a small diagram', { x: 60, y: 790, size: 14, font });
  frame(page, 60, 660, 475, 80);
  SUMMARY.forEach((t, i) => page.drawText(t, { x: 70, y: 720 - i * 13, size: 10, font }));
  // A diagram: three framed nodes joined by arrows, labelled with a word each.
  const nodes = [['Input', 80], ['Analysis', 250], ['Result', 420]] as const;
  for (const [label, x] of nodes) {
    frame(page, x, 470, 90, 60);
    page.drawText(label, { x: x + 20, y: 496, size: 10, font });
  }
  page.drawLine({ start: { x: 170, y: 500 }, end: { x: 250, y: 500 }, thickness: 1 });
  page.drawLine({ start: { x: 340, y: 500 }, end: { x: 420, y: 500 }, thickness: 1 });
  return doc.save();
}

describe('framed text boxes are text', () => {
  let engine: Engine;
  let dir: string;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-textbox-'));
  });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads a framed summary as text and keeps a labelled diagram a Picture', async () => {
    const file = path.join(dir, 'boxes.pdf');
    fs.writeFileSync(file, await boxesPdf());
    const res = await engine.waitForJob((await engine.parse(file)).job_id);
    expect(res.status).toBe('Succeeded');
    const segs = (res.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
    const flat = (s: Seg) => s.content.replace(/\s+/g, ' ').trim();
    const summary = segs.filter((s) => flat(s).includes('plain words'));
    expect(summary).toHaveLength(1);
    expect(summary[0]!.segment_type).not.toBe('Picture');
    expect(flat(summary[0]!)).toContain(SUMMARY.join(' '));
    // The diagram's framed nodes hold a word each: they stay Pictures holding their labels.
    for (const label of ['Input', 'Analysis', 'Result']) {
      const node = segs.filter((s) => flat(s) === label);
      expect(node, label).toHaveLength(1);
      expect(node[0]!.segment_type, label).toBe('Picture');
    }
  }, 60_000);
});
