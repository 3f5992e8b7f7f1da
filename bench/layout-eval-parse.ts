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
import sharp from 'sharp';
import { hasCorpus } from './lib/corpus.js';
import { loadLayoutGt, type CommonClass, type GtPage } from './lib/layout-gt.js';
import { averagePrecision, type ScoredBox } from './lib/detection-ap.js';
import { openPdf } from '../src/formats/pdf/open-document.js';
import { renderPdfPage } from '../src/formats/pdf/render-page.js';
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

interface Seg {
  segment_type: string;
  page_width: number;
  page_height: number;
  bbox: { left: number; top: number; width: number; height: number };
  confidence: number | null;
  content: string;
  page_number: number;
}

async function pageImage(gt: GtPage): Promise<Buffer> {
  if (gt.image) return fs.readFileSync(gt.image);
  const doc = await openPdf(new Uint8Array(fs.readFileSync(gt.pdf!.path)));
  const r = await renderPdfPage(await doc.getPage(gt.pdf!.page), 100);
  await doc.destroy();
  return sharp(r.data, { raw: { width: r.width, height: r.height, channels: r.channels } }).png().toBuffer();
}

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
    const ext = gt.image ? path.extname(gt.image) : '.png';
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

function evaluate(sel: typeof items): { perClass: Map<CommonClass, { ap: number; gt: number }>; mAP: number } {
  const preds = new Map<CommonClass, ScoredBox[]>();
  const truth = new Map<CommonClass, Array<Omit<ScoredBox, 'score'>>>();
  for (const { gt, segs } of sel) {
    const page = `${gt.dataset}/${gt.name}`;
    for (const s of segs) {
      const cls = gt.predictionMap[s.segment_type];
      if (!cls || !gt.annotated.has(cls)) continue;
      const b = s.bbox;
      const box = { page, x1: b.left / s.page_width, y1: b.top / s.page_height, x2: (b.left + b.width) / s.page_width, y2: (b.top + b.height) / s.page_height, score: s.confidence ?? 0.5 };
      (preds.get(cls) ?? preds.set(cls, []).get(cls)!).push(box);
    }
    for (const b of gt.boxes) {
      // Whole lists (PubLayNet, DocBank) are matched by list items' union in layout-eval;
      // here they are left out, as they are from its mean.
      if (b.cls === 'list') continue;
      (truth.get(b.cls) ?? truth.set(b.cls, []).get(b.cls)!).push({ page, x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2 });
    }
  }
  const perClass = new Map<CommonClass, { ap: number; gt: number }>();
  for (const [cls, t] of truth) perClass.set(cls, { ap: averagePrecision(preds.get(cls) ?? [], t).ap, gt: t.length });
  const aps = [...perClass.values()].map((v) => v.ap);
  return { perClass, mAP: aps.reduce((a, b) => a + b, 0) / Math.max(1, aps.length) };
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
