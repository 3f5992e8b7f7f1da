/**
 * Layout evaluation: `npx tsx bench/layout-eval.ts [--model models/layout/quire-layout-v6.json] [--verbose]`
 *
 * mAP@0.5 per common class on the open human-labelled layout pages of the corpus
 * (bench/lib/layout-gt.ts: docling-eval CVAT, DocLayNet, PubLayNet, DocBank), for
 *  - the layout model alone (every page, rendered or the dataset's image),
 *  - the text-layer analysis alone (born-digital pages only),
 *  - the fused layout that `smart_layout_detection` produces (born-digital pages), before
 *    the document stage (parse's own output, after it: bench/layout-eval-parse.ts --born-digital),
 * plus the model's inference latency per page (median, one intra-op thread) and the time of the
 * box refinement (snapping to ink) that follows it.
 *
 * mAP is the mean over the eleven common classes (text, title, section header, list
 * item, table, picture, caption, footnote, page header, page footer, formula); whole-list
 * boxes (`list`, PubLayNet/DocBank) are scored and shown but not averaged.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { hasCorpus } from './lib/corpus.js';
import { loadLayoutGt, type CommonClass, type GtPage } from './lib/layout-gt.js';
import { averagePrecision, type ScoredBox } from './lib/detection-ap.js';
import { loadManifest } from '../src/engines/layout/manifest.js';
import { OnnxLayoutEngine } from '../src/engines/layout/onnx-layout-engine.js';
import { openPdf } from '../src/formats/pdf/open-document.js';
import { extractPageContent } from '../src/formats/pdf/page-content.js';
import { analyzePage } from '../src/pipeline/analyze-page.js';
import { classifyDocument } from '../src/pipeline/classify/document-types.js';
import { renderPdfPage } from '../src/formats/pdf/render-page.js';
import type { RasterImage } from '../src/engines/ocr/interface.js';
import type { PageLayout } from '../src/model/layout.js';
import type { PageContent } from '../src/model/page.js';
import { fuseModelRegions, modelRunsOn } from '../src/pipeline/layout-fusion/apply-layout-model.js';
import type { LayoutRegion } from '../src/engines/layout/interface.js';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const mi = args.indexOf('--model');
const manifestPath = mi >= 0 ? args[mi + 1]! : path.resolve(path.dirname(new URL(import.meta.url).pathname), '../models/layout/quire-layout-v6.json');
if (!hasCorpus) {
  console.error('layout-eval: the corpus is not available (set QUIRE_CORPUS)');
  process.exit(1);
}

interface Pred {
  type: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  score: number;
}

/** Consecutive list items of one column → one list box (datasets that label whole lists). */
function mergeLists(preds: Pred[]): Pred[] {
  const items = preds.filter((p) => p.type === 'ListItem').sort((a, b) => a.y1 - b.y1);
  const rest = preds.filter((p) => p.type !== 'ListItem');
  const lists: Pred[] = [];
  for (const it of items) {
    const l = lists.find((g) => Math.min(g.x2, it.x2) - Math.max(g.x1, it.x1) > 0.5 * Math.min(g.x2 - g.x1, it.x2 - it.x1) && it.y1 - g.y2 < 0.03);
    if (l) {
      l.score = (l.score + it.score) / 2;
      Object.assign(l, { x1: Math.min(l.x1, it.x1), y1: Math.min(l.y1, it.y1), x2: Math.max(l.x2, it.x2), y2: Math.max(l.y2, it.y2) });
    } else lists.push({ ...it });
  }
  return [...rest, ...lists];
}

const pages = await loadLayoutGt();
// AP is computed over the whole score range (COCO practice); fusion applies its own threshold.
const engine = await OnnxLayoutEngine.create(loadManifest(manifestPath), { scoreThreshold: 0.05 });
const docLayouts = new Map<string, PageLayout[]>();
const contents = new Map<string, PageContent>();

