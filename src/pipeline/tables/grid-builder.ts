/**
 * One grid builder for every kind of table: given a region, the rules in it and its text
 * pieces, it finds columns and rows and the cells with their spans.
 *
 * Columns: vertical rules that run through most of the table ("strong") cut the text;
 * inside each band between them, text alignment adds implicit separators (column gaps).
 * Rules drawn only here and there ("weak") act like implicit separators.
 * Rows: the bands between horizontal rules (rules shorter than a column, like underlined
 * words, do not count). A band is one row — cells with several lines — unless it holds
 * several records (lines filling two or more columns); then its lines are the rows,
 * wrapped cell text joining its row (row-groups.ts). Missing pieces of a rule between two
 * bands make row spans.
 * Cells: a missing piece of a strong rule merges neighbours (lattice semantics); an
 * implicit separator is missing where a chunk of text crosses it (a spanning heading).
 * A chunk crossing a separator is cut at the word gap nearest to it when the words were
 * placed separately or are both numbers (a producer wrote two cells as one string);
 * a run crossing a strong rule is cut by characters (TextRun has only a box: each
 * character is given an equal share of it).
 */
import type { BBox } from '../../model/document.js';
import type { TableCell, TableGrid } from '../../model/table.js';
import { cellText } from './cell-text.js';
import { columnGaps } from './column-gaps.js';
import { bandOf, clusterValues, median } from './geometry.js';
import { detectHeaderRows } from './header-rows.js';
import { splitBand } from './band-rows.js';
import { joinHeaderLines, proveHeaderSpans } from './header-spans.js';
import { isNumericText, proseGoesOn, type LineCells } from './row-groups.js';
import { coverage, type RuleSet, type Seg } from './rule-segments.js';
import { dropLines, spanCells } from './span-cells.js';
import { cutPiece, groupLines, joinPieces, lineChunks, makeChunk, type Chunk, type Piece, type TextLine } from './text-pieces.js';
import { nonSpaceLength } from '../count-words.js';

export interface GridRequest {
  region: BBox;
  /** Text pieces whose centres lie in the region. */
  pieces: readonly Piece[];
  rules: RuleSet;
  method: TableGrid['method'];
  /** The top rule of a ruled frame grown over headings standing on it (headings-above.ts). */
  frameTop?: number;
}

export interface BuiltGrid {
  grid: TableGrid;
  /** Run indices whose text went into the table. */
  runs: Set<number>;
  /** Rows made of text lines (false when rules delimit the rows). */
  textRows: boolean;
  /** The table's text lines, top to bottom, before lines are joined into rows. */
  lines: TableLine[];
  /** Text pieces of each cell, index-aligned with grid.cells (table-evidence.ts). */
  cellPieces: Piece[][];
}

/** One text line of a table: its chunks and the grid columns they fall in. */
export interface TableLine {
  top: number;
  bottom: number;
  cells: Array<{ text: string; c0: number; c1: number; /** Column holding the chunk's centre. */ centre: number }>;
}

interface Separator {
  x: number;
  /** Rule through most of the table: cuts text; a missing piece means a span. */
  strong: boolean;
  /** Empty strip around an implicit separator (a word gap inside it splits a chunk). */
  g0: number;
  g1: number;
}

const SNAP = 2.5; // points: rule positions closer than this are one grid line
const STRONG_SHARE = 0.3; // share of the table a rule must cross to count as strong
const MIN_CELL_GAP = 2; // points: narrowest implicit column gap

function clipSegs(segs: readonly Seg[], pos0: number, pos1: number, a0: number, a1: number): Seg[] {
  const out: Seg[] = [];
  for (const s of segs) {
    if (s.pos < pos0 - SNAP || s.pos > pos1 + SNAP) continue;
    const a = Math.max(s.a, a0);
    const b = Math.min(s.b, a1);
    if (b - a >= 4) out.push({ pos: s.pos, a, b });
  }
  return out;
}

/** Interior grid lines from rule positions; the region's edges are always lines. */
function gridLines(segs: readonly Seg[], lo: number, hi: number): number[] {
  const inner = clusterValues(
    segs.map((s) => s.pos),
    SNAP,
  ).filter((p) => p > lo + SNAP && p < hi - SNAP);
  return [lo, ...inner, hi];
}

