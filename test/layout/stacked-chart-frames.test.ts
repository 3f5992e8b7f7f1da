/**
 * Figures of a journal page that had read as a table and as scattered text (issue 27: tables
 * that are right or say they are not; figure labels are not segments of their own). A
 * generated page draws what the corpus's Journal of Hazardous Materials page draws: two
 * scatter plots stacked on one column of value ticks that repeat ("0.25 … 0.00" twice),
 * whose tick labels had made one doubtful Table (confidence 0.36); a third plot whose ticks
 * are drawn in pieces ("1." then "8"), whose axis had been read as its last digits, and whose
 * axis title was left out because a caption of the other column stood level with it; and a
 * paragraph that opens by citing a figure ("Fig. 4 shows …"), which is body text, not a
 * caption. The corpus page is checked too (skipped without the corpus).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number }

const TICKS = ['0.25', '0.20', '0.15', '0.10', '0.05', '0.00'];

/** A scatter plot of `n` markers: y ticks right-aligned at x0 - 4, x ticks 1..6 under it, axes drawn. */
function scatter(page: PDFPage, font: PDFFont, x0: number, yTop: number, yTicks: string[], pieces: boolean): void {
  const step = 20;
  const y0 = yTop - step * (yTicks.length - 1);
  yTicks.forEach((t, k) => {
    const y = yTop - k * step - 2.5;
    const w = font.widthOfTextAtSize(t, 7.5);
    if (!pieces) page.drawText(t, { x: x0 - 4 - w, y, size: 7.5, font });
    else {
      // A producer's kerning: the integer part with its point, then the decimals, as two operations.
      const head = t.slice(0, t.indexOf('.') + 1);
      page.drawText(head, { x: x0 - 4 - w, y, size: 7.5, font });
      page.drawText(t.slice(head.length), { x: x0 - 4 - w + font.widthOfTextAtSize(head, 7.5), y, size: 7.5, font });
    }
  });
  for (let k = 1; k <= 6; k++) page.drawText(String(k), { x: x0 + k * 28 - 2, y: y0 - 12, size: 7.5, font });
  page.drawLine({ start: { x: x0, y: y0 }, end: { x: x0 + 180, y: y0 }, thickness: 0.5 });
  page.drawLine({ start: { x: x0, y: y0 }, end: { x: x0, y: yTop }, thickness: 0.5 });
  for (let k = 0; k < 12; k++) {
    const x = x0 + 14 + k * 13;
    const y = y0 + 8 + ((k * 37) % 90);
    page.drawCircle({ x, y, size: 2, borderColor: rgb(0.1, 0.2, 0.7), borderWidth: 0.6 });
  }
}

async function journalPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const page = doc.addPage([595, 794]);
  scatter(page, font, 100, 740, TICKS, false);
  scatter(page, font, 100, 600, TICKS, false);
  page.drawText('Fig. 2. Pore size distribution of the activated carbons (a) and (b).', { x: 60, y: 470, size: 8, font });
  scatter(page, font, 360, 560, ['1.8', '1.5', '1.2', '0.9', '0.6', '0.3', '0.0'], true);
  // The plot's x-axis title, level with a caption line in the other column.
  page.drawText('Solution pH', { x: 430, y: 416, size: 9, font });
  page.drawText('Fig. 3. Sorption of the samples at each pH.', { x: 60, y: 416, size: 8, font });
  const body = [
    'Fig. 4 shows the images of the carbonized samples and the activated carbon. Some pores',
    'were found on the walls of the larger pores, but many pores of less than two microns',
    'remained closed after the activation at the lowest temperature of the series.',
  ];
  body.forEach((l, k) => page.drawText(l, { x: 60, y: 360 - k * 11, size: 9.5, font }));
  return doc.save();
}

describe('stacked chart frames, numbers drawn in pieces, a paragraph citing a figure', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  async function segments(data: Uint8Array, fileName: string, pages?: string): Promise<Seg[]> {
    const job = await engine.parse({ data, fileName, ...(pages ? { options: { page_range: pages } } : {}) });
    const r = await engine.waitForJob(job.job_id);
    expect(r.status).toBe('Succeeded');
    return (r.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
  }

  it('reads each plot as one Picture holding its ticks, and the citing paragraph as Text', async () => {
    const segs = await segments(await journalPage(), 'journal.pdf');
    const shown = JSON.stringify(segs.map((s) => [s.segment_type, s.content.slice(0, 50)]));
    expect(segs.filter((s) => s.segment_type === 'Table'), shown).toEqual([]);
    const pictures = segs.filter((s) => s.segment_type === 'Picture');
    expect(pictures.length, shown).toBe(3);
    // Every tick label is inside a picture: none is a segment of its own.
    const loose = segs.filter((s) => s.segment_type !== 'Picture' && /^[\d.\s]+$/.test(s.content.trim()));
    expect(loose, shown).toEqual([]);
    // The axis drawn in pieces reads whole numbers.
    const pieces = pictures.find((p) => p.content.includes('1.8'));
    expect(pieces?.content, shown).toMatch(/1\.8[\s\S]*1\.5[\s\S]*1\.2[\s\S]*0\.9/);
    // Its axis title is its own, though a caption of the other column stands level with it.
    expect(pieces?.content, shown).toContain('Solution pH');
    expect(segs.find((s) => s.content.startsWith('Fig. 3.'))?.segment_type, shown).toBe('Caption');
    const citing = segs.find((s) => s.content.startsWith('Fig. 4 shows'));
    expect(citing?.segment_type, shown).toBe('Text');
    expect(segs.find((s) => s.content.startsWith('Fig. 2.'))?.segment_type, shown).toBe('Caption');
  });

  it.skipIf(!hasCorpus)('the corpus journal page: its line charts are Pictures, not a Table', async () => {
    const file = corpusPath('layout/docling-eval/tests/data/cvat_pdfs_dataset_e2e/case_01/497a347f9b061036d72b5a52f54d4d36148755fa713e138bc8b2d1800157628d.pdf');
    const segs = await segments(new Uint8Array(await import('node:fs').then((fs) => fs.readFileSync(file))), 'journal.pdf');
    const shown = JSON.stringify(segs.map((s) => [s.page_number, s.segment_type, s.content.slice(0, 40)]));
    expect(segs.filter((s) => s.segment_type === 'Table'), shown).toEqual([]);
    expect(segs.filter((s) => s.page_number === 1 && s.segment_type === 'Picture').length, shown).toBe(4);
    expect(segs.find((s) => s.content.startsWith('Fig. 4 shows'))?.segment_type, shown).toBe('Text');
    // The right-hand chart's x-axis title, level with the left column's caption, is the chart's.
    expect(segs.filter((s) => s.segment_type !== 'Picture' && s.content.startsWith('Activation temperature')), shown).toEqual([]);
    // Page 2's pH plot: its value ticks, drawn in pieces, are in its Picture, not Text segments.
    const p2 = segs.filter((s) => s.page_number === 2);
    const furniture = new Set(['Picture', 'PageHeader', 'PageFooter']); // (the folio "154" is a number too)
    expect(p2.filter((s) => !furniture.has(s.segment_type) && /^-?[\d.]+$/.test(s.content.trim())), shown).toEqual([]);
    expect(p2.some((s) => s.segment_type === 'Picture' && /1\.8[\s\S]*1\.5[\s\S]*0\.0/.test(s.content)), shown).toBe(true);
  });
});
