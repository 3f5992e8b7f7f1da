/**
 * The OCR-page fusion alone, on cached inputs (issue 29 item 0): a full parse of a page
 * image costs seconds of OCR, the fusion milliseconds, so each annotated page image of
 * bench/lib/layout-gt.ts is parsed once with QUIRE_FUSION_DUMP set, its fusion input (the
 * OCR page's analysed layout and the model's regions in page units) kept in
 * bench/.cache/ocr-fusion/, and then every fusion variant is scored on those inputs in
 * milliseconds (mAP@0.5 as bench/layout-eval-parse.ts, of the fused blocks with the
 * confidence build-document gives them). The document stage that runs after the fusion in
 * parse (title, header/footer and section-level decisions over the document) is not
 * applied: bench/layout-eval-parse.ts gives the figure users get.
 *
 * Run: npx tsx bench/ocr-fusion-eval.ts [--datasets cvat,...] [--split even|odd] [--cached-only]
 * `--split` keeps every other page (by name order), for sweeping on one half and reporting
 * the other.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { hasCorpus } from './lib/corpus.js';
import { loadLayoutGt, type GtPage } from './lib/layout-gt.js';
import { evaluateLayout, pageImage, pageImageExt, wordRecall, type Seg } from './lib/layout-score.js';
import type { Block, PageLayout } from '../src/model/layout.js';
import type { LayoutRegion } from '../src/engines/layout/interface.js';
import { fuseLayout } from '../src/pipeline/layout-fusion/fuse-layout.js';
import { regroupLinesByRegions } from '../src/pipeline/layout-fusion/regroup-lines.js';
import { distinctTextRegions } from '../src/pipeline/layout-fusion/region-blocks.js';
import { figuresOf, fuseOcrPage } from '../src/pipeline/layout-fusion/ocr-region-blocks.js';
import { classifyDocument } from '../src/pipeline/classify/document-types.js';

if (!hasCorpus) {
  console.error('ocr-fusion-eval: the corpus is not available (set QUIRE_CORPUS)');
  process.exit(1);
}
const args = process.argv.slice(2);
const di = args.indexOf('--datasets');
const datasets = di >= 0 ? new Set(args[di + 1]!.split(',')) : null;
const cachedOnly = args.includes('--cached-only');
const split = args.includes('--split') ? args[args.indexOf('--split') + 1] : undefined;
const CACHE = path.resolve('bench/.cache/ocr-fusion');
fs.mkdirSync(CACHE, { recursive: true });

interface Dump {
  layout: PageLayout;
  regions: LayoutRegion[];
  /** parse's own segments when the dump was made. */
  segs: Seg[];
}

let pages = (await loadLayoutGt()).filter((p) => !datasets || datasets.has(p.dataset));
if (split) pages = pages.sort((a, b) => a.name.localeCompare(b.name)).filter((_, i) => i % 2 === (split === 'even' ? 0 : 1));

const dumps = new Map<GtPage, Dump>();
const noModel = new Map<GtPage, Seg[]>();
let engine: Awaited<ReturnType<typeof import('../src/index.js')['createEngine']>> | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-fusion-'));
for (const gt of pages) {
  const bytes = await pageImage(gt);
  const file = path.join(CACHE, `${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.json`);
  // A page the model did not run on (OCR read it turned): parse's segments from
  // bench/layout-eval-parse.ts's cache (same key), the same for every variant.
  const parsed = path.resolve('bench/.cache/layout-parse', path.basename(file));
  if (!fs.existsSync(file) && fs.existsSync(parsed)) {
    noModel.set(gt, JSON.parse(fs.readFileSync(parsed, 'utf8')));
    continue;
  }
  if (!fs.existsSync(file)) {
    if (cachedOnly) continue;
    if (!engine) {
      process.env.QUIRE_FUSION_DUMP = tmp; // read by the pool's workers, created now
      engine = (await import('../src/index.js')).createEngine({ workers: 1, taskTimeoutMs: 600_000 });
    }
    const before = new Set(fs.readdirSync(tmp));
    const r = await engine.waitForJob((await engine.parse({ data: new Uint8Array(bytes), fileName: `page${pageImageExt(gt)}` })).job_id);
    const fresh = fs.readdirSync(tmp).filter((f) => !before.has(f));
    if (r.status !== 'Succeeded' || fresh.length !== 1) {
      console.log(`  ${gt.dataset}/${gt.name}: ${r.status}, ${fresh.length} fusion inputs (the model did not run): parse's segments kept`);
      if (r.status === 'Succeeded') noModel.set(gt, (r.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]));
      continue;
    }
    const input = JSON.parse(fs.readFileSync(path.join(tmp, fresh[0]!), 'utf8'));
    const segs = (r.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
    fs.writeFileSync(file, JSON.stringify({ ...input, segs }));
  }
  dumps.set(gt, JSON.parse(fs.readFileSync(file, 'utf8')));
}
await engine?.close();
fs.rmSync(tmp, { recursive: true, force: true });

