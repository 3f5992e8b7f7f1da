/**
 * Vertical CJK through parse (issue 29 item 3): CER of the page text (segments joined,
 * whitespace removed, as CJK has none) against the ground truth, on the corpus's vertical
 * image and pages composed from its columns in other orders (bench/lib/vertical-page.ts).
 * Prints each page's text, its CER and the page notes. CPU: this process and the worker pool.
 *
 *   npx tsx bench/vertical-cjk.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEngine } from '../src/index.js';
import { corpusPath, hasCorpus } from './lib/corpus.js';
import { composeVerticalPage, JPN_VERT, jpnVertColumnsText } from './lib/vertical-page.js';

function cer(got: string, want: string): number {
  const a = [...got];
  const b = [...want];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]! / Math.max(1, b.length);
}

if (!hasCorpus) {
  console.log('corpus not found: nothing to measure');
  process.exit(0);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-vertical-'));
const cases: Array<{ name: string; file: string; text: string }> = [{ name: 'jpn-vert.jpeg (corpus)', file: corpusPath(JPN_VERT), text: jpnVertColumnsText().join('') }];
for (const [name, order, opts] of [
  ['composed 2,0,4 (wide gaps)', [2, 0, 4], { gap: 30 }],
  ['composed 4,3,2,1,0 at 2x', [4, 3, 2, 1, 0], { scale: 2 }],
  ['composed 1,3 (two columns)', [1, 3], { gap: 20, margin: 60 }],
] as const) {
  const page = await composeVerticalPage([...order], opts);
  const file = path.join(dir, `${name.replace(/\W+/g, '-')}.png`);
  fs.writeFileSync(file, page.png);
  cases.push({ name, file, text: page.text });
}
const engine = createEngine({ workers: 1 });
let sum = 0;
const t0 = process.cpuUsage();
for (const c of cases) {
  const job = await engine.parse(c.file, {});
  const res = (await engine.waitForJob(job.job_id)) as unknown as { chunks?: Array<{ segments: Array<{ content: string }> }>; metadata?: { notes?: string[] } };
  const text = (res.chunks ?? []).flatMap((ch) => ch.segments.map((s) => s.content)).join('').replace(/\s+/g, '');
  const e = cer(text, c.text);
  sum += e;
  console.log(`${c.name}: CER ${e.toFixed(3)}\n  got  ${text}\n  want ${c.text}\n  notes ${JSON.stringify(res.metadata?.notes ?? [])}`);
}
console.log(`mean CER over ${cases.length} pages: ${(sum / cases.length).toFixed(3)}; main-process CPU ${((process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1e6).toFixed(1)} s (OCR runs in the worker)`);
await engine.close();
fs.rmSync(dir, { recursive: true, force: true });
