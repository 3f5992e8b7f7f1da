/**
 * Lines → blocks (paragraph-sized). A line joins the block just above it when the leading
 * is normal, they overlap horizontally and the style matches; list bullets, first-line
 * indents, short closing lines and style changes start a new block. A block never reaches
 * over another block's line (README.md): large figures with small labels between them are
 * one block each, not one block whose lines interleave with the labels'.
 */
import { unionBBox } from '../../model/document.js';
import type { Block, Line } from '../../model/layout.js';
import { pageLeading, RUNS_ON, SOLID_GAP_EM, type PageLeading } from './line-spacing.js';
import { nextHangingEntry, raggedFirstLineIndent } from './indent-breaks.js';
import { BULLET_START, LIST_ITEM_START, listMarkKind } from '../../model/list-markers.js';
import { RUNS_ON_END } from '../../model/sentence-ends.js';

interface Building {
  lines: Line[];
  left: number;
  right: number;
  top: number;
  bottom: number;
  size: number;
  bold: boolean;
  lastLine: Line;
  /** A line of another block came to lie under this block's last line, across its width: it takes no more lines. */
  capped: boolean;
  /** The widest gap between two of its lines so far, box to box (-Infinity with one line). */
  widestGap: number;
}

/**
 * Space before a paragraph, over the widest gap inside the block, in font sizes, that starts a
 * new block: 6 pt after a paragraph of 11-pt text set at 1.3 is 0.55 em over its 0.3-em gaps.
 */
