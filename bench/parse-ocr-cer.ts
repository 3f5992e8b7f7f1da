/**
 * CER of `engine.parse` on typed page images against the `tesseract` CLI on the same files
 * (issue 29 item 0: parse's text no worse than the CLI's + 0.01 on every typed page).
 * bench/ocr.ts measures the OCR stage alone; users get parse's segments, whose text passes
 * through layout (line grouping, region fusion, reading order, pictures). Each sample's
 * parse text is its segments' content in order, joined by newlines.
 *
 * Samples: the ground-truth images of test/ocr/helpers/corpus.ts (phototest and its
 * rotations, eurotext, tesseract.js's images), and the OCRmyPDF linn family (PDF pages
 * rendered at 300 DPI to grey PNG, as bench/ocr.ts does, so both sides read the same file).
 *
 * Run: npx tsx bench/parse-ocr-cer.ts [--only NAME_SUBSTRING]
 * The CLI's readings are cached in bench/.cache/parse-ocr-cer/ (they never change).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEngine } from '../src/index.js';
import { findTesseractBinary } from '../src/engines/ocr/tesseract-cli-engine.js';
import { cer, type CerOptions } from '../test/ocr/helpers/cer.js';
import { groundTruthImages, hasCorpus } from '../test/ocr/helpers/corpus.js';
import { linnFamily } from './lib/linn-family.js';

const cli = findTesseractBinary();
if (!hasCorpus || !cli) {
  console.error('parse-ocr-cer: needs the corpus (QUIRE_CORPUS) and a tesseract executable');
  process.exit(1);
}
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1]! : '';
const CACHE = path.resolve('bench/.cache/parse-ocr-cer');
fs.mkdirSync(CACHE, { recursive: true });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parse-ocr-cer-'));

interface Sample {
  name: string;
  file: string;
  truth: string;
  cer: CerOptions;
}


function cliText(file: string): string {
  const key = createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 16);
  const cached = path.join(CACHE, `${key}.txt`);
  if (fs.existsSync(cached)) return fs.readFileSync(cached, 'utf8');
  const res = spawnSync(cli!, [file, 'stdout'], { encoding: 'utf8', env: { ...process.env, OMP_THREAD_LIMIT: '1' }, maxBuffer: 64 << 20 });
  if (res.status !== 0) throw new Error(`tesseract failed on ${file}: ${res.stderr}`);
  fs.writeFileSync(cached, res.stdout);
  return res.stdout;
}

const samples: Sample[] = [
  ...groundTruthImages().map((g) => ({ name: g.name, file: g.image, truth: g.truth, cer: g.cer })),
  ...(await linnFamily(tmp)),
].filter((s) => s.name.includes(only));

const engine = createEngine({ workers: 1, taskTimeoutMs: 600_000 });
console.log('| image | tesseract CLI | parse | parse − CLI | segments | within +0.01 |');
console.log('|---|---|---|---|---|---|');
let worse = 0;
const sums = [0, 0];
for (const s of samples) {
  const truth = fs.readFileSync(s.truth, 'utf8');
  const c = cer(cliText(s.file), truth, s.cer);
  const r = await engine.waitForJob((await engine.parse({ data: new Uint8Array(fs.readFileSync(s.file)), fileName: path.basename(s.file) })).job_id);
  const segs = (r.chunks ?? []).flatMap((ch) => ch.segments as unknown as Array<{ content: string }>);
  const p = cer(segs.map((x) => x.content).join('\n'), truth, s.cer);
  const ok = p <= c + 0.01;
  if (!ok) worse++;
  sums[0] += c;
  sums[1] += p;
  console.log(`| ${s.name} | ${c.toFixed(4)} | ${p.toFixed(4)} | ${(p - c >= 0 ? '+' : '') + (p - c).toFixed(4)} | ${segs.length} | ${ok ? 'yes' : '**no**'}${r.status === 'Succeeded' ? '' : ` (${r.status})`} |`);
}
console.log(`| **mean (${samples.length})** | ${(sums[0] / samples.length).toFixed(4)} | ${(sums[1] / samples.length).toFixed(4)} | | | ${samples.length - worse}/${samples.length} |`);
await engine.close();
fs.rmSync(tmp, { recursive: true, force: true });
