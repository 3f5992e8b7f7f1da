/**
 * Implicit column separators from text alignment: vertical strips that the chunks of
 * (almost) every row leave empty, with text on both sides in enough rows. A few rows may
 * cross a strip (a header spanning several columns); they become spanning cells.
 */
import type { Chunk } from './text-pieces.js';

export interface ColumnGap {
  /** Separator position. */
  x: number;
  /** The strip no (or few) rows cover; a word gap inside it splits a crossing chunk. */
  g0: number;
  g1: number;
}

export interface GapOptions {
  /** Narrowest strip that counts (points). */
  minWidth: number;
  /** Rows allowed to cross a strip. Default: 12 % of the rows from 5 rows on, else none. */
  maxCrossing?: number;
  /** Rows that must hold text on each side of a separator (default 2, or 1 for 2-row input). */
  minSide?: number;
  /** Share of the rows with text that must have several chunks (default 0). */
  minVoterShare?: number;
}

const STEP = 0.5; // points per profile cell

/**
 * `rows`: the chunks of each row within [x0, x1]. Returns separators left to right.
 * Rows with a single chunk do not vote on gaps (titles and spanning labels), unless fewer
 * than two rows have several chunks.
 */
export function columnGaps(rows: readonly Chunk[][], x0: number, x1: number, opts: GapOptions): ColumnGap[] {
  const multi = rows.filter((r) => r.length >= 2);
  if (multi.length < 2 || multi.length < (opts.minVoterShare ?? 0) * rows.filter((r) => r.length > 0).length) return [];
  // Two lines of justified text can leave wide gaps in the same place by chance: with
  // so little evidence, only short cells count.
  if (multi.length < 3 && multi.some((r) => r.some((c) => c.text.split(/\s+/).length > 3))) return [];
  const voting = multi; // single-chunk rows (titles, spanning labels) do not vote
  const n = Math.max(1, Math.ceil((x1 - x0) / STEP));
  const cover = new Int32Array(n + 1);
  for (const row of voting) {
    // Each row counts once per profile cell, even with overlapping chunks.
    const marks = new Uint8Array(n + 1);
    for (const c of row) {
      const a = Math.max(0, Math.floor((c.x0 - x0) / STEP));
      const b = Math.min(n, Math.ceil((c.x1 - x0) / STEP));
      for (let i = a; i < b; i++) marks[i] = 1;
    }
    for (let i = 0; i <= n; i++) cover[i]! += marks[i]!;
  }
  const maxCross = opts.maxCrossing ?? (voting.length >= 5 ? Math.max(1, Math.floor(0.12 * voting.length)) : 0);
  // Interior strips: low coverage with covered cells on both sides.
  let first = 0;
  while (first <= n && cover[first] === 0) first++;
  let last = n;
  while (last >= 0 && cover[last] === 0) last--;
  const strips: Array<[number, number]> = [];
  for (let i = first; i <= last; ) {
    if (cover[i]! > maxCross) {
      i++;
      continue;
    }
    let j = i;
    while (j <= last && cover[j]! <= maxCross) j++;
    if ((j - i) * STEP >= opts.minWidth) strips.push([i, j]);
    i = j;
  }
  let gaps: ColumnGap[] = strips.flatMap(([i, j]) => sparseColumnSplit(voting, x0, i, j, opts.minWidth) ?? [[i, j]]).map(([i, j]) => {
    // Prefer the emptiest part of the strip for the separator itself.
    let lo = Infinity;
    for (let k = i; k < j; k++) lo = Math.min(lo, cover[k]!);
    let a = i;
    while (cover[a]! > lo) a++;
    let b = j - 1;
    while (cover[b]! > lo) b--;
    return { x: x0 + ((a + b + 1) / 2) * STEP, g0: x0 + i * STEP, g1: x0 + j * STEP };
  });
  // Drop separators whose neighbouring column is (nearly) empty: a ragged edge, not a column.
  const minSide = opts.minSide ?? (voting.length <= 2 ? 1 : 2);
  for (;;) {
    // Built by push: spreading the mapped array deoptimised this function on every page
    // where the separators' numbers changed representation.
    const edges = [x0];
    for (const g of gaps) edges.push(g.x);
    edges.push(x1);
    const occupied = edges.slice(0, -1).map((a, k) => {
      const b = edges[k + 1]!;
      return rows.filter((r) => r.some((c) => (c.x0 + c.x1) / 2 >= a && (c.x0 + c.x1) / 2 < b)).length;
    });
    let worst = -1;
    let worstOcc = Infinity;
    for (let k = 0; k < occupied.length; k++) {
      if (occupied[k]! < minSide && occupied[k]! < worstOcc && !headingOnlyColumn(rows, gaps, k)) {
        worst = k;
        worstOcc = occupied[k]!;
      }
    }
    if (worst < 0 || gaps.length === 0) break;
    // Remove the separator on the side of the sparse column that has the narrower strip.
    const left = worst - 1;
    const right = worst;
    const pick =
      left < 0 ? right : right >= gaps.length ? left : gaps[left]!.g1 - gaps[left]!.g0 < gaps[right]!.g1 - gaps[right]!.g0 ? left : right;
    gaps = gaps.filter((_, k) => k !== pick);
  }
  return gaps;
}

