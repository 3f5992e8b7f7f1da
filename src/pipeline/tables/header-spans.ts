/**
 * Multi-level headers: a group heading ("Total" over "PK–12 | PK–8 | 9–12") that is too
 * short to cross the column gaps below it is placed in one column by the grid builder.
 * It becomes a cell spanning the columns only where the page proves the span:
 * 1. a partial rule (booktabs' \cmidrule, a report's group underline) right under the
 *    heading — or right above it, when nothing else lies between — covers those columns and
 *    no other heading of the row (the rule's extent is the span);
 * 2. column rules through the heading's line frame it with those columns (a rule and the
 *    table's side count too), the heading alone and centred between them;
 * 3. without a rule, the heading is centred over the columns (their text's extent) and not
 *    over its own column alone, every column of the span is nearer to it than to the
 *    row's other headings, and the smallest such span wins.
 * A heading cut in two at a separator (its words placed separately) is first made whole
 * again when the two parts sit a word space apart and the second goes on in lower case.
 * Only rows of the header zone (above the first row holding numbers other than years) are
 * considered, and only cells that are empty in that row are absorbed: a neighbour with text
 * is never merged. The sub-header row below keeps its own cells.
 *
 * Stacked header lines inside one cell ("Top-20" over "WQ") are one heading: their lines are
 * joined with a space, or with nothing after a line ending in a hyphen or slash ("Preva-" /
 * "lence" → "Preva-lence": whether the hyphen is soft cannot be told, so it is kept).
 */
import type { BBox } from '../../model/document.js';
import type { TableCell } from '../../model/table.js';
import { isNumericText, type LineCells } from './row-groups.js';
import type { Seg } from './rule-segments.js';
import type { Piece } from './text-pieces.js';

const YEAR = /^\s*(?:19|20)\d\d(?:\s*[-–/]\s*(?:19|20)?\d\d)?\s*[*¹²³†]?\s*$/;
const MAX_HEADER_ROWS = 6;

interface Extent {
  x0: number;
  x1: number;
}

const right = (b: BBox) => b.left + b.width;

/** Rows from the top that hold only labels (the zone where group headings live). */
function headerZone(cells: readonly TableCell[], rowCount: number): number {
  let k = 0;
  while (k < Math.min(rowCount - 1, MAX_HEADER_ROWS)) {
    const row = cells.filter((c) => c.row === k && c.text.trim());
    if (row.some((c) => isNumericText(c.text) && !YEAR.test(c.text))) break;
    k++;
  }
  return k;
}

export interface HeaderSpanInput {
  cells: TableCell[];
  pieces: Piece[][];
  rowCount: number;
  colCount: number;
  /** Horizontal rule segments of the table region (row rules included). */
  rules: readonly Seg[];
  /** Vertical rule segments of the table region. */
  vRules: readonly Seg[];
  /** The table region's top (a rule above the first row counts as "right above" it) and sides. */
  top: number;
  left: number;
  right: number;
}

/** Returns the cells (and their pieces, index-aligned) with proven group spans applied. */
export function proveHeaderSpans(input: HeaderSpanInput): { cells: TableCell[]; pieces: Piece[][] } {
  const zone = headerZone(input.cells, input.rowCount);
  let { cells, pieces } = rejoinBrokenHeadings(input.cells, input.pieces, zone);
  for (let r = 0; r < zone; r++) {
    // Text extent of each column in the rows below (single-column cells only).
    const ext: Array<Extent | undefined> = Array.from({ length: input.colCount }, () => undefined);
    cells.forEach((c, i) => {
      if (c.row <= r || c.colSpan !== 1) return;
      for (const p of pieces[i]!) {
        const e = ext[c.col];
        ext[c.col] = e ? { x0: Math.min(e.x0, p.x0), x1: Math.max(e.x1, p.x1) } : { x0: p.x0, x1: p.x1 };
      }
    });
    const rowIdx = cells.map((c, i) => (c.row === r ? i : -1)).filter((i) => i >= 0);
    const heads = rowIdx.filter((i) => cells[i]!.rowSpan === 1 && pieces[i]!.length > 0);
    if (heads.length === 0) continue;
    const below = cells.map((c, i) => (c.row > r ? i : -1)).filter((i) => i >= 0);
    const nextTop = Math.min(...below.flatMap((i) => pieces[i]!.map((p) => p.top)));
    const above = cells.map((c, i) => (c.row + c.rowSpan <= r ? i : -1)).filter((i) => i >= 0);
    const prevBottom = Math.max(input.top - 3, ...above.flatMap((i) => pieces[i]!.map((p) => p.bottom)));
    const spans: Array<[number, number, number]> = []; // head cell index, first col, last col
    for (const h of heads) {
      const ps = pieces[h]!;
      const tx0 = Math.min(...ps.map((p) => p.x0));
      const tx1 = Math.max(...ps.map((p) => p.x1));
      const ty0 = Math.min(...ps.map((p) => p.top));
      const ty1 = Math.max(...ps.map((p) => p.bottom));
      const tc = (tx0 + tx1) / 2;
      const others = heads.filter((o) => o !== h).map((o) => centreOf(pieces[o]!));
      const span = ruleSpan(input.rules, ext, { tx0, tx1, ty0, ty1, tc, nextTop, prevBottom }, others) ?? ruledBand(input, ext, { tx0, tx1, ty0, ty1, tc, nextTop, prevBottom }, others) ?? centredSpan(ext, cells[h]!, tc, others, Math.max(...ps.map((p) => p.size)));
      if (span) spans.push([h, span[0], span[1]]);
    }
    for (const [h, a, b] of spans) {
      const head = cells[h]!;
      if (a > head.col || b < head.col + head.colSpan - 1 || b - a + 1 <= head.colSpan) continue;
      // Every other cell of the row inside the span must be empty, one row tall and inside it.
      const inside = rowIdx.filter((i) => i !== h && cells[i]!.col + cells[i]!.colSpan - 1 >= a && cells[i]!.col <= b);
      if (inside.some((i) => pieces[i]!.length > 0 || cells[i]!.text.trim() || cells[i]!.rowSpan !== 1 || cells[i]!.col < a || cells[i]!.col + cells[i]!.colSpan - 1 > b)) continue;
      const group = [h, ...inside];
      const left = Math.min(...group.map((i) => cells[i]!.bbox.left));
      const rightEdge = Math.max(...group.map((i) => right(cells[i]!.bbox)));
      const merged: TableCell = { ...head, col: a, colSpan: b - a + 1, bbox: { ...head.bbox, left, width: rightEdge - left } };
      const drop = new Set(inside);
      const keep = cells.map((_, i) => i).filter((i) => !drop.has(i));
      pieces = keep.map((i) => pieces[i]!);
      cells = keep.map((i) => (i === h ? merged : cells[i]!));
      // Indices shifted: redo this row with the new arrays (each pass merges at least one cell).
      r--;
      break;
    }
  }
  return { cells, pieces };
}

