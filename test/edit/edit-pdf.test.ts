/**
 * PDF editing through the engine on generated PDFs: text inside a box is really gone (poppler
 * cannot extract it), a run crossing the box keeps its outside part in place, Form XObjects,
 * rotated and cropped pages, image replacement and image pixels cut under a box; bad input
 * gets a clear error and the input file is never modified.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, ValidationError, type Engine } from '../../src/index.js';
import { makeEditFixture, pngOf } from './make-pdf.js';
import { popplerWords } from './redaction-harness.js';

/** qpdf (apt package qpdf) writes the encrypted input and decodes streams for the "old bytes gone" check. */
const hasQpdf = spawnSync('qpdf', ['--version']).status === 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-edit-test-'));
const write = (name: string, bytes: Uint8Array) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, bytes);
  return f;
};
const text = (file: string, page: number) => execFileSync('pdftotext', ['-cropbox', '-f', String(page), '-l', String(page), '-layout', file, '-'], { encoding: 'utf8' });
const wordBox = (file: string, page: number, word: string) => {
  const w = popplerWords(file, page).words.find((x) => x.page === page && x.text === word);
  if (!w) throw new Error(`no word ${word} on page ${page}`);
  return { left: w.x0 - 0.5, top: w.y0, width: w.x1 - w.x0 + 1, height: w.y1 - w.y0 };
};

