/**
 * Displayed values against Excel itself. SheetJS test_files ships, for many workbooks,
 * the CSV that Excel wrote for each sheet (`2016/<file>.<i>.csv`, else `2011/...`, with
 * `<file>.sheetnames`); a CSV holds exactly what Excel displays. We parse each workbook
 * with `table_clustering: 'off'` and no hidden exclusion, map the output back to a cell
 * grid through `cell_references`, and require ≥ 99 % equal cells per workbook and overall.
 *
 * How the comparison emulates Excel's CSV writer (nothing else is normalised):
 *  - the CSV starts at the top-left of the used range (A4X_2013.xls has its only cell at
 *    A4 and a one-line CSV), so rows/columns are aligned on our first row/column;
 *  - the file is Windows-1252: our text is mapped the same way (unencodable → '_');
 *  - Excel Mac writes line breaks inside a cell as CR: all breaks compare as '\n';
 *  - a date format applied to a value that is not a date shows a row of '#' whose length
 *    depends on the column width (Excel's CSV writes 255 of them): any run of '#' matches.
 * A cell counts when either side is non-empty.
 *
 * Excluded from the ratios, and reported:
 *  - cells Excel recalculated when it exported (their value is not in the file; see
 *    support/recalculated-cells.ts): volatile functions, the test workbooks' VBA
 *    functions (NumFmt, DoFmt, Comment, run in the locale of the Excel that exported),
 *    and formulas depending on them;
 *  - KNOWN_DIFFERENCES: single cells whose display depends on the Excel build/locale that
 *    wrote the CSV, listed by address with the reason;
 *  - DIFFERENT_REVISION: openpyxl workbooks whose corpus copy (2015 openpyxl mirror) is
 *    not the revision Excel exported (the CSV lacks rows/columns the file has).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { ProcessingError } from '../../src/errors.js';
import { validateParseExcelOptions } from '../../src/operations/parse-excel/options.js';
import { parseWorkbook } from '../../src/operations/parse-excel/parse-workbook.js';
import { corpusAvailable, corpusPath } from './support/corpus.js';
import { asCp1252, decodeCp1252, parseCsv } from './support/excel-csv.js';
import { recalculatedCells } from './support/recalculated-cells.js';

const SHEETJS = corpusPath('office', 'SheetJS-test_files');
const OPENPYXL = corpusPath('office', 'openpyxl', 'openpyxl');
const OPENPYXL_DIRS = ['tests/data/genuine', 'tests/data/reader', 'reader/tests/data', 'comments/tests/data', 'formatting/tests/data', 'workbook/names/tests/data'];

/** Workbooks with a baseline that Quire must refuse, with the reason. */
const UNREADABLE: Record<string, { kind: ProcessingError['kind']; reason: string }> = {
  'password_2002_40_xor.xls': {
    kind: 'password_required',
    reason: 'XOR-obfuscated with password "password"; parse excel has no password option',
  },
  'openpyxl_r_null_file.xlsx': { kind: 'empty_file', reason: '0 bytes; Excel exported no sheet either' },
  'openpyxl_r_null_archive.xlsx': { kind: 'corrupt_document', reason: 'a zip without parts; Excel exported no sheet either' },
};

const KNOWN_DIFFERENCES: Record<string, { cells: string[]; reason: string }> = {
  'numfmt_1_russian.xlsm': {
    cells: ['Sheet1!A10', 'Sheet1!A11'],
    reason: 'built-in formats 39/40 in a file saved by Russian Excel: Excel pads them with a trailing space, while the same built-ins in number_format.xlsm (same Excel) show none',
  },
  'openpyxl_g_empty-with-styles.xlsx': {
    cells: ['Sheet1!A4'],
    reason: 'built-in format 20 (h:mm): Excel 2011 for Mac, which wrote this baseline, shows 2-digit hours (03:16); Excel 2016 and ECMA-376 give 3:16',
  },
  'openpyxl_g_empty_no_dimensions.xlsx': {
    cells: ['Sheet4 - Dates!C1'],
    reason: 'built-in format 22 (m/d/yy h:mm): 2-digit hours in Excel 2011 for Mac, as above',
  },
};

