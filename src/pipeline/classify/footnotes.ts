/**
 * Footnotes from typography. A footnote is small type at the foot of its column, and the
 * footnotes of a column stack there: from the bottom up, each sits right above the next (the
 * old rule, "small type in the lower 40 %", also took a keyword list or a date in a front-
 * matter column far above them, and lone superscripts). One footnote per mark: a block that
 * holds "∗ Corresponding author…" and "∗∗ Corresponding author…" is cut at each line opening
 * with a mark, and an unmarked small block right under a footnote continues it ("E-mail
 * addresses: …" under its author note). The publisher's line at the very bottom (©, DOI, ISSN,
 * "all rights reserved") is the page's footer, not a note. Notes under a table ("a Initial
 * concentrations.", "b Not available.") are footnotes too, one per mark, though they sit
 * mid-page: their place is fixed by the table above, not by the page's foot.
 */
import type { Block, Line, PageLayout } from '../../model/layout.js';
import { blockText, toBlock } from '../blocks/build-blocks.js';

const MARGIN = 0.13;
/** A note's opening mark: a number, a symbol run, a bracketed number. */
const NOTE_MARK = /^\s*([0-9]{1,3}|[*∗†‡§¶※]+|\[[0-9]+\])\s*\S/;
/** A table note's mark: also a single lowercase letter ("a", "b"), set as a superscript or apart. */
const TABLE_NOTE_MARK = /^\s*([a-z]|[0-9]{1,2}|[*∗†‡§¶※]+)\s+\S/;
/** A line that opens a new note inside a block: a symbol mark, or a number set as a superscript (raisedMark). */
const SPLIT_MARK = /^\s*([*∗†‡§¶※]+|\[[0-9]+\]|[0-9]{1,3}\s)/;
const THREE_LETTERS = /\p{L}[^\p{L}]*\p{L}[^\p{L}]*\p{L}/u;
const PUBLISHER_LINE = /©|\bcopyright\b|\bdoi\b|doi\.org|\bissn\b|all rights reserved/i;

function isOpen(b: Block): boolean {
  return b.kind === 'text' && (b.type === undefined || b.type === 'Text');
}

function overlapsX(a: Block, b: Block): boolean {
  return a.bbox.left < b.bbox.left + b.bbox.width && b.bbox.left < a.bbox.left + a.bbox.width;
}

const bottomOf = (b: Block) => b.bbox.top + b.bbox.height;

function setType(b: Block, type: 'Footnote' | 'PageFooter', confidence: number): void {
  b.type = type;
  b.typeConfidence = confidence;
  delete b.level;
}

/** Split `b` before each line whose text opens with a mark (the first line must open with one). */
function splitAtMarks(b: Block, mark: RegExp, markRaised: boolean): Block[] {
  const groups: Line[][] = [];
  for (const l of b.lines) {
    const opens = mark.test(l.text) && (!(markRaised || /^\s*[0-9]/.test(l.text)) || raisedMark(l));
    if (opens || groups.length === 0) groups.push([l]);
    else groups[groups.length - 1]!.push(l);
  }
  if (groups.length < 2) return [b];
  return groups.map((lines) => ({ ...toBlock({ lines }), type: b.type, typeConfidence: b.typeConfidence }));
}

/** The line's first word is a mark set smaller or higher than the word after it (a superscript), or a symbol. */
function raisedMark(l: Line): boolean {
  const [m, w] = l.words;
  if (!m || !w) return false;
  if (/^[*∗†‡§¶※]+$/.test(m.text)) return true;
  return m.bbox.height < w.bbox.height * 0.9 || m.bbox.top + m.bbox.height < w.bbox.top + w.bbox.height * 0.85;
}

