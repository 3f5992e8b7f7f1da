/**
 * Document-stage typing from typography (src/pipeline/classify: title-authors.ts, footnotes.ts,
 * heading-style.ts, display-math.ts, equation-numbers.ts), end to end through parse:
 * - the title is the large line above the author line, not a slightly larger masthead above it,
 *   and the author line is Text;
 * - footnotes are the small type stacked at the foot of the column, one per mark; small type
 *   higher up with body text below it is not a footnote; the publisher's © line at the very
 *   bottom is the page footer;
 * - a running header level with the page number is a PageHeader ("A. Smith et al." read as a
 *   lettered item before);
 * - on real documents (corpus, skipped without it): displayed equations of a TeX paper are
 *   Formulas (with their numbers), not Tables; notes under a table are one Footnote per mark.
 * Each assertion fails on the rules before this change (checked on the parent commit).
 */
import fs from 'node:fs';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus } from '../helpers.js';

const WORDS = 'samples were filtered through a membrane and the residual concentration was measured after each cycle of adsorption'.split(' ');

function prose(font: PDFFont, seed: number, width = 470): string {
  let s = WORDS[seed % WORDS.length]!;
  for (let k = 1; ; k++) {
    const next = `${s} ${WORDS[(seed * 5 + k * 3) % WORDS.length]}`;
    if (font.widthOfTextAtSize(next, 10) > width) return s;
    s = next;
  }
}

async function paper(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const roman = await doc.embedFont(StandardFonts.TimesRoman);
  const italic = await doc.embedFont(StandardFonts.TimesRomanItalic);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const centre = (page: ReturnType<typeof doc.addPage>, text: string, y: number, size: number, font: PDFFont) =>
    page.drawText(text, { x: (612 - font.widthOfTextAtSize(text, size)) / 2, y, size, font });
  // Page 1: masthead, title, authors, body, a small dated line with body below it, footnotes, © line.
  const p1 = doc.addPage([612, 792]);
  centre(p1, 'Journal of Applied Studies', 740, 16, roman);
  p1.drawText('Residual concentration of solutes after repeated', { x: 70, y: 690, size: 15, font: roman });
  p1.drawText('cycles of adsorption on bamboo carbon', { x: 70, y: 672, size: 15, font: roman });
  p1.drawText('Ann Smith a, Bo Chen b,*, Carl Diaz a', { x: 70, y: 648, size: 11, font: roman });
  let y = 610;
  for (let i = 0; i < 14; i++, y -= 13) p1.drawText(prose(roman, i), { x: 70, y, size: 10, font: roman });
  y -= 30;
  p1.drawText('Received 10 January 2012; accepted 3 March 2012', { x: 70, y, size: 7, font: italic });
  y -= 30;
  for (let i = 0; i < 6; i++, y -= 13) p1.drawText(prose(roman, i + 20), { x: 70, y, size: 10, font: roman });
  p1.drawText('* Corresponding author. Tel.: 555 0100.', { x: 70, y: 96, size: 7, font: roman });
  p1.drawText('** Second corresponding author. Tel.: 555 0101.', { x: 70, y: 87, size: 7, font: roman });
  p1.drawText('E-mail: ann@example.org (A. Smith).', { x: 76, y: 78, size: 7, font: roman });
  p1.drawText('0123-4567/$ - see front matter \u00a9 2012 Example Press. All rights reserved.', { x: 70, y: 50, size: 7, font: roman });
  // Page 2: a running header beside the page number, then body and a heading.
  const p2 = doc.addPage([612, 792]);
  p2.drawText('2', { x: 70, y: 750, size: 7, font: roman });
  centre(p2, 'A. Smith et al. / Journal of Applied Studies 12 (2012) 1-9', 750, 7, italic);
  y = 700;
  for (let i = 0; i < 20; i++, y -= 13) p2.drawText(prose(roman, i + 40), { x: 70, y, size: 10, font: roman });
  p2.drawText('2. Methods', { x: 70, y: y - 14, size: 10, font: bold });
  return doc.save();
}

interface Seg {
  segment_type: string;
  content: string;
  page_number: number;
}

describe('typing from typography at the document stage', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1, taskTimeoutMs: 300_000 });
  });
  afterAll(async () => {
    await engine.close();
  });
  const parse = async (input: Uint8Array | string): Promise<Seg[]> => {
    const res = await engine.waitForJob((await engine.parse(input, {})).job_id);
    expect(res.status, res.message).toBe('Succeeded');
    return (res.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
  };
  const typeOf = (segs: Seg[], re: RegExp) => segs.filter((s) => re.test(s.content)).map((s) => s.segment_type);

  it('finds the title above the authors, footnotes one per mark at the foot, the © line as footer, the running header', async () => {
    const segs = await parse(await paper());
    expect(typeOf(segs, /Residual concentration of solutes/)).toEqual(['Title']);
    expect(typeOf(segs, /^Journal of Applied Studies$/)).not.toContain('Title');
    expect(typeOf(segs, /Ann Smith a/)).toEqual(['Text']);
    expect(typeOf(segs, /^\* Corresponding author/)).toEqual(['Footnote']);
    const second = segs.filter((s) => /\*\* Second corresponding author/.test(s.content));
    expect(second.map((s) => s.segment_type)).toEqual(['Footnote']);
    expect(second[0]!.content).toMatch(/E-mail: ann@example\.org/); // the unmarked line continues its note
    expect(second[0]!.content).not.toMatch(/^\* Corresponding/);
    expect(typeOf(segs, /see front matter/)).toEqual(['PageFooter']);
    expect(typeOf(segs, /Received 10 January 2012/)).not.toContain('Footnote');
    expect(typeOf(segs, /A\. Smith et al\./)).toEqual(['PageHeader']);
  });

  const tex = corpusPath('layout/DocBank/DocBank_samples/DocBank_samples/65.tar_1803.03564.gz_faddeev271017_black.pdf');
  it.skipIf(!hasCorpus || !fs.existsSync(tex))('types displayed equations of a TeX paper Formula, not Table', async () => {
    const segs = (await parse(tex)).filter((s) => s.page_number === 3);
    expect(segs.filter((s) => s.segment_type === 'Table')).toEqual([]);
    for (const n of ['(2.1)', '(2.3)', '(2.4)', '(2.5)', '(2.6)', '(2.8)']) expect(typeOf(segs, new RegExp(`^\\${n.slice(0, -1)}\\)$`)), n).toEqual(['Formula']);
    // Prose in the TeX text face (cmr) is not a formula.
    expect(typeOf(segs, /^where the potential V\(u\) is given by$/)).toEqual(['Text']);
  });

  const journal = corpusPath('layout/docling-eval/tests/data/cvat_pdfs_dataset_e2e/case_01/32a7d8aa5e0c78888082fdbf7e514cb283f0140e4af1144ee94f5a6b2bfb7424.pdf');
  it.skipIf(!hasCorpus || !fs.existsSync(journal))('types the notes under a table one Footnote per mark', async () => {
    const segs = (await parse(journal)).filter((s) => s.page_number === 2);
    const notes = segs.filter((s) => /^[a-e] (PFOS\/PFOA initial|Maximum adsorbed|Coal-based|Not available|Maize straw)/.test(s.content));
    expect(notes.map((s) => [s.content[0], s.segment_type])).toEqual([['a', 'Footnote'], ['b', 'Footnote'], ['c', 'Footnote'], ['d', 'Footnote'], ['e', 'Footnote']]);
  });
});
