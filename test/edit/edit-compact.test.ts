/**
 * Output size (formats/pdf/edit/compact.ts): a PDF packing thousands of small objects in object
 * streams (as tagged PDFs do) grows several-fold when PDFium rewrites it; the edit writes it
 * again with object streams. The redacted text must stay gone from the compacted file and the
 * file must stay valid (qpdf --check) with the same text outside the box. The edit is made on
 * PDFium's path (`method: 'pdfium'`): the surgery path writes with pdf-lib and never grows.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFNumber, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { editPdf } from '../../src/formats/pdf/edit/edit-pdf.js';
import { GROWTH_LIMIT, shouldCompact } from '../../src/formats/pdf/edit/compact.js';
import { popplerWords } from './redaction-harness.js';

const hasQpdf = spawnSync('qpdf', ['--version']).status === 0;

async function manySmallObjects(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Keep this line', { x: 72, y: 700, size: 12, font });
  page.drawText('SECRET 123-45-6789 tail', { x: 72, y: 660, size: 12, font });
  // 4,000 small reachable objects, like a structure tree's elements.
  const refs = Array.from({ length: 4000 }, (_, i) => doc.context.register(doc.context.obj({ Type: 'StructElem', S: 'P', K: PDFNumber.of(i) })));
  doc.catalog.set(PDFName.of('QuireFiller'), doc.context.obj(refs));
  return doc.save({ useObjectStreams: true });
}

describe('edited PDF size', () => {
  it('compacts only a grown, unencrypted output', () => {
    expect(shouldCompact(100_000, 490_000, false)).toBe(true);
    expect(shouldCompact(100_000, 490_000, true)).toBe(false);
    expect(shouldCompact(100_000, Math.floor(100_000 * GROWTH_LIMIT), false)).toBe(false);
  });

  it('writes object streams again: the output stays near the input size and the secret stays gone', async () => {
    const data = await manySmallObjects();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-compact-'));
    const input = path.join(dir, 'in.pdf');
    fs.writeFileSync(input, data);
    const w = popplerWords(input, 1).words.find((x) => x.text === '123-45-6789')!;
    const out = await editPdf({ data, edits: [{ kind: 'text', pageNumber: 1, box: { left: w.x0 - 0.5, top: w.y0, width: w.x1 - w.x0 + 1, height: w.y1 - w.y0 }, text: 'XXX' }], method: 'pdfium' });
    // Without object streams the 4,000 objects alone take ~4x the input.
    expect(out.bytes.length).toBeLessThan(GROWTH_LIMIT * data.length);
    const edited = path.join(dir, 'out.pdf');
    fs.writeFileSync(edited, out.bytes);
    const txt = execFileSync('pdftotext', [edited, '-'], { encoding: 'utf8' });
    expect(txt).not.toContain('6789');
    expect(txt).toContain('Keep this line');
    expect(txt).toContain('SECRET');
    expect(txt).toContain('XXX');
    if (hasQpdf) {
      expect(spawnSync('qpdf', ['--check', edited]).status).toBe(0);
      const qdf = execFileSync('qpdf', ['--qdf', '--object-streams=disable', edited, '-']).toString('latin1');
      expect(qdf.match(/\/StructElem/g)?.length).toBe(4000);
    }
  });
});