describe('engine.editPdf', () => {
  let engine: Engine;
  let input: string;
  let inputHash: string;
  beforeAll(async () => {
    engine = createEngine({ workers: 1, dataDir: dir });
    input = write('fixture.pdf', await makeEditFixture());
    inputHash = createHash('sha256').update(fs.readFileSync(input)).digest('hex');
  });
  afterAll(async () => {
    await engine.close();
    expect(createHash('sha256').update(fs.readFileSync(input)).digest('hex')).toBe(inputHash);
  });

  it('removes text inside boxes (page content, Form XObject, rotated and cropped pages) and draws the replacement', async () => {
    const items = [
      { type: 'text', page_number: 1, bbox: wordBox(input, 1, '123-45-6789'), replacement_text: 'XXX-XX-XXXX' },
      { type: 'text', page_number: 2, bbox: wordBox(input, 2, 'FORMSECRET'), replacement_text: '' },
      { type: 'text', page_number: 3, bbox: wordBox(input, 3, 'ROTSECRET'), replacement_text: 'R1' },
      { type: 'text', page_number: 4, bbox: wordBox(input, 4, 'CROPSECRET'), replacement_text: 'C1' },
    ];
    const { result, pdf } = await engine.editPdf(input, { edit_request: JSON.stringify({ items }) });
    expect(result).toMatchObject({ success: true, items_processed: 4, reparsed: false });
    expect(result.original_size).toBe(fs.statSync(input).size);
    expect(result.edited_size).toBe(pdf!.length);
    const out = write('edited.pdf', pdf!);
    const all = execFileSync('pdftotext', [out, '-'], { encoding: 'utf8' });
    for (const gone of ['6789', 'FORMSECRET', 'ROTSECRET', 'CROPSECRET']) expect(all).not.toContain(gone);
    // The run crossing the box keeps what lies outside, in place.
    const before = popplerWords(input, 1).words.find((w) => w.text === 'SECRET')!;
    const after = popplerWords(out, 1).words.find((w) => w.text === 'SECRET')!;
    expect(Math.abs(after.x0 - before.x0)).toBeLessThan(0.1);
    expect(text(out, 1)).toContain('visible tail');
    expect(text(out, 1)).toContain('XXX-XX-XXXX');
    expect(text(out, 2)).toContain('4242');
    expect(text(out, 3)).toContain('777 rotated line');
    expect(text(out, 3)).toContain('R1');
    expect(text(out, 4)).toContain('C1');
    // A full rewrite: the old text is nowhere in the file, even compressed streams decoded.
    if (hasQpdf) {
      const qdf = execFileSync('qpdf', ['--qdf', '--object-streams=disable', out, '-']).toString('latin1');
      expect(qdf).not.toMatch(/FORMSECRET|ROTSECRET|CROPSECRET/);
    }
  });

  it('replaces an image item with the uploaded image and cuts pixels of an image partly under a text box', async () => {
    const blue = await pngOf(40, 40, { r: 10, g: 10, b: 230 });
    const items = [
      { type: 'image', page_number: 1, bbox: { left: 72, top: 200, width: 60, height: 60 }, image_file: 'blue.png' },
      // The left half of the red image (300..460 x 100..180 from the top-left).
      { type: 'text', page_number: 1, bbox: { left: 290, top: 90, width: 90, height: 100 }, replacement_text: '' },
    ];
    const { result, pdf } = await engine.editPdf(input, { edit_request: { items }, image_files: { 'blue.png': blue } });
    expect(result.success).toBe(true);
    const out = write('edited-images.pdf', pdf!);
    const px = (file: string, x: number, y: number) => {
      const ppm = execFileSync('pdftoppm', ['-cropbox', '-r', '72', '-f', '1', '-l', '1', '-x', String(x), '-y', String(y), '-W', '1', '-H', '1', file]);
      return [...ppm.subarray(ppm.length - 3)];
    };
    expect(px(out, 100, 230)[2]).toBeGreaterThan(200); // blue drawn in its box
    expect(px(out, 100, 230)[0]).toBeLessThan(60);
    expect(px(input, 320, 140)[0]).toBeGreaterThan(200); // red before
    expect(px(out, 320, 140)[0] + px(out, 320, 140)[1]).toBeGreaterThan(400); // blanked inside the box
    expect(px(out, 440, 140)).toEqual(px(input, 440, 140)); // untouched outside
  });

  it('keeps the file and re-parses with the source job configuration', async () => {
    const { job_id } = await engine.parse(input, { segment_filter: 'text' });
    await engine.waitForJob(job_id);
    const items = [{ type: 'text', page_number: 1, bbox: wordBox(input, 1, 'Another'), replacement_text: 'Redacted' }];
    const { result } = await engine.editPdf(input, { edit_request: { items }, upload_to_storage: 'true', job_id });
    expect(result.reparsed).toBe(true);
    expect(result.pdf_url).toMatch(/^file:/);
    expect(fs.existsSync(fileURLToPath(result.pdf_url!))).toBe(true);
    const reparsed = await engine.waitForJob(result.new_job_id!);
    expect(reparsed.status).toBe('Succeeded');
    expect(reparsed.configuration.segment_filter).toBe('Text');
    expect(JSON.stringify(reparsed.chunks)).toContain('Redacted');
    expect(JSON.stringify(reparsed.chunks)).not.toContain('Another public');
  });

  it('answers bad input with clear errors and never crashes', async () => {
    const item = (o: object) => ({ edit_request: { items: [{ type: 'text', page_number: 1, bbox: { left: 10, top: 10, width: 50, height: 20 }, replacement_text: 'x', ...o }] } });
    await expect(engine.editPdf(input, item({ bbox: { left: 10, top: 10, width: 0, height: 20 } }))).rejects.toThrow(/width and height must be positive/);
    await expect(engine.editPdf(input, item({ bbox: { left: -5, top: 10, width: 5, height: 20 } }))).rejects.toThrow(ValidationError);
    await expect(engine.editPdf(input, item({ type: 'image', image_file: 'nope.png' }))).rejects.toThrow(/no uploaded image is named "nope.png"/);
    await expect(engine.editPdf(input, { ...item({ type: 'image', image_file: 'a.png' }), image_files: { 'a.png': new TextEncoder().encode('not an image') } })).rejects.toThrow(/not a readable image/);
    const many = { edit_request: { items: Array.from({ length: 10_000 }, () => item({}).edit_request.items[0]) } };
    await expect(engine.editPdf(input, many)).rejects.toThrow(/10000 items; at most/);
    await expect(engine.editPdf(input, { edit_request: '{not json' })).rejects.toThrow(ValidationError);

    const off = await engine.editPdf(input, item({ bbox: { left: 600, top: 10, width: 100, height: 20 } }));
    expect(off.result).toMatchObject({ success: false, items_processed: 0 });
    expect(off.result.message).toMatch(/not inside page 1/);
    const range = await engine.editPdf(input, item({ page_number: 9 }));
    expect(range.result.message).toMatch(/page_number 9 is out of range \(the PDF has 4 pages\)/);

    const corrupt = write('corrupt.pdf', fs.readFileSync(input).subarray(0, 400));
    const c = await engine.editPdf(corrupt, item({}));
    expect(c.result.success).toBe(false);
    expect(c.pdf).toBeUndefined();
    const notPdf = await engine.editPdf(new TextEncoder().encode('hello'), item({}));
    expect(notPdf.result.message).toMatch(/not a PDF/);
    if (hasQpdf) {
      const encrypted = path.join(dir, 'encrypted.pdf');
      execFileSync('qpdf', ['--encrypt', 'u', 'o', '256', '--', input, encrypted]);
      const e = await engine.editPdf(encrypted, item({}));
      expect(e.result.message).toMatch(/encrypted/);
    }
    await expect(engine.editPdf(input, { ...item({}), job_id: 'no-such-job' })).rejects.toThrow(/Job not found/);
  });
});
