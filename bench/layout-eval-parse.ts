/**
 * Layout of parse's own output on page images (issue 29 item 0): every annotated page of
 * bench/lib/layout-gt.ts given to `engine.parse` as an image (the dataset's image, or for
 * CVAT's born-digital pages a 100-DPI rendering, as a user's page image would be), its
 * segments scored as detections (mAP@0.5 over the common classes, as bench/layout-eval.ts
 * scores the model alone), plus word recall where the dataset gives words (DocBank tokens).
 *
 * Run: npx tsx bench/layout-eval-parse.ts [--datasets publaynet,doclaynet,cvat,docbank] [--limit N]
 * Parse outputs are cached in bench/.cache/layout-parse/ (delete it after changing the
 * pipeline).
 *
 * `--born-digital`: issue 27's measure instead. The born-digital pages (those with a PDF)
 * are scored from a parse of the PDF itself with default options (smart_layout_detection,
 * as users get it), segments of the annotated page only; not cached (a few PDFs). Prints
 * the parse CPU time per page of the worker and main thread together.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { hasCorpus } from './lib/corpus.js';
import { loadLayoutGt, type GtPage } from './lib/layout-gt.js';
import { evaluateLayout as evaluate, pageImage, pageImageExt, wordRecall, type Seg } from './lib/layout-score.js';
import { createEngine } from '../src/index.js';

if (!hasCorpus) {
  console.error('layout-eval-parse: the corpus is not available (set QUIRE_CORPUS)');
  process.exit(1);
}
const args = process.argv.slice(2);
const li = args.indexOf('--limit');
const limit = li >= 0 ? Number(args[li + 1]) : Infinity;
const di = args.indexOf('--datasets');
const datasets = di >= 0 ? new Set(args[di + 1]!.split(',')) : null;
const bornDigital = args.includes('--born-digital');
/** `--layout advanced_layout_detection` parses with that layout_analysis (default: the default, smart). */
const layoutArg = args.includes('--layout') ? args[args.indexOf('--layout') + 1]! : undefined;
const parseOptions: Record<string, string> = layoutArg ? { layout_analysis: layoutArg } : {};
const CACHE = path.resolve('bench/.cache/layout-parse');
fs.mkdirSync(CACHE, { recursive: true });

// A generous time limit: this measures layout, not speed (a loaded machine would fail pages).
const engine = createEngine({ workers: 1, taskTimeoutMs: 600_000 });
const pages = (await loadLayoutGt()).filter((p) => (!datasets || datasets.has(p.dataset)) && (!bornDigital || p.pdf)).slice(0, limit);
const items: Array<{ gt: GtPage; segs: Seg[] }> = [];
const pdfSegs = new Map<string, Seg[]>();
const cpu0 = process.cpuUsage();
let parsedPages = 0;
for (const gt of pages) {
  if (bornDigital) {
    let segs = pdfSegs.get(gt.pdf!.path);
    if (!segs) {
      const r = await engine.waitForJob((await engine.parse(gt.pdf!.path, parseOptions)).job_id);
      if (r.status !== 'Succeeded') console.log(`  ${gt.pdf!.path}: ${r.status} ${r.message ?? ''}`);
      segs = (r.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
      parsedPages += (r as { page_count?: number }).page_count ?? 0;
      pdfSegs.set(gt.pdf!.path, segs);
    }
    items.push({ gt, segs: segs.filter((x) => x.page_number === gt.pdf!.page) });
    continue;
  }
  const bytes = await pageImage(gt);
  const key = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const cached = path.join(CACHE, `${key}.json`);
  let segs: Seg[];
  if (fs.existsSync(cached)) segs = JSON.parse(fs.readFileSync(cached, 'utf8'));
  else {
    const ext = pageImageExt(gt);
    const r = await engine.waitForJob((await engine.parse({ data: new Uint8Array(bytes), fileName: `page${ext}` }, parseOptions)).job_id);
    segs = (r.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
    if (r.status !== 'Succeeded') console.log(`  ${gt.dataset}/${gt.name}: ${r.status} ${r.message ?? ''}`);
    else fs.writeFileSync(cached, JSON.stringify(segs));
  }
  items.push({ gt, segs });
}
await engine.close();
if (bornDigital) {
  // Workers run in this process (worker threads), so process CPU covers them.
  const cpu = process.cpuUsage(cpu0);
  console.log(`parse CPU: ${((cpu.user + cpu.system) / 1000 / Math.max(1, parsedPages)).toFixed(0)} ms per page over ${parsedPages} pages of ${pdfSegs.size} PDFs`);
}

if (process.env.LAYOUT_EVAL_DUMP) fs.writeFileSync(process.env.LAYOUT_EVAL_DUMP, JSON.stringify(items.map(({ gt, segs }) => ({ page: `${gt.dataset}/${gt.name}`, map: gt.predictionMap, gt: gt.boxes, preds: segs.map((s) => ({ type: s.segment_type, score: s.confidence ?? 0.5, x1: s.bbox.left / s.page_width, y1: s.bbox.top / s.page_height, x2: (s.bbox.left + s.bbox.width) / s.page_width, y2: (s.bbox.top + s.bbox.height) / s.page_height, text: s.content.slice(0, 60) })) }))));
const all = evaluate(items);
console.log(bornDigital ? `layout-eval-parse --born-digital: ${items.length} annotated pages of born-digital PDFs through parse` : `layout-eval-parse: ${items.length} page images through parse`);
for (const [c, v] of [...all.perClass].sort()) console.log(`  ${c.padEnd(16)} GT ${String(v.gt).padStart(4)}  AP ${v.ap.toFixed(3)}`);
console.log(`mAP@0.5 of parse's segments, all ${bornDigital ? 'born-digital pages' : 'page images'}: ${all.mAP.toFixed(3)}`);
for (const ds of ['cvat', 'doclaynet', 'publaynet', 'docbank']) {
  const sub = items.filter((r) => r.gt.dataset === ds);
  if (sub.length) console.log(`  ${ds.padEnd(10)} ${String(sub.length).padStart(2)} pages  mAP ${evaluate(sub).mAP.toFixed(3)}  segments/page ${(sub.reduce((n, r) => n + r.segs.length, 0) / sub.length).toFixed(1)}  empty pages ${sub.filter((r) => r.segs.length === 0).length}`);
}
const withWords = items.filter((r) => r.gt.words?.length);
if (withWords.length) {
  let found = 0;
  let total = 0;
  for (const r of withWords) {
    const w = wordRecall(r.gt.words!, r.segs);
    found += w.found;
    total += w.total;
  }
  console.log(`word recall (${withWords.length} pages with ground-truth words): ${(found / Math.max(1, total)).toFixed(3)} (${found}/${total})`);
}