const DIFFERENT_REVISION: Record<string, string> = {
  'openpyxl_g_empty.xlsx': 'the corpus copy has column AA and booleans in G9:G10 that the export lacks',
  'openpyxl_r_formulae.xlsx': 'the corpus copy has a row 16 (Düsseldorf) that the export lacks',
  'openpyxl_r_complex-styles.xlsx': 'the corpus copy has a column I that the export lacks',
};

const MIN_MATCH = 0.99;

interface Baseline {
  workbook: string;
  file: string | null;
  dir: string;
  sheetNames: string[];
}

function findWorkbook(name: string): string | null {
  const direct = path.join(SHEETJS, name);
  if (existsSync(direct)) return direct;
  const m = /^openpyxl_[gr]_(.+)$/.exec(name);
  if (!m) return null;
  for (const d of OPENPYXL_DIRS) {
    const p = path.join(OPENPYXL, d, m[1]!);
    if (existsSync(p)) return p;
  }
  return null;
}

function baselines(): Baseline[] {
  const out = new Map<string, Baseline>();
  for (const dir of ['2016', '2011']) {
    for (const f of readdirSync(path.join(SHEETJS, dir)).sort()) {
      if (!f.endsWith('.sheetnames')) continue;
      const workbook = f.slice(0, -'.sheetnames'.length);
      if (out.has(workbook)) continue;
      const sheetNames = readFileSync(path.join(SHEETJS, dir, f), 'utf8').split(/\r?\n/).filter(Boolean);
      out.set(workbook, { workbook, file: findWorkbook(workbook), dir, sheetNames });
    }
  }
  return [...out.values()];
}

function normalise(s: string): string {
  const t = asCp1252(s).replace(/\r\n|\r|\n/g, '\n');
  return /^#+$/.test(t) ? '#' : t;
}

interface Score {
  compared: number;
  equal: number;
  recalculated: number;
  known: number;
  /** The same comparison with nothing excluded, for the record. */
  rawCompared: number;
  rawEqual: number;
  mismatches: string[];
}

function scoreWorkbook(b: Baseline): Score {
  const bytes = new Uint8Array(readFileSync(b.file!));
  const result = parseWorkbook(bytes, path.basename(b.file!), validateParseExcelOptions({ table_clustering: 'off' }));
  const recalculated = recalculatedCells(bytes);
  const known = new Set(KNOWN_DIFFERENCES[b.workbook]?.cells ?? []);
  const bySheet = new Map<number, { name: string; cells: Map<string, { display: string; address: string; row: number; col: number }> }>();
  for (const chunk of result.chunks) {
    for (const seg of chunk.segments) {
      const refs = seg.cell_references;
      if (seg.segment_type !== 'Table' || !refs?.cells) continue;
      const sheet = bySheet.get(refs.sheet_index) ?? { name: refs.sheet_name, cells: new Map() };
      for (const c of refs.cells) sheet.cells.set(`${c.row - 1},${c.col - 1}`, { display: c.display, address: c.address, row: c.row - 1, col: c.col - 1 });
      bySheet.set(refs.sheet_index, sheet);
    }
  }
  const score: Score = { compared: 0, equal: 0, recalculated: 0, known: 0, rawCompared: 0, rawEqual: 0, mismatches: [] };
  b.sheetNames.forEach((sheetName, i) => {
    const csvPath = path.join(SHEETJS, b.dir, `${b.workbook}.${i}.csv`);
    if (!existsSync(csvPath)) return;
    const expected = parseCsv(decodeCp1252(new Uint8Array(readFileSync(csvPath))));
    const ours = bySheet.get(i + 1);
    if (ours) expect(ours.name).toBe(sheetName);
    const cells = ours?.cells ?? new Map();
    let top = Infinity;
    let left = Infinity;
    for (const c of cells.values()) (top = Math.min(top, c.row)), (left = Math.min(left, c.col));
    if (!Number.isFinite(top)) (top = 0), (left = 0);
    const seen = new Set<string>();
    const recalc = recalculated.get(sheetName) ?? new Set<string>();
    const compare = (r: number, c: number, want: string) => {
      const key = `${r + top},${c + left}`;
      seen.add(key);
      const got = cells.get(key);
      if (want === '' && (!got || got.display === '')) return;
      const equal = normalise(got?.display ?? '') === normalise(want);
      score.rawCompared++;
      if (equal) score.rawEqual++;
      const address = XLSX.utils.encode_cell({ r: r + top, c: c + left });
      if (recalc.has(address)) {
        score.recalculated++;
        return;
      }
      if (known.has(`${sheetName}!${address}`)) {
        score.known++;
        return;
      }
      score.compared++;
      if (equal) score.equal++;
      else if (score.mismatches.length < 5) score.mismatches.push(`${sheetName}!R${r + top + 1}C${c + left + 1}: excel=${JSON.stringify(want.slice(0, 40))} quire=${JSON.stringify((got?.display ?? '').slice(0, 40))}`);
    };
    expected.forEach((row, r) => row.forEach((want, c) => compare(r, c, want)));
    for (const [key, got] of cells) if (!seen.has(key) && got.display !== '') compare(got.row - top, got.col - left, '');
  });
  return score;
}