/** A chunk far wider than its characters can be: glyphs placed apart inside one run. */
function spread(c: Chunk): boolean {
  const chars = nonSpaceLength(c.text);
  const size = Math.max(...c.pieces.map((p) => p.size));
  return c.x1 - c.x0 > 2 * size * Math.max(1, chars) + 2 * size;
}

export function buildGrid(req: GridRequest): BuiltGrid | undefined {
  const R = req.region;
  const L = R.left;
  const Rt = R.left + R.width;
  const T = R.top;
  const B = R.top + R.height;
  const vSegs = clipSegs(req.rules.v, L, Rt, T, B);
  const hSegs = clipSegs(req.rules.h, T, B, L, Rt);
  if (req.pieces.length === 0) return undefined;
  const fontSize = median(req.pieces.map((p) => p.size), 10);

  // Explicit vertical lines; strong ones cut the pieces they cross.
  const vx = gridLines(vSegs, L, Rt);
  const strongX = vx.slice(1, -1).filter((x) => coverage(vSegs, x, T, B, SNAP) >= STRONG_SHARE);
  const weakX = vx.slice(1, -1).filter((x) => !strongX.includes(x));
  let pieces: Piece[] = req.pieces.slice();
  for (const x of strongX) {
    const next: Piece[] = [];
    for (const p of pieces) {
      if (p.x0 < x - 0.5 && p.x1 > x + 0.5 && coverage(vSegs, x, p.top, p.bottom, SNAP) >= 0.5) {
        const [a, b] = cutPiece(p, x);
        if (a) next.push(a);
        if (b) next.push(b);
      } else next.push(p);
    }
    pieces = next;
  }
  const lines = groupLines(pieces);
  const bands = [L, ...strongX, Rt];
  // Chunks per line, never across a strong rule.
  const lineBandChunks: Chunk[][][] = lines.map((line) => {
    const per: Piece[][] = bands.slice(0, -1).map(() => []);
    for (const p of line.pieces) per[bandOf(bands, (p.x0 + p.x1) / 2)]!.push(p);
    return per.map((ps) => (ps.length ? lineChunks({ ...line, pieces: ps }) : []));
  });

  // Implicit separators inside each strong band, plus weak rules.
  const seps: Separator[] = strongX.map((x) => ({ x, strong: true, g0: x, g1: x }));
  for (let k = 0; k + 1 < bands.length; k++) {
    // Runs whose glyphs are spread far apart (positions not recoverable from a box) would
    // bridge every gap they cross: they do not vote on columns.
    const rows = lineBandChunks.map((per) => per[k]!.filter((c) => !spread(c))).filter((cs) => cs.length > 0);
    // Between drawn column rules, text alignment must be consistent to add a column: in a
    // ruled table, wide gaps are mostly justified text inside one cell.
    const ruledColumns = strongX.length > 0;
    const gaps = columnGaps(rows, bands[k]!, bands[k + 1]!, ruledColumns ? { minWidth: MIN_CELL_GAP, minVoterShare: 0.5 } : { minWidth: MIN_CELL_GAP });
    const weakHere = weakX.filter((x) => x > bands[k]! && x < bands[k + 1]!);
    for (const g of gaps) {
      if (weakHere.some((x) => x >= g.g0 - SNAP && x <= g.g1 + SNAP)) continue;
      seps.push({ x: g.x, strong: false, g0: g.g0, g1: g.g1 });
    }
    for (const x of weakHere) seps.push({ x, strong: false, g0: x - SNAP, g1: x + SNAP });
  }
  seps.sort((a, b) => a.x - b.x);
  const xs = [L, ...seps.map((s) => s.x), Rt];
  const nCols = xs.length - 1;

  // Chunks into columns: cut where a word gap straddles a separator, else span.
  interface Placed {
    pieces: Piece[];
    c0: number;
    c1: number;
  }
  const placed: Placed[][] = lineBandChunks.map((per) => {
    const out: Placed[] = [];
    for (const chunk of per.flat()) {
      let parts: Piece[][] = [chunk.pieces];
      seps.forEach((s, k) => {
        if (s.strong || s.x <= chunk.x0 || s.x >= chunk.x1) return;
        // The gap that may split here must lie between the centres of the two columns.
        const lo = (xs[k]! + s.x) / 2;
        const hi = (s.x + xs[k + 2]!) / 2;
        const next: Piece[][] = [];
        for (const ps of parts) {
          // Split at the word gap nearest the separator when the words were placed
          // separately (two runs: tight columns), or when both are numbers (a row written as
          // one string). Words of one string that are not numbers, or prose, span (a heading).
          let best = -1;
          let bestD = Infinity;
          ps.forEach((p, j) => {
            const q = ps[j - 1];
            if (!q || !(q.run !== p.run || (isNumericText(p.text) && isNumericText(q.text))) || proseGoesOn(q, p)) return;
            const mid = (q.x1 + p.x0) / 2;
            if (mid < lo || mid > hi) return;
            const d = Math.abs(mid - s.x);
            if (d < bestD) [best, bestD] = [j, d];
          });
          if (best > 0) next.push(ps.slice(0, best), ps.slice(best));
          else next.push(ps);
        }
        parts = next;
      });
      for (const ps of parts) {
        const ch = makeChunk(ps);
        // 1 pt of tolerance: a chunk that only grazes the next column does not span it.
        const c0 = bandOf(xs, ch.x0 + 1);
        const c1 = Math.max(c0, bandOf(xs, ch.x1 - 1));
        out.push({ pieces: ps, c0, c1 });
      }
    }
    return out;
  });

  // Rows: bands between horizontal rules; a band holding several records is split into
  // text rows (wrapped cell text rejoins its row).
  // Rules shorter than the column they sit in (underlined words) do not delimit rows.
  const rowRules = hSegs.filter((seg) =>
    xs.slice(0, -1).some((x, c) => Math.min(seg.b, xs[c + 1]!) - Math.max(seg.a, x) >= 0.7 * (xs[c + 1]! - x)),
  );
  const hy = gridLines(rowRules, T, B);
  const innerY = hy.slice(1, -1);
  const strongY = innerY.filter((y) => coverage(rowRules, y, L, Rt, SNAP) >= STRONG_SHARE);
  const lineCentre = (l: TextLine) => (l.top + l.bottom) / 2;
  const cellsOf: LineCells[] = lines.map((l, i) => {
    const cols = new Map<number, string>();
    for (const p of placed[i]!) cols.set(p.c0, [cols.get(p.c0), p.pieces.map((q) => q.text).join(' ')].filter(Boolean).join(' '));
    const chars = l.pieces.reduce((n, p) => n + p.text.length, 0);
    const boldChars = l.pieces.filter((p) => p.bold).reduce((n, p) => n + p.text.length, 0);
    return { top: l.top, bottom: l.bottom, size: l.size, cols, bold: boldChars > 0.6 * chars };
  });
  const bandLines: number[][] = hy.slice(0, -1).map(() => []);
  lines.forEach((l, i) => bandLines[bandOf(hy, lineCentre(l))]!.push(i));
  const rowEdges: number[] = [T];
  /** Row boundary r (between rows r and r + 1) lies on a rule. */
  const onRule: boolean[] = [];
  const rowOfLine: number[] = Array(lines.length).fill(0);
  let textRows = false;
  const firstTextBand = bandLines.findIndex((idx) => idx.length > 0);
  const textBands = bandLines.filter((idx) => idx.length > 0).length;
  bandLines.forEach((idx, b) => {
    const headerBand = b === firstTextBand && textBands > 1;
    const groups = splitBand(idx.map((i) => cellsOf[i]!), strongY.length > 0, headerBand, seps.some((s) => !s.strong)).map((g) => g.map((k) => idx[k]!));
    if (groups.length > 1) textRows = true;
    if (groups.length === 0) groups.push([]);
    groups.forEach((g, k) => {
      const r = rowEdges.length - 1;
      for (const i of g) rowOfLine[i] = r;
      if (k + 1 < groups.length) {
        const bottom = Math.max(...g.map((i) => lines[i]!.bottom));
        const nextTop = Math.min(...groups[k + 1]!.map((i) => lines[i]!.top));
        rowEdges.push(Math.max(rowEdges[rowEdges.length - 1]!, (bottom + nextTop) / 2));
        onRule.push(false);
      }
    });
    rowEdges.push(hy[b + 1]!);
    if (b + 2 < hy.length) onRule.push(true);
  });
  const nRows = rowEdges.length - 1;
  if (nRows < 1 || nCols < 1) return undefined;

  // Which boundaries exist.
  const spanned: boolean[][] = Array.from({ length: nRows }, () => Array<boolean>(Math.max(0, nCols - 1)).fill(false));
  placed.forEach((ps, i) => {
    for (const p of ps) for (let k = p.c0; k < p.c1; k++) spanned[rowOfLine[i]!]![k] = true;
  });
  const occupied: boolean[][] = Array.from({ length: nRows }, () => Array<boolean>(nCols).fill(false));
  const rowPieces: Piece[][] = Array.from({ length: nRows }, () => []);
  placed.forEach((ps, i) => {
    for (const p of ps) {
      for (let c = p.c0; c <= p.c1; c++) occupied[rowOfLine[i]!]![c] = true;
      rowPieces[rowOfLine[i]!]!.push(...p.pieces);
    }
  });
  const textAt = (r: number, c: number) => occupied[r]![c]!;
  // Headings standing on the frame's top rule (headings-above.ts): no column rule runs up
  // there, so a heading spans only the columns its text crosses.
  const frameTop = req.frameTop;
  const onFrameTop = (y: number) => frameTop !== undefined && y <= frameTop + SNAP;
  const aboveFrame = (r: number) => onFrameTop(rowEdges[r + 1]!);
  const sepRight: boolean[][] = [];
  const sepBelow: boolean[][] = [];
  for (let r = 0; r < nRows; r++) {
    const y0 = rowEdges[r]!;
    const y1 = rowEdges[r + 1]!;
    sepRight.push(
      seps.map((s, k) => {
        if (s.strong && y1 - y0 > 0.5 && !aboveFrame(r)) {
          const pad = Math.min(2, (y1 - y0) / 4);
          if (coverage(vSegs, s.x, y0 + pad, y1 - pad, SNAP) >= 0.5) return true;
          // A gap in a column rule joins the cells (a spanning cell), unless the row has
          // text on both sides and none across: the rule is only drawn elsewhere.
          const crossed = rowPieces[r]!.some((q) => q.x0 < s.x - 1 && q.x1 > s.x + 1);
          return !crossed && textAt(r, k) && textAt(r, k + 1);
        }
        return !spanned[r]![k];
      }),
    );
    sepBelow.push(
      Array.from({ length: nCols }, (_, c) => {
        if (r + 1 >= nRows || !onRule[r]) return true;
        const pad = Math.min(2, (xs[c + 1]! - xs[c]!) / 4);
        // Any piece of rule over the column (an underlined heading) keeps the cells apart.
        if (coverage(rowRules, rowEdges[r + 1]!, xs[c]! + pad, xs[c + 1]! - pad, SNAP) > 0.1) return true;
        // A column the rule skips entirely is a row span in a ruled grid; under a partial
        // rule it joins the cells only when one of them is empty.
        if (strongY.some((y) => Math.abs(y - rowEdges[r + 1]!) <= SNAP)) return false;
        return textAt(r, c) && textAt(r + 1, c);
      }),
    );
  }
  const rects = spanCells(nRows, nCols, sepRight, sepBelow);

  // Pieces into cells.
  const cellIndex: number[][] = Array.from({ length: nRows }, () => Array<number>(nCols).fill(-1));
  rects.forEach((rc, i) => {
    for (let r = rc.row; r < rc.row + rc.rowSpan; r++) for (let c = rc.col; c < rc.col + rc.colSpan; c++) cellIndex[r]![c] = i;
  });
  const cellPieces: Piece[][] = rects.map(() => []);
  const runs = new Set<number>();
  placed.forEach((ps, i) => {
    const r = rowOfLine[i]!;
    for (const p of ps) {
      cellPieces[cellIndex[r]![p.c0]!]!.push(...p.pieces);
      for (const q of p.pieces) runs.add(q.run);
    }
  });

  // Thin empty rows and columns (double rules, hairline gaps) are not part of the structure.
  const emptyCol = (c: number) => rects.every((rc, i) => rc.col > c || rc.col + rc.colSpan <= c || cellPieces[i]!.length === 0 || rc.colSpan > 1);
  const emptyRow = (r: number) => rects.every((rc, i) => rc.row > r || rc.row + rc.rowSpan <= r || cellPieces[i]!.length === 0 || rc.rowSpan > 1);
  const dropCols = new Set([...Array(nCols).keys()].filter((c) => emptyCol(c) && xs[c + 1]! - xs[c]! < 0.8 * fontSize));
  const dropRows = new Set([...Array(nRows).keys()].filter((r) => emptyRow(r) && rowEdges[r + 1]! - rowEdges[r]! < 0.5 * fontSize));
  if (dropCols.size >= nCols || dropRows.size >= nRows) return undefined;
  const pruned = dropLines(rects, nRows, nCols, dropRows, dropCols, cellPieces);
  const keptCols = [...Array(nCols).keys()].filter((c) => !dropCols.has(c));
  const colMap = (c: number) => {
    const k = keptCols.findIndex((x) => x >= c);
    return k < 0 ? keptCols.length - 1 : k;
  };
  const tableLines = (): TableLine[] =>
    lines.map((l, i) => ({
      top: l.top,
      bottom: l.bottom,
      cells: placed[i]!.map((p) => {
        const x = (Math.min(...p.pieces.map((q) => q.x0)) + Math.max(...p.pieces.map((q) => q.x1))) / 2;
        return { text: joinPieces(p.pieces), c0: colMap(p.c0), c1: colMap(p.c1), centre: colMap(bandOf(xs, x)) };
      }),
    }));
  // Edges: a dropped column's space goes to its right neighbour's left edge.
  const colEdges = [xs[0]!, ...[...Array(nCols).keys()].filter((c) => !dropCols.has(c)).map((c) => xs[c + 1]!)];
  const rowEdgesKept = [rowEdges[0]!, ...[...Array(nRows).keys()].filter((r) => !dropRows.has(r)).map((r) => rowEdges[r + 1]!)];

  const built: TableCell[] = pruned.cells.map((rc) => ({
    row: rc.row,
    col: rc.col,
    rowSpan: rc.rowSpan,
    colSpan: rc.colSpan,
    text: cellText(cellPieces[rc.source]!),
    bbox: {
      left: colEdges[rc.col]!,
      top: rowEdgesKept[rc.row]!,
      width: colEdges[rc.col + rc.colSpan]! - colEdges[rc.col]!,
      height: rowEdgesKept[rc.row + rc.rowSpan]! - rowEdgesKept[rc.row]!,
    },
  }));
  const { cells, pieces: piecesOf } = proveHeaderSpans({ cells: built, pieces: pruned.cells.map((rc) => cellPieces[rc.source]!), rowCount: pruned.rows, colCount: pruned.cols, rules: hSegs, vRules: vSegs, top: T, left: L, right: Rt });
  const rowBold = Array.from({ length: pruned.rows }, (_, r) => {
    const ps = cells.flatMap((c, i) => (c.row === r ? piecesOf[i]! : []));
    return ps.length > 0 && ps.every((p) => p.bold);
  });
  // The frame's top rule under headings standing on it does not end the header.
  const ruleBelow = Array.from({ length: pruned.rows }, (_, r) => r + 1 < pruned.rows && coverage(rowRules, rowEdgesKept[r + 1]!, L, Rt, SNAP) >= 0.6 && !onFrameTop(rowEdgesKept[r + 1]!));
  const headerRows = detectHeaderRows({ rowCount: pruned.rows, colCount: pruned.cols, cells, rowBold, ruleBelow });
  for (const c of cells) if (c.row < headerRows) c.text = joinHeaderLines(c.text);
  return {
    grid: {
      rowCount: pruned.rows,
      colCount: pruned.cols,
      cells,
      headerRows,
      bbox: { ...R },
      method: req.method,
      confidence: 0,
    },
    runs,
    textRows,
    lines: tableLines(),
    cellPieces: piecesOf,
  };
}
