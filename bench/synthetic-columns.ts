/**
 * Reading order against an exact truth on generated multi-column documents (issue 27 item 1;
 * bench/lib/synthetic-columns.ts): seeded HTML with CSS columns printed by headless Chromium.
 * Per document: the normalised word-order edit distance of parse's segments (tables left out,
 * as the truth leaves them out) and of `pdftotext` (no `-layout`) against the HTML's own order,
 * and the segments holding lines of two columns (gutters known from the CSS geometry).
 * Table cells' words ("item", numbers) are dropped from all three sides, since pdftotext keeps
 * them inline. PDFs are cached in bench/.cache/synthetic-columns/. Not run by `npm test`.
 *   npx tsx bench/synthetic-columns.ts [--seeds N] [--from S] [--verbose]
 *   npx tsx bench/synthetic-columns.ts --fixtures 6,13,22,34   (test fixtures with their truth)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createEngine } from '../src/index.js';
import { checkColumns, type SegmentLike } from './lib/column-lines.js';
import { orderWords, printPdf, sampleSentences, syntheticDoc } from './lib/synthetic-columns.js';
import { wordEditDistance } from './lib/text-metrics.js';
import { alignHunks } from './lib/order-diff.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt);
const seeds = opt('--seeds', 40);
const from = opt('--from', 1);
const verbose = args.includes('--verbose');
const dir = path.resolve('bench/.cache/synthetic-columns');
fs.mkdirSync(dir, { recursive: true });

const sentences = sampleSentences(path.resolve('test/fixtures/pdf/us_constitution.pdf'));
const norm = (a: string[], b: string[]) => wordEditDistance(a, b) / Math.max(1, a.length, b.length);
const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};

if (args.includes('--fixtures')) {
  // Copies the listed seeds' PDFs into test/fixtures/pdf/printed-columns/ with their truth
  // (test/parse/printed-columns.test.ts reads them; no browser needed to run the test).
  const out = path.resolve('test/fixtures/pdf/printed-columns');
  fs.mkdirSync(out, { recursive: true });
  const truth: Record<string, { columns: number; gutters: number[]; truth: string }> = {};
  for (const seed of args[args.indexOf('--fixtures') + 1]!.split(',').map(Number)) {
    const doc = syntheticDoc(seed, sentences);
    fs.copyFileSync(printPdf(doc, dir), path.join(out, `${doc.name}.pdf`));
    truth[doc.name] = { columns: doc.columns, gutters: doc.gutters.map((g) => Math.round(g * 10) / 10), truth: doc.truth };
  }
  fs.writeFileSync(path.join(out, 'truth.json'), JSON.stringify(truth, null, 1) + '\n');
  console.log(`wrote ${Object.keys(truth).length} fixtures to ${out}`);
  process.exit(0);
}

const engine = createEngine({ workers: 1 });
const ours: number[] = [], theirs: number[] = [];
let mixed = 0, segsTotal = 0, parseMs = 0, pages = 0;
console.log('quire  pdftotext  mixed/segs  cols  pages  doc');
for (let seed = from; seed < from + seeds; seed++) {
  const doc = syntheticDoc(seed, sentences);
  const pdf = printPdf(doc, dir);
  const t0 = performance.now();
  const res = await engine.waitForJob((await engine.parse(pdf, {})).job_id);
  parseMs += performance.now() - t0;
  if (res.status !== 'Succeeded') {
    console.log(`ERROR ${res.message} ${doc.name}`);
    continue;
  }
  const segs = (res.chunks ?? []).flatMap((c) => c.segments as unknown as SegmentLike[]);
  const truth = orderWords(doc.truth);
  const q = orderWords(segs.filter((s) => s.segment_type !== 'Table').map((s) => s.content).join('\n'));
  const p = orderWords(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }));
  const check = checkColumns(segs, doc.gutters);
  const n = res.page_count ?? 1;
  pages += n;
  ours.push(norm(q, truth));
  theirs.push(norm(p, truth));
  mixed += check.mixed;
  segsTotal += check.segments;
  console.log(`${norm(q, truth).toFixed(3)}  ${norm(p, truth).toFixed(3)}      ${String(check.mixed).padStart(3)}/${String(check.segments).padEnd(4)}   ${doc.columns}     ${n}     ${doc.name}`);
  if (verbose) {
    for (const e of check.examples) console.log(`        mixed: ${e}`);
    for (const h of alignHunks(q, truth).slice(0, 6)) console.log(`        [${h.kind} ${h.cost}] ours: ${h.ours.join(' ').slice(0, 140)} | truth: ${h.ref.join(' ').slice(0, 140)}`);
  }
}
await engine.close();
const within = (xs: number[], t: number) => xs.filter((d) => d <= t).length;
console.log(`\nword-order distance to the exact order (${ours.length} documents, ${pages} pages):`);
console.log(`  quire parse: median ${median(ours).toFixed(4)}, mean ${(ours.reduce((a, b) => a + b, 0) / ours.length).toFixed(4)}, max ${Math.max(...ours).toFixed(4)}, ≤ 0.02: ${within(ours, 0.02)}, ≤ 0.05: ${within(ours, 0.05)}`);
console.log(`  pdftotext:   median ${median(theirs).toFixed(4)}, mean ${(theirs.reduce((a, b) => a + b, 0) / theirs.length).toFixed(4)}, max ${Math.max(...theirs).toFixed(4)}, ≤ 0.02: ${within(theirs, 0.02)}, ≤ 0.05: ${within(theirs, 0.05)}`);
console.log(`segments holding lines of two columns: ${mixed}/${segsTotal}; parse ${(parseMs / pages).toFixed(0)} ms/page`);
