import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { loadLayoutGt } from './lib/layout-gt.js';
import { pageImage } from './lib/layout-score.js';
import { fuseOcrPage } from '../src/pipeline/layout-fusion/ocr-region-blocks.js';
import { classifyDocument } from '../src/pipeline/classify/document-types.js';
const want = process.argv[2]!;
const cls = process.argv[3] ?? 'text';
for (const gt of (await loadLayoutGt()).filter((p) => p.name.includes(want))) {
  const key = createHash('sha256').update(await pageImage(gt)).digest('hex').slice(0, 16);
  const file = path.resolve('bench/.cache/ocr-fusion', key + '.json');
  if (!fs.existsSync(file)) continue;
  const d = JSON.parse(fs.readFileSync(file, 'utf8'));
  const W = d.layout.width, H = d.layout.height;
  const L = fuseOcrPage(structuredClone(d.layout), d.regions, { advanced: false }); classifyDocument([L]);
  const iou = (a: any, b: any) => { const ix = Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1)), iy = Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1)); const i = ix * iy; return i / ((a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - i); };
  const nb = (b: any) => ({ x1: b.left / W, y1: b.top / H, x2: (b.left + b.width) / W, y2: (b.top + b.height) / H });
  const f = (b: any) => [b.x1, b.y1, b.x2, b.y2].map((v: number) => v.toFixed(3)).join(',');
  const gts = gt.boxes.filter((b) => b.cls === cls);
  if (gts.length) console.log(gt.name);
  for (const g of gts) {
    const segs = L.blocks.map((b) => ({ b, i: iou(nb(b.bbox), g) })).sort((a, b) => b.i - a.i)[0];
    const regs = d.regions.map((r: any) => ({ r, i: iou(nb(r), g) })).sort((a: any, b: any) => b.i - a.i)[0];
    console.log('  GT', f(g), '| seg', segs?.b.type, (segs?.b.typeConfidence ?? 0).toFixed(2), segs?.i.toFixed(2), JSON.stringify(segs?.b.lines[0]?.text?.slice(0, 30)), '| reg', regs?.r.type, regs?.r.score.toFixed(2), regs?.i.toFixed(2));
  }
  for (const b of L.blocks.filter((b) => gt.predictionMap[b.type ?? 'Text'] === cls && !gts.some((g) => iou(nb(b.bbox), g) >= 0.5))) console.log('  FP', b.type, (b.typeConfidence ?? 0).toFixed(2), f(nb(b.bbox)), JSON.stringify(b.lines[0]?.text?.slice(0, 30)));
}