/**
 * One heading cut in two at a column separator ("How often" | "do you have these symptoms"):
 * in a header row, two neighbouring one-line cells on the same baseline, a word space apart
 * (under half a text height) and the second going on in lower case, are one heading again.
 */
function rejoinBrokenHeadings(cells: TableCell[], pieces: Piece[][], zone: number): { cells: TableCell[]; pieces: Piece[][] } {
  for (let i = 0; i < cells.length; i++) {
    const a = cells[i]!;
    if (a.row >= zone || !a.text.trim() || a.text.includes('\n')) continue;
    const j = cells.findIndex((b) => b.row === a.row && b.rowSpan === a.rowSpan && b.col === a.col + a.colSpan);
    const b = cells[j];
    if (!b || !b.text.trim() || b.text.includes('\n') || !/^\p{Ll}/u.test(b.text.trim()) || isNumericText(b.text)) continue;
    const pa = pieces[i]!;
    const pb = pieces[j]!;
    const size = Math.max(...pa.map((p) => p.bottom - p.top), ...pb.map((p) => p.bottom - p.top));
    const gap = Math.min(...pb.map((p) => p.x0)) - Math.max(...pa.map((p) => p.x1));
    const sameLine = Math.abs(Math.min(...pa.map((p) => p.top)) - Math.min(...pb.map((p) => p.top))) < 0.3 * size;
    if (!sameLine || gap < -1 || gap > 0.5 * size) continue;
    const merged: TableCell = { ...a, colSpan: a.colSpan + b.colSpan, text: `${a.text} ${b.text}`, bbox: { ...a.bbox, width: b.bbox.left + b.bbox.width - a.bbox.left } };
    cells = cells.map((c, k) => (k === i ? merged : c)).filter((_, k) => k !== j);
    pieces = pieces.map((p, k) => (k === i ? [...pa, ...pb] : p)).filter((_, k) => k !== j);
    i--;
  }
  return { cells, pieces };
}

function centreOf(ps: readonly Piece[]): number {
  return (Math.min(...ps.map((p) => p.x0)) + Math.max(...ps.map((p) => p.x1))) / 2;
}

interface HeadBox {
  tx0: number;
  tx1: number;
  ty0: number;
  ty1: number;
  tc: number;
  nextTop: number;
  prevBottom: number;
}

/** Columns covered by a partial rule right under (or right above) the heading. */
function ruleSpan(rules: readonly Seg[], ext: ReadonlyArray<Extent | undefined>, t: HeadBox, others: readonly number[]): [number, number] | undefined {
  const cols = ext.map((e, k) => (e ? k : -1)).filter((k) => k >= 0);
  for (const under of [true, false]) {
    const candidates = rules.filter((s) => (under ? s.pos >= t.ty1 - 1 && s.pos <= t.nextTop + 0.5 : s.pos <= t.ty0 + 1 && s.pos >= t.prevBottom - 0.5) && s.a <= t.tc && s.b >= t.tc);
    for (const s of candidates) {
      // The rule belongs to this heading alone and is not a full-width rule.
      if (others.some((x) => x >= s.a && x <= s.b)) continue;
      const covered = cols.filter((k) => {
        const e = ext[k]!;
        const w = Math.max(1, e.x1 - e.x0);
        return Math.min(e.x1, s.b) - Math.max(e.x0, s.a) >= 0.5 * w;
      });
      if (covered.length < 2 || covered.length === cols.length) continue;
      if (covered[covered.length - 1]! - covered[0]! + 1 !== covered.length) continue;
      return [covered[0]!, covered[covered.length - 1]!];
    }
  }
  return undefined;
}

