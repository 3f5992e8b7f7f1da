/**
 * OCR benchmark: Quire's OCR engines against the native `tesseract` CLI on the same images,
 * in the same run.
 *
 *   npx tsx bench/ocr.ts [--reps 3] [--engines ServiceHawk,ServiceBeta,ServiceStorm] [--skip-accuracy] [--skip-speed] [--npm-data-only]
 *
 * Accuracy: CER (whitespace collapsed) on every corpus image with ground truth, plus the
 * OCRmyPDF "linn" family (PDF pages rendered at 300 DPI; bullets normalised).
 * Speed: dense 300-DPI pages, Quire (decode + ocrPage) and `tesseract <png> stdout`
 * (OMP_THREAD_LIMIT=1) alternating, median of --reps runs per page; wall time and CPU time
 * (Quire: the process's CPU, worker threads included; the CLI: the child's, from
 * /proc/self/stat on Linux), since wall time on a shared machine mostly measures the others.
 * --npm-data-only: ignore tessdata folders on this machine (Debian's), as a fresh install.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOcrEngine } from '../src/engines/ocr/factory.js';
import type { OcrEngine } from '../src/engines/ocr/interface.js';
import { findTesseractBinary } from '../src/engines/ocr/tesseract-cli-engine.js';
import { loadImagePages } from '../src/formats/image/load-image-pages.js';
import { ocrPage } from '../src/pipeline/ocr/ocr-page.js';
import { cer, type CerOptions } from '../test/ocr/helpers/cer.js';
import { groundTruthImages, hasCorpus } from '../test/ocr/helpers/corpus.js';
import { linnFamily } from './lib/linn-family.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const reps = Math.max(1, Number(arg('reps', '3')));
const engineNames = arg('engines', 'ServiceHawk,ServiceBeta,ServiceStorm').split(',');

if (!hasCorpus) {
  console.error('Corpus not found (set QUIRE_CORPUS).');
  process.exit(1);
}
const cli = findTesseractBinary();
if (!cli) console.warn('No tesseract executable on PATH: CLI columns stay empty.');

interface Sample {
  name: string;
  file: string;
  truth: string | null;
  cer: CerOptions;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-ocr-'));


/** CPU ms of this process's waited-for children (utime + stime), Linux; 0 elsewhere. */
function childrenCpuMs(): number {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return 0;
  }
}

function runCli(file: string): { text: string; ms: number; cpu: number } {
  const t = performance.now();
  const c0 = childrenCpuMs();
  const res = spawnSync(cli!, [file, 'stdout'], { encoding: 'utf8', env: { ...process.env, OMP_THREAD_LIMIT: '1' }, maxBuffer: 64 << 20 });
  const ms = performance.now() - t;
  if (res.status !== 0) throw new Error(`tesseract failed on ${file}: ${res.stderr}`);
  return { text: res.stdout, ms, cpu: childrenCpuMs() - c0 };
}