const PARAGRAPH_SPACE_EM = 0.3;
/** A line that closes its sentence: a stop, maybe a closing quote or bracket after it. */
const SENTENCE_CLOSED = /[.!?:;]["'”’)\]]?\s*$/u;

/**
 * Sizes of one paragraph's lines. A text layer states them (a line's is its characters'
 * commonest), and a paragraph's lines share one: a tenth apart is a heading over a heading
 * (11-pt "EXPERIENCE" over a 10-pt job title) or a 9-pt date over its 10-pt paragraph, which
 * were joined. OCR sizes come from the ink's height, and vary by more; so do the lines of a
 * displayed formula (limits, indices, a tall integral), whose pieces stay one block.
 */
function sizeClose(a: number, b: number, stated: () => boolean): boolean {
  const r = a > b ? a / b : b / a;
  return r < 1.08 || (r < 1.15 && !stated());
}

/** A line of words: three runs of three letters or more (a formula's lines have none). */
const wordy = (l: Line) => (l.text.match(/\p{L}{3,}/gu)?.length ?? 0) >= 3;

function canJoin(b: Building, line: Line, leading: PageLeading): boolean {
  const gapEm = leading.joiningGapEm;
  const last = b.lastLine;
  const size = Math.max(b.size, line.fontSize);
  const gap = line.bbox.top - (last.bbox.top + last.bbox.height);
  if (gap > gapEm * size || (gap < -0.5 * size && !nextBaseline(last, line, size))) return false;
  // Space between paragraphs narrower than the joining gap ends the block where the block's
  // own lines stand closer: a wider gap, by 0.3 em and by half. Text-layer lines only: OCR
  // boxes follow the ink, and their gaps vary with ascenders and descenders. Lines whose boxes
  // overlap by over a quarter of an em (a formula's pieces, a tall glyph) give no measure.
  // A block of one line is measured by the gap most of the page's lines of prose keep, when
  // it is a line of their size (a one-line paragraph, "Maybe they have to be crazy."; an entry
  // of a table of contents; a form's field over the next one).
  const inside = b.lines.length >= 2 ? b.widestGap : oneLineParagraph(b, leading) ? leading.usualGapEm! * size : null;
  if (inside !== null && inside >= -0.25 * size && line.confidence === null && last.confidence === null && gap > inside + PARAGRAPH_SPACE_EM * size && gap > 1.5 * inside) return false;
  const overlap = Math.min(b.right, line.bbox.left + line.bbox.width) - Math.max(b.left, line.bbox.left);
  if (overlap <= 0) return false;
  if (!sizeClose(b.size, line.fontSize, () => line.confidence === null && last.confidence === null && (wordy(line) || wordy(last)))) return false;
  // A change of weight ends the block: a bold heading of two lines or more ("ARTICLE 1" over
  // "DEFINITIONS") had taken the paragraph under it. A bold caption's sentence may run on into
  // a line mostly in roman ("… by coun-" over "try groups (percentages …)"): in lower case.
  if (b.bold !== line.bold && !(b.bold && b.lines.length >= 2 && RUNS_ON.test(line.text))) return false;
  // The next item of a list: at the block's edge, or where the first item's mark stands (a
  // numbered paragraph's first line set in, its wrapped lines at the margin).
  const nextItemAt = (x: number) => x <= b.left + size || Math.abs(x - b.lines[0]!.bbox.left) <= size;
  if (BULLET_START.test(line.text) || (LIST_ITEM_START.test(line.text) && LIST_ITEM_START.test(b.lines[0]!.text) && nextItemAt(line.bbox.left))) return false;
  if (opensIndentedItem(b, line, size)) return false;
  // Set wide, a paragraph's lines start at its edge: a second line set well in from the first
  // is a line of its own (a centred place and date under a case caption's rule).
  // Nor does it take a line that opens a numbered or lettered item: set solid, the space
  // before an item told it apart from the paragraph above.
  if (gapEm > SOLID_GAP_EM && ((b.lines.length === 1 && line.bbox.left > b.left + 3 * size) || LIST_ITEM_START.test(line.text))) return false;
  // Paragraph end: the previous line stops well short of the block's right edge, does not
  // run on ("The States of" over "New Hampshire, …"), and closes its sentence, or the next
  // line runs on past the block's widest line (a paragraph after a short block), or the
  // block's lines are not flush with it (a code listing's indents). Lines that each end short
  // without a stop, flush at one edge (an address, a list of names), are one block: an
  // invoice's "Bill to" address had lost its last line ("Cardiff CF10 1BT") to a block of
  // its own.
  const width = b.right - b.left;
  const short = last.bbox.left + last.bbox.width < b.right - Math.max(0.25 * width, 4 * size);
  const flush = b.lines.every((l) => Math.abs(l.bbox.left - line.bbox.left) <= 0.5 * size);
  const pastBlock = line.bbox.left + line.bbox.width > b.right + 2 * size;
  if (b.lines.length >= 2 && short && line.bbox.left <= last.bbox.left + size && !RUNS_ON_END.test(last.text) && (SENTENCE_CLOSED.test(last.text) || pastBlock || !flush)) {
    return false;
  }
  // First-line indent of a new paragraph: set in from the block's edge and from the line
  // above (a hanging indent's third line is set in as far as its second).
  if (b.lines.length >= 2 && line.bbox.left > Math.max(b.left, last.bbox.left) + 1.2 * size && line.bbox.left + line.bbox.width >= b.right - size && !LIST_ITEM_START.test(b.lines[0]!.text)) {
    return false;
  }
  // Set ragged right or in hanging indents, the left edges alone show a new paragraph (indent-breaks.ts).
  return !raggedFirstLineIndent(b, line, leading.below.get(line)) && !nextHangingEntry(b, line);
}

/** A block of one line in the page's usual size of prose (a heading is set looser). */
function oneLineParagraph(b: Building, leading: PageLeading): boolean {
  return leading.usualGapEm !== null && leading.usualSize !== null && sizeClose(b.size, leading.usualSize, () => true);
}

/**
 * Lines whose boxes overlap by over half a font size, yet stand a line's pitch apart (tops at
 * least 0.9 font size apart, no more than 1.6): a face whose declared ascent and descent
 * make boxes taller than the leading (an 11-pt face with 18.7-pt boxes set 13 pt apart).
 * Such a line is the next line of the block; measured by boxes alone it was not, and each
 * column of a journal page was read as two blocks, one of its odd lines and one of its even.
 */
function nextBaseline(last: Line, line: Line, size: number): boolean {
  const pitch = line.bbox.top - last.bbox.top;
  return pitch >= 0.9 * size && pitch <= 1.6 * size && line.bbox.height > 1.3 * line.fontSize && last.bbox.height > 1.3 * last.fontSize;
}

/**
 * A line set in from the block's left edge that opens with a list's mark of another kind than
 * the block's first line: a list under its lead-in line ("Encore du contenu!" then "1. …"),
 * or an item nested in another ("2. …" then "a) …"). A paragraph's wrapped lines start at its
 * edge, and an item's wrapped lines that happen to open with a number of its own kind ("5. …"
 * under "1. …") stay in it.
 */
function opensIndentedItem(b: Building, line: Line, size: number): boolean {
  if (line.bbox.left <= b.left + 0.5 * size) return false;
  const kind = listMarkKind(line.text);
  return kind !== null && kind !== listMarkKind(b.lines[0]!.text);
}

/**
 * `line` lies wholly below block `b`'s last line, within the block's width, and is a line of
 * its own: a third of the block's width or more, or starting at the block's left edge (a
 * label over a figure). A display formula's pieces (a fraction's parts, limits), short and
 * set apart from the margin, between a paragraph's lines are not.
 */
function under(line: Line, b: Building): boolean {
  const last = b.lastLine.bbox;
  const overlap = Math.min(b.right, line.bbox.left + line.bbox.width) - Math.max(b.left, line.bbox.left);
  if (!(line.bbox.top >= last.top + last.height && overlap > 0)) return false;
  return line.bbox.width >= (b.right - b.left) / 3 || Math.abs(line.bbox.left - b.left) <= b.size;
}

/**
 * For each line, the other lines of its row: sharing half the smaller height, apart in x by
 * at least a font size (another column's line, not a piece of its own line).
 */
function rowSiblings(sorted: readonly Line[]): Map<Line, Line[]> {
  const out = new Map<Line, Line[]>();
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!.bbox;
    for (let j = i + 1; j < sorted.length && sorted[j]!.bbox.top < a.top + a.height; j++) {
      const b = sorted[j]!.bbox;
      const shared = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
      const apart = Math.max(b.left - (a.left + a.width), a.left - (b.left + b.width));
      if (shared < 0.5 * Math.min(a.height, b.height) || apart < Math.min(sorted[i]!.fontSize, sorted[j]!.fontSize)) continue;
      for (const [x, y] of [[sorted[i]!, sorted[j]!], [sorted[j]!, sorted[i]!]] as const) {
        const list = out.get(x);
        if (list) list.push(y);
        else out.set(x, [y]);
      }
    }
  }
  return out;
}

