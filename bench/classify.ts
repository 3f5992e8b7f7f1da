/**
 * Classification bench: accuracy and confusion matrix on the open rows of
 * classification/labels.csv, with (a) the corpus's doc_type names as categories and (b) names
 * a user might type instead; calibration (band → share correct); pages/s of the classifier
 * on cached documents and end-to-end time of a warm engine on a one-page PDF.
 * Documents are parsed once and cached (bench/lib/classify-corpus.ts).
 *   npx tsx bench/classify.ts [--verbose] [--no-speed]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { corpusDocument, lazyEngine, openLabels } from './lib/classify-corpus.js';
import { classifyDocument } from '../src/pipeline/page-classes/classify-document.js';
import { TEMPERATURE, band } from '../src/pipeline/page-classes/score-pages.js';
import { corpusPath } from './lib/corpus.js';
import type { QuireDocument } from '../src/model/quire-document.js';

const verbose = process.argv.includes('--verbose');
/** What a user might call each doc_type instead (not our lexicon's keys). */
export const USER_NAMES: Record<string, string> = {
  invoice: 'tax invoice',
  receipt: 'sales receipt',
  id_document: 'identity document',
  scientific_paper: 'academic paper',
  resume: 'curriculum vitae',
  shipping_document: 'delivery paperwork',
  business_card: 'visiting card',
  form: 'fillable form',
  other: 'miscellaneous',
  letter: 'memo',
  meeting_document: 'meeting minutes',
  legal: 'legislation',
  report: 'statistical report',
  manual: 'user guide',
  book: 'textbook',
  bank_statement: 'account statement',
  payslip: 'salary slip',
};

const rows = openLabels();
const eng = lazyEngine(1);
const docs: Array<{ row: (typeof rows)[number]; doc: QuireDocument }> = [];
for (const r of rows) docs.push({ row: r, doc: await corpusDocument(eng.get, r.path) });
const types = [...new Set(rows.map((r) => r.docType))];

function run(label: string, nameOf: (t: string) => string) {
  const cats = types.map((t) => ({ name: nameOf(t) }));
  const back = new Map(types.map((t) => [nameOf(t), t]));
  const confusion = new Map<string, Map<string, number>>();
  const bands = new Map<string, { n: number; ok: number }>();
  let ok = 0;
  let pages = 0;
  const t0 = performance.now();
  for (const { row, doc } of docs) {
    const pageCount = Math.max(1, ...doc.pages.map((p) => p.pageNumber));
    pages += pageCount;
    const res = classifyDocument({ doc, pageCount, categories: cats });
    const got = back.get(res.classification)!;
    const hit = got === row.docType;
    if (hit) ok++;
    const m = confusion.get(row.docType) ?? new Map();
    m.set(got, (m.get(got) ?? 0) + 1);
    confusion.set(row.docType, m);
    const b = bands.get(res.band) ?? { n: 0, ok: 0 };
    b.n++;
    if (hit) b.ok++;
    bands.set(res.band, b);
    if (verbose && !hit) console.log(`  MISS ${row.path} (${row.docType}) → ${got} ${res.confidence} ${JSON.stringify(res.pages[0]?.evidence)}`);
  }
  const ms = performance.now() - t0;
  console.log(`\n## ${label}: accuracy ${ok}/${docs.length} = ${(ok / docs.length).toFixed(3)}   (classifier alone: ${pages} pages in ${ms.toFixed(0)} ms = ${((pages / ms) * 1000).toFixed(0)} pages/s)`);
  console.log('confusion (rows: truth, columns: predicted)');
  console.log(['truth \\ pred', ...types.map((t) => t.slice(0, 8))].map((s) => s.padEnd(9)).join(' '));
  for (const t of types) console.log([t.slice(0, 12).padEnd(12), ...types.map((p) => String(confusion.get(t)?.get(p) ?? '.').padStart(8))].join(' '));
  console.log('calibration: band → documents, share correct');
  for (const b of ['high', 'medium', 'low', 'very low']) {
    const x = bands.get(b);
    if (x) console.log(`  ${b.padEnd(9)} ${String(x.n).padStart(3)}  ${(x.ok / x.n).toFixed(2)}`);
  }
}

// Calibration: the softmax temperature that minimises the log loss of the true category
// (document level, doc_type names), over a coarse grid. One global parameter.
{
  const cats = types.map((t) => ({ name: t }));
  const fit: string[] = [];
  for (const temperature of [0.8, 1, 1.3, 1.6, 2, 2.5, 3, 4]) {
    let nll = 0;
    for (const { row, doc } of docs) {
      const pageCount = Math.max(1, ...doc.pages.map((p) => p.pageNumber));
      const res = classifyDocument({ doc, pageCount, categories: cats, temperature });
      nll -= Math.log(Math.max(1e-6, res.scores[row.docType] ?? 0));
    }
    fit.push(`T=${temperature}: ${(nll / docs.length).toFixed(3)}`);
  }
  console.log(`calibration fit (mean negative log-likelihood of the true doc_type; the code uses T=${TEMPERATURE}): ${fit.join(', ')}`);
}

run('doc_type names as categories', (t) => t);
run('user-typed names as categories', (t) => USER_NAMES[t] ?? t);
void band;

if (!process.argv.includes('--no-speed')) {
  // End to end: a warm engine classifying a one-page born-digital PDF (median of 9).
  const e = eng.get();
  const file = corpusPath('invoices/invoice2data/tests/compare/FlipkartInvoice.pdf');
  const cats = JSON.stringify(types.map((t) => ({ name: t })));
  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    const c0 = process.cpuUsage();
    const job = await e.submit<{ job_id: string }>('classify', file, { categories: cats });
    const res = await e.wait<any>(job.job_id);
    if (res.status !== 'completed') throw new Error(JSON.stringify(res));
    const c = process.cpuUsage(c0);
    if (i > 0) {
      times.push(performance.now() - t);
      cpus.push((c.user + c.system) / 1e6);
    }
  }
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  console.log(`\nend to end, warm engine, one-page born-digital PDF (FlipkartInvoice.pdf), 15 categories: median ${(times[4]! / 1000).toFixed(3)} s over 9 runs (min ${(times[0]! / 1000).toFixed(3)}, max ${(times[8]! / 1000).toFixed(3)}); CPU of all threads median ${cpus[4]!.toFixed(3)} s; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
}
await eng.close();
