/**
 * Text drawn over itself is read once (formats/pdf/overprint.ts). PDFs fake bold by drawing a
 * string several times at offsets of a fraction of a point, and drop shadows the same way a
 * little further off; the segments held each copy ("2012 BETTER VARIETIES Harvest Report …
 * 2012 BETTER VARIETIES Harvest Report …" on a corpus page). A generated page draws a title
 * three times, 0.3 pt apart, a subtitle with a shadow 1 pt off, and the same label twice a
 * line apart (both kept); the bundled sample, whose notes are drawn again glyph by glyph,
 * and the corpus page that showed it are checked too (the latter skipped without the corpus).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, fixture, hasCorpus } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number }

const TITLE = 'Harvest Report for the Central Region';
const SUBTITLE = 'Results of the season';
const LABEL = 'Yield per acre';
const GLYPHS = 'All tall mills';

async function overprintedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  for (const dx of [0, 0.3, 0.6]) page.drawText(TITLE, { x: 72 + dx, y: 720, size: 16, font: bold });
  page.drawText(SUBTITLE, { x: 73, y: 695, size: 12, font, color: rgb(0.7, 0.7, 0.7) });
  page.drawText(SUBTITLE, { x: 72, y: 696, size: 12, font });
  page.drawText('The first plot was sown in April and read in October of the same year.', { x: 72, y: 660, size: 10, font });
  page.drawText(LABEL, { x: 72, y: 640, size: 10, font });
  page.drawText(LABEL, { x: 72, y: 626, size: 10, font });
  // Drawn glyph by glyph: the two l's of each word stand side by side, not over each other.
  let x = 72;
  for (const ch of GLYPHS) {
    page.drawText(ch, { x, y: 600, size: 10, font });
    x += font.widthOfTextAtSize(ch, 10);
  }
  // A word's last letter drawn as a run of its own, just after the rest: not a copy.
  page.drawText('Hawai', { x: 72, y: 580, size: 10, font });
  page.drawText('i is an island state.', { x: 72 + font.widthOfTextAtSize('Hawai', 10), y: 580, size: 10, font });
  page.drawText('Hawai', { x: 72, y: 566, size: 10, font });
  page.drawText('i', { x: 72 + font.widthOfTextAtSize('Hawai', 10), y: 566, size: 10, font });
  return doc.save();
}

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe('overprinted text', () => {
  let engine: Engine;
  let dir: string;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-overprint-'));
  });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const segmentsOf = async (file: string, pages?: string): Promise<Seg[]> => {
    const res = await engine.waitForJob((await engine.parse(file, pages ? { page_range: pages } : {})).job_id);
    expect(res.status).toBe('Succeeded');
    return (res.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
  };

  it('reads fake bold and a drop shadow once, and text repeated a line apart twice', async () => {
    const file = path.join(dir, 'overprinted.pdf');
    fs.writeFileSync(file, await overprintedPdf());
    const all = (await segmentsOf(file)).map((s) => s.content).join('\n');
    expect(count(all, TITLE)).toBe(1);
    expect(count(all, SUBTITLE)).toBe(1);
    expect(count(all, LABEL)).toBe(2);
    expect(count(all, 'sown in April')).toBe(1);
    expect(all).toContain(GLYPHS);
    expect(all).toContain('Hawaii is an island state.');
    expect(count(all, 'Hawaii')).toBe(2);
  });

  it('reads the sample\u2019s notes once where they are drawn again glyph by glyph', async () => {
    // us_constitution.pdf draws "th" and "Amendment.)" of some notes a second and third time,
    // whole and one glyph at a time: "the 16the 16the 16thththth Amendment.)Amendment.)".
    const all = (await segmentsOf(fixture('pdf', 'us_constitution.pdf'))).map((s) => s.content.replace(/\s+/g, ' ')).join('\n');
    expect(all).toContain('modified by the 11th Amendment.)');
    expect(all).toContain('modified by the 16th Amendment.)');
    expect(all).not.toMatch(/thth|\)mendment|\)Amendment/);
  });

  it.skipIf(!hasCorpus)('reads a harvest report\u2019s overprinted heading once', async () => {
    const segs = await segmentsOf(corpusPath('tables/camelot/tests/files/birdisland.pdf'), '1');
    const all = segs.map((s) => s.content).join('\n');
    expect(count(all, '2012 BETTER VARIETIES Harvest Report')).toBe(1);
    expect(count(all, 'Doug Toreen, Renville County')).toBe(1);
  });
});
