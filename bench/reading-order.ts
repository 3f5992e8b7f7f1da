/**
 * Reading order on multi-column pages (issue 27 item 1), on the fixed page list
 * bench/multicolumn-pages.json. Per page: (a) text segments holding lines of two columns
 * (`mixed`) and the column switches inside segments beyond the first (`alt`), columns
 * taken from the page's gutters as poppler's lines show them (bench/lib/column-lines.ts);
 * (b) the normalised word-order edit distance of the page's concatenated segment text
 * against `pdftotext` (no `-layout`). Prints per page, then medians and totals.
 * Usage: npx tsx bench/reading-order.ts [--filter SUBSTR] [--verbose]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '../src/index.js';
import { checkColumns, findGutters, popplerLines, type SegmentLike } from './lib/column-lines.js';
import { CORPUS, corpusPath, hasCorpus } from './lib/corpus.js';
import { pdftotextPages } from './lib/fidelity.js';
import { wordEditDistance, words } from './lib/text-metrics.js';

interface ListedPage {
  file: string;
  page: number;
  columns: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const MULTICOLUMN_PAGES: ListedPage[] = JSON.parse(fs.readFileSync(path.join(here, 'multicolumn-pages.json'), 'utf8')).pages;

const args = process.argv.slice(2);
const filter = args.includes('--filter') ? args[args.indexOf('--filter') + 1]! : '';
const verbose = args.includes('--verbose');
if (!hasCorpus) {
  console.log(`corpus not found at ${CORPUS}`);
  process.exit(0);
}

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};

const engine = createEngine({ workers: 1 });
const dists: number[] = [];
let mixedTotal = 0, segTotal = 0, altTotal = 0;
console.log('order   mixed/segs  alt  gutters   page');
for (const p of MULTICOLUMN_PAGES.filter((x) => x.file.includes(filter))) {
  const file = corpusPath(p.file);
  const res = await engine.waitForJob((await engine.parse(file, { page_range: String(p.page) })).job_id);
  if (res.status !== 'Succeeded') {
    console.log(`ERROR ${res.message} ${p.file} p${p.page}`);
    continue;
  }
  const segs = (res.chunks ?? []).flatMap((c) => c.segments as unknown as SegmentLike[]).filter((s) => s.page_number === p.page);
  const gutters = findGutters(popplerLines(file, p.page), p.columns);
  const check = checkColumns(segs, gutters);
  const ref = words(pdftotextPages(file)[p.page - 1] ?? '');
  const ours = words(segs.map((s) => s.content).join('\n'));
  const dist = wordEditDistance(ours, ref) / Math.max(1, ours.length, ref.length);
  dists.push(dist);
  mixedTotal += check.mixed;
  segTotal += check.segments;
  altTotal += check.alternations;
  console.log(`${dist.toFixed(3)}   ${String(check.mixed).padStart(3)}/${String(check.segments).padEnd(4)}  ${String(check.alternations).padStart(3)}  ${gutters.join(',').padEnd(8)}  ${p.file.split('/').pop()!.slice(0, 40)} p${p.page}`);
  if (verbose) for (const e of check.examples) console.log(`        mixed: ${e}`);
}
await engine.close();
console.log(`\nword-order distance vs pdftotext: median ${median(dists).toFixed(4)}, max ${Math.max(...dists).toFixed(4)}, pages ≤ 0.05: ${dists.filter((d) => d <= 0.05).length}/${dists.length}`);
console.log(`segments holding lines of two columns: ${mixedTotal}/${segTotal}; extra column switches inside segments: ${altTotal}`);