async function textLayerLayout(pdf: string, pageNo: number): Promise<PageLayout | undefined> {
  let layouts = docLayouts.get(pdf);
  if (!layouts) {
    layouts = [];
    const doc = await openPdf(new Uint8Array(fs.readFileSync(pdf)));
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await extractPageContent(page, () => true);
      contents.set(`${pdf}#${n}`, content);
      layouts.push(analyzePage(content, { pageByPage: false, fixReadingOrder: false }));
      page.cleanup();
    }
    await doc.destroy();
    classifyDocument(layouts);
    docLayouts.set(pdf, layouts);
  }
  return layouts.find((l) => l.pageNumber === pageNo);
}

async function pageRaster(gt: GtPage): Promise<RasterImage> {
  if (gt.image) {
    const { data, info } = await sharp(gt.image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels as 3, dpi: null };
  }
  const doc = await openPdf(new Uint8Array(fs.readFileSync(gt.pdf!.path)));
  const page = await doc.getPage(gt.pdf!.page);
  const r = await renderPdfPage(page, 100);
  await doc.destroy();
  return r;
}

const runs: Record<'model' | 'text' | 'fused' | 'routed' | 'model_bd', Array<{ gt: GtPage; preds: Pred[] }>> = { model: [], text: [], fused: [], routed: [], model_bd: [] };
let routedPages = 0;
const latencies: number[] = [];
const decodeMs: number[] = [];
for (const gt of pages) {
  const raster = await pageRaster(gt);
  const input = await engine.prepare(raster);
  const t0 = performance.now();
  const output = await engine.infer(input.tensor);
  latencies.push(performance.now() - t0);
  const t1 = performance.now();
  const regions: LayoutRegion[] = engine.decode(output, input, raster);
  decodeMs.push(performance.now() - t1);
  const modelPreds = regions.map((r) => ({ type: r.type, score: r.score, x1: r.left / raster.width, y1: r.top / raster.height, x2: (r.left + r.width) / raster.width, y2: (r.top + r.height) / raster.height }));
  runs.model.push({ gt, preds: modelPreds });
  if (gt.pdf) {
    const layout = await textLayerLayout(gt.pdf.path, gt.pdf.page);
    if (!layout) continue;
    const asPreds = (l: PageLayout): Pred[] =>
      l.blocks.map((b) => ({
        type: b.type ?? (b.kind === 'table' ? 'Table' : b.kind === 'picture' ? 'Picture' : 'Text'),
        score: b.typeConfidence ?? 0.5,
        x1: b.bbox.left / l.width,
        y1: b.bbox.top / l.height,
        x2: (b.bbox.left + b.bbox.width) / l.width,
        y2: (b.bbox.top + b.bbox.height) / l.height,
      }));
    runs.text.push({ gt, preds: asPreds(layout) });
    runs.model_bd.push({ gt, preds: modelPreds });
    const scale = raster.width / layout.width;
    const fused = fuseModelRegions(structuredClone(layout), regions.map((r) => ({ ...r, left: r.left / scale, top: r.top / scale, width: r.width / scale, height: r.height / scale })), { advanced: false });
    runs.fused.push({ gt, preds: asPreds(fused) });
    // What parse does: the model only where the text layer cannot explain the page.
    const skip = !modelRunsOn(contents.get(`${gt.pdf.path}#${gt.pdf.page}`)!, layout);
    if (!skip) routedPages++;
    runs.routed.push({ gt, preds: asPreds(skip ? layout : fused) });
  }
}

