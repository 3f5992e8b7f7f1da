/**
 * Weakly labelled training pages: the born-digital analyzer's segments on real corpus
 * PDFs, drawn as the model will see them (letterboxed grey page).
 *
 *   npx tsx models/training/gen-weak-labels.ts [--per-doc 12] [--size 576x768] [--out models/training/data]
 *
 * Never reads the evaluation pages (layout/docling-eval, layout/DocBank, layout/PubLayNet,
 * layout/DocLayNet) nor the hidden split. Pages that would need OCR are skipped (their
 * "labels" would be our own OCR layout). Blocks typed with low confidence become ignore
 * regions (class -1): the loss neither rewards nor punishes detections there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { corpusPath, pdfInfo } from '../../bench/lib/corpus.js';
import { openPdf } from '../../src/formats/pdf/open-document.js';
import { extractPageContent } from '../../src/formats/pdf/page-content.js';
import { analyzePage } from '../../src/pipeline/analyze-page.js';
import { classifyDocument } from '../../src/pipeline/classify/document-types.js';
import { textLayerNeedsOcr } from '../../src/pipeline/ocr/text-layer-needs-ocr.js';
import { renderPdfPage } from '../../src/formats/pdf/render-page.js';
import { letterbox, letterboxGeometry } from '../../src/engines/layout/letterbox.js';
import { LAYOUT_CLASSES } from '../../src/engines/layout/interface.js';
import type { PageLayout } from '../../src/model/layout.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : dflt;
};
const perDoc = Number(opt('per-doc', '12'));
const outDir = opt('out', path.join(path.dirname(new URL(import.meta.url).pathname), 'data'));
// Network input the pages are letterboxed to (WxH); it must match the model being trained.
const [inW, inH] = opt('size', '576x768').split('x').map(Number) as [number, number];
const INPUT = { width: inW, height: inH, channels: 1 as const, padValue: 255, placement: 'center' as const };
const MIN_CONFIDENCE = 0.5;

const EVAL_PREFIXES = ['layout/docling-eval/', 'layout/DocBank/', 'layout/PubLayNet/', 'layout/DocLayNet/'];
const split = new Map(
  fs.readFileSync(corpusPath('SPLIT.tsv'), 'utf8').trim().split('\n').map((l) => l.split('\t')).map(([p, s]) => [p!, s!] as const),
);
const docs = pdfInfo().filter((r) => r.status.startsWith('ok') && !r.encrypted && split.get(r.path) === 'open' && !EVAL_PREFIXES.some((p) => r.path.startsWith(p)));

fs.mkdirSync(outDir, { recursive: true });
const pixelsOut = fs.openSync(path.join(outDir, 'weak.u8'), 'w');
const labels: Array<{ source: string; page: number; boxes: number[][] }> = [];
const counts: Record<string, number> = {};
let skippedOcr = 0;

function evenly(n: number, k: number): number[] {
  if (n <= k) return Array.from({ length: n }, (_, i) => i + 1);
  return Array.from({ length: k }, (_, i) => 1 + Math.floor((i * n) / k));
}

for (const [di, d] of docs.entries()) {
  let doc;
  try {
    doc = await openPdf(new Uint8Array(fs.readFileSync(corpusPath(d.path))));
  } catch {
    continue;
  }
  try {
    // Document-level typing (repeated headers/footers, header levels) needs every page
    // analysed; only the sampled ones are drawn.
    const sample = new Set(evenly(doc.numPages, perDoc));
    const analysePages = doc.numPages <= 60 ? Array.from({ length: doc.numPages }, (_, i) => i + 1) : [...sample];
    const layouts: PageLayout[] = [];
    for (const n of analysePages) {
      try {
        const page = await doc.getPage(n);
        const content = await extractPageContent(page, () => true);
        page.cleanup();
        if (textLayerNeedsOcr(content.runs, { width: content.width, height: content.height, images: content.images })) {
          if (sample.has(n)) skippedOcr++;
          continue;
        }
        layouts.push(analyzePage(content, { pageByPage: false, fixReadingOrder: false }));
      } catch {
        // A broken page is simply not used.
      }
    }
    classifyDocument(layouts);
    for (const layout of layouts) {
      if (!sample.has(layout.pageNumber) || layout.blocks.length === 0) continue;
      const page = await doc.getPage(layout.pageNumber);
      const g = letterboxGeometry(layout.width, layout.height, INPUT);
      const raster = await renderPdfPage(page, 72 * g.scale * 1.5);
      page.cleanup();
      const { pixels } = await letterbox(raster, INPUT);
      const boxes: number[][] = [];
      for (const b of layout.blocks) {
        const type = b.type ?? (b.kind === 'table' ? 'Table' : b.kind === 'picture' ? 'Picture' : 'Text');
        let cls = (LAYOUT_CLASSES as readonly string[]).indexOf(type);
        if (cls < 0 || (b.typeConfidence ?? 1) < MIN_CONFIDENCE) cls = -1;
        const x1 = b.bbox.left * g.scale + g.offsetX;
        const y1 = b.bbox.top * g.scale + g.offsetY;
        const x2 = (b.bbox.left + b.bbox.width) * g.scale + g.offsetX;
        const y2 = (b.bbox.top + b.bbox.height) * g.scale + g.offsetY;
        if (x2 - x1 < 1 || y2 - y1 < 1) continue;
        boxes.push([cls, +x1.toFixed(1), +y1.toFixed(1), +x2.toFixed(1), +y2.toFixed(1)]);
        const name = cls < 0 ? 'ignore' : type;
        counts[name] = (counts[name] ?? 0) + 1;
      }
      fs.writeSync(pixelsOut, pixels);
      labels.push({ source: d.path, page: layout.pageNumber, boxes });
    }
  } finally {
    await doc.destroy();
  }
  if (di % 25 === 0) console.error(`${di}/${docs.length} docs, ${labels.length} pages`);
}
fs.closeSync(pixelsOut);
fs.writeFileSync(path.join(outDir, 'weak.json'), JSON.stringify({ input: INPUT, classes: LAYOUT_CLASSES, pages: labels }));
console.log(`${labels.length} pages from ${docs.length} documents (${skippedOcr} sampled pages skipped: need OCR)`);
console.log(counts);
