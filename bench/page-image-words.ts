/**
 * Word recall of `parse` on page images "where there is ground-truth text" (issue 29 item 0,
 * Done means: ≥ 0.90), over every page image of the issue's list that has ground-truth words:
 *
 *  - docling-eval CVAT: the annotated pages rendered at 100 DPI (as bench/layout-eval-parse.ts
 *    gives them to parse); truth: the born-digital PDF's own text of that page (pdftotext);
 *  - DocLayNet: the page image; truth: the text of its DocTags ground truth (.dt). The image is an
 *    annotation illustration (coloured boxes drawn over the text), so it is reported apart (below);
 *  - DocBank: the page images; truth: the page's tokens;
 *  - the tesseract test pages (tesseract-ocr/test: phototest and its rotations, eurotext) and
 *    tesseract.js's test images; truth: their .txt / .gt.txt;
 *  - SROIE receipts (29 scans); truth: the human line transcripts of data/box.
 *  PubLayNet's page images have no ground-truth text in the corpus (COCO boxes only).
 *
 * Recall is the share of the truth's words (lower case, letters and digits only, as a
 * multiset; bench/lib/layout-score.ts wordRecall) found in parse's segments. On both sides
 * Latin ligatures are spelled out (a PDF's "ﬁ" is the "fi" any OCR reads); in DocBank's tokens a
 * TeX spacing accent before its letter ("Fr¨ohlich") is the accented letter; brackets separate
 * words on both sides (a receipt's "Amount(RM)" is "AMOUNT (RM)" in its transcript); and the truth drops
 * what the ink does not show as such: DocBank's "(cid:N)" tokens (glyphs with no known
 * character) and a born-digital PDF's letter-spaced headings, which pdftotext gives letter by
 * letter ("h i g h l i g h t s": one word on the page, ten in the truth). Where words are
 * lost is sorted into: glued (two truth words found as one), split (one truth word found in
 * two pieces), numeric (a word holding a digit), short (one or two characters), small print
 * (DocBank and SROIE give boxes: a word on a line lower than 0.8 of the page's median line),
 * other (misread).
 *
 * `--cli` also scores the `tesseract` CLI's text of the same image files (cached in
 * bench/.cache/page-words-cli/), as the reference of what OCR alone reads.
 *
 * Run: npx tsx bench/page-image-words.ts [--datasets cvat,doclaynet,docbank,tesseract,tesseract.js,sroie] [--missed N] [--cli] [--per-page] [--glued]
 * Parse outputs are cached in bench/.cache/layout-parse/ (shared with bench/layout-eval-parse.ts,
 * same keys; delete it after changing the pipeline).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hasCorpus, corpusPath } from './lib/corpus.js';
import { loadLayoutGt } from './lib/layout-gt.js';
import { pageImage, pageImageExt, wordsOf, type Seg } from './lib/layout-score.js';
import { groundTruthImages } from '../test/ocr/helpers/corpus.js';
import { createEngine } from '../src/index.js';

if (!hasCorpus) {
  console.error('page-image-words: the corpus is not available (set QUIRE_CORPUS)');
  process.exit(1);
}
const args = process.argv.slice(2);
const datasets = args.includes('--datasets') ? new Set(args[args.indexOf('--datasets') + 1]!.split(',')) : null;
const missedShown = args.includes('--missed') ? Number(args[args.indexOf('--missed') + 1]) : 12;
const CACHE = path.resolve('bench/.cache/layout-parse');
const withCli = args.includes('--cli');
const perPage = args.includes('--per-page');
const showGlued = args.includes('--glued');
const CLI_CACHE = path.resolve('bench/.cache/page-words-cli');
if (withCli) fs.mkdirSync(CLI_CACHE, { recursive: true });
fs.mkdirSync(CACHE, { recursive: true });

/** A truth word; `small` where the dataset's boxes say it is smaller print than the page's body. */
interface TruthWord {
  text: string;
  small?: boolean;
}
interface Page {
  dataset: string;
  name: string;
  bytes: () => Promise<Buffer>;
  ext: string;
  truth: () => TruthWord[];
  /** Scored and printed, but left out of the pooled recall and the datasets' mean. */
  reportOnly?: boolean;
}