/**
 * `line` is one of two or more columns' lines that begin side by side under block `b`, which
 * ends in a line set from its left edge and reaches over most of each (an abstract set close
 * above the columns): the column's first line, not the block's next. Joined, the block
 * reached into one column and the reading order could find no gutter under it
 * (bench/synthetic-columns.ts).
 */
function columnUnder(b: Building, line: Line, siblings: Map<Line, Line[]>): boolean {
  const beside = siblings.get(line);
  if (!beside) return false;
  const width = b.right - b.left;
  // The block ends in a line set from its left edge (an abstract's, a paragraph's); a centred
  // author block's lines are not, and two affiliations side by side under it stay its own.
  if (b.lastLine.bbox.left - b.left > 0.02 * width) return false;
  const bottom = b.lastLine.bbox.top + b.lastLine.bbox.height;
  const under = (l: Line) => l.bbox.width < 0.6 * width && Math.min(b.right, l.bbox.left + l.bbox.width) - Math.max(b.left, l.bbox.left) >= 0.5 * l.bbox.width;
  return under(line) && beside.some((o) => o.bbox.top >= bottom && under(o));
}

/**
 * `line` starts right of the middle of a left-aligned block of two lines or more: the first
 * line of a right-hand column set close under a full-width abstract (the column's other first
 * lines start lower, beside no sibling), never the paragraph's next line, which starts at its
 * edge. Centred and right-aligned blocks (their lines start anywhere) and short pieces (an
 * equation number) are left alone.
 */
function rightColumnStart(b: Building, line: Line): boolean {
  const width = b.right - b.left;
  if (b.lines.length < 2 || line.bbox.left <= b.left + 0.5 * width || line.bbox.width < 0.2 * width) return false;
  return b.lines.every((l) => l.bbox.left <= b.left + 1.5 * b.size);
}

/**
 * `line` starts a column under a line that spans it: the block's last line, with no line of
 * another column beside it, reaches past `line` on both sides by half a font size or more and
 * stands 0.4 font sizes or more above it, and `line`, three quarters of its width at least,
 * has another column's line beside it (a centred figure caption over three columns set close
 * above the middle one). A column's full lines never reach past each other on both sides; a
 * bullet's first line can, over its indented and shorter second line, but at the leading of
 * its paragraph; a short line under a longer one (an item's last line, "Mayor" centred under
 * a signature's name) is left to the other rules.
 */
function underSpanning(b: Building, line: Line, siblings: Map<Line, Line[]>): boolean {
  const last = b.lastLine;
  if (!siblings.has(line) || siblings.has(last)) return false;
  const reach = 0.5 * Math.min(b.size, line.fontSize);
  if (line.bbox.width < 0.75 * last.bbox.width || line.bbox.top - (last.bbox.top + last.bbox.height) < 0.4 * Math.max(b.size, line.fontSize)) return false;
  return last.bbox.left <= line.bbox.left - reach && last.bbox.left + last.bbox.width >= line.bbox.left + line.bbox.width + reach;
}

