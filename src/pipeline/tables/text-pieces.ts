/**
 * Text runs → the units the table builders reason with:
 *
 * - pieces: one per word. A run holding several words (a producer that wrote a table row
 *   as one string) is cut at its spaces; TextRun has only a box, so each word gets the
 *   share of the box its characters take (equal character widths assumed).
 * - lines: pieces sharing a baseline band (sub- and superscripts join their line).
 * - chunks: the pieces of a line split wherever the horizontal gap is wide: candidate cells.
 */
import { unspacedJoin, wordSpaceGap } from '../lines/build-lines.js';
import type { TextRun } from '../../model/page.js';
import { isSpace } from '../count-words.js';

export interface Piece {
  text: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  size: number;
  bold: boolean;
  /** Index of the run it came from (in the caller's run array). */
  run: number;
  /** From an OCR word: apart from the next run's piece whatever the boxes say (joinPieces). */
  ocr?: boolean;
  /** The run's letter spacing (`TextRun.tracking`): word spaces are measured beyond it (joinPieces). */
  tracking?: number;
}

export interface TextLine {
  pieces: Piece[];
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  /** Dominant font size. */
  size: number;
}

export interface Chunk {
  pieces: Piece[];
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  text: string;
}

/** A chunk's size: its longest piece's (a footnote mark beside a figure does not count). */
export function chunkSize(c: Chunk): number {
  let best = c.pieces[0]!;
  for (const p of c.pieces) if (p.text.length > best.text.length) best = p;
  return best.size;
}

/**
 * Split a run into word pieces with proportional boxes. A run of one word keeps its whole
 * box. Hand-rolled scanning: this runs on every run of every page, and regex matching with
 * spread copies was the largest cost of table detection on long documents.
 */
export function runPieces(run: TextRun, index: number): Piece[] {
  const text = run.text;
  const n = text.length;
  const top = run.bbox.top;
  const bottom = run.bbox.top + run.bbox.height;
  const x0 = run.bbox.left;
  const w = run.bbox.width;
  const out: Piece[] = [];
  let i = 0;
  while (i < n) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) break;
    let j = i + 1;
    while (j < n && !isSpace(text.charCodeAt(j))) j++;
    const piece: Piece = { text: text.slice(i, j), x0: x0 + (w * i) / n, x1: x0 + (w * j) / n, top, bottom, size: run.fontSize, bold: run.bold, run: index };
    if (run.source === 'ocr') piece.ocr = true;
    if (run.tracking !== undefined) piece.tracking = run.tracking;
    out.push(piece);
    i = j;
  }
  if (out.length === 1) {
    out[0]!.x0 = x0;
    out[0]!.x1 = x0 + w;
  }
  return out;
}

/** Cut a piece at x (proportionally by characters); returns [left, right], either may be empty. */
export function cutPiece(p: Piece, x: number): [Piece | undefined, Piece | undefined] {
  const n = p.text.length;
  if (n < 2 || x <= p.x0 || x >= p.x1) return x <= (p.x0 + p.x1) / 2 ? [undefined, p] : [p, undefined];
  const k = Math.round(((x - p.x0) / (p.x1 - p.x0)) * n);
  if (k <= 0) return [undefined, p];
  if (k >= n) return [p, undefined];
  const xm = p.x0 + ((p.x1 - p.x0) * k) / n;
  return [
    { ...p, text: p.text.slice(0, k), x1: xm },
    { ...p, text: p.text.slice(k), x0: xm },
  ];
}

function overlapShare(aTop: number, aBottom: number, bTop: number, bBottom: number): number {
  const inter = Math.min(aBottom, bBottom) - Math.max(aTop, bTop);
  const minH = Math.min(aBottom - aTop, bBottom - bTop);
  return minH > 0 && inter > 0 ? inter / minH : 0;
}

/** Group pieces into lines (top to bottom), each sorted left to right. */
export function groupLines(pieces: readonly Piece[]): TextLine[] {
  const sorted = pieces.slice().sort((a, b) => a.top + a.bottom - (b.top + b.bottom));
  const lines: TextLine[] = [];
  const open: TextLine[] = [];
  for (const p of sorted) {
    const h = p.bottom - p.top;
    const centre = (p.top + p.bottom) / 2;
    // Lines whose band ends above this piece are complete (dropped in place, not a new array per piece).
    let kept = 0;
    for (const l of open) if (l.bottom >= centre - h) open[kept++] = l;
    open.length = kept;
    let best: TextLine | undefined;
    let bestShare = 0.65;
    for (const l of open) {
      const s = overlapShare(l.top, l.bottom, p.top, p.bottom);
      // A small raised or lowered piece (footnote mark, exponent) belongs to the line whose
      // band holds its centre.
      const script = p.size < 0.9 * l.size && centre >= l.top - 0.2 * (l.bottom - l.top) && centre <= l.bottom + 0.2 * (l.bottom - l.top);
      const share = script ? Math.max(s, 0.66) : s;
      if (share >= bestShare) {
        bestShare = share;
        best = l;
      }
    }
    if (best) {
      best.pieces.push(p);
      if (p.size > best.size) {
        best.top = p.top;
        best.bottom = p.bottom;
        best.size = p.size;
      }
    } else {
      const line: TextLine = { pieces: [p], x0: p.x0, x1: p.x1, top: p.top, bottom: p.bottom, size: p.size };
      lines.push(line);
      open.push(line);
    }
  }
  for (const l of lines) {
    l.pieces.sort((a, b) => a.x0 - b.x0);
    Object.assign(l, extent(l.pieces));
  }
  return lines.sort((a, b) => a.top - b.top || a.x0 - b.x0);
}

