/**
 * Text runs → lines. Runs are first grouped into rows (runs whose vertical extents
 * overlap a row's seed; OCR runs keep the engine's own lines, engine-lines.ts), then each
 * row is sorted left to right and split wherever the gap is wide or a column gutter runs,
 * so columns and table cells on one baseline stay apart.
 */
import type { OcrEntry } from '../../model/document.js';
import type { Line } from '../../model/layout.js';
import type { TextRun } from '../../model/page.js';
import { isSpace, nonSpaceLength } from '../count-words.js';
import { visualToLogical } from './bidi.js';
import { findColumnGutters, type Band, type ColumnGutter } from './gutters.js';
import { engineRows } from './engine-lines.js';
import { attachScripts } from './attach-scripts.js';
import { composeAccents, isSpacingAccent } from '../../formats/pdf/accents.js';
import { joinJustifiedRows } from './justified-rows.js';
import { extentOf, offLine, splitGapSize } from './run-extent.js';
import { rejoinSplitLines } from './rejoin-lines.js';
import { byDirection } from './rotation.js';
import { overlapShare, rowsByOverlap, SPLIT_GAP_EM, type Row } from './overlap-rows.js';
import { readLetterSpacing } from './letter-spacing.js';

/** Gap (in font sizes) above which a space is inserted between runs. */
const SPACE_GAP_EM = 0.12;
/** Letter spacing beyond this (in font sizes, either sign) is positioning, not tracking: not counted. */
const MAX_TRACKING_EM = 0.3;

/**
 * Group runs into lines. Input order does not matter; output is sorted top-to-bottom.
 * `occupied`: vertical bands of the page that hold no runs given but are not blank (tables
 * claimed before), so the column gutters' search does not take them for white space.
 */
export function buildLines(runs: readonly TextRun[], occupied?: readonly Band[]): Line[] {
  return byDirection(runs, (group) => buildHorizontalLines(group, group[0]?.dir ? undefined : occupied));
}

function buildHorizontalLines(runs: readonly TextRun[], occupied?: readonly Band[]): Line[] {
  const sorted = runs.filter(usable).sort(byCentre);
  // OCR runs keep the engine's lines (engine-lines.ts); text-layer runs form rows by overlap.
  const overlap = { rowsOverlap: false };
  const rows: Row[] = engineRows(runs, usable) ?? rowsByOverlap(sorted, overlap);
  const gutters = findColumnGutters(sorted, occupied);
  const rowGroups: TextRun[][][] = [];
  const gapCut: boolean[][] = [];
  let stretched = false;
  for (const row of rows) {
    // Cut only at gutters whose two-sided band holds this row (a title above the columns stays whole).
    const here = gutters.length === 0 ? gutters : gutters.filter((g) => row.bottom >= g.top && row.top <= g.bottom);
    const inRow = row.runs.length > 1 ? row.runs.sort(byLeft) : row.runs;
    const groups: TextRun[][] = [];
    const cuts: boolean[] = [];
    let cur: TextRun[] = [];
    let right = -Infinity;
    for (const r of inRow) {
      const prev = cur[cur.length - 1];
      // OCR words' sizes are estimates that vary word to word: their lines keep the larger size.
      const textPair = prev?.source === 'text' && r.source === 'text';
      const size = !prev ? r.fontSize : textPair ? splitGapSize(prev.fontSize, nonSpaceLength(prev.text), r.fontSize, nonSpaceLength(r.text)) : Math.max(prev.fontSize, r.fontSize);
      const atGutter = here.length > 0 && r.bbox.left - right >= WORD_GAP_EM * Math.min(r.fontSize, prev?.fontSize ?? r.fontSize) && crossesGutter(here, right, r.bbox.left);
      if (prev && (r.bbox.left - right > SPLIT_GAP_EM * size || atGutter || (textPair && runsOffLine(prev, r, r.bbox.left - right)))) {
        groups.push(cur);
        cuts.push(!atGutter);
        cur = [];
        right = -Infinity;
      }
      cur.push(r);
      right = Math.max(right, r.bbox.left + r.bbox.width);
    }
    if (cur.length > 0) groups.push(cur);
    if (groups.length >= 3) stretched = true;
    rowGroups.push(groups);
    gapCut.push(cuts);
  }
  // Words of a justified line spaced wider than the split gap are one line (justified-rows.ts).
  const groups = (stretched ? joinJustifiedRows(rowGroups, gapCut) : rowGroups).flat();
  const crossesBand = (x0: number, x1: number, top: number, bottom: number) =>
    gutters.some((g) => bottom >= g.top && top <= g.bottom && x0 <= (g.x0 + g.x1) / 2 && x1 >= (g.x0 + g.x1) / 2);
  const grouped = attachScripts(overlap.rowsOverlap ? rejoinSplitLines(groups, overlapShare, SPLIT_GAP_EM, crossesBand) : groups);
  const lines: Line[] = [];
  for (const g of grouped) pushLine(lines, finishLine(g));
  return lines.sort(byTopLeft);
}

