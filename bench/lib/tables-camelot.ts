/**
 * camelot's regression expectations (tests/gt_index.json + tests/data.json) as test cases.
 *
 * Each gt_index entry runs camelot on one or more PDFs with some read_pdf options and names
 * the expected tables. Quire has no flavours or camelot options: it detects tables on the
 * same page(s) and the case passes when one of them equals the expected grid after the
 * normalisation in tables-metrics.ts. The options are used only to pick and present the
 * table: `pages` (default 1), `table_areas` / `table_regions` (the detected table overlapping
 * the area most is compared), `password`, and the camelot conventions the expected grids
 * encode — `shift_text` / `copy_text` (where the text of a spanning cell goes) and
 * `strip_text` (characters removed). camelot's lattice flavour returns cells; its
 * text-based flavours (stream, network, hybrid) return one row per text line, so those
 * expectations are compared with Quire's table at text-line granularity (lineGrid).
 * Options that change camelot's own algorithm
 * (`columns`, `split_text`, `row_tol`, `edge_tol`, `line_scale`, `process_background`,
 * `layout_kwargs`, `flag_size`, backends) are not emulated.
 *
 * When one entry runs the same PDF with several option sets and lists as many expected
 * tables, the pairing of runs and tables is not recorded: the best one-to-one assignment
 * counts.
 *
 * Some data.json values are Python expressions of other values (`data_hybrid[1:]`,
 * `list(x)`, `.extend(...)`); they are resolved from data.py.
 */
import fs from 'node:fs';
import { corpusPath } from './corpus.js';
import { detectInPdf } from './tables-pdf.js';
import { cellOverlap, denseGrid, lineGrid, normaliseGrid, sameGrid, type DenseOptions, type GridNormalisation } from './tables-metrics.js';
import { intersectionArea, type BBox } from '../../src/model/document.js';

type Grid = string[][];

interface GtEntry {
  test: string;
  read_pdf_kwargs: Array<Record<string, unknown>>;
  expected_data_vars: string[];
  pdf_paths_in_corpus: string[];
}

export interface CamelotRun {
  test: string;
  flavor: string;
  pdf: string;
  kwargs: Record<string, unknown>;
}

export interface CamelotCase {
  /** Runs whose detected tables may answer the expected tables (usually one). */
  runs: CamelotRun[];
  expected: Array<{ name: string; rows: Grid }>;
  /** True when runs and expected tables pair one-to-one in an unknown order. */
  assignment: boolean;
}

function sliceList<T>(xs: T[], spec: string): T[] {
  const [a, b] = spec.split(':');
  const idx = (s: string | undefined, dflt: number) => {
    if (s === undefined || s.trim() === '') return dflt;
    const n = Number(s);
    return n < 0 ? Math.max(0, xs.length + n) : Math.min(xs.length, n);
  };
  return xs.slice(idx(a, 0), idx(b, xs.length));
}

export function loadCamelotData(): Record<string, Grid> {
  const raw = JSON.parse(fs.readFileSync(corpusPath('tables/camelot/tests/data.json'), 'utf8')) as Record<string, unknown>;
  const py = fs.readFileSync(corpusPath('tables/camelot/tests/data.py'), 'utf8');
  const data: Record<string, Grid> = {};
  for (const [k, v] of Object.entries(raw)) if (Array.isArray(v)) data[k] = v as Grid;
  // Statements of data.py in order: `a = b[i:j]`, `a = list(b)`, `a.extend(b)`.
  for (const line of py.split('\n')) {
    let m = line.match(/^(\w+)\s*=\s*(\w+)\[([-\d]*:[-\d]*)\]\s*$/);
    if (m && data[m[2]!]) {
      data[m[1]!] = sliceList(data[m[2]!]!, m[3]!);
      continue;
    }
    m = line.match(/^(\w+)\s*=\s*list\((\w+)\)\s*$/);
    if (m && data[m[2]!]) {
      data[m[1]!] = data[m[2]!]!.slice();
      continue;
    }
    m = line.match(/^(\w+)\.extend\((\w+)\)\s*$/);
    if (m && data[m[1]!] && data[m[2]!]) data[m[1]!] = [...data[m[1]!]!, ...data[m[2]!]!];
  }
  return data;
}

export function loadCamelotCases(): CamelotCase[] {
  const index = JSON.parse(fs.readFileSync(corpusPath('tables/camelot/tests/gt_index.json'), 'utf8')) as { entries: GtEntry[] };
  const data = loadCamelotData();
  const cases: CamelotCase[] = [];
  for (const e of index.entries) {
    const expected = e.expected_data_vars.filter((v) => data[v]).map((v) => ({ name: v, rows: data[v]! }));
    if (expected.length === 0) continue;
    const runs: CamelotRun[] = e.read_pdf_kwargs.map((kw, i) => ({
      test: e.test,
      flavor: String(kw.flavor ?? 'lattice'),
      pdf: corpusPath(e.pdf_paths_in_corpus[e.pdf_paths_in_corpus.length === e.read_pdf_kwargs.length ? i : 0]!),
      kwargs: kw,
    }));
    if (e.pdf_paths_in_corpus.length === 1 && runs.length > 1 && expected.length === runs.length) {
      cases.push({ runs, expected, assignment: true });
    } else {
      for (const run of runs) cases.push({ runs: [run], expected, assignment: false });
    }
  }
  return cases;
}

