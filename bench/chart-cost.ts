/**
 * What reading charts costs a born-digital parse (issue 29 item 6), in CPU: the graphics
 * walk that now keeps every painted subpath's vertices and colours (formats/pdf/graphics.ts)
 * against another build's walk (e.g. the base of the change) over the same operator lists,
 * alternating round by round; and findCharts on each page's content. pdf.js's own work
 * (operator lists) is done once, outside the timings.
 *   npx tsx bench/chart-cost.ts /path/to/other/src [--file corpus/relative.pdf] [--rounds 5]
 */
import fs from 'node:fs';
import path from 'node:path';
import { corpusPath } from './lib/corpus.js';
import { loadPdfJs, openPdf } from '../src/formats/pdf/open-document.js';
import { walkGraphics, type OpCodes } from '../src/formats/pdf/graphics.js';
import { describeFont } from '../src/formats/pdf/text-state.js';
import { extractPageContent } from '../src/formats/pdf/page-content.js';
import { findCharts } from '../src/pipeline/charts/find-charts.js';

const argv = process.argv.slice(2);
const arg = (n: string, d: string) => (argv.includes(n) ? argv[argv.indexOf(n) + 1]! : d);
const other = path.resolve(argv.find((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'))!);
const file = corpusPath(arg('--file', 'long/pdf.js/test/pdfs/freeculture.pdf'));
const rounds = Number(arg('--rounds', '5'));
const base = (await import(path.join(other, 'formats/pdf/graphics.ts'))) as { walkGraphics: typeof walkGraphics };
const ops = (await loadPdfJs()).OPS as unknown as OpCodes;
const doc = await openPdf(new Uint8Array(fs.readFileSync(file)));
const pages: Array<{ list: { fnArray: number[]; argsArray: unknown[] }; vp: { transform: number[]; width: number; height: number }; fontOf: (n: string) => ReturnType<typeof describeFont>; content: Awaited<ReturnType<typeof extractPageContent>> }> = [];
for (let p = 1; p <= doc.numPages; p++) {
  const page = await doc.getPage(p);
  const vp = page.getViewport({ scale: 1 });
  const list = await page.getOperatorList();
  const fonts = new Map<string, ReturnType<typeof describeFont>>();
  const fontOf = (n: string) => fonts.get(n) ?? (fonts.set(n, describeFont(n, page.commonObjs.has(n) ? (page.commonObjs.get(n) as Record<string, unknown>) : undefined)), fonts.get(n)!);
  pages.push({ list, vp, fontOf, content: await extractPageContent(page) });
}
const cpu = (f: () => void) => {
  const t = process.cpuUsage();
  f();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
};
const mine: number[] = [], theirs: number[] = [], charts: number[] = [];
for (let r = 0; r < rounds; r++) {
  const runMine = () => mine.push(cpu(() => pages.forEach((p) => walkGraphics(p.list.fnArray, p.list.argsArray, ops, p.vp.transform, { left: 0, top: 0, width: p.vp.width, height: p.vp.height }, p.fontOf))));
  const runBase = () => theirs.push(cpu(() => pages.forEach((p) => base.walkGraphics(p.list.fnArray, p.list.argsArray, ops, p.vp.transform, { left: 0, top: 0, width: p.vp.width, height: p.vp.height }, p.fontOf))));
  if (r % 2) { runMine(); runBase(); } else { runBase(); runMine(); }
  charts.push(cpu(() => pages.forEach((p) => findCharts(p.content, p.content.runs, []))));
}
const med = (v: number[]) => v.slice().sort((a, b) => a - b)[v.length >> 1]!;
console.log(`${path.basename(file)}: ${pages.length} pages, ${rounds} rounds (CPU ms, medians)`);
console.log(`graphics walk: this build ${med(mine).toFixed(1)}, other ${med(theirs).toFixed(1)} (ratio ${(med(mine) / med(theirs)).toFixed(3)})`);
console.log(`findCharts on every page: ${med(charts).toFixed(1)}`);