/**
 * `line`, with another column's line beside it, lies off the axis of a centred block of two
 * lines or more (its centre a quarter of the block's width away): a column's first line under
 * a centred caption or title set close above the columns, not the block's next line. Joined,
 * the caption reached down into one column, the page had no clean cut under it, and the other
 * column's first lines were read before it (bench/synthetic-columns.ts). A centred block's
 * lines share their centre within a font size, and one of them at least is set in by two.
 */
function offCentreUnder(b: Building, line: Line, siblings: Map<Line, Line[]>): boolean {
  if (b.lines.length < 2 || !siblings.has(line)) return false;
  const centre = (b.left + b.right) / 2;
  const mid = (l: Line) => l.bbox.left + l.bbox.width / 2;
  if (b.lines.some((l) => Math.abs(mid(l) - centre) > b.size) || !b.lines.some((l) => l.bbox.left > b.left + 2 * b.size)) return false;
  return Math.abs(mid(line) - centre) > 0.25 * (b.right - b.left);
}

export function buildBlocks(lines: readonly Line[]): Block[] {
  const sorted = lines.slice().sort((a, b) => a.bbox.top - b.bbox.top || a.bbox.left - b.bbox.left);
  const siblings = rowSiblings(sorted);
  // Double-spaced pages join their lines at their own leading (line-spacing.ts).
  const leading = pageLeading(sorted);
  const open: Building[] = [];
  const closed: Building[] = [];
  for (const line of sorted) {
    let best: Building | undefined;
    let bestDist = Infinity;
    for (let i = open.length - 1; i >= 0; i--) {
      const b = open[i]!;
      // Blocks far above can no longer take lines.
      if (line.bbox.top - b.bottom > 3 * b.size) {
        closed.push(b);
        open.splice(i, 1);
        continue;
      }
      if (b.capped || !canJoin(b, line, leading) || columnUnder(b, line, siblings) || underSpanning(b, line, siblings) || offCentreUnder(b, line, siblings) || rightColumnStart(b, line)) continue;
      const dist = line.bbox.top - b.bottom + Math.abs(line.bbox.left - b.left) * 0.01;
      if (dist < bestDist) {
        bestDist = dist;
        best = b;
      }
    }
    // A block never reaches over another block's line: big figures with small labels between
    // them ("17,81,841 crore / BY REVENUE / 7,92,756 crore") are three blocks, not one block
    // whose lines interleave with the labels'. Lines side by side (other columns) do not cap.
    for (const b of open) if (b !== best && !b.capped && under(line, b)) b.capped = true;
    if (best) {
      best.widestGap = Math.max(best.widestGap, line.bbox.top - (best.lastLine.bbox.top + best.lastLine.bbox.height));
      best.lines.push(line);
      best.lastLine = line;
      best.left = Math.min(best.left, line.bbox.left);
      best.right = Math.max(best.right, line.bbox.left + line.bbox.width);
      best.bottom = Math.max(best.bottom, line.bbox.top + line.bbox.height);
    } else {
      open.push({
        lines: [line],
        left: line.bbox.left,
        right: line.bbox.left + line.bbox.width,
        top: line.bbox.top,
        bottom: line.bbox.top + line.bbox.height,
        size: line.fontSize,
        bold: line.bold,
        lastLine: line,
        capped: false,
        widestGap: -Infinity,
      });
    }
  }
  closed.push(...open);
  return closed.map(toBlock);
}

export function toBlock(b: { lines: Line[] }): Block {
  const chars = new Map<number, number>();
  for (const l of b.lines) chars.set(l.fontSize, (chars.get(l.fontSize) ?? 0) + l.text.length);
  let fontSize = b.lines[0]?.fontSize ?? 0;
  let best = -1;
  for (const [s, n] of chars) if (n > best) [best, fontSize] = [n, s];
  return {
    kind: 'text',
    bbox: unionBBox(b.lines.map((l) => l.bbox)),
    lines: b.lines,
    fontSize,
    bold: b.lines.every((l) => l.bold),
    italic: b.lines.every((l) => l.italic),
  };
}

export function blockText(b: Block): string {
  return b.lines.map((l) => l.text).join('\n');
}
