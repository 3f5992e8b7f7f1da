/**
 * Lines on pages whose columns' baselines are offset (issue 27, word order): rows are built
 * page-wide, so a piece of a line can land in the row of the other column's line.
 * Generated two-column pages (pdf-lib, Helvetica), the right column set half a line higher
 * than the left:
 * - a raised note mark in the middle of a left-column line ("sensor⁴ input") stays in its
 *   line (it was a segment of its own, read after its paragraph: pipeline/lines/attach-scripts.ts
 *   and the row tests of build-lines.ts);
 * - a footnote in small type at the foot of the right column, beside the left column's
 *   larger body lines, keeps its lines' order (its second line was read before its first,
 *   words glued across them);
 * - a word in a code face set 0.6 pt lower in a right-column line stays in its line
 *   (rejoin-lines.ts; "eval" and the rest of its line were split off).
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';

const FILLER = ['the quick survey of aircraft', 'systems found that most', 'of the recorded events were', 'caused by a single sensor', 'whose readings went wrong'];
const filler = (i: number) => `${FILLER[i % FILLER.length]} ${i}`;

interface Seg {
  content: string;
  segment_type: string;
}

let engine: Engine;
beforeAll(() => {
  engine = createEngine({ workers: 1 });
});
afterAll(async () => {
  await engine.close();
});

async function parse(pdf: Uint8Array): Promise<Seg[]> {
  const res = await engine.waitForJob((await engine.parse(pdf, {})).job_id);
  expect(res.status).toBe('Succeeded');
  return (res.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
}

/** A page with pdf-lib's Helvetica (and Courier) embedded, drawn by `draw`. */
async function page(draw: (page: PDFPage, f: PDFFont, code: PDFFont) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const f = await doc.embedFont(StandardFonts.Helvetica);
  const code = await doc.embedFont(StandardFonts.Courier);
  draw(doc.addPage([612, 792]), f, code);
  return doc.save();
}

describe('line pieces on pages with offset columns', () => {
  it('a raised note mark stays in its line', async () => {
    // Left column 9 pt every 11 pt; the right column's baselines 5.5 pt higher.
    const pdf = await page((page, f) => {
      for (let i = 0; i < 20; i++) {
        const y = 700 - i * 11;
        if (i === 8) {
          page.drawText('attack angle sensor', { x: 60, y, size: 9, font: f });
          const w = f.widthOfTextAtSize('attack angle sensor', 9);
          page.drawText('4', { x: 60 + w + 1, y: y + 3, size: 5.85, font: f });
          page.drawText('input to the flight', { x: 60 + w + 6, y, size: 9, font: f });
        } else page.drawText(filler(i), { x: 60, y, size: 9, font: f });
        page.drawText(filler(i + 40), { x: 320, y: y + 5.5, size: 9, font: f });
      }
    });
    const segs = await parse(pdf);
    const text = segs.map((s) => s.content).join('\n');
    expect(text).toMatch(/attack angle sensor ?4 input to the flight/);
    expect(segs.some((s) => s.content.trim() === '4')).toBe(false);
  });

  it("a right-column footnote in small type keeps its lines' order beside larger body lines", async () => {
    const pdf = await page((page, f) => {
      // Left column: body 10.9 pt every 13.5 pt; right column: body, then a two-line note at 9 pt every 10 pt.
      for (let i = 0; i < 22; i++) page.drawText(filler(i), { x: 60, y: 720 - i * 13.5, size: 10.9, font: f });
      for (let i = 0; i < 18; i++) page.drawText(filler(i + 60), { x: 320, y: 720 - i * 13.5, size: 10.9, font: f });
      const noteY = 720 - 18 * 13.5 - 2.2;
      page.drawText('3', { x: 320, y: noteY + 3, size: 6, font: f });
      page.drawText('The ideal size of a passage is a func-', { x: 324, y: noteY, size: 9, font: f });
      page.drawText('tion of both the retriever and reader.', { x: 320, y: noteY - 10, size: 9, font: f });
      page.drawText('We also experimented with paragraphs.', { x: 320, y: noteY - 20, size: 9, font: f });
    });
    const text = (await parse(pdf)).map((s) => s.content).join('\n').replace(/\s+/g, ' ');
    // (line-end hyphenation joined by the segment text)
    expect(text).toContain('3 The ideal size of a passage is a function of both the retriever and reader. We also experimented');
  });

  it('a word in a face set a little lower stays in its line', async () => {
    // Left column 9 pt every 11 pt; the right column's baselines 4.5 pt lower; "eval" in Courier 0.6 pt lower still.
    const pdf = await page((page, f, code) => {
      for (let i = 0; i < 20; i++) {
        const y = 700 - i * 11;
        page.drawText(filler(i), { x: 60, y, size: 9, font: f });
        const ry = y - 4.5;
        if (i === 6) {
          const head = 'features like inheritance and';
          page.drawText(head, { x: 320, y: ry, size: 9, font: f });
          const w = f.widthOfTextAtSize(head, 9);
          page.drawText('eval', { x: 320 + w + 2.5, y: ry - 0.6, size: 9, font: code });
          page.drawText('. To evaluate', { x: 320 + w + 2.5 + code.widthOfTextAtSize('eval', 9), y: ry, size: 9, font: f });
        } else page.drawText(filler(i + 40), { x: 320, y: ry, size: 9, font: f });
      }
    });
    const segs = await parse(pdf);
    const text = segs.map((s) => s.content).join('\n');
    expect(text).toContain('features like inheritance and eval. To evaluate');
  });
});