/** `offLine` for two text-layer runs (OCR lines are the engine's); sizes compared first, so rows of one type size cost nothing. */
function runsOffLine(a: TextRun, b: TextRun, gap: number): boolean {
  if (Math.min(a.fontSize, b.fontSize) >= 0.8 * Math.max(a.fontSize, b.fontSize)) return false;
  return offLine(extentOf([a]), extentOf([b]), gap);
}

// (Comparators and helpers at module level: no closure is made per call or per row.)
const byCentre = (a: TextRun, b: TextRun) => a.bbox.top + a.bbox.height / 2 - (b.bbox.top + b.bbox.height / 2);
const byLeft = (a: TextRun, b: TextRun) => a.bbox.left - b.bbox.left;
const byTopLeft = (a: Line, b: Line) => a.bbox.top - b.bbox.top || a.bbox.left - b.bbox.left;

/**
 * A gap narrower than this (in the smaller font size of its two runs) is a word space, never
 * a gutter: a large title's word space fell on a 5-pt gutter found in the stretch under it,
 * and "Article I, | Section 4" was cut in two (bench/synthetic-columns.ts). A gutter is half
 * the body size wide at least (gutters.ts), so the columns' own lines are cut as before.
 */
const WORD_GAP_EM = 0.5;

/**
 * Some gutter's centre lies between a and b, across a gap half the gutter's width or more.
 * Two columns' lines stand a gutter apart; a word space of a centred author line inside the
 * band (its glyphs few enough to leave the gutter open) is narrower, and cutting there split
 * "Edsger | Dijkstra" (bench/synthetic-columns.ts, synthetic-78).
 */
function crossesGutter(gutters: readonly ColumnGutter[], a: number, b: number): boolean {
  for (const g of gutters) if (a <= (g.x0 + g.x1) / 2 && b >= (g.x0 + g.x1) / 2 && b - a >= 0.5 * (g.x1 - g.x0)) return true;
  return false;
}

/** Keeps every line but a leader line (isLeader). */
function pushLine(lines: Line[], line: Line): void {
  if (!isLeader(line.text)) lines.push(line);
}

const usable = (r: TextRun) => r.text.trim().length > 0 && r.bbox.width >= 0 && r.bbox.height > 0;


/**
 * A line of nothing but dot leaders or fill-in rules ("..........", "______"), split from
 * its label by a wide gap: layout, not text (forms, tables of contents). Leaders inside a
 * line stay as they are.
 */
const LEADER_LINE = /^[\s.·…_\-‒–—]*$/u;
function isLeader(text: string): boolean {
  return LEADER_LINE.test(text) && text.replace(/\s+/g, '').length >= 4;
}