describe.skipIf(!corpusAvailable('SheetJS-test_files'))('displayed values match Excel (SheetJS test_files CSV exports)', () => {
  const all = corpusAvailable('SheetJS-test_files') ? baselines() : [];
  const scores = new Map<string, Score>();

  for (const b of all) {
    const unreadable = UNREADABLE[b.workbook];
    if (!b.file) {
      it.skip(`${b.workbook}: workbook not in the corpus (only its Excel export is)`, () => {});
      continue;
    }
    if (unreadable) {
      it(`${b.workbook} fails with ${unreadable.kind} (${unreadable.reason})`, () => {
        expect(() => parseWorkbook(new Uint8Array(readFileSync(b.file!)), b.workbook, validateParseExcelOptions({}))).toThrowError(
          expect.objectContaining({ kind: unreadable.kind }),
        );
      });
      continue;
    }
    const revision = DIFFERENT_REVISION[b.workbook];
    if (revision) {
      it(`${b.workbook}: not scored, the export is of another revision (${revision})`, () => {
        const s = scoreWorkbook(b);
        console.log(`[displayed-values] ${b.workbook}: NOT SCORED (${revision}); raw ${s.equal}/${s.compared}`);
        expect(s.compared).toBeGreaterThan(0);
      });
      continue;
    }
    it(`${b.workbook}: ≥ ${MIN_MATCH * 100} % of displayed values equal Excel's`, () => {
      const s = scoreWorkbook(b);
      scores.set(b.workbook, s);
      const ratio = s.compared ? s.equal / s.compared : 1;
      console.log(`[displayed-values] ${b.workbook}: ${s.equal}/${s.compared} = ${(ratio * 100).toFixed(2)} % (excluded: ${s.recalculated} recalculated, ${s.known} known)`);
      expect(ratio, s.mismatches.join('\n')).toBeGreaterThanOrEqual(MIN_MATCH);
    });
  }

  it(`overall ≥ ${MIN_MATCH * 100} %`, () => {
    let compared = 0;
    let equal = 0;
    let excluded = 0;
    let rawCompared = 0;
    let rawEqual = 0;
    for (const s of scores.values()) {
      compared += s.compared;
      equal += s.equal;
      excluded += s.recalculated + s.known;
      rawCompared += s.rawCompared;
      rawEqual += s.rawEqual;
    }
    expect(scores.size).toBeGreaterThan(40);
    console.log(
      `[displayed-values] OVERALL ${scores.size} workbooks: ${equal}/${compared} = ${((equal / compared) * 100).toFixed(2)} % (excluded: ${excluded}; with nothing excluded ${rawEqual}/${rawCompared} = ${((rawEqual / rawCompared) * 100).toFixed(2)} %)`,
    );
    expect(equal / compared).toBeGreaterThanOrEqual(MIN_MATCH);
  });
});
