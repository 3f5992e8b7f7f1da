/**
 * Throughput and memory of `quire parse` on the corpus's long PDFs, against pdftotext
 * -layout and raw pdf.js getTextContent on the same files in the same run.
 * Usage: npx tsx bench/parse-born-digital.ts [--runs N]   (build first: npm run build)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusPath, hasCorpus } from './lib/corpus.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist/cli/main.js');
const runs = process.argv.includes('--runs') ? Number(process.argv[process.argv.indexOf('--runs') + 1]) : 3;
const LONG = [
  'long/pdf.js/test/pdfs/freeculture.pdf',
  'long/sample-files/009-pdflatex-geotopo/GeoTopo-komprimiert.pdf',
  'long/unstructured/example-docs/pdf/pdf2image-memory-error-test-400p.pdf',
  'long/unstructured/example-docs/pdf/DA-619p.pdf',
];

if (!hasCorpus) throw new Error('corpus not found (set QUIRE_CORPUS)');
if (!fs.existsSync(cli)) throw new Error('run `npm run build` first');

/** Wall seconds and peak RSS (MB, the process tree's largest member) via GNU time. */
function measure(cmd: string[]): { wall: number; rssMb: number } {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', ...cmd], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${cmd.join(' ')} failed: ${r.stderr.slice(-500)}`);
  const [wall, kb] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { wall: wall!, rssMb: kb! / 1024 };
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const pdfjsScript = path.join(root, 'bench/lib/pdfjs-text.mjs');
console.log(`runs per tool: ${runs} (median wall time); machine: ${execFileSync('nproc').toString().trim()} cores`);
console.log('file | pages | quire s | pages/s | peak RSS MB | pdftotext -layout s | pdf.js getTextContent s | quire/pdftotext | quire/pdf.js');
for (const rel of LONG) {
  const file = corpusPath(rel);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1]);
  const q: number[] = [];
  const p: number[] = [];
  const j: number[] = [];
  let rss = 0;
  for (let i = 0; i < runs; i++) {
    const a = measure(['node', cli, 'parse', file, '--out', '/dev/null']);
    q.push(a.wall);
    rss = Math.max(rss, a.rssMb);
    p.push(measure(['pdftotext', '-layout', file, '/dev/null']).wall);
    j.push(measure(['node', pdfjsScript, file]).wall);
  }
  const [qm, pm, jm] = [median(q), median(p), median(j)];
  console.log(`${path.basename(rel)} | ${pages} | ${qm.toFixed(2)} | ${(pages / qm).toFixed(1)} | ${rss.toFixed(0)} | ${pm.toFixed(2)} | ${jm.toFixed(2)} | ${(qm / pm).toFixed(2)}x | ${(qm / jm).toFixed(2)}x`);
}