/** A line's first run is a note mark in smaller type (digits or a note symbol) and the next run begins with a word. */
function leadingMark(mark: TextRun, next: TextRun): boolean {
  return mark.fontSize <= 0.9 * next.fontSize && /^\s*[\d*†‡§¶]{1,3}\s*$/u.test(mark.text) && /^\s*\p{L}{3}/u.test(next.text);
}

/** Han, kana, CJK punctuation and full-width forms: written without spaces between words. */
const UNSPACED = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u;
export function unspacedJoin(before: string, after: string): boolean {
  return before.length > 0 && after.length > 0 && UNSPACED.test(before[before.length - 1]!) && UNSPACED.test(after[0]!);
}

/**
 * Whether two text-layer runs of a line are two words. The gap counts beyond the letter
 * spacing of the runs (tracked text: "jo", "ur", "nal" set 1 pt apart are one word, a word
 * space is wider still; text set tight has narrower word spaces, and "Te" kerned by a Tc of
 * -0.13 em stands 0.06 em from "xt", one word), and at the baseline: a slanted run's box
 * leans past its end ("Cancer" in a synthetic italic, its box 1.4 pt over the space, then
 * "is reviewed" read "Canceris").
 */
function textApart(prev: TextRun | undefined, r: TextRun, gap: number): boolean {
  if (!prev) return false;
  // At the baseline for text of one size; a raised script sits by the leaning top ("χ²").
  const lean = r.fontSize >= 0.9 * prev.fontSize ? prev.lean ?? 0 : 0;
  return gap + lean > wordSpaceGap(r.fontSize, prev.tracking, r.tracking);
}

/**
 * The least gap between two text-layer runs that is a word space: 0.12 of the font size plus
 * the runs' letter spacing, the larger of the two (signed: of two tightened runs, the less
 * tight); text set tight by -0.1 em has word spaces 0.1 em narrower. Spacing over ±0.3 em is
 * positioning, not tracking, and is not counted (a form moves "A" to the next cell with a
 * Tc of 4 em). Table cells' words are joined by the same rule (tables/text-pieces.ts).
 */
export function wordSpaceGap(size: number, prevTracking = 0, nextTracking = 0): number {
  const cap = MAX_TRACKING_EM * size;
  const tracking = Math.max(prevTracking, nextTracking);
  return SPACE_GAP_EM * size + (Math.abs(tracking) <= cap ? tracking : 0);
}

/**
 * A run ending in a spacing accent whose centre lies over the first letter of the next run
 * ("¨" over "ıve": "naïve"; "where ˆ" over "g"). The accent's place is its run's last glyph
 * slot (the run's width over its characters); an accent centred over the letter before it
 * ("g" then "ˆ", then "ab") is that letter's, and nothing is composed.
 */
function accentOver(prev: TextRun, next: TextRun): boolean {
  if (prev.source !== 'text' || next.source !== 'text' || !isSpacingAccent(prev.text.slice(-1)) || next.text.length === 0) return false;
  const centre = prev.bbox.left + prev.bbox.width - prev.bbox.width / prev.text.length / 2;
  return centre >= next.bbox.left && centre <= next.bbox.left + next.bbox.width / next.text.length;
}

