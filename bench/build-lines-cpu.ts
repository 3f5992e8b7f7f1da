/**
 * CPU of the line builder alone (pipeline/lines/build-lines.ts) on freeculture's text-layer
 * pages, this build against another build's dist/, rounds alternating (issue 27's line
 * fixes sit on the text-layer hot path; bench/page-analysis-cpu.ts measures the whole page
 * analysis, whose noise on a shared machine is larger than the line builder's share).
 * Usage: npx tsx bench/build-lines-cpu.ts OTHER_BUILD (both dist/ built: `npm run build`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusPath } from './lib/corpus.js';
const other = process.argv[2]!;
const { openPdf } = await import(pathToFileURL(path.resolve('dist/formats/pdf/open-document.js')).href);
const { extractPageContent } = await import(pathToFileURL(path.resolve('dist/formats/pdf/page-content.js')).href);
const mine = (await import(pathToFileURL(path.resolve('dist/pipeline/lines/build-lines.js')).href)).buildLines;
const theirs = (await import(pathToFileURL(path.join(other, 'dist/pipeline/lines/build-lines.js')).href)).buildLines;
const doc: any = await openPdf(new Uint8Array(fs.readFileSync(corpusPath('long/pdf.js/test/pdfs/freeculture.pdf'))));
const runs: any[] = [];
for (let n = 2; n <= doc.numPages; n++) runs.push((await extractPageContent(await doc.getPage(n))).runs);
const t: Record<string, number[]> = { head: [], base: [] };
for (let round = 0; round < 15; round++) for (const [name, f] of round % 2 ? [['base', theirs], ['head', mine]] : [['head', mine], ['base', theirs]]) {
  const c0 = process.cpuUsage();
  for (const r of runs) f(r);
  const c = process.cpuUsage(c0);
  t[name as string]!.push((c.user + c.system) / 1000);
}
const med = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1]!;
console.log(`buildLines over ${runs.length} pages, median CPU ms per round: head ${med(t.head!).toFixed(1)}, base ${med(t.base!).toFixed(1)}, head/base ${(med(t.head!) / med(t.base!)).toFixed(3)}`);
