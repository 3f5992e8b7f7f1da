/**
 * Paragraph breaks that only the left edges of a paragraph's lines show, on pages set
 * ragged right (a word processor's default) or in hanging indents (a bibliography, a
 * glossary). `build-blocks.ts` ends a paragraph at a short closing line, and at a first-line
 * indent only when the indented line reaches the block's right edge: set ragged, the line
 * before a new paragraph can be a full one and the new paragraph's first line can stop
 * short, and two paragraphs were one block. Entries set in a hanging indent (first line at
 * the edge, the rest set in) were all one block, the next entry's first line at the edge
 * being taken for the paragraph's next line.
 */
import type { Line } from '../../model/layout.js';
import { BULLET_START, LIST_ITEM_START, LIST_MARK_ONLY } from '../../model/list-markers.js';
import { rightEnd } from './line-spacing.js';

/** The block being built, as far as these rules look at it. */
export interface IndentedBlock {
  lines: Line[];
  left: number;
  right: number;
  size: number;
}

/** Indents beyond this many font sizes are something else: text set beside a figure, a centred line. */
const MAX_INDENT_EM = 6;
const MIN_INDENT_EM = 1.2;
/** A line's left edge "at" another's: within half a font size. */
const EDGE_EM = 0.5;

/** A full line of the block: it stops no further short of the right edge than a paragraph's wrapped lines do. */
function fullLine(b: IndentedBlock, l: Line): boolean {
  return rightEnd(l) >= b.right - Math.max(0.25 * (b.right - b.left), 4 * b.size);
}

function indentOf(b: IndentedBlock, l: Line): number {
  return (l.bbox.left - b.left) / b.size;
}

const atEdge = (b: IndentedBlock, l: Line) => Math.abs(indentOf(b, l)) <= EDGE_EM;

/** `l` shares its centre with `other` within a font size: centred text, set in as far on both sides. */
function centredOn(b: IndentedBlock, l: Line, other: Line): boolean {
  const mid = (x: Line) => x.bbox.left + x.bbox.width / 2;
  return Math.abs(mid(l) - mid(other)) <= b.size;
}

/**
 * `line`, set in from the block's edge (1.2 to 6 font sizes) between two lines at the edge,
 * the one above in the block and the next one below, and running to the block's right
 * edge as a paragraph's lines do: the first line of a new paragraph. A line of code or a
 * formula between a paragraph's lines stops short or is not followed by a line at the edge;
 * a centred block has that shape only where its lines above and below the set-in one are of
 * one width to half an em. The block must read as a paragraph, every line of it full but
 * its last (the paragraph's own last line): a transcript's "APPEARANCES:" over a name at the
 * edge and its hanging second line is a list of entries. Over a block of one line, the line
 * above must stop well short of the paragraph's right end (a letter's "Dear Sir," over its
 * first paragraph); a list's mark on a line of its own keeps its item's text.
 */
export function raggedFirstLineIndent(b: IndentedBlock, line: Line, below: Line | undefined): boolean {
  // Geometry first: this runs for every line and open block, and most lines are at the edge.
  const indent = indentOf(b, line);
  if (!below || indent <= MIN_INDENT_EM || indent > MAX_INDENT_EM) return false;
  const last = b.lines[b.lines.length - 1]!;
  if (!atEdge(b, last) || !atEdge(b, below) || underTextAfterMark(last, line)) return false;
  const first = b.lines[0]!.text;
  if (LIST_ITEM_START.test(first) || BULLET_START.test(first) || LIST_MARK_ONLY.test(first)) return false;
  if (b.lines.length >= 2) return fullLine(b, line) && b.lines.every((l, i) => i === b.lines.length - 1 || fullLine(b, l));
  const paragraph = { ...b, right: Math.max(rightEnd(line), rightEnd(below)) };
  return fullLine(paragraph, line) && !fullLine(paragraph, last);
}

/**
 * `line` starts under the text that follows a short mark opening `last` ("Ê Connaître …" over
 * "diagnostiques et …", the mark a symbol font's bullet the list rules do not know): the
 * item's hanging second line, not a new paragraph.
 */
function underTextAfterMark(last: Line, line: Line): boolean {
  const [mark, text] = last.words;
  if (!mark || !text || mark.text.length > 3) return false;
  return Math.abs(text.bbox.left - line.bbox.left) <= 0.3 * (last.fontSize || 10);
}

/**
 * `line` at the edge of a block whose first line is a full line at the edge and whose other
 * lines are all set in by one indent (1.2 to 6 font sizes): the next entry of a hanging
 * indent. A short first line ("Dear Sir,") over an indented paragraph is not one, nor is a
 * centred block (its set-in lines all share the first line's centre).
 */
export function nextHangingEntry(b: IndentedBlock, line: Line): boolean {
  if (b.lines.length < 2 || !atEdge(b, line)) return false;
  const [first, ...rest] = b.lines;
  if (!atEdge(b, first!) || !fullLine(b, first!)) return false;
  const indent = indentOf(b, rest[0]!);
  if (indent <= MIN_INDENT_EM || indent > MAX_INDENT_EM) return false;
  return rest.every((l) => Math.abs(indentOf(b, l) - indent) <= EDGE_EM) && !rest.every((l) => centredOn(b, l, first!));
}
