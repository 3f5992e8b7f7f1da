/**
 * Edit speed: `npx tsx bench/edit-speed.ts`. 10 text boxes (around words pdftotext finds) on
 * 10 different pages of a 100+-page PDF: a generated 100-page PDF (pdf-lib) and the corpus's
 * freeculture.pdf. Times the whole library path through the engine (worker task: surgery,
 * re-read leak check, page guard), first call (PDFium WASM loads in the worker) and warm calls.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createEngine } from '../src/index.js';
import { chooseTargets, popplerWords } from '../test/edit/redaction-harness.js';
import { corpusPath, hasCorpus } from './lib/corpus.js';

async function generated(): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let p = 0; p < 100; p++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < 45; l++) page.drawText(`Page ${p + 1} line ${l + 1}: the quick brown fox jumps over the lazy dog ${p * 100 + l}`, { x: 60, y: 740 - l * 15, size: 10, font });
  }
  const file = path.join(os.tmpdir(), 'quire-edit-speed-100.pdf');
  fs.writeFileSync(file, await doc.save());
  return file;
}

const files = [await generated()];
if (hasCorpus) files.push(corpusPath('long/pdf.js/test/pdfs/freeculture.pdf'));
const engine = createEngine({ workers: 1 });
try {
  for (const file of files) {
    const { words, pages } = popplerWords(file, 100);
    const pagesWith = [...new Set(words.map((w) => w.page))];
    const step = Math.max(1, Math.floor(pagesWith.length / 10));
    const chosen = pagesWith.filter((_, i) => i % step === 0).slice(0, 10);
    const items = chosen.map((p) => chooseTargets(words.filter((w) => w.page === p), p, 1).find((t) => t.box.page === p)!).filter(Boolean)
      .map((t, i) => ({ type: 'text', page_number: t.box.page, bbox: { left: t.box.left, top: t.box.top, width: t.box.width, height: t.box.height }, replacement_text: `R${i}` }));
    for (let run = 0; run < 4; run++) {
      const t = performance.now();
      const { result } = await engine.editPdf(file, { edit_request: { items } });
      const s = (performance.now() - t) / 1000;
      console.log(`${path.basename(file)} (${pages.length}+ pages, ${items.length} boxes on ${new Set(items.map((i) => i.page_number)).size} pages) run ${run + 1}${run === 0 ? ' (cold)' : ''}: ${s.toFixed(2)} s ${result.success ? 'ok' : result.message}`);
    }
  }
} finally {
  await engine.close();
}