/** What the document stage and build-document make of a page's blocks, for scoring. */
function segmentsOf(layout: PageLayout): Seg[] {
  classifyDocument([layout]);
  return blockSegments(layout);
}
function blockSegments(layout: PageLayout): Seg[] {
  return layout.blocks.map((b: Block) => {
    const ocr = b.lines.map((l) => l.confidence).filter((c): c is number => c !== null);
    const typeConf = b.typeConfidence ?? 0.9;
    const conf = ocr.length ? Math.min(typeConf, ocr.reduce((s, c) => s + c, 0) / ocr.length) : typeConf;
    const type = b.type ?? (b.kind === 'picture' ? 'Picture' : b.kind === 'table' ? 'Table' : 'Text');
    return { segment_type: type, page_width: layout.width, page_height: layout.height, bbox: b.bbox, confidence: conf, content: b.lines.map((l) => l.text).join('\n'), page_number: 1 };
  });
}
function segmentsOfFused(layout: PageLayout): Seg[] {
  for (const b of layout.blocks) b.type ??= 'Text';
  return blockSegments(layout);
}
const clone = <T>(x: T): T => structuredClone(x);
const variants: Record<string, (d: Dump) => Seg[]> = {
  parse: (d) => d.segs,
  'old fusion': (d) => segmentsOf(fuseLayout(regroupLinesByRegions(clone(d.layout), d.regions), d.regions, { advanced: false })),
  'new fusion': (d) => segmentsOf(fuseOcrPage(clone(d.layout), d.regions, { advanced: false }, undefined, 'regions')),
  'regions': (d) => d.regions.map((r) => ({ segment_type: r.type, page_width: d.layout.width, page_height: d.layout.height, bbox: r, confidence: r.score, content: '', page_number: 1 })),
  'distinct': (d) => [...distinctTextRegions(d.regions, 0.4), ...figuresOf(d.regions, 0.6).map((f) => ({ ...f.box, score: f.score, type: 'Picture' }))].map((r) => ({ segment_type: r.type, page_width: d.layout.width, page_height: d.layout.height, bbox: r, confidence: r.score, content: '', page_number: 1 })),
  'new, typeconf': (d) => { const L = fuseOcrPage(clone(d.layout), d.regions, { advanced: false }, undefined, 'regions'); classifyDocument([L]); for (const b of L.blocks) for (const l of b.lines) l.confidence = null; return blockSegments(L); },
  'new, no doc': (d) => segmentsOfFused(fuseOcrPage(clone(d.layout), d.regions, { advanced: false }, undefined, 'regions')),
};
const items = [...dumps];
console.log(`ocr-fusion-eval: ${items.length} page images with fusion input${split ? ` (${split} half)` : ''}, ${noModel.size} more the model did not run on (parse's segments)`);
const results = Object.entries(variants).map(([name, f]) => {
  const scored = [...items.map(([gt, d]) => ({ gt, segs: f(d) })), ...[...noModel].map(([gt, segs]) => ({ gt, segs }))];
  return { name, scored, all: evaluateLayout(scored) };
});
if (process.env.PER_PAGE) {
  const cls = process.env.PER_PAGE;
  for (let i = 0; i < items.length; i++) {
    const gt = items[i]![0];
    if (!gt.boxes.some((b) => b.cls === cls)) continue;
    console.log(`  ${gt.dataset}/${gt.name.slice(0, 24).padEnd(24)} ${results.map((r) => (evaluateLayout([r.scored[i]!]).perClass.get(cls as never)?.ap ?? 0).toFixed(2).padStart(7)).join(' ')}`);
  }
}
const classes = [...results[0]!.all.perClass.keys()].sort();
console.log(`  ${'class'.padEnd(16)} ${'GT'.padStart(4)}  ${results.map((r) => r.name.padStart(11)).join(' ')}`);
for (const c of classes) console.log(`  ${c.padEnd(16)} ${String(results[0]!.all.perClass.get(c)!.gt).padStart(4)}  ${results.map((r) => r.all.perClass.get(c)!.ap.toFixed(3).padStart(11)).join(' ')}`);
console.log(`  ${'mAP'.padEnd(16)} ${''.padStart(4)}  ${results.map((r) => r.all.mAP.toFixed(3).padStart(11)).join(' ')}`);
for (const ds of ['cvat', 'doclaynet', 'publaynet', 'docbank']) {
  const line = results.map((r) => {
    const sub = r.scored.filter((x) => x.gt.dataset === ds);
    return sub.length ? `${evaluateLayout(sub).mAP.toFixed(3)} (${(sub.reduce((n, x) => n + x.segs.length, 0) / sub.length).toFixed(1)}/p)` : '';
  });
  if (line[0]) console.log(`  ${ds.padEnd(21)} ${line.map((s) => s.padStart(11)).join(' ')}`);
}
const recall = results.map((r) => {
  let found = 0;
  let total = 0;
  for (const x of r.scored.filter((y) => y.gt.words?.length)) {
    const w = wordRecall(x.gt.words!, x.segs);
    found += w.found;
    total += w.total;
  }
  return total ? (found / total).toFixed(3) : '-';
});
console.log(`  ${'word recall'.padEnd(21)} ${recall.map((s) => s.padStart(11)).join(' ')}`);
