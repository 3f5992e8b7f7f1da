/**
 * parse excel throughput and memory.
 *
 *   npx tsx bench/parse-excel.ts [--top 6] [--rows 100000] [--cols 10] [--runs 3]
 *
 * Workloads: the largest workbooks under <corpus>/office (by file size; the corpus is
 * $QUIRE_CORPUS or ../shared/corpus), plus a synthetic workbook of --rows × --cols cells
 * (numbers, text, dates) written once with SheetJS to a temporary file, parsed in each
 * clustering mode. Every workload runs in its own child process, so its peak RSS
 * (getrusage maxrss: Node's own ~50 MB and the tsx loader included) belongs to that
 * parse alone. cells/s = cells that reach `cell_references` / best wall time of --runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';
import { validateParseExcelOptions } from '../src/operations/parse-excel/options.js';
import { parseWorkbook } from '../src/operations/parse-excel/parse-workbook.js';

const here = fileURLToPath(import.meta.url);
const corpus = process.env.QUIRE_CORPUS ?? path.resolve(path.dirname(here), '..', '..', 'shared', 'corpus');

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

interface Result {
  name: string;
  mode: string;
  bytes: number;
  cells: number;
  bestMs: number;
  peakRssMb: number;
  error?: string;
}

function syntheticWorkbook(rows: number, cols: number): Buffer {
  const aoa: unknown[][] = [Array.from({ length: cols }, (_, c) => `column ${c}`)];
  for (let r = 1; r <= rows; r++) {
    const row: unknown[] = [];
    for (let c = 0; c < cols; c++) {
      if (c % 3 === 0) row.push(r * 1.5 + c);
      else if (c % 3 === 1) row.push(`text ${r}-${c}`);
      else row.push({ t: 'n', v: 45000 + (r % 3000), z: 'yyyy-mm-dd' });
    }
    aoa.push(row);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Data');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Child process: parse one workload and print a JSON Result. */
function runSingle(): void {
  const [source, mode, runsArg, label] = process.argv.slice(process.argv.indexOf('--single') + 1);
  const bytes = new Uint8Array(readFileSync(source!));
  const name = label || path.relative(path.join(corpus, 'office'), source!);
  const options = validateParseExcelOptions({ table_clustering: mode });
  let best = Infinity;
  let cells = 0;
  let peak = 0;
  try {
    for (let i = 0; i < Number(runsArg); i++) {
      const t = process.hrtime.bigint();
      const res = parseWorkbook(bytes, path.basename(name), options);
      best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6);
      cells = res.chunks.reduce((n, c) => n + c.segments.reduce((m, s) => m + (s.cell_references?.cells?.length ?? 0), 0), 0);
      // Peak of the first run only: later runs add the garbage of earlier ones that V8 has not collected yet.
      if (i === 0) peak = process.resourceUsage().maxRSS / 1024;
    }
    const out: Result = { name, mode: mode!, bytes: bytes.byteLength, cells, bestMs: best, peakRssMb: peak };
    process.stdout.write(JSON.stringify(out));
  } catch (err) {
    process.stdout.write(JSON.stringify({ name, mode, bytes: bytes.byteLength, cells: 0, bestMs: 0, peakRssMb: process.resourceUsage().maxRSS / 1024, error: (err as Error).message }));
  }
}

function largestCorpusWorkbooks(top: number): string[] {
  const out: Array<[string, number]> = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(xlsx|xlsm|xls)$/i.test(e.name)) out.push([p, statSync(p).size]);
    }
  };
  walk(path.join(corpus, 'office'));
  return out
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([p]) => p);
}

function child(source: string, mode: string, runs: number, label = ''): Result {
  const r = spawnSync(process.execPath, ['--import', 'tsx', here, '--single', source, mode, String(runs), label], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`child failed for ${source}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Result;
}

function main(): void {
  const top = arg('top', 6);
  const runs = arg('runs', 3);
  const rows = arg('rows', 100_000);
  const cols = arg('cols', 10);
  const results: Result[] = [];
  for (const file of largestCorpusWorkbooks(top)) results.push(child(file, 'accurate', runs));
  const dir = mkdtempSync(path.join(tmpdir(), 'quire-bench-'));
  const synthetic = path.join(dir, 'synthetic.xlsx');
  writeFileSync(synthetic, syntheticWorkbook(rows, cols));
  try {
    for (const mode of ['accurate', 'fast', 'off']) results.push(child(synthetic, mode, runs, `synthetic ${rows}x${cols}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(`node ${process.version}, ${runs} runs each, best time; peak RSS of the first run, per child process`);
  console.log(['workload', 'mode', 'KiB', 'cells', 'best ms', 'cells/s', 'peak RSS MB'].join('\t'));
  for (const r of results) {
    const rate = r.bestMs > 0 ? Math.round(r.cells / (r.bestMs / 1000)) : 0;
    console.log([r.name, r.mode, (r.bytes / 1024).toFixed(0), r.cells, r.bestMs.toFixed(1), r.error ? `error: ${r.error}` : rate, r.peakRssMb.toFixed(0)].join('\t'));
  }
}

if (process.argv.includes('--single')) runSingle();
else main();
