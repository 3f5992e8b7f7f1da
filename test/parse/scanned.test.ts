/**
 * parse on documents without a usable text layer: images and scanned PDFs go through OCR
 * and the same layout stages; segments carry OCR words, confidences and crops, and their
 * boxes lie on the text.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type ParseJobView } from '../../src/index.js';
import { openPdf } from '../../src/formats/pdf/open-document.js';
import { renderPdfPage } from '../../src/formats/pdf/render-page.js';
import { assertValidOutput, corpusPath, fixture, hasCorpus } from '../helpers.js';

type Seg = { segment_type: string; page_number: number; page_width: number; page_height: number; bbox: { left: number; top: number; width: number; height: number }; content: string; confidence: number | null; ocr: Array<{ text: string; bbox: { left: number; top: number; width: number; height: number }; confidence: number | null }>; image: string | null };

const segments = (r: ParseJobView) => (r.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

function inside(inner: Seg['bbox'], outer: Seg['bbox'], tol: number): boolean {
  return inner.left >= outer.left - tol && inner.top >= outer.top - tol && inner.left + inner.width <= outer.left + outer.width + tol && inner.top + inner.height <= outer.top + outer.height + tol;
}

/** Share of dark pixels in a crop file (the segment image cut from the page raster). */
async function inkShare(imageUrl: string): Promise<number> {
  const { data, info } = await sharp(fileURLToPath(imageUrl)).greyscale().raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (let i = 0; i < data.length; i++) if (data[i]! < 128) dark++;
  return dark / (info.width * info.height);
}

describe('parse of scanned inputs', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 2 });
  });
  afterAll(() => engine.close());
  const run = async (file: string, options: Record<string, unknown> = {}) => {
    const r = await engine.waitForJob((await engine.parse(file, options)).job_id);
    assertValidOutput(r);
    return r;
  };
  const run2 = async (input: { data: Uint8Array; fileName: string }) => {
    const r = await engine.waitForJob((await engine.parse(input)).job_id);
    assertValidOutput(r);
    return r;
  };

  it('reads an image into OCR segments with words, confidences and crops', async () => {
    const r = await run(fixture('ocr', 'phototest.tif'));
    expect(r.status).toBe('Succeeded');
    expect(r.pdf_url).toBeNull();
    const segs = segments(r);
    const text = norm(segs.map((s) => s.content).join(' '));
    const gold = norm(fs.readFileSync(fixture('ocr', 'phototest.gold.txt'), 'utf8'));
    expect(text).toBe(gold);
    for (const s of segs) {
      expect(s.page_width).toBe(640);
      expect(s.confidence).toBeGreaterThan(0.5);
      expect(s.ocr.length).toBeGreaterThan(0);
      for (const w of s.ocr) expect(inside(w.bbox, s.bbox, 1), `${w.text} in ${s.content.slice(0, 20)}`).toBe(true);
      expect(s.image).toMatch(/^file:.*\.png$/);
      expect(await inkShare(s.image!)).toBeGreaterThan(0.02);
    }
  });

  it('reads an image turned by its EXIF tag, and a page turned 180 degrees', async () => {
    const exif = await run(fixture('ocr', 'simple-90.jpg'));
    expect(norm(segments(exif).map((s) => s.content).join(' '))).toBe(norm(fs.readFileSync(fixture('ocr', 'simple-90.jpg.gt.txt'), 'utf8')));
    const upside = await run(fixture('ocr', 'phototest-rotated-180.png'));
    const gold = norm(fs.readFileSync(fixture('ocr', 'phototest.gold.txt'), 'utf8'));
    expect(norm(segments(upside).map((s) => s.content).join(' '))).toBe(gold);
  });

  it('rebuilds a ruled table from a scan (ruling lines found on the raster)', async () => {
    const doc = await openPdf(new Uint8Array(fs.readFileSync(fixture('pdf', 'column_span_1.pdf'))));
    const r = await renderPdfPage(await doc.getPage(1), 200);
    const png = await sharp(r.data, { raw: { width: r.width, height: r.height, channels: 4 } }).png().toBuffer();
    await doc.destroy();
    const res = await run2({ data: new Uint8Array(png), fileName: 'scanned-table.png' });
    const tables = segments(res).filter((s) => s.segment_type === 'Table') as unknown as Array<{ html: string; content: string }>;
    expect(tables.length).toBe(1);
    expect(tables[0]!.html).toMatch(/colspan="2"/);
    expect(tables[0]!.content).toMatch(/Accidental Deaths/);
  });

  it('base64Images returns the crops as data URIs', async () => {
    const c = await engine.parse(fixture('ocr', 'phototest.tif'));
    await engine.waitForJob(c.job_id);
    const r = await engine.getParseJob(c.job_id, { base64Images: true });
    for (const s of segments(r)) expect(s.image).toMatch(/^data:image\/png;base64,/);
  });

  it('force_ocr replaces a good text layer with OCR text', async () => {
    const r = await run(fixture('pdf', 'multi_page.pdf'), { ocr_mode: 'full_ocr', page_range: '1' });
    const segs = segments(r);
    expect(segs.length).toBeGreaterThan(0);
    expect(segs.every((s) => s.ocr.every((w) => w.confidence !== null))).toBe(true);
  });

  it('full profile keeps crops and slim makes none', async () => {
    const r = await run(fixture('ocr', 'phototest.tif'), { response_profile: 'full', output_fields: { image: false } });
    expect(segments(r).every((s) => s.image !== null)).toBe(true);
    const slim = await run(fixture('ocr', 'phototest.tif'), { response_profile: 'slim' });
    expect(segments(slim).every((s) => !('image' in s))).toBe(true);
  });
});

