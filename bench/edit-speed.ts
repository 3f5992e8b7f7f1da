/**
 * Edit speed: `npx tsx bench/edit-speed.ts`. 10 text boxes (around words pdftotext finds) on
 * 10 different pages of a 100+-page PDF: a generated 100-page PDF (pdf-lib) and the corpus's
 * freeculture.pdf. Times the whole library path through the engine (worker task: surgery,
 * re-read leak check, page guard), first call (PDFium WASM loads in the worker) and warm calls.
 *
 * `--fresh [N]`: N (default 5) fresh Node processes, each importing the built engine
 * (dist/, run `npm run build` first), creating it and making one 1-box edit at once: prints
 * the wall time from process start to the edit's answer, and the process's CPU time (all
 * threads: main + worker). This is the "first edit in a fresh engine" figure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
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

function freshRuns(n: number): void {
  const dist = path.resolve('dist/index.js');
  if (!fs.existsSync(dist)) throw new Error('--fresh measures the built engine: run `npm run build` first');
  const pdf = path.join(os.tmpdir(), 'quire-edit-fresh.pdf');
  const script = `
    const { createEngine } = await import(${JSON.stringify(pathToFileURL(dist).href)});
    const engine = createEngine({ workers: 1 });
    const { result } = await engine.editPdf(${JSON.stringify(pdf)}, { edit_request: { items: [{ type: 'text', page_number: 1, bbox: { left: 60, top: 40, width: 80, height: 16 }, replacement_text: 'X' }] } });
    const c = process.cpuUsage();
    console.log(JSON.stringify({ ok: result.success, wall_s: (performance.now() / 1000), cpu_s: (c.user + c.system) / 1e6 }));
    await engine.close();`;
  const rows: { wall_s: number; cpu_s: number }[] = [];
  for (let i = 0; i < n; i++) {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    const row = JSON.parse(out.trim().split('\n').pop()!);
    if (!row.ok) throw new Error('the fresh edit failed');
    rows.push(row);
    console.log(`fresh engine ${i + 1}: first edit answered ${row.wall_s.toFixed(2)} s after process start, CPU ${row.cpu_s.toFixed(2)} s`);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`median: wall ${med(rows.map((r) => r.wall_s)).toFixed(2)} s, CPU ${med(rows.map((r) => r.cpu_s)).toFixed(2)} s`);
}

if (process.argv.includes('--fresh')) {
  const n = Number(process.argv[process.argv.indexOf('--fresh') + 1]) || 5;
  const first = await generated();
  fs.copyFileSync(first, path.join(os.tmpdir(), 'quire-edit-fresh.pdf'));
  freshRuns(n);
  process.exit(0);
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
