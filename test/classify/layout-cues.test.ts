/**
 * Boundary evidence from layout (pipeline/page-classes/layout-cues.ts) and the classifier's
 * newer evidence rules, on generated PDFs through the engine and on the pure functions:
 * two documents of the same kind with no counters, numbers or titles are cut where the body
 * text's frame and the running header change, and are not cut when both stay; a first-page
 * stamp, title pages, numbered section headings and shop opening hours read as intended.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { useSplitEngine } from './split-engine.js';
import type { DocItem } from '../../src/model/quire-document.js';
import { frameShift, FRAME_SHIFT, hasFirstPageStamp, isTitlePage, runningHeaderStart } from '../../src/pipeline/page-classes/layout-cues.js';
import type { PageExtras } from '../../src/pipeline/page-classes/page-extras.js';
import { pageEvidence } from '../../src/pipeline/page-classes/page-evidence.js';

const PROSE = [
  'The reservoir held steady through the spring months while rainfall stayed close to the long term average for the region.',
  'Engineers inspected the northern pumping station and replaced two worn valves before the summer demand increased.',
  'Household consumption rose slightly in June and July, mostly from garden watering during the warm spell.',
  'Leakage repairs on the old town mains were finished ahead of schedule and saved an estimated volume each day.',
  'Water quality samples met every standard, with turbidity low after the filter beds were cleaned in April.',
  'The treatment works will trial a new dosing system next year to reduce chemical use and running costs.',
];

/** Pages of prose paragraphs; `left` sets the text frame, `header` a running header on each page. */
async function proseDocument(pages: Array<{ left: number; header: string }>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [n, spec] of pages.entries()) {
    const page = doc.addPage([612, 792]);
    page.drawText(spec.header, { x: spec.left, y: 750, size: 9, font });
    let y = 690;
    for (const [k, para] of PROSE.entries()) {
      // Each paragraph wrapped to the frame's width, paragraphs apart.
      const width = 612 - 2 * spec.left;
      const line: string[] = [];
      const lines: string[] = [];
      for (const w of `${para} ${PROSE[(k + n) % PROSE.length]}`.split(' ')) {
        if (font.widthOfTextAtSize([...line, w].join(' '), 10.5) > width) lines.push(line.splice(0).join(' '));
        line.push(w);
      }
      lines.push(line.join(' '));
      for (const l of lines) {
        page.drawText(l, { x: spec.left, y, size: 10.5, font });
        y -= 14;
      }
      y -= 16;
    }
  }
  return doc.save();
}

const splitPages = useSplitEngine();

describe('layout boundary cues through the engine', () => {
  it('cuts two same-kind documents where the text frame and the running header change', async () => {
    const a = { left: 60, header: 'Harbour Authority: Annual Water Review' };
    const b = { left: 120, header: 'County Council Notes on Supply' };
    expect(await splitPages(await proseDocument([a, a, a, b, b]))).toEqual([[1, 2, 3], [4, 5]]);
  });

  it('keeps pages together when the frame and the running header stay', async () => {
    const a = { left: 60, header: 'Harbour Authority: Annual Water Review' };
    expect(await splitPages(await proseDocument([a, a, a, a, a]))).toEqual([[1, 2, 3, 4, 5]]);
  });
});

const extras = (furniture: string[], frame: PageExtras['frame'] = null): PageExtras => ({ furniture, textSource: 'text-layer', opensWithTitle: false, frame });

describe('layout cues', () => {
  it('measures how far the text frame moves, only between pages with enough words', () => {
    const a = extras([], { left: 0.1, right: 0.9 });
    expect(frameShift(a, extras([], { left: 0.105, right: 0.9 }), 300, 300)).toBeLessThan(0.01);
    expect(frameShift(a, extras([], { left: 0.2, right: 0.8 }), 300, 300)).toBeGreaterThanOrEqual(FRAME_SHIFT);
    expect(frameShift(a, extras([], { left: 0.2, right: 0.8 }), 300, 20)).toBe(0);
    // Facing pages of a book: the block moves with the gutter but keeps its width.
    expect(frameShift(a, extras([], { left: 0.12, right: 0.92 }), 300, 300)).toBe(0);
  });

  it('finds a running header that begins or changes, not alternating left/right headers', () => {
    const book = [extras(['a history of bridges']), extras(['chapter two: stone']), extras(['a history of bridges']), extras(['chapter two: stone'])];
    expect(runningHeaderStart(book, 2)).toBeNull();
    expect(runningHeaderStart(book, 3)).toBeNull();
    const joined = [extras([]), extras([]), extras(['federal register / vol.']), extras(['federal register / vol.'])];
    expect(runningHeaderStart(joined, 2)).toBe('begins');
    const changed = [extras(['journal of hydrology']), extras(['journal of hydrology']), extras(['water research letters']), extras(['water research letters'])];
    expect(runningHeaderStart(changed, 2)).toBe('changes');
    // A header seen on one page only is no running header.
    expect(runningHeaderStart([extras(['x report']), extras(['new title']), extras([])], 1)).toBeNull();
  });

  it('reads first-page stamps', () => {
    expect(hasFirstPageStamp('arXiv:2103.15348v2 [cs.CV] 21 Jun 2021')).toBe(true);
    expect(hasFirstPageStamp('Title\nAbstract. We present a toolkit')).toBe(true);
    expect(hasFirstPageStamp('Keywords: document analysis, OCR')).toBe(true);
    expect(hasFirstPageStamp('This is an abstract idea. See arXiv for more.')).toBe(false);
  });
});

let nextId = 0;
function item(type: DocItem['type'], text: string, top: number): DocItem {
  return { id: `i${nextId++}`, type, text, prov: [{ pageNumber: 1, bbox: { left: 72, top, width: 400, height: 14 } }], confidence: null } as DocItem;
}
const SIZE = { width: 612, height: 792 };

describe('page evidence rules', () => {
  it('keeps numbered section headings out of the title zone', () => {
    const e = pageEvidence([item('SectionHeader', '5.1 Hyper Parameter Optimization', 80), item('Text', 'We have chosen the data set to perform the search.', 110)], 1, SIZE);
    expect(e.titleText).not.toContain(' parameter ');
    const t = pageEvidence([item('SectionHeader', 'Parameter Reference', 80), item('Text', 'Every setting of the router.', 110)], 1, SIZE);
    expect(t.titleText).toContain(' parameter ');
  });

  it('reads a title page, and not a short letter, as a title page', () => {
    expect(isTitlePage(pageEvidence([item('Title', 'Introduction to Geometry and Topology', 200), item('Text', 'Lecture notes, 2016', 300)], 1, SIZE))).toBe(true);
    expect(isTitlePage(pageEvidence([item('Text', 'To whom it may concern: twenty thousand bottles of water were delivered.', 100), item('Text', 'Regards, Mallori', 200)], 1, SIZE))).toBe(false);
  });

  it('does not read shop opening hours as a sale time', () => {
    const hours = pageEvidence([item('Text', 'Magasin ouvert du lundi au samedi de 9h30 à 19h30', 100), item('Text', 'Total 45.20 EUR', 200)], 1, SIZE);
    expect(hours.cues.clockTime).toBe(0);
    const sale = pageEvidence([item('Text', '26/11/2024 12:27:43', 100), item('Text', 'Total 45.20 EUR', 200)], 1, SIZE);
    expect(sale.cues.clockTime).toBe(1);
  });
});
