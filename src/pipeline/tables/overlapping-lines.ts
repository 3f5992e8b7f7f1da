/**
 * A cell set at its row's middle between the two lines of a wrapped neighbour is one row with
 * them. A browser prints a table cell at its row's middle (`vertical-align: middle`, the
 * default), so a key beside a value wrapped over two lines stands between them ("RTD" between
 * "Pt100, Pt1000, Ni100 (2-, 3- or 4-" and "wire)"), each its own line of one chunk; counted
 * line by line, such rows were runs of single lines that ended a block (a datasheet's spec
 * table lost its first and last groups). Joined here for finding table regions only: the grid
 * builder reads its rows from the pieces again.
 *
 * Only that sandwich is joined: a line of one chunk overlapping the lines above and below, of
 * one chunk each and in one column (a wrapped cell), its middle halfway between theirs, all
 * three in one size, no chunk of it over theirs, no formula's operator in it. Joining any lines that overlap side by side took a footer's notes
 * and the address beside them, set at other pitches, for table rows (AWS's invoice), and a
 * formula's stacked pieces for rows.
 */
import type { LineInfo as LineWithChunks } from './block-headings.js';
import type { Chunk, TextLine } from './text-pieces.js';

/** Share of a line's height it must share with each neighbour. */
const MIN_OVERLAP = 0.25;
/** Its middle's distance from halfway between theirs, as a share of their pitch. */
const MID_SLACK = 0.2;
/** Sizes of the three lines within this ratio. */
const SAME_SIZE = 1.1;

function shared(a: { top: number; bottom: number }, b: { top: number; bottom: number }): number {
  return Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
}

const xOverlap = (c: Chunk, d: Chunk) => Math.min(c.x1, d.x1) > Math.max(c.x0, d.x0);
const mid = (l: TextLine) => (l.top + l.bottom) / 2;

/** A formula's operators: "x =" between a fraction's numerator and denominator is no table's key. */
const MATH = /[=∑∫∏√∂∇]/u;

function sandwiched(p: LineWithChunks, s: LineWithChunks, n: LineWithChunks): boolean {
  // Three single chunks: a cell between two lines of its neighbour. (Where the middle line
  // holds several cells it is a tabular line already; a wrapped heading among a table's
  // headings, "Standing" over "Charge" beside "Unit Rate", is left as it was.)
  if (p.chunks.length !== 1 || s.chunks.length !== 1 || n.chunks.length !== 1 || MATH.test(s.chunks[0]!.text)) return false;
  const sizes = [p.line.size, s.line.size, n.line.size];
  if (Math.max(...sizes) > SAME_SIZE * Math.min(...sizes)) return false;
  const h = s.line.bottom - s.line.top;
  if (h <= 0 || shared(p.line, s.line) < MIN_OVERLAP * h || shared(s.line, n.line) < MIN_OVERLAP * h) return false;
  const pitch = mid(n.line) - mid(p.line);
  if (pitch <= 0 || Math.abs(mid(s.line) - (mid(p.line) + pitch / 2)) > MID_SLACK * pitch) return false;
  // Above and below: one wrapped cell (a chunk of each in one column); beside: nothing over them.
  if (!p.chunks.some((c) => n.chunks.some((d) => xOverlap(c, d)))) return false;
  return s.chunks.every((c) => !p.chunks.some((d) => xOverlap(c, d)) && !n.chunks.some((d) => xOverlap(c, d)));
}

function joined<T extends LineWithChunks>(group: readonly T[]): T {
  const lines = group.map((g) => g.line);
  const line: TextLine = {
    pieces: lines.flatMap((l) => l.pieces).sort((a, b) => a.x0 - b.x0),
    x0: Math.min(...lines.map((l) => l.x0)),
    x1: Math.max(...lines.map((l) => l.x1)),
    top: Math.min(...lines.map((l) => l.top)),
    bottom: Math.max(...lines.map((l) => l.bottom)),
    size: Math.max(...lines.map((l) => l.size)),
  };
  return { ...group[0]!, line, chunks: group.flatMap((g) => g.chunks).sort((a, b) => a.x0 - b.x0) };
}

/** Lines (top to bottom) with each sandwich of a middle-set cell and its wrapped neighbour joined. */
export function joinOverlappingLines<T extends LineWithChunks>(infos: readonly T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < infos.length; i++) {
    const [p, s, n] = [infos[i]!, infos[i + 1], infos[i + 2]];
    if (s && n && sandwiched(p, s, n)) {
      out.push(joined([p, s, n]));
      i += 2;
    } else out.push(p);
  }
  return out;
}