async function runQuire(engine: OcrEngine, file: string): Promise<{ text: string; ms: number; cpu: number; rotation: number; skew: number; calls: number }> {
  const t = performance.now();
  const c0 = process.cpuUsage();
  const pages = await loadImagePages(fs.readFileSync(file));
  const raster = await pages.getPage(0);
  const out = await ocrPage(raster, engine);
  const ms = performance.now() - t;
  const c = process.cpuUsage(c0);
  const text = out.runs.map((r) => r.text + (r.eol ? '\n' : ' ')).join('');
  return { text, ms, cpu: (c.user + c.system) / 1000, rotation: out.meta.rotation, skew: out.meta.skewDegrees, calls: out.meta.ocrCalls };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const f4 = (v: number | undefined) => (v === undefined ? '   -  ' : v.toFixed(4));
const ms = (v: number) => `${Math.round(v)}`.padStart(6);

async function main() {
  const engines: OcrEngine[] = [];
  for (const n of engineNames) {
    const e = await createOcrEngine(n, { npmDataOnly: args.includes('--npm-data-only') });
    engines.push(e);
    console.log(`${n.padEnd(13)} → ${e.name}: ${e.description}`);
  }
  if (cli) console.log(`CLI baseline  → ${spawnSync(cli, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]} (${cli}, OMP_THREAD_LIMIT=1, default psm 3)`);
  console.log(`host: ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join('/')}\n`);

  // Warm up: first calls compile WASM and load models.
  const warm = groundTruthImages()[0]!.image;
  for (const e of engines) await runQuire(e, warm);
  if (cli) runCli(warm);

  const linnSamples: Sample[] = await linnFamily(tmp);

  if (!args.includes('--skip-accuracy')) {
    const samples: Sample[] = [
      ...groundTruthImages().map((g) => ({ name: g.name, file: g.image, truth: g.truth, cer: g.cer })),
      ...linnSamples,
    ];
    console.log('## Accuracy: CER (lower is better)\n');
    console.log(`| image | tesseract CLI | ${engines.map((e) => e.name).join(' | ')} | Quire rotation/skew |`);
    console.log(`|---|---|${engines.map(() => '---').join('|')}|---|`);
    const sums = new Array(engines.length + 1).fill(0);
    for (const s of samples) {
      const truth = fs.readFileSync(s.truth!, 'utf8');
      const c = cli ? cer(runCli(s.file).text, truth, s.cer) : undefined;
      const row: (number | undefined)[] = [c];
      let geo = '';
      for (const e of engines) {
        const q = await runQuire(e, s.file);
        row.push(cer(q.text, truth, s.cer));
        geo ||= `${q.rotation}° / ${q.skew.toFixed(1)}°${q.calls > 1 ? ` (${q.calls} OCR calls)` : ''}`;
      }
      row.forEach((v, i) => (sums[i] += v ?? 0));
      console.log(`| ${s.name} | ${row.map(f4).join(' | ')} | ${geo} |`);
    }
    console.log(`| **mean (${samples.length})** | ${sums.map((v) => f4(v / samples.length)).join(' | ')} | |\n`);
  }

  if (!args.includes('--skip-speed') && cli) {
    const dense = [linnSamples[0]!, ...linnSamples.filter((s) => /^(skew|ccitt|cardinal\.pdf#1)/.test(s.name))];
    console.log(`## Speed: dense 300-DPI pages, median of ${reps} alternating runs (ms; wall, then CPU)\n`);
    console.log(`| page | CLI wall | CLI CPU | ${engines.map((e) => `${e.name} wall | ratio | CPU | ratio`).join(' | ')} |`);
    console.log(`|---|---|---|${engines.map(() => '---|---|---|---').join('|')}|`);
    const totals = new Array(2 * engines.length + 2).fill(0);
    for (const s of dense) {
      const cliTimes: number[] = [];
      const cliCpu: number[] = [];
      const quireTimes: number[][] = engines.map(() => []);
      const quireCpu: number[][] = engines.map(() => []);
      for (let r = 0; r < reps; r++) {
        const c = runCli(s.file);
        cliTimes.push(c.ms);
        cliCpu.push(c.cpu);
        for (let i = 0; i < engines.length; i++) {
          const q = await runQuire(engines[i]!, s.file);
          quireTimes[i]!.push(q.ms);
          quireCpu[i]!.push(q.cpu);
        }
      }
      const c = median(cliTimes);
      const cc = median(cliCpu);
      totals[0] += c;
      totals[1] += cc;
      const cells = engines.map((_, i) => {
        const q = median(quireTimes[i]!);
        const qc = median(quireCpu[i]!);
        totals[2 + 2 * i] += q;
        totals[3 + 2 * i] += qc;
        return `${ms(q)} | ${(q / c).toFixed(2)}x | ${ms(qc)} | ${(qc / cc).toFixed(2)}x`;
      });
      console.log(`| ${s.name} | ${ms(c)} | ${ms(cc)} | ${cells.join(' | ')} |`);
    }
    const cells = engines.map((_, i) => `${ms(totals[2 + 2 * i])} | **${(totals[2 + 2 * i] / totals[0]).toFixed(2)}x** | ${ms(totals[3 + 2 * i])} | **${(totals[3 + 2 * i] / totals[1]).toFixed(2)}x**`);
    console.log(`| **total** | ${ms(totals[0])} | ${ms(totals[1])} | ${cells.join(' | ')} |\n`);
  }

  for (const e of engines) await e.terminate();
  fs.rmSync(tmp, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(1);
});
