/**
 * True redaction on real PDFs of different producers (a handful here; bench/redaction.ts runs
 * the 80+ of bench/redaction-corpus.txt): boxes around words poppler finds; after the edit
 * poppler no longer finds them, finds the replacement, finds every other word unchanged in
 * place, and the page renders the same outside the boxes (anti-aliasing aside).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { editPdf } from '../../src/formats/pdf/edit/edit-pdf.js';
import { corpusPath, hasCorpus } from '../helpers.js';
import { checkRedaction, chooseTargets, popplerWords, writeTemp } from './redaction-harness.js';

const FILES = [
  ['Type 3 fonts (iLovePDF)', 'office/unstructured/example-docs/pdf/layout-parser-paper-fast.pdf'],
  ['rotated page (Quartz)', 'tables/pdfplumber/tests/pdfs/nics-background-checks-2015-11-rotated.pdf'],
  ['incremental updates (LiveCycle)', 'robustness/pdf-lib/assets/pdfs/with_update_sections.pdf'],
  ['scan with an OCR text layer (OCRmyPDF)', 'ocr/OCRmyPDF/tests/resources/graph_ocred.pdf'],
  ['filled form fields (Acrobat)', 'robustness/qpdf/qpdf/qtest/qpdf/form-filled-by-acrobat.pdf'],
  ['LaTeX (pdfTeX)', 'layout/DocBank/DocBank_samples/DocBank_samples/272.tar_1809.07187.gz_author_FKThielemann_finb_black.pdf'],
] as const;

describe.skipIf(!hasCorpus)('redaction on corpus PDFs', () => {
  for (const [kind, rel] of FILES) {
    it(`${kind}: ${rel.split('/').pop()}`, async () => {
      const file = corpusPath(rel);
      const { words, pages } = popplerWords(file, 1);
      const targets = chooseTargets(words, Math.min(1, pages.length), 3);
      expect(targets.length).toBeGreaterThan(0);
      const rep = (i: number) => `QZ${i}`;
      const input = fs.readFileSync(file);
      const out = await editPdf({ data: input, edits: targets.map((t, i) => ({ kind: 'text', pageNumber: t.box.page, box: t.box, text: rep(i) })) });
      expect(Buffer.compare(fs.readFileSync(file), input)).toBe(0);
      const c = checkRedaction(file, writeTemp(out.bytes, 'edited.pdf'), 1, targets, rep);
      expect(c.leaked).toEqual([]);
      expect(c.missingReplacement).toBe(0);
      expect(c.changedOutside).toEqual([]);
      expect(c.rasterDiffPixels, c.rasterDiffAt.join(' ')).toBeLessThanOrEqual(1e-3 * c.rasterPixels);
    }, 60_000);
  }
});

const hasQpdf = spawnSync('qpdf', ['--version']).status === 0;

describe.skipIf(!hasCorpus || !hasQpdf)('redaction of a filled form field', () => {
  it('leaves the value nowhere in the file (page, appearance stream, AcroForm /V)', async () => {
    const file = corpusPath('robustness/qpdf/qpdf/qtest/qpdf/form-filled-by-acrobat.pdf');
    const { words } = popplerWords(file, 1);
    const w = words.find((x) => x.text === 'potato')!;
    const out = await editPdf({ data: fs.readFileSync(file), edits: [{ kind: 'text', pageNumber: 1, box: { left: w.x0, top: w.y0, width: w.x1 - w.x0, height: w.y1 - w.y0 }, text: '' }] });
    // qpdf exits 3 on this file's damaged (original) streams; its output is still complete.
    const qdf = (f: string) => spawnSync('qpdf', ['--qdf', '--object-streams=disable', f, '-'], { maxBuffer: 64 << 20 }).stdout.toString('latin1');
    expect(qdf(file)).toContain('potato');
    expect(qdf(writeTemp(out.bytes, 'form.pdf'))).not.toContain('potato');
  });
});
