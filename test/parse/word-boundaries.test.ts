/**
 * Word boundaries and lines of the text layer (issue 27: words glued or split where the page
 * says otherwise). A generated page draws each case the way the corpus PDFs that showed it
 * draw it: a tracked word set in pieces, one piece without the tracking and the next placed
 * the tracking's width after it ("journal homep age"); a slanted run whose box reaches over
 * the space that the next operation draws first ("Canceris reviewed"); two lines of small
 * type stacked beside a tall line of larger type ("is aneconomist in the Division in
 * employment"); an accent drawn by its own operation over the next letter ("Schr¨odinger");
 * a drop cap beside its paragraph's first lines ("T" then "his release").
 * The corpus pages themselves are checked too (skipped without the corpus), with the journal
 * page whose line boxes are taller than its leading (pipeline/blocks/README.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  PDFDocument, PDFFont, PDFPage, StandardFonts, beginText, degrees, endText, moveText, popGraphicsState,
  pushGraphicsState, setCharacterSpacing, setFontAndSize, showText,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAccents } from '../../src/formats/pdf/accents.js';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number }

/** Draw `text` at (x, y) with letter spacing `tc` (PDF Tc), as pdf-lib's drawText cannot. */
function drawTracked(page: PDFPage, font: PDFFont, text: string, x: number, y: number, size: number, tc: number): number {
  const key = page.node.newFontDictionary(font.name, font.ref);
  page.pushOperators(pushGraphicsState(), beginText(), setFontAndSize(key, size), setCharacterSpacing(tc), moveText(x, y), showText(font.encodeText(text)), endText(), popGraphicsState());
  return x + font.widthOfTextAtSize(text, size) + tc * text.length;
}

async function wordsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  // 1. Tracked 1 pt: "jour" "nal" one word, a word space, then "home" tracked, "p" without
  // tracking, "age:" placed 1 pt (the tracking) after the "p".
  let x = drawTracked(page, font, 'jour', 72, 740, 8, 1);
  x = drawTracked(page, font, 'nal', x, 740, 8, 1);
  x = drawTracked(page, font, 'home', x + 2.5, 740, 8, 1);
  x = drawTracked(page, font, 'p', x, 740, 8, 0);
  drawTracked(page, font, 'age: www.example.org/journal', x + 1, 740, 8, 1);
  // 2. A slanted run, then the next words drawn from a leading space glyph right after its advance.
  page.drawText('Understanding Breast Cancer', { x: 72, y: 700, size: 10, font, ySkew: degrees(14) });
  page.drawText(' is reviewed every two years.', { x: 72 + font.widthOfTextAtSize('Understanding Breast Cancer', 10), y: 700, size: 10, font });
  // 3. A sidebar of 8-pt lines 8 pt apart, 22 pt (1.1 of its ems) left of a 20-pt line whose box reaches over two of them.
  const side = ['Richard Henderson is an', 'economist in the Division', 'of Industry Employment'];
  side.forEach((t, i) => page.drawText(t, { x: 72, y: 640 - 8 * i, size: 8, font }));
  const sideRight = 72 + Math.max(...side.map((t) => font.widthOfTextAtSize(t, 8)));
  page.drawText('employment can be attributed', { x: sideRight + 22, y: 631, size: 20, font });
  // 4. An accent drawn by an operation of its own over the letter after it.
  page.drawText('Schr', { x: 72, y: 580, size: 10, font });
  const at = 72 + font.widthOfTextAtSize('Schr', 10);
  // Its box starts a little before the letter's and its centre lies over it, as TeX places it.
  page.drawText('\u00A8', { x: at - 0.3, y: 580, size: 10, font });
  page.drawText('odinger equation', { x: at, y: 580, size: 10, font });
  // 5. A drop cap: a 44-pt "T" whose paragraph's first three lines stand beside it, the rest under it.
  page.drawText('T', { x: 72, y: 480, size: 44, font });
  const beside = 72 + font.widthOfTextAtSize('T', 44) + 3;
  ['he committee met on the first day of the', 'session and heard the reports of each of', 'its members on the year just ended.'].forEach((t, i) => page.drawText(t, { x: beside, y: 503 - 12 * i, size: 10, font }));
  ['The accounts were approved without a vote, and the', 'meeting closed at noon after a short discussion.'].forEach((t, i) => page.drawText(t, { x: 72, y: 467 - 12 * i, size: 10, font }));
  return doc.save();
}

