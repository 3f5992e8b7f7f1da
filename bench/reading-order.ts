/**
 * Reading order on multi-column pages (issue 27 item 1), on the fixed page list
 * bench/multicolumn-pages.json. Per page: (a) text segments holding lines of two columns
 * (`mixed`) and the column switches inside segments beyond the first (`alt`), columns
 * taken from the page's gutters as poppler's lines show them (bench/lib/column-lines.ts);
 * (b) the normalised word-order edit distance of the page's concatenated segment text
 * against `pdftotext` (no `-layout`): `raw` as pdftotext prints it (its letter-spaced words,
 * "h i g h l i g h t s", read as the parse's words where the letters are the same:
 * text-metrics `alignLetterSpaced`; the summary gives the median without that too), and `like` compared like
 * with like (bench/lib/order-reference.ts: line-end hyphenation joined, table cells and figure labels
 * left out on both sides, and pdftotext's block order corrected by hand on the pages where the
 * list says it is wrong, with the reason). Prints per page, then medians and totals.
 * `--diff` prints, per page, the hunks of the raw comparison's alignment (bench/lib/order-diff.ts:
 * each hunk's edit cost and mechanical kind: form / moved / other) and the share of the raw
 * distance each kind carries over all pages.
 * Usage: npx tsx bench/reading-order.ts [--filter SUBSTR] [--verbose] [--blocks] [--diff]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '../src/index.js';
import { checkColumns, findGutters, popplerLines, type SegmentLike } from './lib/column-lines.js';
import { CORPUS, corpusPath, hasCorpus } from './lib/corpus.js';
import { pdftotextPages } from './lib/fidelity.js';
import { alignLetterSpaced, wordEditDistance, words } from './lib/text-metrics.js';
import { popplerBlocks, referenceWords } from './lib/order-reference.js';
import { alignHunks } from './lib/order-diff.js';

interface ListedPage {
  file: string;
  page: number;
  columns: number;
  /** pdftotext's block indices in a reader's order, where its own order is wrong (see reference_note). */
  reference_block_order?: number[];
  reference_note?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const MULTICOLUMN_PAGES: ListedPage[] = JSON.parse(fs.readFileSync(path.join(here, 'multicolumn-pages.json'), 'utf8')).pages;

const args = process.argv.slice(2);
const filter = args.includes('--filter') ? args[args.indexOf('--filter') + 1]! : '';
const verbose = args.includes('--verbose');
const showBlocks = args.includes('--blocks');
const showDiff = args.includes('--diff');
const kindCost = new Map<string, number>();
let rawCostTotal = 0;
if (!hasCorpus) {
  console.log(`corpus not found at ${CORPUS}`);
  process.exit(0);
}

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};

