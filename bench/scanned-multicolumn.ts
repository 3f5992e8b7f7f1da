/**
 * Reading order and text of scanned multi-column pages (issue 27 item 1, "Done means"):
 * the first listed page of every document of bench/multicolumn-pages.json is rendered to a
 * 300-DPI greyscale PNG (pdftoppm), as a scanner would give it, and read two ways: by
 * Quire's parse of the image (OCR, lines, blocks, reading order) and by the `tesseract` CLI
 * (default page segmentation, which finds columns itself). Both are scored against the
 * PDF's own text in a reader's order (bench/lib/order-reference.ts: pdftotext's blocks,
 * with the list's hand corrections where pdftotext's order is wrong) by character error
 * rate; the target is Quire's CER within the CLI's + 0.01. Segments spanning a gutter are
 * counted as in bench/reading-order.ts, the PDF's gutters scaled to the image.
 * The three texts get the same normalisation (bench/lib/cer-normalise.ts).
 * Renderings and the CLI's readings are cached in bench/.cache/scanned-multicolumn/.
 * Usage: npx tsx bench/scanned-multicolumn.ts [--filter SUBSTR] [--verbose]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { distance } from 'fastest-levenshtein';
import { createEngine } from '../src/index.js';
import { checkColumns, findGutters, popplerLines, type SegmentLike } from './lib/column-lines.js';
import { CORPUS, corpusPath, hasCorpus } from './lib/corpus.js';
import { popplerBlocks, referenceText } from './lib/order-reference.js';
import { normaliseForCer } from './lib/cer-normalise.js';

interface ListedPage {
  file: string;
  page: number;
  columns: number;
  reference_block_order?: number[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const listed: ListedPage[] = JSON.parse(fs.readFileSync(path.join(here, 'multicolumn-pages.json'), 'utf8')).pages;
const args = process.argv.slice(2);
const filter = args.includes('--filter') ? args[args.indexOf('--filter') + 1]! : '';
const verbose = args.includes('--verbose');
if (!hasCorpus) {
  console.log(`corpus not found at ${CORPUS}`);
  process.exit(0);
}
const DPI = 300;
const cacheDir = path.join(here, '.cache', 'scanned-multicolumn');
fs.mkdirSync(cacheDir, { recursive: true });

// The first listed page of each document.
const pages = listed.filter((p, i) => listed.findIndex((q) => q.file === p.file) === i && p.file.includes(filter));

const normalise = normaliseForCer;

const cer = (hyp: string, ref: string) => distance(hyp, ref) / Math.max(1, ref.length);

// The page time limit is not what this bench measures: on a loaded machine OCR of a 300-DPI page ran past the default 60 s.
const engine = createEngine({ workers: 1, taskTimeoutMs: 600_000 });
let over = 0;
let mixedTotal = 0, segTotal = 0;
const rows: Array<{ ours: number; cli: number }> = [];
console.log('quire   cli     diff    mixed/segs  page');
for (const p of pages) {
  const file = corpusPath(p.file);
  const stem = `${path.basename(p.file, '.pdf').slice(0, 24)}-p${p.page}`;
  const png = path.join(cacheDir, `${stem}.png`);
  if (!fs.existsSync(png)) {
    execFileSync('pdftoppm', ['-r', String(DPI), '-gray', '-png', '-singlefile', '-f', String(p.page), '-l', String(p.page), file, png.replace(/\.png$/, '')]);
  }
  const cliFile = path.join(cacheDir, `${stem}.tesseract.txt`);
  if (!fs.existsSync(cliFile)) fs.writeFileSync(cliFile, execFileSync('tesseract', [png, '-', '-l', 'eng'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  const cliText = normalise(fs.readFileSync(cliFile, 'utf8'));
  const ref = normalise(referenceText(popplerBlocks(file, p.page), { blockOrder: p.reference_block_order }));

  const res = await engine.waitForJob((await engine.parse(png, {})).job_id);
  if (res.status !== 'Succeeded') {
    console.log(`ERROR ${res.message} ${stem}`);
    continue;
  }
  const segs = (res.chunks ?? []).flatMap((c) => c.segments as unknown as Array<SegmentLike & { page_width: number }>);
  const ours = normalise(segs.map((s) => s.content).join('\n'));
  const pdfWidth = Number(/Page size:\s+([\d.]+)/.exec(execFileSync('pdfinfo', ['-f', String(p.page), '-l', String(p.page), file], { encoding: 'utf8' }))?.[1] ?? 612);
  const scale = (segs[0]?.page_width ?? pdfWidth) / pdfWidth;
  const check = checkColumns(segs, findGutters(popplerLines(file, p.page), p.columns), scale);
  const a = cer(ours, ref), b = cer(cliText, ref);
  rows.push({ ours: a, cli: b });
  if (a > b + 0.01) over++;
  mixedTotal += check.mixed;
  segTotal += check.segments;
  console.log(`${a.toFixed(3)}   ${b.toFixed(3)}   ${(a - b >= 0 ? '+' : '') + (a - b).toFixed(3)}   ${String(check.mixed).padStart(3)}/${String(check.segments).padEnd(4)}  ${stem}`);
  if (verbose) for (const e of check.examples) console.log(`        mixed: ${e}`);
  if (process.env.DUMP) fs.writeFileSync(path.join(cacheDir, `${stem}.dump.json`), JSON.stringify({ ours, cli: cliText, ref }));
}
await engine.close();
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
console.log(`\nCER against the PDF's own text: Quire mean ${mean(rows.map((r) => r.ours)).toFixed(4)}, tesseract CLI mean ${mean(rows.map((r) => r.cli)).toFixed(4)}; pages where Quire > CLI + 0.01: ${over}/${rows.length}`);
console.log(`segments spanning a gutter: ${mixedTotal}/${segTotal}`);
