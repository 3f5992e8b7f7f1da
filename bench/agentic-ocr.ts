/**
 * agentic_ocr's gain and cost (issue 29 item 8): the page's OCR (ServiceHawk, as parse reads
 * it), then the same runs after `agenticReread` at `standard` and `advanced` (low-confidence
 * lines re-read from enlarged crops by ServiceBeta). On every corpus image with ground-truth
 * text: the tesseract test pages and docling/tesseract.js samples of bench/ocr.ts, and the
 * SROIE receipt scans of classification/labels.csv (GT lines in data/box/*.csv). Prints CER
 * (whitespace collapsed) and word recall per image, the lines re-read and kept, and the CPU
 * of the re-reading (process.cpuUsage: the engines' worker threads run in this process).
 *   npx tsx bench/agentic-ocr.ts [--limit N] [--only REGEX]
 */
import fs from 'node:fs';
import { createOcrEngine } from '../src/engines/ocr/factory.js';
import { loadImagePages } from '../src/formats/image/load-image-pages.js';
import { ocrPage } from '../src/pipeline/ocr/ocr-page.js';
import { agenticReread, type AgenticLevel } from '../src/pipeline/ocr/agentic-reread.js';
import type { TextRun } from '../src/model/page.js';
import { cer, type CerOptions } from '../test/ocr/helpers/cer.js';
import { groundTruthImages } from '../test/ocr/helpers/corpus.js';
import { bagOfWords, words } from './lib/text-metrics.js';
import { openLabels } from './lib/classify-corpus.js';
import { corpusPath, hasCorpus } from './lib/corpus.js';

if (!hasCorpus) throw new Error('corpus not found (set QUIRE_CORPUS)');
const args = process.argv.slice(2);
const limit = args.includes('--limit') ? Number(args[args.indexOf('--limit') + 1]) : Infinity;

interface Sample {
  name: string;
  file: string;
  truth: string;
  cer: CerOptions;
}

const samples: Sample[] = [
  ...groundTruthImages().map((g) => ({ name: g.name, file: g.image, truth: fs.readFileSync(g.truth, 'utf8'), cer: g.cer })),
  ...openLabels()
    .filter((r) => r.path.includes('SROIE') && /\.jpe?g$/i.test(r.path))
    .flatMap((r) => {
      const gt = corpusPath(r.path.replace('/img/', '/box/').replace(/\.jpe?g$/i, '.csv'));
      if (!fs.existsSync(gt)) return [];
      const truth = fs.readFileSync(gt, 'utf8').split('\n').map((l) => l.split(',').slice(8).join(',')).join('\n');
      return [{ name: r.path.split('/').slice(-1)[0]!, file: corpusPath(r.path), truth, cer: {} }];
    }),
].filter((s) => !args.includes('--only') || new RegExp(args[args.indexOf('--only') + 1]!).test(s.name)).slice(0, limit);

const hawk = await createOcrEngine('ServiceHawk');
const beta = await createOcrEngine('ServiceBeta');
const text = (runs: TextRun[]) => runs.map((r) => r.text + (r.eol ? '\n' : ' ')).join('');
const recall = (pred: string, truth: string) => {
  const s = bagOfWords(words(pred), words(truth));
  return s.reference ? s.tp / s.reference : 0;
};
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

const levels: AgenticLevel[] = ['standard', 'advanced'];
const sum = { cer: 0, recall: 0, page: 0, n: 0, ...Object.fromEntries(levels.flatMap((l) => [[`${l}Cer`, 0], [`${l}Recall`, 0], [`${l}Cpu`, 0], [`${l}Lines`, 0], [`${l}Kept`, 0]])) } as Record<string, number>;
console.log(`| image | CER | recall | ${levels.map((l) => `${l} CER | recall | lines re-read/kept | CPU s`).join(' | ')} |`);
console.log(`|---|---|---|${levels.map(() => '---|---|---|---').join('|')}|`);
for (const s of samples) {
  const raster = await (await loadImagePages(new Uint8Array(fs.readFileSync(s.file)))).getPage(0);
  const t0 = cpu();
  const out = await ocrPage(raster, hawk);
  sum.page! += cpu() - t0;
  const upright = out.meta.rotation === 0 && Math.abs(out.meta.skewDegrees) < 1;
  const base = text(out.runs);
  const row = [cer(base, s.truth, s.cer), recall(base, s.truth)];
  sum.cer! += row[0]!;
  sum.recall! += row[1]!;
  const cells: string[] = [];
  for (const level of levels) {
    const c0 = cpu();
    const got = await agenticReread({ runs: out.runs, raster: out.raster, scale: out.raster.width / raster.width, upright }, level, beta);
    const spent = cpu() - c0;
    const t = text(got.runs);
    const [c, r] = [cer(t, s.truth, s.cer), recall(t, s.truth)];
    sum[`${level}Cer`]! += c;
    sum[`${level}Recall`]! += r;
    sum[`${level}Cpu`]! += spent;
    sum[`${level}Lines`]! += got.stats.reread;
    sum[`${level}Kept`]! += got.stats.replaced;
    cells.push(`${c.toFixed(4)} | ${r.toFixed(3)} | ${got.stats.reread}/${got.stats.replaced} | ${spent.toFixed(1)}`);
  }
  sum.n!++;
  console.log(`| ${s.name} | ${row[0]!.toFixed(4)} | ${row[1]!.toFixed(3)} | ${cells.join(' | ')} |`);
}
const n = sum.n!;
console.log(`| **mean (${n})** | ${(sum.cer! / n).toFixed(4)} | ${(sum.recall! / n).toFixed(3)} | ${levels.map((l) => `${(sum[`${l}Cer`]! / n).toFixed(4)} | ${(sum[`${l}Recall`]! / n).toFixed(3)} | ${sum[`${l}Lines`]}/${sum[`${l}Kept`]} | ${sum[`${l}Cpu`]!.toFixed(1)}`).join(' | ')} |`);
console.log(`\nCPU of the page OCR itself over the ${n} images: ${sum.page!.toFixed(1)} s`);
await hawk.terminate();
await beta.terminate();
process.exit(0);
