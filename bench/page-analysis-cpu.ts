/**
 * CPU time of the per-page analysis of a born-digital PDF, by stage, for this build against
 * other builds (e.g. the base of a change), in one process: every page's content is read once
 * (this build's pdf.js reader), then each build's stages run over the same contents, the
 * builds alternating round by round so that a busy machine slows them alike. Prints each
 * stage's median CPU ms per round and the ratio to this build.
 *
 * Stages: `analyzePage` (tables, charts, pictures, lines, blocks, hints, reading order) and
 * the OCR decision of a text page (`textLayerNeedsOcr`, and `isScanLike` where the build has
 * the scan-layer check). The pool worker's own time (pdf.js operator lists, task messages)
 * is not in it: bench/compare-builds.ts measures the whole CLI.
 *
 * Usage: npx tsx bench/page-analysis-cpu.ts OTHER_BUILD... [--file corpus/relative.pdf] [--rounds N] [--first P]
 * (each build's dist/ must exist: `npm run build`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { corpusPath, hasCorpus } from './lib/corpus.js';

const argv = process.argv.slice(2);
const arg = (name: string, dflt: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1]! : dflt);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const others = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--')).map((b) => path.resolve(b));
const file = corpusPath(arg('--file', 'long/pdf.js/test/pdfs/freeculture.pdf'));
const rounds = Number(arg('--rounds', '7'));
const first = Number(arg('--first', '2')); // freeculture's page 1 is an OCR'd cover
if (!hasCorpus) throw new Error('corpus not found (set QUIRE_CORPUS)');

type Fn = (...a: unknown[]) => unknown;
interface Build {
  name: string;
  stages: Record<string, (c: never) => unknown>;
}

async function load(dir: string, name: string): Promise<Build> {
  const imp = async (rel: string) => (await import(pathToFileURL(path.join(dir, 'dist', rel)).href)) as Record<string, Fn>;
  const { analyzePage } = await imp('pipeline/analyze-page.js');
  const { textLayerNeedsOcr } = await imp('pipeline/ocr/text-layer-needs-ocr.js');
  const verify = path.join(dir, 'dist/pipeline/ocr/verify-text-layer.js');
  const isScanLike = fs.existsSync(verify) ? (await imp('pipeline/ocr/verify-text-layer.js')).isScanLike : undefined;
  const opts = { pageByPage: false, fixReadingOrder: false };
  const stages: Build['stages'] = {
    analyzePage: (c: { width: number }) => analyzePage!(c, opts),
    needsOcr: (c: { runs: unknown; width: number; height: number; images: unknown }) => textLayerNeedsOcr!(c.runs, { width: c.width, height: c.height, images: c.images }),
  };
  if (isScanLike) stages.isScanLike = (c: never) => isScanLike(c);
  return { name, stages };
}

const { openPdf } = (await import(pathToFileURL(path.join(root, 'dist/formats/pdf/open-document.js')).href)) as { openPdf: Fn };
const { extractPageContent } = (await import(pathToFileURL(path.join(root, 'dist/formats/pdf/page-content.js')).href)) as { extractPageContent: Fn };
const doc = (await openPdf(new Uint8Array(fs.readFileSync(file)))) as { numPages: number; getPage(n: number): Promise<{ cleanup(): void }> };
const contents: unknown[] = [];
for (let n = first; n <= doc.numPages; n++) {
  const page = await doc.getPage(n);
  contents.push(await extractPageContent(page));
  page.cleanup();
}
const builds = [await load(root, 'head'), ...(await Promise.all(others.map((b, i) => load(b, others.length === 1 ? 'base' : `build${i + 1}:${b}`))))];

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const times = new Map<string, number[]>();
for (let r = 0; r < rounds + 1; r++) {
  const order = r % 2 === 0 ? builds : builds.slice().reverse();
  for (const b of order) {
    for (const [stage, fn] of Object.entries(b.stages)) {
      const t0 = cpuMs();
      for (const c of contents) fn(c as never);
      const ms = cpuMs() - t0;
      if (r > 0) times.set(`${b.name} ${stage}`, [...(times.get(`${b.name} ${stage}`) ?? []), ms]); // round 0 warms the JIT
    }
  }
}
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1]!;
console.log(`${path.basename(file)}: pages ${first}-${doc.numPages} (${contents.length}), ${rounds} rounds, median CPU ms per round`);
for (const stage of Object.keys(builds[0]!.stages)) {
  const head = median(times.get(`head ${stage}`) ?? [NaN]);
  const row = builds.map((b) => {
    const t = times.get(`${b.name} ${stage}`);
    return t ? `${b.name} ${median(t).toFixed(0)}` : `${b.name} -`;
  });
  const ratios = builds.slice(1).map((b) => (times.get(`${b.name} ${stage}`) ? `head/${b.name} ${(head / median(times.get(`${b.name} ${stage}`)!)).toFixed(3)}` : ''));
  console.log(`  ${stage.padEnd(12)} ${row.join(', ')}  ${ratios.join(' ')}`);
}
process.exit(0);
