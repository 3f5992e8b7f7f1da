/**
 * No segment holds lines of two columns (issue 27 item 1). Columns come from the page's
 * gutters as poppler's own lines show them (bench/lib/column-lines.ts); each text
 * segment's words are grouped into lines and every line must fall on one side of a gutter
 * together with the segment's other lines. Checked on a generated two-column page with a
 * full-width title and a full-width table, and on listed corpus pages (skipped without
 * the corpus).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { checkColumns, findGutters, popplerLines, type SegmentLike } from '../../bench/lib/column-lines.js';
import { corpusPath, hasCorpus } from '../helpers.js';
import { pdftotextPages } from '../../bench/lib/fidelity.js';
import { wordEditDistance, words } from '../../bench/lib/text-metrics.js';

const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;

const WORDS = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega'.split(' ');
/** A line of prose about `width` points wide at 10 pt Helvetica, different on every call. */
function proseLine(seed: number, maxWidth: number, measure: (s: string) => number): string {
  let s = `q${seed}`; // a unique first word, to find the line again
  for (let k = 0; ; k++) {
    const next = s + ' ' + WORDS[(seed * 7 + k * 3) % WORDS.length];
    if (measure(next) > maxWidth) return s;
    s = next;
  }
}

/** A4 page: full-width title, two columns of prose (10-pt gutter), a full-width ruled table, two more columns. */
async function twoColumnPdf(): Promise<{ bytes: Uint8Array; columns: string[][] }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  const measure = (s: string) => font.widthOfTextAtSize(s, 10);
  const title = 'A Generated Two-Column Page With Wide Elements';
  page.drawText(title, { x: (595 - bold.widthOfTextAtSize(title, 16)) / 2, y: 790, size: 16, font: bold });
  // Centred lines across the gutter, as LaTeX sets author, date and page number: with the
  // title they used to be enough to hide the gutter.
  const centred = (t: string, y: number) => page.drawText(t, { x: (595 - measure(t)) / 2, y, size: 10, font });
  centred('Ada Author and Bob Builder', 770);
  centred('Institute of Generated Documents', 758);
  centred('November 25, 2026', 746);
  centred('1', 60);
  const colW = 220, left = 72, right = 72 + colW + 12;
  const columns: string[][] = [];
  const column = (x: number, y0: number, n: number, seed: number) => {
    const lines = Array.from({ length: n }, (_, i) => proseLine(seed + i, colW, measure));
    lines.forEach((t, i) => page.drawText(t, { x, y: y0 - i * 12, size: 10, font }));
    columns.push(lines);
  };
  column(left, 720, 24, 0);
  column(right, 720, 24, 100);
  // Full-width ruled table: 4 rows × 5 columns across the gutter.
  const tTop = 420, rowH = 18, cols = 5, cellW = (2 * colW + 12) / cols;
  for (let r = 0; r <= 4; r++) page.drawLine({ start: { x: left, y: tTop - r * rowH }, end: { x: left + cols * cellW, y: tTop - r * rowH }, thickness: 0.8, color: rgb(0, 0, 0) });
  for (let c = 0; c <= cols; c++) page.drawLine({ start: { x: left + c * cellW, y: tTop }, end: { x: left + c * cellW, y: tTop - 4 * rowH }, thickness: 0.8, color: rgb(0, 0, 0) });
  for (let r = 0; r < 4; r++) for (let c = 0; c < cols; c++) page.drawText(r === 0 ? `Head ${c + 1}` : `${(r * 37 + c * 11) % 97}.${r}`, { x: left + c * cellW + 4, y: tTop - r * rowH - 13, size: 9, font });
  column(left, 320, 18, 200);
  column(right, 320, 18, 300);
  return { bytes: await doc.save(), columns };
}

async function pageSegments(engine: Engine, file: string, page: number): Promise<SegmentLike[]> {
  const res = await engine.waitForJob((await engine.parse(file, { page_range: String(page) })).job_id);
  expect(res.status, res.message).toBe('Succeeded');
  return (res.chunks ?? []).flatMap((c) => c.segments as unknown as SegmentLike[]).filter((s) => s.page_number === page);
}

describe.skipIf(!hasPoppler)('segments never hold lines of two columns', () => {
  let engine: Engine;
  let dir: string;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-columns-'));
  });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('on a generated two-column page with a full-width title and table', async () => {
    const file = path.join(dir, 'two-columns.pdf');
    const { bytes, columns } = await twoColumnPdf();
    fs.writeFileSync(file, bytes);
    const gutters = findGutters(popplerLines(file, 1), 2);
    expect(gutters).toHaveLength(1);
    const segs = await pageSegments(engine, file, 1);
    const check = checkColumns(segs, gutters);
    expect(check.segments).toBeGreaterThanOrEqual(4);
    expect(check.examples).toEqual([]);
    expect(check.mixed).toBe(0);
    // The title stays one segment and comes first (the centred lines follow it); then each column in turn: the left one
    // down to the table, the right one, the table, and the two columns below it.
    expect(segs[0]!.content).toBe('A Generated Two-Column Page With Wide Elements');
    const text = segs.map((s) => s.content.replace(/\s+/g, ' ')).join(' ');
    const at = (line: string) => text.indexOf(line);
    const [leftTop, rightTop, leftBottom, rightBottom] = columns as [string[], string[], string[], string[]];
    const table = segs.find((s) => s.segment_type === 'Table');
    expect(table).toBeDefined();
    const order = [at(leftTop[0]!), at(leftTop[23]!), at(rightTop[0]!), at(rightTop[23]!), at(table!.content.replace(/\s+/g, ' ').slice(0, 20)), at(leftBottom[0]!), at(leftBottom[17]!), at(rightBottom[0]!), at(rightBottom[17]!)];
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual(order.slice().sort((a, b) => a - b));
  });

  describe.skipIf(!hasCorpus)('corpus pages (bench/multicolumn-pages.json)', () => {
    // [file, page, whether pdftotext reads it right] (on multicolumn.pdf p1 it reads the
    // right column first, so its word order is no reference there).
    const pages = [
      ['robustness/sample-files/026-latex-multicolumn/multicolumn.pdf', 1, false],
      ['robustness/sample-files/026-latex-multicolumn/multicolumn.pdf', 2, true],
      ['robustness/pdf.js/test/pdfs/tracemonkey.pdf', 1, true],
      ['office/unstructured/example-docs/pdf/multi-column-2p.pdf', 1, true],
      ['office/unstructured/example-docs/pdf/multi-column-2p.pdf', 2, true],
    ] as const;
    for (const [rel, page, orderReference] of pages) {
      it(`${path.basename(rel)} page ${page}`, async () => {
        const file = corpusPath(rel);
        const gutters = findGutters(popplerLines(file, page), 2);
        expect(gutters).toHaveLength(1);
        const segs = await pageSegments(engine, file, page);
        const check = checkColumns(segs, gutters);
        expect(check.examples).toEqual([]);
        expect(check.mixed).toBe(0);
        if (orderReference) {
          // Segment order follows the columns: word order within 0.05 of pdftotext's.
          const ref = words(pdftotextPages(file)[page - 1] ?? '');
          const ours = words(segs.map((s) => s.content).join('\n'));
          expect(wordEditDistance(ours, ref) / Math.max(ours.length, ref.length)).toBeLessThanOrEqual(0.05);
        }
      });
    }
  });
});
