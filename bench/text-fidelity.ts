/**
 * Text fidelity on the corpus's born-digital PDFs: Quire's segment text against
 * pdftotext. `--letters-as-words`: pdftotext's letter-spaced stretches ("a b s t r a c t")
 * are compared as the parse's words where the letters are identical (bench/lib/fidelity.ts).
 * Usage: npx tsx bench/text-fidelity.ts [--max-pages N] [--filter SUBSTR] [--letters-as-words]
 */
import { execFileSync } from 'node:child_process';
import { createEngine } from '../src/index.js';
import { CORPUS, corpusPath } from './lib/corpus.js';
import { scoreFidelity, type FidelityResult } from './lib/fidelity.js';
import { f1 } from './lib/text-metrics.js';
import { bornDigitalPdfs, isSingleColumn } from './lib/born-digital.js';

const args = process.argv.slice(2);
const maxPages = args.includes('--max-pages') ? Number(args[args.indexOf('--max-pages') + 1]) : 700;
const filter = args.includes('--filter') ? args[args.indexOf('--filter') + 1]! : '';

function bornDigital(): string[] {
  return bornDigitalPdfs(maxPages, filter).filter((p) => !args.includes('--single') || isSingleColumn(p));
}

execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
const files = bornDigital();
console.log(`corpus ${CORPUS}: ${files.length} born-digital PDFs`);
const engine = createEngine();
const rows: FidelityResult[] = [];
for (const rel of files) {
  const r = await scoreFidelity(engine, corpusPath(rel), args.includes('--letters-as-words'));
  rows.push({ ...r, file: rel });
  console.log(`${r.f1.toFixed(3)}  order ${r.orderDistance.toFixed(3)}  ${String(r.pages).padStart(4)}p  ${rel}${r.error ? `  ERROR ${r.error}` : ''}`);
}
await engine.close();
const sum = (xs: typeof rows) => xs.reduce((a, r) => ({ tp: a.tp + r.bag.tp, predicted: a.predicted + r.bag.predicted, reference: a.reference + r.bag.reference }), { tp: 0, predicted: 0, reference: 0 });
const macro = rows.reduce((s, r) => s + r.f1, 0) / rows.length;
console.log(`\nbag-of-words F1: micro ${f1(sum(rows)).toFixed(4)}  macro ${macro.toFixed(4)}  over ${rows.length} documents`);
const single = rows.filter((r) => isSingleColumn(r.file));
const order = single.reduce((s, r) => s + r.orderDistance, 0) / Math.max(1, single.length);
console.log(`word-order distance, single-column documents (${single.length}): mean ${order.toFixed(4)}, max ${Math.max(...single.map((r) => r.orderDistance)).toFixed(4)}`);
const worst = rows.slice().sort((a, b) => a.f1 - b.f1).slice(0, 8);
console.log('lowest F1:', worst.map((r) => `${r.file} ${r.f1.toFixed(3)}`).join('\n  '));