/** Gap (in font sizes) between words of one cell; wider gaps separate chunks. */
export const CHUNK_GAP_EM = 0.75;

/** The box around pieces (one pass, no intermediate arrays: this runs per line and chunk). */
function extent(pieces: readonly Piece[]): { x0: number; x1: number; top: number; bottom: number } {
  let x0 = Infinity;
  let x1 = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (const p of pieces) {
    if (p.x0 < x0) x0 = p.x0;
    if (p.x1 > x1) x1 = p.x1;
    if (p.top < top) top = p.top;
    if (p.bottom > bottom) bottom = p.bottom;
  }
  return { x0, x1, top, bottom };
}

/**
 * A chunk whose text is joined when first read: table detection splits every line of every
 * page into chunks, and reads the text of few of them (those of candidate tables).
 */
class PieceChunk implements Chunk {
  readonly x0: number;
  readonly x1: number;
  readonly top: number;
  readonly bottom: number;
  private joined: string | undefined;

  constructor(readonly pieces: Piece[]) {
    const e = extent(pieces);
    this.x0 = e.x0;
    this.x1 = e.x1;
    this.top = e.top;
    this.bottom = e.bottom;
  }

  get text(): string {
    return (this.joined ??= joinPieces(this.pieces));
  }
}

export function makeChunk(pieces: Piece[]): Chunk {
  return new PieceChunk(pieces);
}

/**
 * A justified line of running text: five or more words, every gap between them about the
 * same width (however wide). Table rows have uneven gaps, or numbers.
 */
function justified(line: TextLine): boolean {
  const ps = line.pieces;
  if (ps.length < 5 || ps.some((p) => /\d/.test(p.text) && !/\p{L}/u.test(p.text))) return false;
  const gaps = ps.slice(1).map((p, i) => p.x0 - ps[i]!.x1);
  const lo = Math.min(...gaps);
  const hi = Math.max(...gaps);
  return lo > 0 && hi <= 1.6 * lo + 0.1 * line.size;
}

export function lineChunks(line: TextLine, gapEm = CHUNK_GAP_EM): Chunk[] {
  if (justified(line)) return [makeChunk(line.pieces)];
  const out: Chunk[] = [];
  let cur: Piece[] = [];
  let right = -Infinity;
  for (const p of line.pieces) {
    const size = Math.max(p.size, cur[cur.length - 1]?.size ?? 0);
    if (cur.length > 0 && p.x0 - right > gapEm * size) {
      out.push(makeChunk(cur));
      cur = [];
      right = -Infinity;
    }
    cur.push(p);
    right = Math.max(right, p.x1);
  }
  if (cur.length) out.push(makeChunk(cur));
  return out;
}

/**
 * Pieces of one line, left to right, joined with spaces where they leave a gap. Two OCR words
 * are two words the engine read apart: a space whatever their boxes say (as build-lines.ts
 * joins them), except between CJK words. A box taller than its line (a word read across two
 * lines) made the gap test glue "Springand fall pollens andperennial" in an OCR table's cell.
 */
export function joinPieces(pieces: readonly Piece[]): string {
  let text = '';
  let right = -Infinity;
  let prev: Piece | undefined;
  for (const p of pieces) {
    const ocrPair = prev !== undefined && p.ocr === true && prev.ocr === true && prev.run !== p.run;
    const apart = ocrPair ? !unspacedJoin(text, p.text) : p.x0 - right > wordSpaceGap(p.size, prev?.tracking, p.tracking);
    if (text && apart && !/\s$/.test(text)) text += ' ';
    text += p.text;
    right = Math.max(right, p.x1);
    prev = p;
  }
  return text.trim();
}

/**
 * Word count of a text, dot leaders and dashes left out. Scripts that do not separate words
 * with spaces (or have long space-separated units, like Korean) count one word per five
 * letters, so their running text is measured like any other.
 */
export function words(s: string): number {
  const spaced = s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  const letters = (s.match(/[\p{L}\p{N}]/gu) ?? []).length;
  return Math.max(spaced, Math.floor(letters / 5));
}
