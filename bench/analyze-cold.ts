/**
 * CPU of `analyzePage` run cold, as a pool worker runs it, for this build against others:
 * each measurement is a fresh process with the pool worker's V8 flags that imports one
 * build's analyzePage and runs it once over every text page of a PDF (cold: parsing,
 * compiling and optimising the code is part of what a worker pays), then a second time
 * (warm). Builds alternate so a busy machine slows them alike. Prints, per build, the median
 * CPU ms of the cold pass (the thread alone, and the process: V8's compiler and GC threads
 * included) and of the warm pass, the ratios to this build, and a hash of the layouts so
 * builds meant to agree can be checked to (e.g. before/after a change that keeps the output).
 *
 * Why: bench/page-analysis-cpu.ts runs the builds warm in one process, which hides the JIT's
 * cost; bench/worker-replay.mjs replays whole page tasks, whose pdf.js work dwarfs this.
 *
 * Usage: npx tsx bench/analyze-cold.ts OTHER_BUILD... [--file corpus/relative.pdf] [--rounds N] [--first P]
 * (each build's dist/ must exist; the page contents are read once by this build's reader
 * and cached in bench/.cache/; Linux: the thread's CPU comes from /proc).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hasCorpus } from './lib/corpus.js';
import { extractPageContents, pageBenchArgs } from './lib/page-contents.js';

const { arg, root, others, rel, rounds, first } = pageBenchArgs();
const stage = arg('--stage', 'analyze');
if (!hasCorpus) throw new Error('corpus not found (set QUIRE_CORPUS)');

const cache = path.join(root, 'bench/.cache', `page-contents-${path.basename(rel)}-${first}.v8`);
if (!fs.existsSync(cache)) {
  const pages = await extractPageContents(root, rel, first);
  fs.mkdirSync(path.dirname(cache), { recursive: true });
  fs.writeFileSync(cache, v8.serialize(pages));
}
// readingOrder's inputs: each page's block boxes (in this build's reading order) and median font size.
const orderCache = cache.replace(/\.v8$/, '.order.v8');
if (!fs.existsSync(orderCache)) {
  type Content = { runs: Array<{ fontSize: number }> };
  const { analyzePage } = (await import(pathToFileURL(path.join(root, 'dist/pipeline/analyze-page.js')).href)) as { analyzePage: (c: Content, o: unknown) => { blocks: Array<{ bbox: unknown }> } };
  const pages = v8.deserialize(fs.readFileSync(cache)) as Content[];
  const inputs = pages.map((c) => {
    const sizes = c.runs.map((r) => r.fontSize).sort((a, b) => a - b);
    return { boxes: analyzePage(c, { pageByPage: false, fixReadingOrder: false }).blocks.map((b) => b.bbox), size: sizes.length ? sizes[sizes.length >> 1] : 10 };
  });
  fs.writeFileSync(orderCache, v8.serialize(inputs));
}

// One measurement: node --flags child.mjs BUILD CACHE
const child = `
import fs from 'node:fs';
import v8 from 'node:v8';
import { createHash } from 'node:crypto';
const [build, cacheFile] = process.argv.slice(2);
const pages = v8.deserialize(fs.readFileSync(cacheFile));
const thread = () => Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
const proc = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const stage = process.argv[4];
let fn;
let inputs = pages;
if (stage === 'lines') fn = (await import(build + '/dist/pipeline/lines/build-lines.js')).buildLines, inputs = pages.map((c) => c.runs);
else if (stage === 'order') {
  const { readingOrder } = await import(build + '/dist/pipeline/reading-order/xy-cut.js');
  inputs = v8.deserialize(fs.readFileSync(cacheFile.replace(/\.v8$/, '.order.v8')));
  fn = (x) => readingOrder(x.boxes, x.size);
} else if (stage === 'tables') fn = (await import(build + '/dist/pipeline/tables/detect-tables.js')).detectTables;
else if (stage === 'blocks' || stage === 'hints') {
  const { buildLines } = await import(build + '/dist/pipeline/lines/build-lines.js');
  const { buildBlocks } = await import(build + '/dist/pipeline/blocks/build-blocks.js');
  const { hintBlockType } = await import(build + '/dist/pipeline/classify/page-hints.js');
  inputs = pages.map((c) => buildLines(c.runs));
  if (stage === 'blocks') fn = buildBlocks;
  else inputs = inputs.map((l) => buildBlocks(l)), fn = (bs) => bs.map((b) => (hintBlockType(b), b.type));
} else if (stage === 'charts') {
  const m = await import(build + '/dist/pipeline/charts/find-charts.js').catch(() => null);
  fn = (c) => (!m || (c.rects.length < 2 && !c.shapes?.length && c.images.length === 0) ? [] : m.findCharts(c, c.runs, []));
} else if (stage === 'pictures') {
  const { detectPictures } = await import(build + '/dist/pipeline/pictures/detect-pictures.js');
  fn = (c) => detectPictures({ images: c.images, paths: c.graphics, rects: c.rects, page: { left: 0, top: 0, width: c.width, height: c.height }, exclude: [] });
} else {
  const { analyzePage } = await import(build + '/dist/pipeline/analyze-page.js');
  const opts = { pageByPage: false, fixReadingOrder: false };
  fn = (c) => analyzePage(c, opts);
}
const t0 = thread(), p0 = proc();
const out = inputs.map((x) => fn(x));
const cold = thread() - t0, coldProc = proc() - p0;
const t1 = thread();
for (const x of inputs) fn(x);
const warm = thread() - t1;
const hash = createHash('sha1').update(JSON.stringify(out)).digest('hex').slice(0, 12);
console.log(JSON.stringify({ cold, coldProc, warm, hash }));
`;
const childFile = path.join(os.tmpdir(), `quire-analyze-cold-${process.pid}.mjs`);
fs.writeFileSync(childFile, child);
const flags = ['--wasm-tiering-budget=100000000', '--interrupt-budget=300000', '--max-inlined-bytecode-size-cumulative=300']; // runtime/v8-tuning.ts

const builds = [{ name: 'head', dir: root }, ...others.map((dir, i) => ({ name: others.length === 1 ? 'other' : `build${i + 1}`, dir }))];
const rows = new Map<string, Array<{ cold: number; coldProc: number; warm: number; hash: string }>>();
for (let r = 0; r < rounds; r++) {
  for (const b of r % 2 === 0 ? builds : builds.slice().reverse()) {
    const res = spawnSync(process.execPath, [...flags, childFile, pathToFileURL(b.dir).href, cache, stage], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${b.dir}: ${res.stderr.slice(-600)}`);
    const row = JSON.parse(res.stdout.trim().split('\n').at(-1)!);
    rows.set(b.name, [...(rows.get(b.name) ?? []), row]);
  }
}
fs.rmSync(childFile, { force: true });
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1]!;
const stat = (name: string, k: 'cold' | 'coldProc' | 'warm') => median(rows.get(name)!.map((x) => x[k]));
console.log(`${path.basename(rel)} pages ${first}-: ${stage}, ${rounds} fresh processes per build, median CPU ms (load avg ${os.loadavg()[0]!.toFixed(2)})`);
for (const b of builds) {
  const ratio = (k: 'cold' | 'coldProc' | 'warm') => (b.name === 'head' ? '' : ` (head/${b.name} ${(stat('head', k) / stat(b.name, k)).toFixed(3)})`);
  console.log(`  ${b.name.padEnd(7)} cold thread ${stat(b.name, 'cold').toFixed(0)}${ratio('cold')}, cold process ${stat(b.name, 'coldProc').toFixed(0)}${ratio('coldProc')}, warm ${stat(b.name, 'warm').toFixed(0)}${ratio('warm')}, layouts ${[...new Set(rows.get(b.name)!.map((x) => x.hash))].join('/')}  ${b.dir}`);
}
