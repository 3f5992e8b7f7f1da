/**
 * What the layout-model stage costs one text-layer page, step by step (issue 27 item 3):
 * `npx tsx bench/layout-stage-cost.ts [FILE] [--pages N]` (default tracemonkey.pdf, 14 pages).
 * Process CPU per page (one thread; sharp's threads included) of: drawing the page as the
 * pipeline does for the model (1.5× the DPI that fills the input, then shrunk to grey), the
 * letterbox and tensor, inference, decoding, and snapping boxes to ink. Compare with
 * `--as-before`: drawn at 1.5× and letterboxed by sharp (the stage before this change).
 */
import fs from 'node:fs';
import path from 'node:path';
import { openPdf } from '../src/formats/pdf/open-document.js';
import { renderPdfPage } from '../src/formats/pdf/render-page.js';
import { loadManifest } from '../src/engines/layout/manifest.js';
import { OnnxLayoutEngine } from '../src/engines/layout/onnx-layout-engine.js';
import { snapRegionsToInk } from '../src/engines/layout/snap-to-ink.js';
import { greyTwoThirds } from '../src/raster/grey-shrink.js';
import type { RasterImage } from '../src/raster/raster-image.js';
import { corpusPath } from './lib/corpus.js';

const args = process.argv.slice(2);
const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--pages') ?? corpusPath('robustness/pdf.js/test/pdfs/tracemonkey.pdf');
const maxPages = args.includes('--pages') ? Number(args[args.indexOf('--pages') + 1]) : 14;
const asBefore = args.includes('--as-before');
const here = path.dirname(new URL(import.meta.url).pathname);
const manifest = loadManifest(path.join(here, '../models/layout/quire-layout-v6.json'));
// Snapping is timed on its own below.
const engine = await OnnxLayoutEngine.create({ ...manifest, refine_boxes: 'none' }, {});
const doc = await openPdf(new Uint8Array(fs.readFileSync(file)));
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const t: Record<string, number> = {};
async function step<T>(k: string, f: () => Promise<T> | T): Promise<T> {
  const a = cpu();
  const r = await f();
  t[k] = (t[k] ?? 0) + cpu() - a;
  return r;
}
const n = Math.min(doc.numPages, maxPages);
for (let p = 1; p <= n; p++) {
  const page = await doc.getPage(p);
  const u = page.getViewport({ scale: 1 });
  const fill = 72 * Math.min(engine.inputWidth / u.width, engine.inputHeight / u.height);
  let image: RasterImage = await step('draw', () => renderPdfPage(page, 1.5 * fill));
  if (!asBefore) image = await step('shrink to grey', () => greyTwoThirds(image));
  const input = await step('letterbox+tensor', () => engine.prepare(image));
  const out = await step('inference', () => engine.infer(input.tensor));
  const regions = await step('decode', () => engine.decode(out, input, image));
  await step('snap to ink', () => snapRegionsToInk(regions, image));
  page.cleanup();
}
await doc.destroy();
await engine.close();
console.log(`${path.basename(file)}, ${n} pages, ${asBefore ? 'as before (1.5x, sharp letterbox)' : 'as now (1.5x, shrunk to grey, padded)'}: CPU ms per page`);
let total = 0;
for (const [k, v] of Object.entries(t)) {
  total += v;
  console.log(`  ${k.padEnd(18)} ${(v / n).toFixed(1)}`);
}
console.log(`  ${'total'.padEnd(18)} ${(total / n).toFixed(1)}`);