describe('word boundaries in the text layer', () => {
  let engine: Engine;
  let dir: string;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-words-'));
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
  const textOf = (segs: Seg[]) => segs.map((s) => s.content.replace(/\s+/g, ' ')).join('\n');

  it('spaces tracked pieces, a slanted run, stacked small lines and a separate accent as the page shows them', async () => {
    const file = path.join(dir, 'words.pdf');
    fs.writeFileSync(file, await wordsPdf());
    const segs = await segmentsOf(file);
    const all = textOf(segs);
    expect(all).toContain('journal homepage: www.example.org/journal');
    expect(all).toContain('Understanding Breast Cancer is reviewed every two years.');
    expect(all).toContain('Richard Henderson is an economist in the Division of Industry Employment');
    expect(all).toContain('employment can be attributed');
    // No segment holds sidebar and body words on one line.
    for (const s of segs) expect(s.content).not.toMatch(/Division employment|an employment|Division(?: |)of Industry employment/);
    expect(all).toContain('Schr\u00F6dinger equation');
    // The drop cap opens its paragraph's first word, and is no segment of its own.
    expect(all).toContain('The committee met on the first day of the session');
    expect(segs.filter((s) => s.content.trim() === 'T')).toEqual([]);
  });

  it('composes an accent over a dotless i as the dotted letter', () => {
    expect(composeAccents('na\u00A8\u0131ve')).toBe('na\u00EFve');
    expect(composeAccents('Feldverm\u00A8ogen')).toBe('Feldverm\u00F6gen');
    // Not an accent: no precomposed letter exists, the text stays as it was.
    expect(composeAccents('\u00A8q')).toBe('\u00A8q');
  });

  it.skipIf(!hasCorpus)('reads the corpus pages that showed each case', async () => {
    const cases: Array<[string, string, string[]]> = [
      ['layout/docling-eval/tests/data/cvat_pdfs_dataset_e2e/case_01/662e02a56aafcf864102f427a57f3c61bb71b7f2a9419b2c83357efb5e698193.pdf', '1', ['journal homepage: www.elsevier.com/locate/jhazmat']],
      ['office/unstructured/example-docs/pdf/failure-after-repair.pdf', '2', ['Understanding Breast Cancer is reviewed']],
      ['robustness/pdf-lib/assets/pdfs/with_annots.pdf', '1', ['1st and 2nd period amounts']],
      // A space glyph pulled back over a ligature is no word space.
      ['robustness/pdf-lib/assets/pdfs/with_annots.pdf', '2', ['receive wages with insufficient withholding']],
      ['robustness/pdf.js/test/pdfs/prefilled_f1040.pdf', '1', ['Make sure the SSN(s) above', 'and on line 6c are correct.']],
      ['robustness/pdf.js/test/pdfs/tracemonkey.pdf', '2', ['a na\u00EFve implementation']],
      ['tables/tabula-java/src/test/resources/technology/tabula/labor.pdf', '1', ['Richard Henderson is an economist in the Division of Industry Employment Projections, Office of Occupational Statistics and']],
    ];
    for (const [file, page, expected] of cases) {
      const segs = await segmentsOf(corpusPath(file), page);
      const all = textOf(segs);
      for (const e of expected) expect(all, file).toContain(e);
      expect(all, file).not.toMatch(/aboveand|Canceris|1stand|homep age|aneconomist|ofOccupational|insuffi cient/);
    }
    // Column numbers drawn as one string spread by letter spacing: each in its column.
    const numbers = (await segmentsOf(corpusPath('tables/camelot/tests/files/superscript.pdf'), '1')).find((s) => s.segment_type === 'Table')!;
    expect(numbers.content).toContain('\t3\t4\t5\t');
    // Table cells' words are spaced by the same rule: tracked figures are not cut across cells.
    const nics = (await segmentsOf(corpusPath('tables/pdfplumber/tests/pdfs/nics-background-checks-2015-11.pdf'), '1')).find((s) => s.segment_type === 'Table')!;
    expect(nics.content).toContain('\t2,248\t1,135\t2\t');
    // The body column beside the sidebar keeps its line, and its lines, whose boxes are taller
    // than their leading, are read in turn (not odd lines, then even lines).
    const labor = textOf(await segmentsOf(corpusPath('tables/tabula-java/src/test/resources/technology/tabula/labor.pdf'), '1'));
    expect(labor).toMatch(/majority of the growth in employment can be attributed to an in-? ?crease/);
    expect(labor).toContain('This release of the Bureau of Labor Statistics (BLS) projections, which are published every 2 years, is the second since the recession');
  });
});