const plain = (text: string): TruthWord[] => unbracketed(unligated(text)).split(/\s+/).filter(Boolean).map((t) => ({ text: t }));
/** Latin ligatures (U+FB00–FB06) spelled out; nothing else changes (full NFKC would split "¨o"). */
const unligated = (text: string): string => text.replace(/[\uFB00-\uFB06]/g, (c) => c.normalize('NFKC'));
/**
 * Brackets end a word: wordsOf drops punctuation inside a token, which is right for "6.30" or
 * "don't" but makes one word of "Amount(RM)" where a transcript wrote "AMOUNT (RM)".
 */
const unbracketed = (text: string): string => text.replace(/[()[\]{}]/g, ' ');
/** A TeX PDF's spacing accent before its letter ("Fr¨ohlich", "Mart´ınez") as the accented letter the page shows. */
const SPACING_ACCENTS: Record<string, string> = { '¨': '\u0308', '´': '\u0301', '`': '\u0300', 'ˆ': '\u0302', '˜': '\u0303', 'ˇ': '\u030C', '˚': '\u030A', '¸': '\u0327' };
const accented = (text: string): string =>
  text.replace(/([¨´`ˆ˜ˇ˚¸])([\p{L}])/gu, (_m, a: string, l: string) => (l === 'ı' ? 'i' : l) + SPACING_ACCENTS[a]).normalize('NFC');
/** pdftotext's text with letter-spaced words (≥ 4 single letters in a row) joined back. */
const unspaced = (text: string): string => text.replace(/(?<![\p{L}\p{N}])\p{L}(?: \p{L}){3,}(?![\p{L}\p{N}])/gu, (m) => m.replace(/ /g, ''));

/** Words of lines with heights: a word is small print below 0.8 of the median line height. */
function sized(lines: Array<{ text: string; h: number }>): TruthWord[] {
  const hs = lines.map((l) => l.h).sort((a, b) => a - b);
  const med = hs[hs.length >> 1] ?? 0;
  return lines.flatMap((l) => plain(l.text).map((w) => ({ ...w, small: l.h < 0.8 * med })));
}

const pages: Page[] = [];
for (const gt of await loadLayoutGt()) {
  if (gt.dataset === 'publaynet') continue;
  const base = { dataset: gt.dataset, name: gt.name, bytes: () => pageImage(gt), ext: pageImageExt(gt) };
  if (gt.dataset === 'cvat') {
    const pdf = gt.pdf!;
    pages.push({ ...base, truth: () => plain(unspaced(spawnSync('pdftotext', ['-f', String(pdf.page), '-l', String(pdf.page), pdf.path, '-'], { encoding: 'utf8' }).stdout)) });
  } else if (gt.dataset === 'doclaynet') {
    const dt = corpusPath(`layout/docling-eval/tests/data/doclaynet_v1_doctags_sample/${path.basename(gt.image!, '.png')}.dt`);
    // The corpus's one DocLayNet image is the DocLayNet README's illustration of its annotation, not
    // the page: translucent coloured boxes over every text block (grey text on yellow), numbered tags
    // over the first letters, ⊗ icons and dotted frames. Its truth is the page's text. Scored and
    // printed, left out of the pooled figure and the datasets' mean (the tesseract CLI reads no word of it).
    pages.push({ ...base, reportOnly: true, truth: () => plain(fs.readFileSync(dt, 'utf8').replace(/<[^>]*>/g, ' ')) });
  } else if (gt.dataset === 'docbank') {
    const txt = gt.image!.replace(/_ori\.jpg$/, '.txt');
    // One token per line: word x0 y0 x1 y1 R G B font label (0–1000 page units); a token's height stands for its line's.
    // Tokens labelled `equation` (a formula's symbols: "ψu", "kx", "θ", subscripts) are not words: they are
    // scored on their own (`docbank-maths`), reported but outside the pooled figure and the datasets' mean.
    const tokens = (maths: boolean) =>
      fs.readFileSync(txt, 'utf8').split('\n').map((l) => l.split('\t'))
        .filter((p) => p.length >= 10 && p[0]!.trim() && !p[0]!.startsWith('##LT') && !/^\(cid:\d+\)$/.test(p[0]!))
        .filter((p) => (p[9]!.trim() === 'equation') === maths);
    const truthOf = (maths: boolean) => () => sized(tokens(maths).map((p) => ({ text: accented(p[0]!), h: Number(p[4]) - Number(p[2]) })));
    pages.push({ ...base, truth: truthOf(false) });
    pages.push({ ...base, dataset: 'docbank-maths', reportOnly: true, truth: truthOf(true) });
  }
}
for (const g of groundTruthImages()) {
  const dataset = g.image.includes('tesseract-ocr-test') ? 'tesseract' : 'tesseract.js';
  pages.push({ dataset, name: g.name, bytes: async () => fs.readFileSync(g.image), ext: path.extname(g.image), truth: () => plain(fs.readFileSync(g.truth, 'utf8')) });
}
const sroie = corpusPath('invoices/ICDAR-2019-SROIE/data');
if (fs.existsSync(sroie)) {
  for (const f of fs.readdirSync(path.join(sroie, 'img')).filter((x) => x.endsWith('.jpg')).sort()) {
    const box = path.join(sroie, 'box', f.replace(/\.jpg$/, '.csv'));
    if (!fs.existsSync(box)) continue;
    pages.push({
      dataset: 'sroie', name: f, ext: '.jpg',
      bytes: async () => fs.readFileSync(path.join(sroie, 'img', f)),
      truth: () => sized(fs.readFileSync(box, 'utf8').split('\n').filter((l) => l.trim()).map((l) => {
        const p = l.split(',');
        const ys = [1, 3, 5, 7].map((i) => Number(p[i]));
        return { text: p.slice(8).join(','), h: Math.max(...ys) - Math.min(...ys) };
      })),
    });
  }
}

const selected = pages.filter((p) => !datasets || datasets.has(p.dataset) || (p.reportOnly && datasets.has(p.dataset.split('-')[0]!)));
/** Datasets scored apart: every page of theirs is report-only (DocLayNet's annotated image, DocBank's formula tokens). */
const reportOnly = new Set(selected.filter((p) => p.reportOnly).map((p) => p.dataset));
let engine: ReturnType<typeof createEngine> | undefined;
interface Loss { glued: number; split: number; numeric: number; short: number; small: number; other: number }
const perDataset = new Map<string, { pages: number; found: number; total: number; loss: Loss; missed: Map<string, number> }>();
const perDatasetCli = new Map<string, { found: number; total: number }>();
const noLoss = (): Loss => ({ glued: 0, split: 0, numeric: 0, short: 0, small: 0, other: 0 });

/** The tesseract CLI's text of the page image (the same bytes parse gets), cached. */
function cliText(bytes: Buffer, ext: string, key: string): string {
  const cached = path.join(CLI_CACHE, `${key}.txt`);
  if (fs.existsSync(cached)) return fs.readFileSync(cached, 'utf8');
  const file = path.join(CLI_CACHE, `input${ext}`);
  fs.writeFileSync(file, bytes);
  const text = spawnSync('tesseract', [file, '-'], { encoding: 'utf8', env: { ...process.env, OMP_THREAD_LIMIT: '1' }, maxBuffer: 64 << 20 }).stdout ?? '';
  fs.rmSync(file);
  fs.writeFileSync(cached, text);
  return text;
}
for (const p of selected) {
  const bytes = await p.bytes();
  const key = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const cached = path.join(CACHE, `${key}.json`);
  let segs: Seg[];
  if (fs.existsSync(cached)) segs = JSON.parse(fs.readFileSync(cached, 'utf8'));
  else {
    engine ??= createEngine({ workers: 1, taskTimeoutMs: 600_000 });
    const r = await engine.waitForJob((await engine.parse({ data: new Uint8Array(bytes), fileName: `page${p.ext}` })).job_id);
    segs = (r.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
    if (r.status !== 'Succeeded') console.log(`  ${p.dataset}/${p.name}: ${r.status} ${r.message ?? ''}`);
    else fs.writeFileSync(cached, JSON.stringify(segs));
  }
  const d = perDataset.get(p.dataset) ?? perDataset.set(p.dataset, { pages: 0, found: 0, total: 0, loss: { glued: 0, split: 0, numeric: 0, short: 0, small: 0, other: 0 }, missed: new Map() }).get(p.dataset)!;
  d.pages++;
  const before = d.found;
  const beforeTotal = d.total;
  score(p.truth(), segs.map((s) => s.content).join('\n'), d);
  if (perPage) console.log(`    ${p.dataset}/${p.name} [${key}] ${((d.found - before) / Math.max(1, d.total - beforeTotal)).toFixed(3)} (${d.found - before}/${d.total - beforeTotal})`);
  if (withCli) {
    const c = perDatasetCli.get(p.dataset) ?? perDatasetCli.set(p.dataset, { found: 0, total: 0 }).get(p.dataset)!;
    const one = { found: 0, total: 0, loss: noLoss(), missed: new Map<string, number>() };
    score(p.truth(), cliText(bytes, p.ext, key), one);
    c.found += one.found;
    c.total += one.total;
  }
}
await engine?.close();

/** Recall of `truth` in `text`, and why each missed word was missed. */
function score(truth: TruthWord[], text: string, d: { found: number; total: number; loss: Loss; missed: Map<string, number> }): void {
  const norm = (w: string) => wordsOf(w)[0] ?? '';
  const want = truth.map((w) => ({ ...w, n: norm(w.text) })).filter((w) => w.n);
  const outWords = wordsOf(unbracketed(unligated(text)));
  const have = new Map<string, number>();
  for (const w of outWords) have.set(w, (have.get(w) ?? 0) + 1);
  const all = new Set(outWords);
  const pairs = new Set(outWords.slice(1).map((w, i) => outWords[i] + w));
  want.forEach((w, i) => {
    d.total++;
    const n = have.get(w.n) ?? 0;
    if (n > 0) {
      d.found++;
      have.set(w.n, n - 1);
      return;
    }
    d.missed.set(w.n, (d.missed.get(w.n) ?? 0) + 1);
    const next = want[i + 1]?.n;
    const prev = want[i - 1]?.n;
    if ((next && all.has(w.n + next)) || (prev && all.has(prev + w.n))) {
      d.loss.glued++;
      if (showGlued) console.log(`      glued: ${next && all.has(w.n + next) ? `${w.n}+${next}` : `${prev}+${w.n}`}`);
    }
    else if (pairs.has(w.n)) {
      d.loss.split++;
      if (showGlued) console.log(`      split: ${w.n}`);
    }
    else if (w.small) d.loss.small++;
    else if (/\d/.test(w.n)) d.loss.numeric++;
    else if (w.n.length <= 2) d.loss.short++;
    else d.loss.other++;
  });
}

console.log(`page-image-words: word recall of parse on ${selected.length} page images with ground-truth text`);
let F = 0;
let T = 0;
for (const [ds, d] of perDataset) {
  if (!reportOnly.has(ds)) {
    F += d.found;
    T += d.total;
  }
  const miss = d.total - d.found;
  const share = (n: number) => `${n} (${((100 * n) / Math.max(1, miss)).toFixed(0)}%)`;
  const c = perDatasetCli.get(ds);
  console.log(`  ${ds.padEnd(13)} ${String(d.pages).padStart(3)} pages  recall ${(d.found / Math.max(1, d.total)).toFixed(3)} (${d.found}/${d.total})${c ? `  tesseract CLI ${(c.found / Math.max(1, c.total)).toFixed(3)}` : ''}`);
  console.log(`      missed ${miss}: glued ${share(d.loss.glued)}, split ${share(d.loss.split)}, small print ${share(d.loss.small)}, numeric ${share(d.loss.numeric)}, short ${share(d.loss.short)}, other ${share(d.loss.other)}`);
  if (missedShown > 0) console.log(`      most missed: ${[...d.missed].sort((a, b) => b[1] - a[1]).slice(0, missedShown).map(([w, n]) => `${w}×${n}`).join(' ')}`);
}
const pooled = <T,>(m: Map<string, T>): T[] => [...m].filter(([ds]) => !reportOnly.has(ds)).map(([, v]) => v);
const cliF = pooled(perDatasetCli).reduce((n, c) => n + c.found, 0);
const cliT = pooled(perDatasetCli).reduce((n, c) => n + c.total, 0);
console.log(`overall word recall: ${(F / Math.max(1, T)).toFixed(3)} (${F}/${T}) over ${pooled(perDataset).length} datasets${reportOnly.size ? ` (not ${[...reportOnly].join(', ')})` : ''}${cliT ? `; tesseract CLI ${(cliF / cliT).toFixed(3)}` : ''}`);
// Pages pooled per dataset weigh by their words; the unweighted mean of the datasets shows the small ones too.
console.log(`mean of the datasets' recalls: ${(pooled(perDataset).reduce((s, d) => s + d.found / Math.max(1, d.total), 0) / Math.max(1, pooled(perDataset).length)).toFixed(3)}`);
