/**
 * Reading order against a person's reading (issue 27, "Evaluation"): docling-eval's CVAT
 * `reading_order` polylines (human, 16 pages) and, apart, layout/docling's body tree
 * (docling's own output). pdftotext's reading (no `-layout`) is scored the same way in the
 * same run, so the figure says how far each is from the person, not from each other.
 * Per page and system: the least share of words that must move for the annotated regions
 * to be read in the annotated order (`moved`; words outside every ordered region are not
 * scored), and the regions whose words are not read in one stretch (`split`).
 * Quire's words are its segments' `ocr` entries in segment order (what a user reads), an
 * entry holding a line cut into its words;
 * pdftotext's are its -bbox-layout words in its order (bench/lib/order-reference.ts).
 * `--scanned`: each page is rendered to a 300-DPI greyscale PNG (pdftoppm, as a scanner gives
 * it) and parsed as an image (OCR, lines, blocks, reading order); the peer is then the
 * `tesseract` CLI's reading (its TSV words in its own order, default page segmentation).
 * Renderings and the CLI's TSV are cached in bench/.cache/reading-order-human/.
 * Usage: npx tsx bench/reading-order-human.ts [--source human|docling] [--scanned] [--filter SUBSTR] [--verbose]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '../src/index.js';
import { hasCorpus, CORPUS } from './lib/corpus.js';
import { popplerBlocks } from './lib/order-reference.js';
import { doclingOrderPages, humanOrderPages, regionOf, scoreOrder, type OrderPage, type OrderScore, type PlacedWord } from './lib/reading-order-gt.js';

interface OcrWord {
  text: string;
  bbox: PlacedWord;
}

const args = process.argv.slice(2);
const opt = (k: string) => (args.includes(k) ? args[args.indexOf(k) + 1] : undefined);
const verbose = args.includes('--verbose');
const scanned = args.includes('--scanned');
const DPI = 300;
const cacheDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '.cache', 'reading-order-human');
fs.mkdirSync(cacheDir, { recursive: true });
if (!hasCorpus) {
  console.log(`corpus not found at ${CORPUS}`);
  process.exit(0);
}
const source = opt('--source');
const pages: OrderPage[] = [...(source !== 'docling' ? humanOrderPages() : []), ...(source !== 'human' ? doclingOrderPages() : [])].filter((p) => p.name.includes(opt('--filter') ?? ''));

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** The regions in the order a reading first reaches them, with their first words, for reading disagreements. */
function regionTrail(words: ReadonlyArray<{ text: string; box: PlacedWord }>, page: OrderPage): string {
  const firsts = new Map<number, string>();
  for (const w of words) {
    const r = regionOf(w.box, page.regions);
    if (r && !firsts.has(r.rank)) firsts.set(r.rank, `${r.rank}:${r.label}:${w.text.slice(0, 12)}`);
  }
  return [...firsts.values()].join(' ');
}

/**
 * An `ocr` entry of a text-layer page can hold a whole line (the PDF's own text item): it
 * is cut into its words, each given a share of the entry's width by its length, so both
 * readings are weighed in words.
 */
function splitEntry(w: OcrWord): Array<{ text: string; box: PlacedWord }> {
  const parts = w.text.split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return [{ text: w.text, box: w.bbox }];
  const total = parts.reduce((n, t) => n + t.length + 1, -1);
  let x = w.bbox.left;
  return parts.map((t) => {
    const width = (w.bbox.width * t.length) / total;
    const box = { left: x, top: w.bbox.top, width, height: w.bbox.height };
    x += (w.bbox.width * (t.length + 1)) / total;
    return { text: t, box };
  });
}

