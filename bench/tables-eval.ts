/**
 * Table extraction benchmark: `npx tsx bench/tables-eval.ts [--icdar] [--camelot] [--verbose]`
 * (both sets by default).
 *
 * - ICDAR 2013 (the part of the competition data in the corpus): region detection
 *   (object level at IoU ≥ 0.5, and character level per document, with complete / pure
 *   counts) and cell adjacency relations. Definitions in bench/lib/tables-icdar.ts.
 * - camelot's expected grids: share reproduced exactly after the normalisation in
 *   bench/lib/tables-metrics.ts, by camelot flavour (the flavour only names which of
 *   camelot's methods produced the expectation; Quire runs its one detector).
 * - Speed: median wall time of detectTables per table on the pages holding tables (text
 *   extraction excluded).
 */
import { hasCorpus } from './lib/corpus.js';
import { evaluateCamelot, loadCamelotCases } from './lib/tables-camelot.js';
import { evaluateIcdar, loadIcdar } from './lib/tables-icdar.js';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const only: string[] = args.filter((a) => a === '--icdar' || a === '--camelot');
const run = (name: string) => only.length === 0 || only.includes(`--${name}`);

if (!hasCorpus) {
  console.error('tables-eval: the corpus is not available (set QUIRE_CORPUS)');
  process.exit(1);
}

const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
const f3 = (v: number) => v.toFixed(3);
const quantile = (v: number[], q: number) => {
  const s = v.slice().sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};
const timings: number[] = [];

/**
 * How well table confidence separates exact tables from corrupted ones: the two
 * distributions (quartiles) and the probability that an exact table scores above a
 * corrupted one (AUC; 0.5 = no separation).
 */
function printSeparation(label: string, rows: Array<{ good: boolean; bad: boolean; confidence: number }>): void {
  const good = rows.filter((r) => r.good).map((r) => r.confidence);
  const bad = rows.filter((r) => r.bad).map((r) => r.confidence);
  const q = (v: number[]) => `min ${f3(quantile(v, 0))} q1 ${f3(quantile(v, 0.25))} med ${f3(quantile(v, 0.5))} q3 ${f3(quantile(v, 0.75))}`;
  let wins = 0;
  for (const g of good) for (const b of bad) wins += g > b ? 1 : g === b ? 0.5 : 0;
  const auc = good.length && bad.length ? wins / (good.length * bad.length) : NaN;
  console.log(`  ${label} confidence: exact (${good.length}) ${q(good)} | corrupted (${bad.length}) ${q(bad)} | AUC ${f3(auc)}`);
}

if (run('icdar')) {
  const docs = loadIcdar();
  const r = await evaluateIcdar(docs, (name, pages) => {
    if (!verbose) return;
    for (const p of pages) {
      for (const t of p.tables) {
        console.log(`${name} p${p.page} ${t.method} ${t.rowCount}x${t.colCount} bbox=${[t.bbox.left, t.bbox.top, t.bbox.width, t.bbox.height].map((v) => v.toFixed(0)).join(',')}`);
      }
    }
  });
  timings.push(...r.msPerTable);
  console.log(`ICDAR 2013: ${r.documents} documents, ${r.gtTables} tables, ${r.detectedTables} detected`);
  console.log(`  regions, IoU >= 0.5:      P ${f3(r.regionIou.precision)}  R ${f3(r.regionIou.recall)}  F1 ${f3(r.regionIou.f1)}`);
  console.log(`  regions, characters:      P ${f3(r.regionChars.precision)}  R ${f3(r.regionChars.recall)}  F1 ${f3(r.regionChars.f1)}  (complete ${r.complete}/${r.gtTables}, pure ${r.pure}/${r.detectedTables})`);
  console.log(`  adjacency relations:      P ${f3(r.structure.precision)}  R ${f3(r.structure.recall)}  F1 ${f3(r.structure.f1)}  (${r.relations.correct} correct, ${r.relations.detected} detected, ${r.relations.truth} true)`);
  const cells = r.perTable.reduce((n, t) => n + t.cells, 0);
  const mixed = r.perTable.reduce((n, t) => n + t.mixed, 0);
  console.log(`  mixed cells (words of 2+ true cells): ${mixed}/${cells} (${pct(mixed / Math.max(1, cells))})`);
  const sp = r.spans;
  console.log(`  column spans: ${sp.right}/${sp.truth} true spanning cells exact; false spans ${sp.falseSpans}/${sp.detected} detected spanning cells`);
  if (verbose) for (const m of sp.misses) console.log(`    span miss ${m}`);
  printSeparation('ICDAR tables', r.perTable.map((t) => ({ good: t.f1 >= 0.999, bad: t.f1 < 0.9, confidence: t.confidence })));
  if (verbose) {
    for (const t of r.perTable) console.log(`  ${t.name.padEnd(8)} F1 ${f3(t.f1)} conf ${f3(t.confidence)} mixed ${t.mixed}/${t.cells}`);
    for (const d of r.perDoc) {
      console.log(`  ${d.name.padEnd(8)} gt ${d.gt} det ${d.detected} iou-matched ${d.matched}  chars P ${f3(d.charP)} R ${f3(d.charR)}  rel P ${f3(d.relP)} R ${f3(d.relR)}`);
    }
  }
}

if (run('camelot')) {
  const cases = loadCamelotCases();
  const outcomes = await evaluateCamelot(cases);
  const byFlavor = new Map<string, { pass: number; total: number; correct: number; expected: number; got: number; shape: number }>();
  for (const o of outcomes) {
    const s = byFlavor.get(o.flavor) ?? { pass: 0, total: 0, correct: 0, expected: 0, got: 0, shape: 0 };
    s.total++;
    if (o.pass) s.pass++;
    if (o.shapeMatch) s.shape++;
    s.correct += o.cells.correct;
    s.expected += o.cells.expected;
    s.got += o.cells.got;
    byFlavor.set(o.flavor, s);
  }
  const pass = outcomes.filter((o) => o.pass).length;
  console.log(`camelot expected grids: ${pass}/${outcomes.length} exact (${pct(pass / outcomes.length)})`);
  for (const [flavor, s] of byFlavor) {
    console.log(
      `  ${flavor.padEnd(8)} ${s.pass}/${s.total} exact, shape ${s.shape}/${s.total}, cells P ${f3(s.got ? s.correct / s.got : 0)} R ${f3(s.expected ? s.correct / s.expected : 0)}`,
    );
  }
  // A table found but not exact is a corrupted one; no table found says nothing about confidence.
  printSeparation('camelot tables', outcomes.filter((o) => o.confidence !== null).map((o) => ({ good: o.pass, bad: !o.pass, confidence: o.confidence! })));
  if (verbose) for (const o of outcomes) console.log(`  ${o.pass ? 'PASS' : 'fail'} conf ${o.confidence === null ? '-' : f3(o.confidence)} ${o.flavor.padEnd(8)} ${o.test} → ${o.expected} (cells ${o.cells.correct}/${o.cells.expected}, got ${o.cells.got}, candidates ${o.candidates})`);
}

if (timings.length) {
  console.log(`speed: detectTables median ${quantile(timings, 0.5).toFixed(2)} ms per table, p90 ${quantile(timings, 0.9).toFixed(2)} ms (${timings.length} pages with tables)`);
}