function evaluate(items: Array<{ gt: GtPage; preds: Pred[] }>): { perClass: Map<CommonClass, { ap: number; gt: number }>; mAP: number } {
  const preds = new Map<CommonClass, ScoredBox[]>();
  const truth = new Map<CommonClass, Array<Omit<ScoredBox, 'score'>>>();
  for (const { gt, preds: raw } of items) {
    const page = `${gt.dataset}/${gt.name}`;
    const ps = gt.mergeListItems ? mergeLists(raw) : raw;
    for (const p of ps) {
      const cls = gt.predictionMap[p.type];
      if (!cls || !gt.annotated.has(cls)) continue;
      (preds.get(cls) ?? preds.set(cls, []).get(cls)!).push({ page, x1: p.x1, y1: p.y1, x2: p.x2, y2: p.y2, score: p.score });
    }
    for (const b of gt.boxes) (truth.get(b.cls) ?? truth.set(b.cls, []).get(b.cls)!).push({ page, x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2 });
  }
  const perClass = new Map<CommonClass, { ap: number; gt: number }>();
  for (const [cls, t] of truth) perClass.set(cls, { ap: averagePrecision(preds.get(cls) ?? [], t).ap, gt: t.length });
  // The mean runs over the common classes; `list` (whole lists, PubLayNet/DocBank) is shown but not averaged.
  const aps = [...perClass].filter(([c]) => c !== 'list').map(([, v]) => v.ap);
  return { perClass, mAP: aps.reduce((a, b) => a + b, 0) / Math.max(1, aps.length) };
}

if (process.env.LAYOUT_EVAL_DUMP) fs.writeFileSync(process.env.LAYOUT_EVAL_DUMP, JSON.stringify(Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, v.map((x) => ({ page: `${x.gt.dataset}/${x.gt.name}`, map: x.gt.predictionMap, gt: x.gt.boxes, preds: x.preds }))]))));
const results = { model: evaluate(runs.model), model_bd: evaluate(runs.model_bd), text: evaluate(runs.text), fused: evaluate(runs.fused), routed: evaluate(runs.routed) };
const classes = [...results.model.perClass.keys()].sort();
const f = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '   - ' : v.toFixed(3));
console.log(`layout-eval: ${pages.length} pages (${runs.text.length} born-digital); model ${path.basename(manifestPath)}`);
console.log(`${'class'.padEnd(16)} ${'GT'.padStart(4)}  model  | born-digital pages: ${'GT'.padStart(3)} model  text   fused`);
for (const c of classes) {
  const m = results.model.perClass.get(c)!;
  const bd = results.text.perClass.get(c);
  console.log(`${(c === 'list' ? 'list (not in mAP)' : c).padEnd(16)} ${String(m.gt).padStart(4)}  ${f(m.ap)}  |                     ${String(bd?.gt ?? 0).padStart(3)} ${f(results.model_bd.perClass.get(c)?.ap)}  ${f(bd?.ap)}  ${f(results.fused.perClass.get(c)?.ap)}`);
}
console.log(`mAP@0.5          all pages: model ${f(results.model.mAP)}  | born-digital: model ${f(results.model_bd.mAP)}  text layer ${f(results.text.mAP)}  fused ${f(results.fused.mAP)}`);
console.log(`routing (as parse does): ${routedPages}/${runs.routed.length} born-digital pages sent to the model, mAP ${f(results.routed.mAP)} (fused on every page: ${f(results.fused.mAP)})`);
for (const ds of ['cvat', 'doclaynet', 'publaynet', 'docbank']) {
  const sub = runs.model.filter((r) => r.gt.dataset === ds);
  if (sub.length) console.log(`  ${ds.padEnd(10)} ${String(sub.length).padStart(2)} pages  model mAP ${f(evaluate(sub).mAP)}`);
}
latencies.sort((a, b) => a - b);
decodeMs.sort((a, b) => a - b);
console.log(`model inference: median ${latencies[latencies.length >> 1]!.toFixed(1)} ms/page (1 intra-op thread), p90 ${latencies[Math.floor(latencies.length * 0.9)]!.toFixed(1)} ms; decoding + snapping to ink median ${decodeMs[decodeMs.length >> 1]!.toFixed(1)} ms`);
if (verbose) for (const r of runs.model) console.log(`  ${r.gt.dataset}/${r.gt.name}: ${r.gt.boxes.length} GT, ${r.preds.length} predictions`);
await engine.close();