/** Small-type blocks stacked at the foot of their column (from the bottom up, each within three of its font sizes of the next). */
function footStack(p: PageLayout, body: number): Set<Block> {
  const candidates = p.blocks.filter((b) => {
    // "* Note" was hinted a bulleted item; in small type at the foot the star is a note's mark.
    const starred = b.type === 'ListItem' && /^\s*[*∗†‡§¶※]/.test(b.lines[0]?.text ?? '');
    if (!(isOpen(b) || starred) || b.fontSize > body * 0.88 || b.bbox.top < p.height * 0.6) return false;
    if (!b.lines.some((l) => THREE_LETTERS.test(l.text))) return false; // a lone superscript or symbol
    return b.fontSize <= body * 0.8 || NOTE_MARK.test(b.lines[0]!.text);
  });
  const stack = new Set<Block>();
  for (const b of candidates.sort((x, y) => bottomOf(y) - bottomOf(x))) {
    const below = p.blocks.filter((o) => o !== b && o.kind !== 'picture' && o.bbox.top >= bottomOf(b) - 1 && overlapsX(o, b));
    const body = below.filter((o) => !stack.has(o) && o.type !== 'PageFooter' && o.type !== 'PageHeader');
    if (body.length > 0) continue;
    const next = below.filter((o) => stack.has(o)).sort((x, y) => x.bbox.top - y.bbox.top)[0];
    if (next && next.bbox.top - bottomOf(b) > 3 * b.fontSize) continue;
    stack.add(b);
  }
  // A note opening with a reference symbol (*, †, ※) is one wherever it sits (a source note under a figure).
  for (const b of candidates) if (/^\s*[*∗†‡§¶※]/.test(b.lines[0]!.text)) stack.add(b);
  return stack;
}

function markPageFootnotes(p: PageLayout, body: number): void {
  const stack = footStack(p, body);
  if (stack.size === 0) return;
  const out: Block[] = [];
  let prevNote: Block | undefined;
  for (const b of p.blocks) {
    if (!stack.has(b)) {
      out.push(b);
      continue;
    }
    const text = blockText(b);
    const lowest = !p.blocks.some((o) => o !== b && o.kind === 'text' && o.bbox.top >= bottomOf(b) - 1 && overlapsX(o, b) && o.type !== 'PageFooter');
    if (lowest && b.bbox.top >= p.height * (1 - MARGIN) && PUBLISHER_LINE.test(text)) {
      setType(b, 'PageFooter', 0.7);
      out.push(b);
      continue;
    }
    setType(b, 'Footnote', 0.7);
    // Unmarked small type right under a note continues it.
    if (prevNote && !NOTE_MARK.test(text) && b.bbox.top - bottomOf(prevNote) <= b.fontSize && overlapsX(b, prevNote)) {
      const joined = { ...toBlock({ lines: [...prevNote.lines, ...b.lines] }), type: prevNote.type, typeConfidence: prevNote.typeConfidence };
      out[out.indexOf(prevNote)] = joined;
      prevNote = joined;
      continue;
    }
    const pieces = splitAtMarks(b, SPLIT_MARK, false);
    out.push(...pieces);
    prevNote = pieces[pieces.length - 1];
  }
  p.blocks.splice(0, p.blocks.length, ...out);
}

/** Notes right under a table: small type opening with a raised mark, one Footnote per mark. */
function markTableNotes(p: PageLayout, body: number): void {
  if (!p.blocks.some((b) => b.kind === 'table')) return;
  const out: Block[] = [];
  let above: Block | undefined; // the table, then the last note under it
  for (const b of p.blocks) {
    if (b.kind === 'table') {
      above = b;
      out.push(b);
      continue;
    }
    const under = above !== undefined && b.kind === 'text' && b.bbox.top >= bottomOf(above) - 1 && b.bbox.top - bottomOf(above) <= 2 * b.fontSize && overlapsX(b, above);
    const opens = under && b.fontSize <= body * 0.9 && b.lines[0] !== undefined && TABLE_NOTE_MARK.test(b.lines[0].text) && raisedMark(b.lines[0]);
    if (!opens || !(isOpen(b) || b.type === 'Formula' || b.type === 'Footnote')) {
      if (b.kind === 'text') above = undefined;
      out.push(b);
      continue;
    }
    setType(b, 'Footnote', 0.7);
    const pieces = splitAtMarks(b, TABLE_NOTE_MARK, true);
    out.push(...pieces);
    above = pieces.reduce((x, y) => (bottomOf(y) > bottomOf(x) ? y : x));
  }
  p.blocks.splice(0, p.blocks.length, ...out);
}

export function markFootnotes(pages: readonly PageLayout[], body: number): void {
  for (const p of pages) {
    markTableNotes(p, body);
    markPageFootnotes(p, body);
  }
}