describe.skipIf(!hasCorpus)('scanned PDFs of the corpus', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 2 });
  });
  afterAll(() => engine.close());

  const linn = () => norm(fs.readFileSync(corpusPath('ocr/OCRmyPDF/tests/resources/linn.txt'), 'utf8'));
  const words = (s: string) => s.split(' ').filter((w) => w.length > 3);

  it('reads the linn scans (straight, skewed, rotated) into segments whose boxes lie on the text', { timeout: 600_000 }, async () => {
    const gold = new Set(words(linn()));
    for (const f of ['linn.pdf', 'skew.pdf', 'rotated_skew.pdf', 'cardinal.pdf', 'ccitt.pdf']) {
      const r = await engine.waitForJob((await engine.parse(corpusPath(`ocr/OCRmyPDF/tests/resources/${f}`))).job_id);
      assertValidOutput(r);
      expect(r.status, f).toBe('Succeeded');
      for (const page of new Set(segments(r).map((s) => s.page_number))) {
        const segs = segments(r).filter((s) => s.page_number === page);
        const found = words(norm(segs.map((s) => s.content).join(' ')));
        const hit = found.filter((w) => gold.has(w)).length / Math.max(1, found.length);
        expect(hit, `${f} p${page}`).toBeGreaterThan(0.9);
        const text = segs.filter((s) => s.segment_type !== 'Picture' && s.content.length > 10);
        expect(text.length, `${f} p${page}`).toBeGreaterThan(3);
        for (const s of text) {
          expect(s.ocr.every((w) => inside(w.bbox, s.bbox, 1)), `${f} p${page} words inside`).toBe(true);
          expect(await inkShare(s.image!), `${f} p${page} ink under ${s.content.slice(0, 30)}`).toBeGreaterThan(0.03);
        }
      }
    }
  });

  it('reads an illustrated page upright: the picture does not decide the lines direction', { timeout: 120_000 }, async () => {
    // OCRmyPDF's c02-22.pdf (a Huckleberry Finn page with an engraving): on all its ink the
    // lines look vertical (89.5°), so it used to be read sideways, as word salad.
    const r = await engine.waitForJob((await engine.parse(corpusPath('ocr/OCRmyPDF/tests/resources/c02-22.pdf'))).job_id);
    expect(r.status).toBe('Succeeded');
    const text = norm(segments(r).map((s) => s.content).join(' '));
    expect(text).toContain('tip toeing along a path amongst the trees back towards the end');
    expect(text).toContain('miss watson');
  });

  it('reads a cover from a first look at 150 DPI (its image has 201 ppi)', { timeout: 120_000 }, async () => {
    const r = await engine.waitForJob((await engine.parse(corpusPath('long/pdf.js/test/pdfs/freeculture.pdf'), { page_range: '1' })).job_id);
    expect(r.status).toBe('Succeeded');
    const segs = segments(r);
    const text = norm(segs.map((s) => s.content).join(' '));
    for (const phrase of ['free culture', 'how big media uses technology and the law to', 'lock down culture and control creativity', 'lawrence lessig']) expect(text).toContain(phrase);
    // Segment images come from the raster OCR read: 150 DPI crops (boxes padded by 2 pt a side).
    const title = segs.find((s) => s.content.includes('LESSIG'))!;
    const { width } = await sharp(fileURLToPath(title.image!)).metadata();
    expect(Math.abs(width! - ((title.bbox.width + 4) * 150) / 72)).toBeLessThan(4);
  });

  it('reads the docling scanned cases (upright and turned) like their tesseract ground truth', { timeout: 600_000 }, async () => {
    const dir = corpusPath('layout/docling/tests/data/ocr');
    const pdfs = fs.readdirSync(`${dir}/sources`).filter((f) => f.endsWith('.pdf'));
    expect(pdfs.length).toBeGreaterThan(2);
    for (const f of pdfs) {
      const r = await engine.waitForJob((await engine.parse(`${dir}/sources/${f}`)).job_id);
      expect(r.status, f).toBe('Succeeded');
      const segs = segments(r).filter((s) => s.content.length > 20);
      expect(segs.length, f).toBeGreaterThan(0);
      for (const s of segs) expect(s.ocr.every((w) => inside(w.bbox, s.bbox, 1)), f).toBe(true);
      const gt = `${dir}/groundtruth/tesseract/full_page/${f.replace(/\.pdf$/, '')}.tesseract.full_page.md`;
      if (!fs.existsSync(gt)) continue;
      const expected = words(norm(fs.readFileSync(gt, 'utf8')));
      const got = new Set(words(norm(segments(r).map((s) => s.content).join(' '))));
      const recall = expected.filter((w) => got.has(w)).length / Math.max(1, expected.length);
      expect(recall, f).toBeGreaterThan(0.85);
    }
  });
});
