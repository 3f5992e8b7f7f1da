/**
 * Child of bench/page-analysis-cpu.ts: runs one build's PDF page task (the work a pool worker
 * does for `pdf.analyzePages`) in this process's main thread, so that `--cpu-prof` sees it
 * (the pool's worker threads are not profiled by Node). Prints `{ cpuMs, pages }` as JSON.
 * Usage: node [--cpu-prof] bench/lib/page-cpu-child.mjs BUILD_DIR FILE FIRST LAST
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [build, file, first, last] = process.argv.slice(2);
const candidates = ['dist/pipeline/pages/pdf-pages.js', 'dist/operations/parse/pdf-tasks.js'];
const modPath = candidates.map((c) => path.join(build, c)).find((p) => fs.existsSync(p));
if (!modPath) throw new Error(`no page task module in ${build}`);
const { analyzePdfPages } = await import(pathToFileURL(modPath).href);
const cropDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-pagecpu-'));
const bytes = fs.readFileSync(file);
const settings = {
  options: { pageByPage: false, fixReadingOrder: false },
  ocr: { ocrMode: 'auto_ocr', ocrEngine: 'ServiceHawk', highResolution: false, cropDir },
  layout: { manifest: path.join(build, 'models/layout/quire-layout-v6.json'), threads: 1, advanced: false },
};
const pages = [];
for (let p = Number(first); p <= Number(last); p++) pages.push(p);
// Warm: the first batch opens the document and compiles pdf.js; not counted.
await analyzePdfPages({ key: 'k', data: new Uint8Array(bytes), pages: pages.slice(0, 1), ...settings });
const t0 = process.cpuUsage();
const w0 = performance.now();
const layouts = [];
for (let i = 0; i < pages.length; i += 8) layouts.push(...(await analyzePdfPages({ key: 'k', data: new Uint8Array(bytes), pages: pages.slice(i, i + 8), ...settings })));
const cpu = process.cpuUsage(t0);
fs.rmSync(cropDir, { recursive: true, force: true });
const blocks = layouts.reduce((n, l) => n + l.blocks.length, 0);
console.log(JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - w0, pages: layouts.length, blocks }));
process.exit(0);
