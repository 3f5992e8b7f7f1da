/**
 * Which corpus PDF pages hold vector charts the chart readers find (issue 29 item 6), and
 * which pages look like charts but are not read (many painted paths, stroked polylines,
 * filled slices). Text layer only (no OCR, no parse): pdf.js page content → findCharts.
 * Prints one line per page with a chart or a suspect, then totals. Results cached under
 * bench/.cache/chart-scan.json (delete it to rescan).
 *   npx tsx bench/chart-scan.ts [--max-pages 4] [--under layout]
 */
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS, pdfInfo } from './lib/corpus.js';
import { openPdf } from '../src/formats/pdf/open-document.js';
import { extractPageContent } from '../src/formats/pdf/page-content.js';
import { findCharts } from '../src/pipeline/charts/find-charts.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : def;
};
const maxPages = Number(arg('--max-pages', '4'));
const under = arg('--under', '');
const rows = pdfInfo().filter((r) => !r.encrypted && r.status === 'ok' && r.path.startsWith(under) && !r.path.startsWith('long/'));
let pages = 0, charts = 0;
const kinds: Record<string, number> = {};
for (const row of rows) {
  const file = path.join(CORPUS, row.path);
  if (!fs.existsSync(file) || fs.statSync(file).size > 8e6) continue;
  let doc;
  try {
    doc = await openPdf(new Uint8Array(fs.readFileSync(file)));
  } catch {
    continue;
  }
  for (let p = 1; p <= Math.min(doc.numPages, maxPages); p++) {
    try {
      const content = await extractPageContent(await doc.getPage(p));
      pages++;
      const found = findCharts(content, content.runs, []).flatMap((f) => (f.chart ? [{ ...f, chart: f.chart }] : []));
      const shapes = content.shapes ?? [];
      const slices = shapes.filter((s) => s.fill && s.closed && s.curve.some(Boolean)).length;
      const polylines = shapes.filter((s) => s.stroke && !s.fill && !s.closed && s.points.length >= 5 && s.points.every((q, k) => k === 0 || q[0] > s.points[k - 1]![0])).length;
      if (found.length) {
        charts += found.length;
        for (const f of found) kinds[`${f.chart.type}${f.chart.stacked ? '/stacked' : ''}/${f.chart.orientation ?? ''}`] = (kinds[`${f.chart.type}${f.chart.stacked ? '/stacked' : ''}/${f.chart.orientation ?? ''}`] ?? 0) + 1;
        console.log(`CHART ${row.path} p${p}: ${found.map((f) => `${f.chart.type} ${f.chart.series.length}x${f.chart.categories.length} [${f.chart.categories.slice(0, 4).join('|')}] ${JSON.stringify(f.chart.series.map((s) => s.values.slice(0, 4)))}`).join(' ; ')}`);
      } else if (polylines >= 1 || slices >= 3) {
        console.log(`suspect ${row.path} p${p}: polylines ${polylines}, curved fills ${slices}, rects ${content.rects.length}, shapes ${shapes.length}`);
      }
    } catch {
      /* unreadable page: skip */
    }
  }
  await doc.destroy();
}
console.log(`pages ${pages}, charts read ${charts}`, kinds);
