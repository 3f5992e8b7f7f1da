/**
 * Line numbers printed down a margin (court transcripts and depositions, numbered 1-25 on
 * every page; pleading paper, 1-28; numbered drafts; a patent's gutter, every fifth line):
 * page furniture, not text of the body and not a table's first column. Read as text, each
 * number was a segment of its own, read before the page's header, and with the lines beside
 * them a transcript's first page became one Table of confidence 0.74 (pdfplumber's
 * scotus-transcript-p1).
 *
 * A column of line numbers is ten or more runs that each hold a whole number, one more than
 * the one above, aligned at their right or left edge or centre, at a regular pitch (every
 * step within 10 % of the median), in a strip of the page that no other text crosses over
 * the column's height, each at the same end of its line (all before their text, or all after
 * it) and 0.8 em or more from it: numbers inside lines ("Left 10 river …", "Item 12 …") are
 * text. A table's column of row numbers can look the same, so the text beside the numbers
 * must read as lines of text, not rows of cells: most numbered lines that hold text hold it
 * in one piece (no gap of 2 em), and either two numbered lines or more are blank (a
 * transcript numbers its empty lines too) or lines of six words or more are common (prose).
 * A numbered list of short items ("1 Apple", "2 Pear") passes neither and stays as it was.
 * Every fifth line numbered (a patent's gutter, 5-65 between its columns) is found too
 * (`everyFifthLine`). Only numbers that are runs of their own are found; a producer that
 * writes the number and its line in one run leaves them together.
 */
import type { TextRun } from '../../model/page.js';
import { countWords } from '../count-words.js';

const MIN_NUMBERS = 10;
/** Each step between numbers stays within this share of the median step. */
const PITCH_TOLERANCE = 0.1;
/** Edges that agree within this many points are one alignment. */
const EDGE_TOLERANCE = 2;
/** A margin's number stands at least this many em from its line's text. */
const MARGIN_GAP_EM = 0.8;
/** A gap this many em wide inside a numbered line splits it into pieces (cells). */
const PIECE_GAP_EM = 2;
/** Share of numbered lines with text that hold it in one piece. */
const ONE_PIECE_SHARE = 0.6;
/** Share of numbered lines with text that hold six words or more, when no numbered line is blank. */
const PROSE_SHARE = 0.3;
/** Blank numbered lines that show a transcript's numbering, whatever the text beside. */
const MIN_BLANK = 2;
/** Every fifth line numbered: at least 5, 10, 15, 20, 25. */
const MIN_FIFTHS = 5;
/** Numbers five lines apart stand this many of their heights apart, at least. */
const FIFTH_PITCH = 3.5;
/** A gutter's number stands this many em from the text on either side, at least. */
const GUTTER_GAP_EM = 0.4;
const WHOLE_NUMBER = /^\d{1,4}$/;

interface Numbered {
  index: number;
  value: number;
  run: TextRun;
}

/** The run indices of each column of line numbers on the page (empty when there is none). */
export function lineNumberColumns(runs: readonly TextRun[]): number[][] {
  const numbers: Numbered[] = [];
  runs.forEach((run, index) => {
    const text = run.text.trim();
    if ((run.dir ?? 0) === 0 && WHOLE_NUMBER.test(text)) numbers.push({ index, value: Number(text), run });
  });
  if (numbers.length < MIN_FIFTHS) return [];
  numbers.sort((a, b) => a.run.bbox.top - b.run.bbox.top);
  const taken = new Set<number>();
  const columns: number[][] = [];
  const edges = [(r: TextRun) => r.bbox.left + r.bbox.width, (r: TextRun) => r.bbox.left, (r: TextRun) => r.bbox.left + r.bbox.width / 2];
  for (const step of [1, 5]) {
    // The longest chains first, whatever their edge: numbers set flush left share their left
    // edge from 1 to 25, but 1-9 and 10-25 also share a right edge each, and the shorter chain
    // 10-25 must not take its numbers from the whole column.
    const chains = edges.flatMap((edge) => countingChains(numbers, edge, step)).sort((a, b) => b.length - a.length);
    for (const chain of chains) {
      if (chain.some((n) => taken.has(n.index)) || !regularPitch(chain) || !clearStrip(chain, runs)) continue;
      if (!(step === 1 ? linesBeside(chain, runs) : everyFifthLine(chain, runs))) continue;
      chain.forEach((n) => taken.add(n.index));
      columns.push(chain.map((n) => n.index));
    }
  }
  return columns;
}

/** Runs of numbers counting up by `step` (multiples of it when over 1), top to bottom, on one edge. */
function countingChains(numbers: readonly Numbered[], edge: (r: TextRun) => number, step: number): Numbered[][] {
  const all: Numbered[][] = [];
  // Chains by the value they wait for next: a page of figures holds thousands of numbers.
  const waiting = new Map<number, Numbered[][]>();
  for (const n of numbers) {
    if (n.value % step !== 0) continue;
    const x = edge(n.run);
    const candidates = waiting.get(n.value) ?? [];
    const at = candidates.findIndex((c) => {
      const last = c[c.length - 1]!;
      return Math.abs(edge(last.run) - x) <= EDGE_TOLERANCE && n.run.bbox.top > last.run.bbox.top + last.run.bbox.height / 2;
    });
    let chain: Numbered[];
    if (at >= 0) {
      chain = candidates.splice(at, 1)[0]!;
      chain.push(n);
    } else {
      chain = [n];
      all.push(chain);
    }
    waiting.set(n.value + step, [...(waiting.get(n.value + step) ?? []), chain]);
  }
  return all.filter((c) => c.length >= (step === 1 ? MIN_NUMBERS : MIN_FIFTHS));
}

