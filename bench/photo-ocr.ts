/**
 * Photos and cards through the OCR path (issue 29 items 0/9, issue 24's ID cards): word
 * recall against ground truth where the corpus has it (the open SROIE receipt photos of
 * classification/labels.csv, GT lines in data/box/*.csv), for the tesseract CLI, parse's OCR
 * without the locally binarised second reading (before), and with it (after); for the card
 * and photo samples without ground truth, the words each reads and how many of the CLI's
 * words it shares. CPU time of our two readings is printed (process.cpuUsage: the engine's
 * worker threads run in this process).
 *   npx tsx bench/photo-ocr.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { loadImagePages } from '../src/formats/image/load-image-pages.js';
import { createOcrEngine } from '../src/engines/ocr/factory.js';
import { ocrPage } from '../src/pipeline/ocr/ocr-page.js';
import { bagOfWords, words } from './lib/text-metrics.js';
import { openLabels } from './lib/classify-corpus.js';
import { corpusPath } from './lib/corpus.js';

const engine = await createOcrEngine('ServiceHawk');
const images = openLabels().filter((r) => /\.(jpe?g|png)$/i.test(r.path) && !r.path.startsWith('invoices/invoice2data'));

function cli(file: string): string {
  return execFileSync('tesseract', [file, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
}

async function ours(file: string, retry: boolean): Promise<{ text: string; cpu: number }> {
  const raster = await (await loadImagePages(new Uint8Array(fs.readFileSync(file)))).getPage(0);
  const c0 = process.cpuUsage();
  const out = await ocrPage(raster, engine, { binarizedRetry: retry });
  const c = process.cpuUsage(c0);
  return { text: out.runs.map((r) => r.text).join(' '), cpu: (c.user + c.system) / 1e6 };
}

const recall = (pred: string, ref: string[]) => {
  const s = bagOfWords(words(pred), ref);
  return s.reference ? s.tp / s.reference : 0;
};
const rows: string[] = [];
const sums = { cli: 0, before: 0, after: 0, n: 0, cpuBefore: 0, cpuAfter: 0 };
for (const r of images) {
  const file = corpusPath(r.path);
  const gtFile = r.path.includes('SROIE') ? corpusPath(r.path.replace('/img/', '/box/').replace(/\.jpg$/, '.csv')) : null;
  const c = cli(file);
  const before = await ours(file, false);
  const after = await ours(file, true);
  sums.cpuBefore += before.cpu;
  sums.cpuAfter += after.cpu;
  const name = r.path.split('/').slice(-2).join('/');
  if (gtFile && fs.existsSync(gtFile)) {
    const gt = words(fs.readFileSync(gtFile, 'utf8').split('\n').map((l) => l.split(',').slice(8).join(',')).join('\n'));
    const [a, b, d] = [recall(c, gt), recall(before.text, gt), recall(after.text, gt)];
    sums.cli += a;
    sums.before += b;
    sums.after += d;
    sums.n++;
    rows.push(`| ${name} | GT ${gt.length} words | ${a.toFixed(3)} | ${b.toFixed(3)} | ${d.toFixed(3)} |`);
  } else {
    const ref = words(c);
    rows.push(`| ${name} | no GT: words read (share of the CLI's) | ${ref.length} | ${words(before.text).length} (${recall(before.text, ref).toFixed(2)}) | ${words(after.text).length} (${recall(after.text, ref).toFixed(2)}) |`);
  }
}
console.log('| image | reference | tesseract CLI | parse OCR before | parse OCR after |\n|---|---|---|---|---|');
console.log(rows.join('\n'));
console.log(`\nmean word recall on ${sums.n} images with GT: CLI ${(sums.cli / sums.n).toFixed(3)}, before ${(sums.before / sums.n).toFixed(3)}, after ${(sums.after / sums.n).toFixed(3)}`);
console.log(`CPU of our OCR over all ${images.length} images: before ${sums.cpuBefore.toFixed(1)} s, after ${sums.cpuAfter.toFixed(1)} s`);
process.exit(0);
