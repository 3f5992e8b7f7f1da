/**
 * `segment_processing.Table.use_table_ocr` through the tables operation (issue 29 item 8):
 * the ruled tables of bench/table-ocr.ts (camelot's lattice cases, one ICDAR page), each page
 * rendered to a 300-DPI PNG and given to `engine.tables` with and without the option. Truth:
 * `engine.tables` on the PDF page itself (its text layer). Score: share of the truth's
 * non-empty cells (headers and rows, whitespace ignored) found text for text among the
 * image's cells, each used once (page units of an image and a PDF differ, so cells are
 * matched by text, not position). Cost: process CPU (the pool's worker threads included) of
 * the jobs with and without the option, same run.
 *   npx tsx bench/tables-table-ocr.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEngine } from '../src/index.js';
import { corpusPath, hasCorpus } from './lib/corpus.js';
import { cellsFound as found } from './lib/tables-metrics.js';
import { RULED_TABLE_PAGES } from './lib/ruled-table-pages.js';

const CASES = RULED_TABLE_PAGES;
const OPTION = { segment_processing: { Table: { use_table_ocr: true } } };
if (!hasCorpus) {
  console.log('corpus not found: nothing to measure');
  process.exit(0);
}
const engine = createEngine({ workers: 1 });
const cellsOf = async (input: Parameters<typeof engine.tables>[0], options: Record<string, unknown>) => {
  const t0 = process.cpuUsage();
  const done = await engine.waitForTablesJob((await engine.tables(input, options)).job_id);
  const d = process.cpuUsage(t0);
  const cells = (done.results?.tables ?? []).flatMap((t) => [...t.headers, ...t.rows.flat()]);
  return { cells, cpu: (d.user + d.system) / 1e6, tables: done.results?.tables.length ?? 0 };
};
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tables-table-ocr-'));
const total = { plain: 0, cell: 0, cells: 0, plainCpu: 0, cellCpu: 0 };
for (const [rel, page] of CASES) {
  const file = corpusPath(rel);
  const truth = await cellsOf(file, { page_range: String(page) });
  if (truth.tables === 0) continue;
  execFileSync('pdftoppm', ['-r', '300', '-png', '-gray', '-singlefile', '-f', String(page), '-l', String(page), file, path.join(tmp, 'page')]);
  const input = { data: new Uint8Array(fs.readFileSync(path.join(tmp, 'page.png'))), fileName: 'page.png' };
  const plain = await cellsOf(input, {});
  const cell = await cellsOf(input, OPTION);
  const [a, b] = [found(truth.cells, plain.cells), found(truth.cells, cell.cells)];
  total.plain += a.hit;
  total.cell += b.hit;
  total.cells += a.cells;
  total.plainCpu += plain.cpu;
  total.cellCpu += cell.cpu;
  console.log(`${path.basename(rel)} p${page}: ${a.cells} cells; found without ${a.hit}, with use_table_ocr ${b.hit}; CPU ${plain.cpu.toFixed(1)} s → ${cell.cpu.toFixed(1)} s`);
}
const pct = (n: number) => `${((100 * n) / Math.max(1, total.cells)).toFixed(1)}%`;
console.log(`tables on 300-DPI images: cells found ${pct(total.plain)} → ${pct(total.cell)} with use_table_ocr (${total.cells} truth cells); CPU ${total.plainCpu.toFixed(1)} s → ${total.cellCpu.toFixed(1)} s`);
await engine.close();
fs.rmSync(tmp, { recursive: true, force: true });