/** Objects whose inner word order is not the page's reading order (cells, figure labels): left out of `like` on both sides. */
const OBJECTS = new Set(['Table', 'Picture']);
const engine = createEngine({ workers: 1 });
const dists: number[] = [];
const rawDists: number[] = [];
/** The raw distance with pdftotext's letter-spaced words left as it prints them (single letters). */
const printedDists: number[] = [];
let mixedTotal = 0, segTotal = 0, altTotal = 0;
console.log('like   raw     mixed/segs  alt  gutters   page');
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
  const rawOurs = words(segs.map((s) => s.content).join('\n'));
  const rawRef = alignLetterSpaced(words(pdftotextPages(file)[p.page - 1] ?? ''), rawOurs);
  const raw = wordEditDistance(rawOurs, rawRef) / Math.max(1, rawOurs.length, rawRef.length);
  rawDists.push(raw);
  const printed = words(pdftotextPages(file)[p.page - 1] ?? '');
  printedDists.push(wordEditDistance(rawOurs, printed) / Math.max(1, rawOurs.length, printed.length));
  const tables = segs.filter((s) => OBJECTS.has(s.segment_type));
  const blocks = popplerBlocks(file, p.page);
  const ours = words(segs.filter((s) => !OBJECTS.has(s.segment_type)).map((s) => s.content).join('\n'));
  const ref = alignLetterSpaced(referenceWords(blocks, { exclude: tables.map((s) => (s as unknown as { bbox: { left: number; top: number; width: number; height: number } }).bbox), blockOrder: p.reference_block_order }), ours);
  const dist = wordEditDistance(ours, ref) / Math.max(1, ours.length, ref.length);
  dists.push(dist);
  mixedTotal += check.mixed;
  segTotal += check.segments;
  altTotal += check.alternations;
  console.log(`${dist.toFixed(3)}  ${raw.toFixed(3)}   ${String(check.mixed).padStart(3)}/${String(check.segments).padEnd(4)}  ${String(check.alternations).padStart(3)}  ${gutters.join(',').padEnd(8)}  ${p.file.split('/').pop()!.slice(0, 40)} p${p.page}`);
  if (verbose) {
    for (const e of check.examples) console.log(`        mixed: ${e}`);
    if (p.reference_note) console.log(`        reference corrected: ${p.reference_note}`);
    for (const d of firstDifferences(ours, ref)) console.log(`        ${d}`);
  }
  if (showDiff) {
    for (const h of alignHunks(rawOurs, rawRef)) {
      kindCost.set(h.kind, (kindCost.get(h.kind) ?? 0) + h.cost);
      rawCostTotal += h.cost;
      const ctx = rawOurs.slice(Math.max(0, h.at - 4), h.at).join(' ');
      console.log(`        [${h.kind} ${h.cost}] @${h.at}/${h.atRef} …${ctx} | ours: ${h.ours.join(' ').slice(0, 160)} | ref: ${h.ref.join(' ').slice(0, 160)}`);
    }
  }
  if (showBlocks) for (const b of blocks) console.log(`        block ${b.index} x${Math.round(b.box.left)} y${Math.round(b.box.top)} w${Math.round(b.box.width)}: ${b.lines.flat().map((w) => w.text).join(' ').slice(0, 70)}`);
}
await engine.close();
console.log(`\nraw word-order distance vs pdftotext: median ${median(rawDists).toFixed(4)}, max ${Math.max(...rawDists).toFixed(4)}, pages ≤ 0.05: ${rawDists.filter((d) => d <= 0.05).length}/${rawDists.length}`);
console.log(`  the same with pdftotext's letter-spaced words as it prints them (single letters): median ${median(printedDists).toFixed(4)}, pages ≤ 0.05: ${printedDists.filter((d) => d <= 0.05).length}/${printedDists.length}`);
console.log(`like-for-like word-order distance: median ${median(dists).toFixed(4)}, max ${Math.max(...dists).toFixed(4)}, pages ≤ 0.05: ${dists.filter((d) => d <= 0.05).length}/${dists.length}`);
if (showDiff) console.log(`raw distance by hunk kind (edit operations, share): ${[...kindCost].map(([k, c]) => `${k} ${c} (${((100 * c) / Math.max(1, rawCostTotal)).toFixed(0)} %)`).join(', ')}`);
console.log(`segments holding lines of two columns: ${mixedTotal}/${segTotal}; extra column switches inside segments: ${altTotal}`);

/** Where the two word sequences part: up to 4 stretches of ours vs the reference (a crude diff for reading). */
function firstDifferences(a: string[], b: string[]): string[] {
  const out: string[] = [];
  let i = 0, j = 0;
  while (i < a.length && j < b.length && out.length < Number(process.env.DIFFS ?? 4)) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    // Resynchronise on the next 3-word run of a found in b.
    let found = false;
    for (let di = 0; di < 200 && !found; di++) {
      const key = a.slice(i + di, i + di + 3).join(' ');
      for (let dj = 0; dj < 400; dj++) {
        if (b.slice(j + dj, j + dj + 3).join(' ') === key) {
          out.push(`ours: …${a.slice(i, i + Math.min(di, 12)).join(' ')}…  |  ref: …${b.slice(j, j + Math.min(dj, 12)).join(' ')}…`);
          i += di;
          j += dj;
          found = true;
          break;
        }
      }
    }
    if (!found) break;
  }
  return out;
}