/** Chunks a strip must hold wholly inside it to be a column of its own. */
const SPARSE_COLUMN_CHUNKS = 3;

/**
 * A column with few cells (a bank statement's "Money in", filled on three rows of fifty)
 * has fewer rows than may cross a strip, so its strip and the gaps on either side read as
 * one gap and its cells were joined to a neighbour's. Chunks lying wholly inside the strip,
 * clear of both its edges, in a chain of overlapping spans as a column's cells are (its
 * heading over right-aligned figures), three or more, are such a column, and so is a heading
 * of the table's first line alone in the strip: the strip is the gaps beside those columns
 * (profile indices from x0), or undefined where there are none. A label spanning two columns
 * reaches over the strip's edges and is no such chunk.
 */
function sparseColumnSplit(rows: readonly Chunk[][], x0: number, i: number, j: number, minWidth: number): Array<[number, number]> | undefined {
  const g0 = x0 + i * STEP;
  const g1 = x0 + j * STEP;
  const inside = rows.flatMap((r) => r.filter((c) => c.x0 >= g0 + minWidth && c.x1 <= g1 - minWidth)).sort((a, b) => a.x0 - b.x0);
  // A heading of a heading row alone in the strip, no other row's text under or over it,
  // counts too (a column with no cell here).
  const lone = inside.length === 1 && headingRow(rows[0]) && rows.slice(1).every((r) => r.every((c) => c.x1 <= inside[0]!.x0 || c.x0 >= inside[0]!.x1));
  const heading = new Set(lone ? rows[0] : []);
  if (inside.length < SPARSE_COLUMN_CHUNKS && !inside.some((c) => heading.has(c))) return undefined;
  const columns: Array<{ x0: number; x1: number; n: number; heading: boolean }> = [];
  for (const c of inside) {
    const last = columns[columns.length - 1];
    if (last && c.x0 <= last.x1) {
      last.x1 = Math.max(last.x1, c.x1);
      last.n++;
      last.heading ||= heading.has(c);
    } else columns.push({ x0: c.x0, x1: c.x1, n: 1, heading: heading.has(c) });
  }
  const found = columns.filter((c) => c.n >= SPARSE_COLUMN_CHUNKS || c.heading);
  if (found.length === 0) return undefined;
  const out: Array<[number, number]> = [];
  let from = i;
  for (const c of found) {
    out.push([from, Math.floor((c.x0 - x0) / STEP)]);
    from = Math.ceil((c.x1 - x0) / STEP);
  }
  out.push([from, j]);
  return out.filter(([a, b]) => (b - a) * STEP >= minWidth);
}

/**
 * A row of column headings: three or more, each of four words at most and with a letter (no
 * title line of a page, no first row of figures: "327 BALLOTS CAST | … | SERIAL | 1").
 */
function headingRow(row: readonly Chunk[] | undefined): row is readonly Chunk[] {
  return !!row && row.length >= 3 && row.every((c) => c.text.trim().split(/\s+/).length <= 4 && /\p{L}/u.test(c.text));
}

/**
 * Column `k` (between gaps k-1 and k) holds nothing but a heading of the table's first line
 * (a heading row), standing clear of the gaps on both sides, its neighbours headed too: a
 * column with no cell on this page (a statement's "Paid in" on a page of payments out), not
 * a ragged edge nor a heading set off its column's figures.
 */
function headingOnlyColumn(rows: readonly Chunk[][], gaps: readonly ColumnGap[], k: number): boolean {
  const left = gaps[k - 1];
  const right = gaps[k];
  const first = rows[0];
  // The last column may be one too (a card statement's "Credit £" on a page with no credit),
  // standing wholly right of every other row's text; its strip runs on over the heading (a
  // row may cross a strip), so the heading need only stand right of the separator.
  const lastColumn = k === gaps.length;
  if (!left || (!right && !lastColumn) || !first || !headingRow(first)) return false;
  const between = (a: number, b: number) => (c: Chunk) => (c.x0 + c.x1) / 2 >= a && (c.x0 + c.x1) / 2 < b;
  const within = between(left.x, right?.x ?? Infinity);
  const heading = first.filter(within);
  if (heading.length !== 1 || heading[0]!.x0 < (right ? left.g1 - 1 : left.x) || (right && heading[0]!.x1 > right.g0 + 1)) return false;
  if (rows.slice(1).some((r) => r.some((c) => within(c) || (lastColumn && c.x1 > heading[0]!.x0)))) return false;
  // Its neighbours have headings of their own: it is no offset heading of a neighbour's cells.
  const before = gaps[k - 2]?.x ?? -Infinity;
  const after = gaps[k + 1]?.x ?? Infinity;
  return first.some(between(before, left.x)) && (!right || first.some(between(right.x, after)));
}
