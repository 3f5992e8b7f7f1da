/**
 * `tables` reads what `parse` reads (issue 27 item 4): a page image and a scanned PDF go
 * through the same OCR and table path as in parse, so both operations find the same
 * table. The inputs are made here: a born-digital table page rasterised by pdftoppm (a
 * PNG, as a scanner makes it) and the same image wrapped into a PDF without a text layer.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { fixture } from '../helpers.js';

const hasPdftoppm = spawnSync('pdftoppm', ['-v']).status === 0;

/** Page 1 of a born-digital PDF as a 200-dpi PNG, as a scanner would make it. */
function pageImage(file: string, dir: string): Buffer {
  execFileSync('pdftoppm', ['-r', '200', '-f', '1', '-l', '1', '-png', '-singlefile', file, path.join(dir, 'page')]);
  return fs.readFileSync(path.join(dir, 'page.png'));
}

/** The same page as an image-only PDF (a scan without a text layer). */
async function scannedPdf(png: Buffer): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const img = await doc.embedPng(png);
  const { width, height } = img.scale(72 / 200);
  doc.addPage([width, height]).drawImage(img, { x: 0, y: 0, width, height });
  return doc.save();
}

describe('tables reads images and scanned PDFs like parse', () => {
  let engine: Engine;
  let dir: string;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-tables-img-'));
  });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // column_spans_1.pdf: one ruled 8-column table of 50 rows (see tables-operation.test.ts).
  const table = fixture('pdf', 'column_span_1.pdf');

  it.skipIf(!hasPdftoppm)('finds the table of a page image (PNG), the one parse finds', async () => {
    const png = pageImage(table, dir);
    const done = await engine.waitForTablesJob((await engine.tables(png, { file_name: 'page.png' })).job_id);
    expect(done.status, done.error).toBe('completed');
    const { tables, summary } = done.results!;
    expect(summary.pages_processed).toBe(1);
    expect(tables).toHaveLength(1);
    const t = tables[0]!;
    expect(t.column_count).toBe(8);
    expect(t.rows.length).toBeGreaterThan(40);
    expect(t.rows.flat()).toContain('1967');
    // Page units of an image are its pixels: the table spans most of the 200-dpi page.
    expect(t.bbox.y2 - t.bbox.y1).toBeGreaterThan(1500);

    const parsed = await engine.waitForJob((await engine.parse(png, { file_name: 'page.png' })).job_id);
    expect(parsed.status).toBe('Succeeded');
    const segs = parsed.chunks!.flatMap((c) => c.segments as Array<{ segment_type: string; html: string }>);
    const parsedTables = segs.filter((s) => s.segment_type === 'Table');
    expect(parsedTables).toHaveLength(1);
    // The same cells: every data cell tables reports is a cell of parse's table.
    const cells = new Set([...parsedTables[0]!.html.matchAll(/<t[dh][^>]*>([^<]*)<\/t[dh]>/g)].map((m) => m[1]!.trim()));
    const ours = t.rows.flat().filter(Boolean);
    expect(ours.filter((c) => cells.has(c)).length / ours.length).toBeGreaterThan(0.95);
  });

  it.skipIf(!hasPdftoppm)('finds the table of a scanned PDF (no text layer)', async () => {
    const bytes = await scannedPdf(pageImage(table, dir));
    const done = await engine.waitForTablesJob((await engine.tables(bytes, { file_name: 'scan.pdf' })).job_id);
    expect(done.status, done.error).toBe('completed');
    const t = done.results!.tables;
    expect(t).toHaveLength(1);
    expect(t[0]!.column_count).toBe(8);
    expect(t[0]!.rows.length).toBeGreaterThan(40);
    expect(t[0]!.rows.flat()).toContain('1967');
  });

  it('still refuses what is neither a PDF nor an image, with a clear error', async () => {
    const done = await engine.waitForTablesJob((await engine.tables(new TextEncoder().encode('just words'), { file_name: 'notes.txt' })).job_id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/PDFs and images/);
  });
});