function parsePages(v: unknown): number[] {
  if (v === undefined) return [1];
  return String(v)
    .split(',')
    .flatMap((part) => {
      const [a, b] = part.split('-').map((x) => Number(x.trim()));
      return b === undefined ? [a!] : Array.from({ length: b - a! + 1 }, (_, i) => a! + i);
    });
}

function presentation(kw: Record<string, unknown>): { dense: DenseOptions; norm: GridNormalisation } {
  const list = (v: unknown): string[] | undefined => (v === undefined ? undefined : Array.isArray(v) ? v.map(String) : [String(v)]);
  const shift = list(kw.shift_text);
  return {
    dense: { shiftText: shift ? shift.flatMap((s) => s.split('')) : undefined, copyText: list(kw.copy_text)?.flatMap((s) => s.split('')) },
    norm: { strip: typeof kw.strip_text === 'string' ? kw.strip_text : undefined },
  };
}

export interface CaseOutcome {
  test: string;
  flavor: string;
  expected: string;
  pass: boolean;
  /** Best cell-level overlap with any candidate table. */
  cells: { correct: number; expected: number; got: number };
  shapeMatch: boolean;
  candidates: number;
  /** Confidence of the detected table judged (the exact one, else the best-overlapping one). */
  confidence: number | null;
}

const pageCache = new Map<string, Awaited<ReturnType<typeof detectInPdf>>>();

async function candidates(run: CamelotRun): Promise<Array<{ grid: Grid; confidence: number }>> {
  const pages = parsePages(run.kwargs.pages);
  const key = `${run.pdf}|${pages.join(',')}|${String(run.kwargs.password ?? '')}`;
  let detected = pageCache.get(key);
  if (!detected) {
    detected = await detectInPdf(run.pdf, { pages, password: typeof run.kwargs.password === 'string' ? run.kwargs.password : undefined });
    pageCache.set(key, detected);
  }
  const { dense, norm } = presentation(run.kwargs);
  const areas = [...((run.kwargs.table_areas as string[] | undefined) ?? []), ...((run.kwargs.table_regions as string[] | undefined) ?? [])];
  const out: Array<{ grid: Grid; confidence: number }> = [];
  for (const p of detected) {
    let tables = p.detected;
    if (areas.length) {
      const boxes: BBox[] = areas.map((a) => {
        const [x1, y1, x2, y2] = a.split(',').map(Number) as [number, number, number, number];
        return p.toPage(x1, y1, x2, y2);
      });
      tables = boxes
        .map((b) => tables.slice().sort((s, t) => intersectionArea(t.grid.bbox, b) - intersectionArea(s.grid.bbox, b))[0])
        .filter((t): t is NonNullable<typeof t> => t !== undefined && boxes.some((b) => intersectionArea(t.grid.bbox, b) > 0));
    }
    // Lattice expectations are cell grids; the text-based flavours' are line grids.
    for (const t of tables) out.push({ grid: normaliseGrid(run.flavor === 'lattice' ? denseGrid(t.grid, dense) : lineGrid(t.lines, t.grid.colCount), norm), confidence: t.grid.confidence });
  }
  return out;
}

export async function evaluateCamelot(cases: readonly CamelotCase[]): Promise<CaseOutcome[]> {
  const outcomes: CaseOutcome[] = [];
  for (const c of cases) {
    const perRun = await Promise.all(c.runs.map(async (r) => ({ run: r, grids: await candidates(r) })));
    const judge = (run: CamelotRun, found: Array<{ grid: Grid; confidence: number }>, exp: { name: string; rows: Grid }): CaseOutcome => {
      const { norm } = presentation(run.kwargs);
      const want = normaliseGrid(exp.rows, norm);
      let best = { correct: 0, expected: 0, got: 0 };
      let pass = false;
      let shape = false;
      let confidence: number | null = null;
      for (const { grid: g, confidence: c } of found) {
        if (sameGrid(want, g) && !pass) [pass, confidence] = [true, c];
        if (g.length === want.length && g[0]?.length === want[0]?.length) shape = true;
        const o = cellOverlap(want, g);
        if (o.correct > best.correct || best.expected === 0) {
          best = o;
          if (!pass) confidence = c;
        }
      }
      if (found.length === 0) best = cellOverlap(want, []);
      return { test: run.test, flavor: run.flavor, expected: exp.name, pass, cells: best, shapeMatch: shape, candidates: found.length, confidence };
    };
    if (c.assignment) {
      // Best one-to-one pairing of runs and expected tables (small: try all permutations).
      const n = c.runs.length;
      const score = perRun.map((pr) => c.expected.map((e) => judge(pr.run, pr.grids, e)));
      let bestPerm: number[] = [];
      let bestScore = -1;
      const permute = (prefix: number[]) => {
        if (prefix.length === n) {
          const s = prefix.reduce((acc, e, i) => acc + (score[i]![e]!.pass ? 1000 : 0) + score[i]![e]!.cells.correct, 0);
          if (s > bestScore) [bestScore, bestPerm] = [s, prefix];
          return;
        }
        for (let e = 0; e < n; e++) if (!prefix.includes(e)) permute([...prefix, e]);
      };
      permute([]);
      bestPerm.forEach((e, i) => outcomes.push(score[i]![e]!));
    } else {
      const { run, grids } = perRun[0]!;
      for (const e of c.expected) outcomes.push(judge(run, grids, e));
    }
  }
  return outcomes;
}
