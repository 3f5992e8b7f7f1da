/**
 * Golden outputs: complete job results of a small set of inputs (a born-digital two-column
 * PDF, an image that needs OCR, a PDF made of an image, a workbook, a tables job), checked
 * in under test/golden/*.json and compared byte for byte after normalise.ts. Every refactor
 * must leave them identical; a deliberate output change regenerates them with
 * `QUIRE_REGEN_GOLDEN=1 npx vitest run test/golden` and the diff is reviewed in the commit.
 * Two OCR pages in all, so the suite stays quick on a loaded 2-core machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { fixture, here } from '../helpers.js';
import { normaliseResult } from './normalise.js';

const REGEN = process.env.QUIRE_REGEN_GOLDEN === '1';

/** A one-page PDF whose only content is a JPEG (a scan as scanners write it). */
async function pdfOfImage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fixed = new Date(Date.UTC(2020, 0, 1));
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const img = await doc.embedJpg(fs.readFileSync(fixture('ocr', 'simple-90.jpg')));
  const page = doc.addPage([img.width, img.height]);
  page.drawImage(img, { x: 0, y: 0, width: img.width, height: img.height });
  return doc.save({ useObjectStreams: false });
}

describe('golden outputs', () => {
  let engine: Engine;
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-golden-'));
    engine = createEngine({ workers: 2, dataDir });
  });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function check(name: string, result: unknown): void {
    const file = path.join(here, 'golden', `${name}.json`);
    const text = normaliseResult(result, dataDir, path.resolve(here, '..'));
    if (REGEN || !fs.existsSync(file)) {
      fs.writeFileSync(file, text);
      if (!REGEN) throw new Error(`${file} did not exist: written now; review it and commit it`);
      return;
    }
    // Byte for byte; on a difference vitest shows the diff of the two texts.
    expect(text).toBe(fs.readFileSync(file, 'utf8'));
  }

  it('born-digital two-column PDF (us_constitution.pdf)', async () => {
    const created = await engine.parse(fixture('pdf', 'us_constitution.pdf'));
    check('parse-us-constitution', await engine.waitForJob(created.job_id));
  });

  it('an image that needs OCR (phototest.tif)', async () => {
    const created = await engine.parse(fixture('ocr', 'phototest.tif'));
    check('parse-phototest-tif', await engine.waitForJob(created.job_id));
  });

  it('a PDF made of one scanned image', async () => {
    const created = await engine.parse(await pdfOfImage(), { file_name: 'scan.pdf' });
    check('parse-scanned-pdf', await engine.waitForJob(created.job_id));
  });

  it('a workbook (wtf_path.xlsx)', async () => {
    const created = await engine.parseExcel(fixture('xlsx', 'wtf_path.xlsx'));
    check('parse-excel-wtf-path', await engine.waitForJob(created.job_id));
  });

  it('a tables job (column_span_1.pdf)', async () => {
    const created = await engine.tables(fixture('pdf', 'column_span_1.pdf'));
    check('tables-column-span-1', await engine.waitForTablesJob(created.job_id));
  });
});