/**
 * Columns between two column rules (or a column rule and the table's side) that run through
 * the heading's line, when the heading is the only heading there and sits centred between
 * them: "Top-20" between the rules framing its five metric columns.
 */
function ruledBand(input: HeaderSpanInput, ext: ReadonlyArray<Extent | undefined>, t: HeadBox, others: readonly number[]): [number, number] | undefined {
  const through = input.vRules.filter((s) => s.a <= t.ty0 + 1 && s.b >= t.ty1 - 1).map((s) => s.pos);
  if (through.length === 0) return undefined;
  const lo = Math.max(input.left, ...through.filter((x) => x < t.tx0));
  const hi = Math.min(input.right, ...through.filter((x) => x > t.tx1));
  if (others.some((x) => x > lo && x < hi)) return undefined;
  if (Math.abs(t.tc - (lo + hi) / 2) > 0.15 * (hi - lo)) return undefined;
  const cols = ext.map((e, k) => (e && (e.x0 + e.x1) / 2 > lo && (e.x0 + e.x1) / 2 < hi ? k : -1)).filter((k) => k >= 0);
  if (cols.length < 2 || cols[cols.length - 1]! - cols[0]! + 1 !== cols.length) return undefined;
  return [cols[0]!, cols[cols.length - 1]!];
}

/** The smallest span of columns the heading is centred over (not its own column alone). */
function centredSpan(ext: ReadonlyArray<Extent | undefined>, head: TableCell, tc: number, others: readonly number[], size: number): [number, number] | undefined {
  const centre = (a: number, b: number) => (ext[a]!.x0 + ext[b]!.x1) / 2;
  const n = ext.length;
  const own = [head.col, head.col + head.colSpan - 1];
  if (ext.slice(own[0], own[1]! + 1).some((e) => !e)) return undefined;
  const tol = (a: number, b: number) => Math.max(0.5 * size, 0.06 * (ext[b]!.x1 - ext[a]!.x0));
  if (Math.abs(centre(own[0]!, own[1]!) - tc) <= 2 * tol(own[0]!, own[1]!)) return undefined;
  // Columns nearer to another heading of the row cannot join this one.
  const mine = (k: number) => {
    const c = (ext[k]!.x0 + ext[k]!.x1) / 2;
    return others.every((x) => Math.abs(x - c) > Math.abs(tc - c));
  };
  let best: [number, number] | undefined;
  for (let a = own[0]!; a >= 0 && ext[a] && mine(a); a--) {
    for (let b = own[1]!; b < n && ext[b] && mine(b); b++) {
      if (b - a < 1 || Math.abs(centre(a, b) - tc) > tol(a, b)) continue;
      if (!best || b - a < best[1] - best[0]) best = [a, b];
    }
  }
  return best;
}

/** Header cells hold one heading: stacked lines joined with a space. */
export function joinHeaderLines(text: string): string {
  return text.replace(/([-/‐])\s*\n\s*/g, '$1').replace(/\s*\n\s*/g, ' ');
}


/**
 * A header band (between a top rule and the rule under the header) holds two levels when a
 * line of group headings stands over a later line with at least two more column headings,
 * every group heading's column among them but one (a stub heading), and no heading going
 * on in lower case (or with a bracket) in the next line: that is a wrapped heading. Returns the index of the group line (the upper
 * level is the lines up to it, the lower level the rest: a stub heading set between the two
 * goes with the column headings), or -1. Stacked lines of one heading ("Top-20" over "WQ")
 * have the same columns or fewer below, and stay one row. Cost of the rule: a heading that
 * wraps upwards (bottom-aligned, "Population" over "(in Lakh)") beside one-line headings
 * becomes two header rows — its words stay in its column; folding a group line into the
 * column headings instead merged cells ("How often … symptoms Weekly Monthly Never").
 */
export function groupLevelEnd(lines: readonly LineCells[]): number {
  for (let i = 0; i + 1 < lines.length; i++) {
    const up = lines[i]!.cols;
    if (up.size === 0) continue;
    for (let j = i + 1; j < lines.length; j++) {
      const down = lines[j]!.cols;
      // A stub heading ("Training") may stand where the lower line has nothing.
      if (down.size >= Math.max(3, up.size + 2) && [...up.keys()].filter((k) => down.has(k)).length >= Math.max(1, up.size - 1)) {
        // A heading that goes on in the next line ("Combined" / "weighted school", "(in Lakh)") wraps: not a group.
        const next = lines[i + 1]!.cols;
        if ([...up.keys()].some((k) => /^[\p{Ll}(]/u.test(next.get(k)?.trim() ?? ''))) break;
        return i;
      }
    }
  }
  return -1;
}