/** The page as a scanner gives it, and the `tesseract` CLI's words of it in its order (points). */
function scan(page: OrderPage): { png: string; cli: Array<{ text: string; box: PlacedWord }> } {
  const stem = path.join(cacheDir, `${path.basename(page.pdf, '.pdf').slice(0, 24)}-p${page.page}`);
  if (!fs.existsSync(`${stem}.png`)) execFileSync('pdftoppm', ['-r', String(DPI), '-gray', '-png', '-singlefile', '-f', String(page.page), '-l', String(page.page), page.pdf, stem]);
  if (!fs.existsSync(`${stem}.tsv`)) fs.writeFileSync(`${stem}.tsv`, execFileSync('tesseract', [`${stem}.png`, '-', '-l', 'eng', 'tsv'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  const k = 72 / DPI;
  const cli = fs
    .readFileSync(`${stem}.tsv`, 'utf8')
    .split('\n')
    .map((l) => l.split('\t'))
    .filter((c) => c[0] === '5' && (c[11] ?? '').trim())
    .map((c) => ({ text: c[11]!, box: { left: Number(c[6]) * k, top: Number(c[7]) * k, width: Number(c[8]) * k, height: Number(c[9]) * k } }));
  return { png: `${stem}.png`, cli };
}

const engine = createEngine({ workers: 1, taskTimeoutMs: 600_000 });
const rows: Array<{ page: OrderPage; ours: OrderScore; ref: OrderScore }> = [];
const peer = scanned ? 'tesseract CLI' : 'pdftotext';
console.log(`source   quire moved/split   ${peer} moved/split   words q/p   regions  page`);
for (const page of pages) {
  const image = scanned ? scan(page) : undefined;
  const res = await engine.waitForJob((await engine.parse(image?.png ?? page.pdf, image ? {} : { page_range: String(page.page) })).job_id);
  if (res.status !== 'Succeeded') {
    console.log(`ERROR ${res.message} ${page.name}`);
    continue;
  }
  const segs = (res.chunks ?? []).flatMap((c) => c.segments as unknown as Array<{ page_number: number; ocr: OcrWord[] | null }>).filter((s) => s.page_number === (image ? 1 : page.page));
  const k = image ? 72 / DPI : 1;
  const oursWords = segs.flatMap((s) => (s.ocr ?? []).flatMap(splitEntry)).map((w) => ({ text: w.text, box: { left: w.box.left * k, top: w.box.top * k, width: w.box.width * k, height: w.box.height * k } }));
  const refWords = image ? image.cli : popplerBlocks(page.pdf, page.page).flatMap((b) => b.lines.flat());
  const ours = scoreOrder(oursWords.map((w) => w.box), page.regions);
  const ref = scoreOrder(refWords.map((w) => w.box), page.regions);
  rows.push({ page, ours, ref });
  console.log(
    `${page.source.padEnd(8)} ${ours.moved.toFixed(3)} / ${String(ours.split).padEnd(3)}       ${ref.moved.toFixed(3)} / ${String(ref.split).padEnd(3)}           ${String(ours.words).padStart(4)}/${String(ref.words).padEnd(4)}  ${String(page.regions.length).padStart(4)}    ${page.name}`,
  );
  if (verbose) {
    console.log(`    reference: ${page.regions.map((r) => `${r.rank}:${r.label}`).join(' ')}`);
    console.log(`    quire:     ${regionTrail(oursWords, page)}`);
    console.log(`    ${peer}: ${regionTrail(refWords, page)}`);
  }
}
await engine.close();
for (const src of ['human', 'docling'] as const) {
  const set = rows.filter((r) => r.page.source === src);
  if (!set.length) continue;
  const sum = (f: (r: (typeof set)[number]) => number) => set.reduce((a, r) => a + f(r), 0);
  console.log(
    `\n${src} (${set.length} pages): words moved median/mean quire ${median(set.map((r) => r.ours.moved)).toFixed(4)}/${mean(set.map((r) => r.ours.moved)).toFixed(4)}, ${peer} ${median(set.map((r) => r.ref.moved)).toFixed(4)}/${mean(set.map((r) => r.ref.moved)).toFixed(4)}; ` +
      `pages in order (moved 0) quire ${set.filter((r) => r.ours.moved === 0).length}, ${peer} ${set.filter((r) => r.ref.moved === 0).length}; ` +
      `regions split quire ${sum((r) => r.ours.split)}/${sum((r) => r.ours.regions)}, ${peer} ${sum((r) => r.ref.split)}/${sum((r) => r.ref.regions)}; ` +
      `words scored quire ${sum((r) => r.ours.words)}, ${peer} ${sum((r) => r.ref.words)} (a word left out is not scored: read this with the order)`,
  );
}
