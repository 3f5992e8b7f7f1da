/**
 * Does a multi-page scanned PDF use both cores? Builds an 8-page scanned PDF from the
 * corpus's linn scans (pdf-lib), then times `parse` with 1 worker and with 2 workers.
 * Usage: npx tsx bench/ocr-parallel.ts
 */
import fs from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { createEngine } from '../src/index.js';
import { corpusPath, hasCorpus } from './lib/corpus.js';

if (!hasCorpus) throw new Error('corpus not found');
const sources = ['linn.pdf', 'skew.pdf', 'cardinal.pdf', 'ccitt.pdf'].map((f) => corpusPath(`ocr/OCRmyPDF/tests/resources/${f}`));
const out = await PDFDocument.create();
for (const src of sources) {
  const doc = await PDFDocument.load(fs.readFileSync(src));
  for (const p of await out.copyPages(doc, doc.getPageIndices())) {
    if (out.getPageCount() < 8) out.addPage(p);
  }
}
while (out.getPageCount() < 8) {
  const [p] = await out.copyPages(out, [out.getPageCount() % 4]);
  out.addPage(p!);
}
const bytes = await out.save();

async function time(workers: number): Promise<number> {
  const engine = createEngine({ workers });
  // Warm-up: load the OCR engine in every worker before timing.
  await engine.waitForJob((await engine.parse({ data: bytes, fileName: 'warm.pdf' }, { page_range: `1-${workers}` })).job_id);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = await engine.waitForJob((await engine.parse({ data: bytes, fileName: 'scans-8p.pdf' })).job_id);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  console.log(`${workers} worker(s): wall ${(ms / 1000).toFixed(1)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (all threads)`);
  if (r.status !== 'Succeeded' || r.page_count !== 8) throw new Error(`parse failed: ${r.message}`);
  await engine.close();
  return ms;
}

const one = await time(1);
const two = await time(2);
console.log(`8 scanned pages: 1 worker ${(one / 1000).toFixed(1)} s, 2 workers ${(two / 1000).toFixed(1)} s, ratio ${(two / one).toFixed(2)} (target <= 0.65)`);
