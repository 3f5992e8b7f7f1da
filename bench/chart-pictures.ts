/**
 * Pictures per chart through `parse` on corpus pages with vector charts (issue 29 item 6:
 * one Picture per chart, its labels inside it). The chart's box is the one the chart
 * readers give on the page (findCharts on the page content); the parse's segments are
 * counted inside it: Pictures overlapping it, and other segments whose centre lies in it
 * (axis ticks, labels, legend text that escaped the Picture). `--src` picks the engine
 * (another checkout's src/index.ts) to compare before and after on the same pages.
 *   npx tsx bench/chart-pictures.ts [--src /path/to/src/index.ts] FILE:PAGE...
 */
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS } from './lib/corpus.js';
import { openPdf } from '../src/formats/pdf/open-document.js';
import { extractPageContent } from '../src/formats/pdf/page-content.js';
import { findCharts } from '../src/pipeline/charts/find-charts.js';

interface Box { left: number; top: number; width: number; height: number }
const argv = process.argv.slice(2);
const srcAt = argv.indexOf('--src');
const src = srcAt >= 0 ? path.resolve(argv.splice(srcAt, 2)[1]!) : path.resolve('src/index.ts');
const { createEngine } = (await import(src)) as typeof import('../src/index.js');
const engine = createEngine({ workers: 1 });
const inside = (b: Box, o: Box) => o.left + o.width / 2 >= b.left && o.left + o.width / 2 <= b.left + b.width && o.top + o.height / 2 >= b.top && o.top + o.height / 2 <= b.top + b.height;
const overlap = (a: Box, b: Box) => Math.min(a.left + a.width, b.left + b.width) > Math.max(a.left, b.left) && Math.min(a.top + a.height, b.top + b.height) > Math.max(a.top, b.top);
let charts = 0, pictures = 0, oneEach = 0, escaped = 0;
/** `--cvat case_01`: the charts are docling-eval's annotated pictures (2-page spreads, 2 px per point). */
const cvatAt = argv.indexOf('--cvat');
if (cvatAt >= 0) {
  const dir = path.join(CORPUS, 'layout/docling-eval/tests/data/cvat_pdfs_dataset_e2e');
  const xml = fs.readFileSync(path.join(dir, `${argv[cvatAt + 1]}_annotations.xml`), 'utf8');
  for (const m of xml.matchAll(/<image id="\d+" name="doc_([0-9a-f]+)_page_\d+.png" width="(\d+)"[^>]*>([\s\S]*?)<\/image>/g)) {
    const file = path.join(dir, argv[cvatAt + 1]!, `${m[1]}.pdf`);
    const bytes = new Uint8Array(fs.readFileSync(file));
    const res = await engine.waitForJob((await engine.parse({ data: bytes, fileName: 'x.pdf' })).job_id);
    const segs = (res.chunks ?? []).flatMap((c) => c.segments as unknown as Array<{ segment_type: string; bbox: Box; content: string; chart_data: unknown; page_number: number; page_width: number }>);
    const half = Number(m[2]) / 2;
    for (const b of m[3]!.matchAll(/<box label="picture"[^>]*xtl="([\d.]+)" ytl="([\d.]+)" xbr="([\d.]+)" ybr="([\d.]+)"/g)) {
      const [x0, y0, x1, y1] = b.slice(1, 5).map(Number) as [number, number, number, number];
      const page = x0 >= half ? 2 : 1;
      const on = segs.filter((s) => s.page_number === page);
      const k = half / (on[0]?.page_width ?? half / 2);
      const box = { left: (x0 - (page - 1) * half) / k, top: y0 / k, width: (x1 - x0) / k, height: (y1 - y0) / k };
      const pics = on.filter((s) => s.segment_type === 'Picture' && overlap(s.bbox, box));
      const others = on.filter((s) => s.segment_type !== 'Picture' && inside(box, s.bbox));
      charts++;
      pictures += pics.length;
      if (pics.length === 1) oneEach++;
      escaped += others.length;
      console.log(`${m[1]!.slice(0, 8)} p${page} figure: ${pics.length} Picture(s) [chart_data ${pics.some((s) => s.chart_data) ? 'yes' : 'no'}], ${others.length} other segment(s) inside: ${others.map((s) => `${s.segment_type}:${JSON.stringify(s.content.slice(0, 16))}`).join(' ')}`);
    }
  }
  argv.splice(cvatAt, 2);
}
for (const spec of argv) {
  const [rel, p] = spec.split(':');
  const file = path.join(CORPUS, rel!);
  const page = Number(p ?? 1);
  const bytes = new Uint8Array(fs.readFileSync(file));
  const doc = await openPdf(bytes.slice());
  const content = await extractPageContent(await doc.getPage(page));
  const found = findCharts(content, content.runs, []);
  await doc.destroy();
  const job = await engine.parse({ data: bytes, fileName: path.basename(file) }, { page_range: String(page) } as never);
  const res = await engine.waitForJob(job.job_id);
  const segs = (res.chunks ?? []).flatMap((c) => c.segments as unknown as Array<{ segment_type: string; bbox: Box; content: string; chart_data: unknown }>);
  for (const f of found) {
    const pics = segs.filter((s) => s.segment_type === 'Picture' && overlap(s.bbox, f.box));
    const others = segs.filter((s) => s.segment_type !== 'Picture' && inside(f.box, s.bbox));
    charts++;
    pictures += pics.length;
    if (pics.length === 1) oneEach++;
    escaped += others.length;
    console.log(`${rel} p${page} ${f.chart?.type ?? 'framed'}: ${pics.length} Picture(s) [chart_data ${pics.some((s) => s.chart_data) ? 'yes' : 'no'}], ${others.length} other segment(s) inside: ${others.map((s) => `${s.segment_type}:${JSON.stringify(s.content.slice(0, 20))}`).join(' ')}`);
  }
  if (found.length === 0) console.log(`${rel} p${page}: no chart read; Pictures on the page ${segs.filter((s) => s.segment_type === 'Picture').length}`);
}
console.log(`charts ${charts}, Pictures ${pictures}, charts with exactly one Picture ${oneEach}, other segments inside charts ${escaped}`);
await engine.close();