/** The upper median of `xs` (the middle value, the higher of two when their count is even). */
function upperMedian(xs: readonly number[]): number {
  return xs.slice().sort((a, b) => a - b)[xs.length >> 1]!;
}

/** The steps from each number's top to the next one's. */
const stepsOf = (chain: readonly Numbered[]) => chain.slice(1).map((n, i) => n.run.bbox.top - chain[i]!.run.bbox.top);

/** The horizontal runs with text level with `n`'s middle, but the chain's own. */
function levelRuns(n: Numbered, runs: readonly TextRun[], own: ReadonlySet<number>): TextRun[] {
  const mid = n.run.bbox.top + n.run.bbox.height / 2;
  return runs.filter((r, i) => !own.has(i) && r.text.trim() && (r.dir ?? 0) === 0 && r.bbox.top < mid && r.bbox.top + r.bbox.height > mid);
}

/** Words of the runs together. */
const wordsOf = (rs: readonly TextRun[]) => rs.reduce((k, r) => k + countWords(r.text), 0);

function regularPitch(chain: readonly Numbered[]): boolean {
  const steps = stepsOf(chain);
  const median = upperMedian(steps);
  return median > 0 && steps.every((s) => Math.abs(s - median) <= PITCH_TOLERANCE * median);
}

function columnBox(chain: readonly Numbered[]): { left: number; right: number; top: number; bottom: number } {
  return {
    left: Math.min(...chain.map((n) => n.run.bbox.left)),
    right: Math.max(...chain.map((n) => n.run.bbox.left + n.run.bbox.width)),
    top: chain[0]!.run.bbox.top,
    bottom: Math.max(...chain.map((n) => n.run.bbox.top + n.run.bbox.height)),
  };
}

/** No other text crosses the numbers' strip over their height. */
function clearStrip(chain: readonly Numbered[], runs: readonly TextRun[]): boolean {
  const box = columnBox(chain);
  const own = new Set(chain.map((n) => n.index));
  return runs.every((r, i) => {
    if (own.has(i) || !r.text.trim()) return true;
    const b = r.bbox;
    const level = b.top < box.bottom && b.top + b.height > box.top;
    const across = b.left < box.right + EDGE_TOLERANCE && b.left + b.width > box.left - EDGE_TOLERANCE;
    return !(level && across);
  });
}

/** The text level with the numbers reads as lines of text (module comment), not as rows of cells. */
function linesBeside(chain: readonly Numbered[], runs: readonly TextRun[]): boolean {
  const own = new Set(chain.map((n) => n.index));
  let withText = 0;
  let onePiece = 0;
  let prose = 0;
  let blank = 0;
  let side: 'left' | 'right' | undefined;
  for (const n of chain) {
    const level = levelRuns(n, runs, own).sort((a, b) => a.bbox.left - b.bbox.left);
    if (level.length === 0) {
      blank++;
      continue;
    }
    withText++;
    const em = n.run.fontSize || 10;
    // A margin's number stands at one end of its line, a space wider than a word's from it;
    // a number inside lines ("Item 10 …") has text on both sides or close by.
    const left = n.run.bbox.left;
    const right = left + n.run.bbox.width;
    const before = level.filter((r) => r.bbox.left + r.bbox.width <= left + EDGE_TOLERANCE);
    const lineSide = before.length === level.length ? 'left' : before.length === 0 ? 'right' : 'both';
    if (lineSide === 'both' || (side && lineSide !== side)) return false;
    side = lineSide;
    const nearest = lineSide === 'right' ? level[0]!.bbox.left - right : left - Math.max(...before.map((r) => r.bbox.left + r.bbox.width));
    if (nearest < MARGIN_GAP_EM * em) return false;
    const split = level.some((r, i) => i > 0 && r.bbox.left - (level[i - 1]!.bbox.left + level[i - 1]!.bbox.width) > PIECE_GAP_EM * em);
    if (!split) onePiece++;
    if (wordsOf(level) >= 6) prose++;
  }
  if (withText === 0 || onePiece < ONE_PIECE_SHARE * withText) return false;
  return blank >= MIN_BLANK || prose >= PROSE_SHARE * withText;
}

/**
 * Every fifth line numbered (a patent's columns, numbered 5-65 in the gutter between them;
 * a bill's or a poem's margin): the numbers stand five lines apart, so their pitch is several
 * of their own heights (a table's column of 5, 10, 15 … stands one row apart), each at
 * 0.4 em or more from the text on either side, and the text level with them is prose (four
 * words or more beside half of them). Text may lie on both sides (a gutter) or one.
 */
function everyFifthLine(chain: readonly Numbered[], runs: readonly TextRun[]): boolean {
  if (upperMedian(stepsOf(chain)) < FIFTH_PITCH * upperMedian(chain.map((n) => n.run.bbox.height))) return false;
  const own = new Set(chain.map((n) => n.index));
  let prose = 0;
  for (const n of chain) {
    const left = n.run.bbox.left;
    const right = left + n.run.bbox.width;
    const em = n.run.fontSize || 10;
    const level = levelRuns(n, runs, own);
    for (const r of level) {
      const gap = r.bbox.left >= right - EDGE_TOLERANCE ? r.bbox.left - right : left - (r.bbox.left + r.bbox.width);
      if (gap < GUTTER_GAP_EM * em) return false;
    }
    if (wordsOf(level) >= 4) prose++;
  }
  return prose >= 0.5 * chain.length;
}
