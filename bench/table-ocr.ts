/**
 * `segment_processing.Table.use_table_ocr` (issue 29 item 8): cell-by-cell OCR of ruled
 * tables on page images, against the page OCR's cells. Ruled tables of born-digital PDFs
 * (camelot's lattice cases, one ICDAR page) are rendered to 300-DPI images; their text
 * layer's table (Quire's detector on the PDF) is the truth. Each image goes through the
 * OCR page path (ocrContent + analyzeOcrPage, as parse runs it); every truth cell with text
 * is compared with the OCR cell under its centre: exact match (whitespace ignored) and
 * character error rate. Cost: process CPU time (all threads) of the page OCR and of the
 * cell OCR, measured in the same run. Page OCR outputs are not cached (each case ~10 s).
 *   npx tsx bench/table-ocr.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { corpusPath } from './lib/corpus.js';
import { detectInPdf } from './lib/tables-pdf.js';
import { normCellText } from './lib/tables-metrics.js';
import { analyzeOcrPage, ocrContent } from '../src/pipeline/pages/page-ocr.js';
import { ocrTableCells, type CellOcrStats } from '../src/pipeline/tables/cell-ocr.js';
import { getOcrEngine } from '../src/engines/ocr/factory.js';
import type { TableGrid } from '../src/model/table.js';
import type { BBox } from '../src/model/document.js';
import { RULED_TABLE_PAGES } from './lib/ruled-table-pages.js';

const CASES = RULED_TABLE_PAGES;
const DPI = 300;

function lev(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return d[b.length]!;
}
const iou = (a: BBox, b: BBox) => {
  const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  const i = Math.max(0, w) * Math.max(0, h);
  return i / (a.width * a.height + b.width * b.height - i);
};
function score(truth: TableGrid, got: TableGrid) {
  let cells = 0, exact = 0, errs = 0, chars = 0;
  for (const c of truth.cells) {
    const t = normCellText(c.text);
    if (!t) continue;
    const [x, y] = [c.bbox.left + c.bbox.width / 2, c.bbox.top + c.bbox.height / 2];
    const o = got.cells.find((g) => x >= g.bbox.left && x <= g.bbox.left + g.bbox.width && y >= g.bbox.top && y <= g.bbox.top + g.bbox.height);
    const s = normCellText(o?.text ?? '');
    cells++;
    if (s === t) exact++;
    errs += Math.min(t.length, lev(t, s));
    chars += t.length;
  }
  return { cells, exact, errs, chars };
}

const engine = await getOcrEngine('ServiceHawk');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'table-ocr-'));
const total = { page: { cells: 0, exact: 0, errs: 0, chars: 0 }, cell: { cells: 0, exact: 0, errs: 0, chars: 0 }, pageCpu: 0, cellCpu: 0, calls: 0 };
for (const [rel, page] of CASES) {
  const file = corpusPath(rel);
  const [pt] = await detectInPdf(file, { pages: [page] });
  if (!pt || pt.tables.length === 0) continue;
  const png = path.join(tmp, 'page');
  execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-gray', '-singlefile', '-f', String(page), '-l', String(page), file, png]);
  const { data, info } = await sharp(`${png}.png`).greyscale().raw().toBuffer({ resolveWithObject: true });
  const raster = { data, width: info.width, height: info.height, channels: 1 as const, dpi: DPI };
  const blank = { pageNumber: page, width: pt.width, height: pt.height, runs: [], rules: [], rects: [], images: [], graphics: [], textSource: 'none' as const };
  let t0 = process.cpuUsage();
  const o = await ocrContent(blank, raster, { ocrMode: 'full_ocr', ocrEngine: 'ServiceHawk', highResolution: false, cropDir: null });
  const layout = analyzeOcrPage(o, { pageByPage: false, fixReadingOrder: false });
  let d = process.cpuUsage(t0);
  total.pageCpu += (d.user + d.system) / 1e6;
  const ocrTables = layout.blocks.filter((b) => b.table).map((b) => b.table!);
  for (const truth of pt.tables) {
    const got = ocrTables.sort((a, b) => iou(truth.bbox, b.bbox) - iou(truth.bbox, a.bbox))[0];
    if (!got || iou(truth.bbox, got.bbox) < 0.5) {
      console.log(`${path.basename(rel)} p${page}: table not found on the image (page OCR)`);
      continue;
    }
    const stats: CellOcrStats = { cells: 0, ocrCalls: 0, changed: 0 };
    t0 = process.cpuUsage();
    const reread = await ocrTableCells(got, o.raster, pt.width, pt.height, engine, stats);
    d = process.cpuUsage(t0);
    total.cellCpu += (d.user + d.system) / 1e6;
    total.calls += stats.ocrCalls;
    const a = score(truth, got);
    const b = score(truth, reread);
    for (const k of ['cells', 'exact', 'errs', 'chars'] as const) {
      total.page[k] += a[k];
      total.cell[k] += b[k];
    }
    console.log(`${path.basename(rel)} p${page} ${truth.rowCount}x${truth.colCount}: exact cells page OCR ${a.exact}/${a.cells}, cell OCR ${b.exact}/${b.cells}; CER ${(a.errs / a.chars).toFixed(3)} → ${(b.errs / b.chars).toFixed(3)}; ${stats.ocrCalls} cell OCR calls, ${(d.user + d.system) / 1e6} s CPU`);
  }
}
const f = (x: { exact: number; cells: number; errs: number; chars: number }) => `exact ${x.exact}/${x.cells} (${((100 * x.exact) / x.cells).toFixed(1)}%), CER ${(x.errs / x.chars).toFixed(3)}`;
console.log(`page OCR: ${f(total.page)}; CPU ${total.pageCpu.toFixed(1)} s`);
console.log(`use_table_ocr: ${f(total.cell)}; extra CPU ${total.cellCpu.toFixed(1)} s for ${total.calls} cells (${((1000 * total.cellCpu) / Math.max(1, total.calls)).toFixed(0)} ms per cell)`);
await engine.terminate();
fs.rmSync(tmp, { recursive: true, force: true });