function finishLine(runs: TextRun[]): Line {
  if (runs.length === 1 && !runs[0]!.letterGaps) return oneRunLine(runs[0]!);
  const edge = (r: TextRun) => r.bbox.left + r.bbox.width;
  const spaced = readLetterSpacing(runs, (i) => textApart(runs[i - 1], runs[i]!, runs[i]!.bbox.left - edge(runs[i - 1]!)));
  let text = '';
  const words: OcrEntry[] = [];
  let prevRight = -Infinity;
  const chars = new Map<number, number>();
  const fontChars = new Map<string, number>();
  let boldChars = 0;
  let italicChars = 0;
  let total = 0;
  let confSum = 0;
  let confN = 0;
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  let prev: TextRun | undefined;
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i]!;
    const gap = r.bbox.left - prevRight;
    const t = spaced?.text.get(i) ?? r.text;
    // Two OCR runs are two words the engine read apart: a space, whatever their boxes say
    // (a skewed line's boxes overlap). Text-layer fragments are spaced by their gap.
    // Except between CJK words: those scripts put no space between words, nor does tesseract.
    const ocrPair = prev?.source === 'ocr' && r.source === 'ocr';
    // A note's raised mark opening the line ("⁹Lucene …") is a word of its own (attach-scripts.ts).
    const apart = ocrPair ? !unspacedJoin(text, t) : spaced?.apart.get(i) ?? (textApart(prev, r, gap) || (words.length === 1 && leadingMark(prev!, r)));
    if (text.length > 0 && apart && !isSpace(text.charCodeAt(text.length - 1)) && !(t.length > 0 && isSpace(t.charCodeAt(0)))) text += ' ';
    // An accent drawn by its own operation over this run's first letter is composed with it.
    if (prev && !apart && accentOver(prev, r)) text = text.slice(0, -1) + composeAccents(text.slice(-1) + t);
    else text += t;
    prev = r;
    prevRight = Math.max(prevRight, r.bbox.left + r.bbox.width);
    left = Math.min(left, r.bbox.left);
    right = Math.max(right, r.bbox.left + r.bbox.width);
    top = Math.min(top, r.bbox.top);
    bottom = Math.max(bottom, r.bbox.top + r.bbox.height);
    const n = nonSpaceLength(t);
    total += n;
    const key = Math.round(r.fontSize * 10);
    chars.set(key, (chars.get(key) ?? 0) + n);
    fontChars.set(r.fontName, (fontChars.get(r.fontName) ?? 0) + n);
    if (r.bold) boldChars += n;
    if (r.italic) italicChars += n;
    if (r.confidence !== null) {
      confSum += r.confidence * n;
      confN += n;
    }
    words.push(wordOf(r, t));
  }
  return {
    text: visualToLogical(text.replace(/\s+/g, ' ').trim()),
    bbox: { left, top, width: right - left, height: bottom - top },
    fontSize: argmax(chars, runs[0]!.fontSize * 10) / 10,
    bold: total > 0 && boldChars / total > 0.6,
    italic: total > 0 && italicChars / total > 0.6,
    fontName: argmax(fontChars, ''),
    words,
    confidence: confN > 0 ? confSum / confN : null,
  };
}

/** A run as a word of a line's word list. */
function wordOf(r: TextRun, text = r.text): OcrEntry {
  const word: OcrEntry = { text: text.trim(), bbox: r.bbox, confidence: r.confidence };
  // Marks exist only when the job asked for them (pipeline/text-marks, formats/pdf).
  if (r.color !== undefined) word.text_color = r.color;
  if (r.href !== undefined) word.hyperlink = r.href;
  if (r.strike) word.strikethrough = true;
  return word;
}

/**
 * finishLine of a line of one run (most lines of prose): the same line, with the same
 * arithmetic, without the two tallies by size and font a line of several runs needs (two maps
 * per line, on every page a worker reads).
 */
function oneRunLine(r: TextRun): Line {
  const n = nonSpaceLength(r.text);
  const left = r.bbox.left;
  const top = r.bbox.top;
  return {
    text: visualToLogical(r.text.replace(/\s+/g, ' ').trim()),
    bbox: { left, top, width: left + r.bbox.width - left, height: top + r.bbox.height - top },
    fontSize: Math.round(r.fontSize * 10) / 10,
    bold: n > 0 && Boolean(r.bold),
    italic: n > 0 && Boolean(r.italic),
    fontName: r.fontName,
    words: [wordOf(r)],
    confidence: r.confidence !== null && n > 0 ? (r.confidence * n) / n : null,
  };
}

function argmax<K>(m: Map<K, number>, dflt: K): K {
  let best = dflt;
  let bestN = -1;
  for (const [k, n] of m) if (n > bestN) [best, bestN] = [k, n];
  return best;
}
