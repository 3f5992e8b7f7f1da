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
import { joinJustifiedRows } from './justified-rows.js';
import { rejoinSplitLines } from './rejoin-lines.js';
import { byDirection } from './rotation.js';

/** Gap (in font sizes) above which two runs on one baseline belong to different lines. */
const SPLIT_GAP_EM = 2;
/** Horizontal gap (in font sizes) across which a smaller run may still be a script of a larger one. */
const SCRIPT_REACH_EM = 0.8;
/** Share of a script's height that lies inside its base's band. */
const SCRIPT_INSIDE = 0.4;
/** Gap (in font sizes) above which a space is inserted between runs. */
const SPACE_GAP_EM = 0.12;

interface Row {
  top: number;
  bottom: number;
  size: number;
  runs: TextRun[];
}

interface OverlapRow extends Row {
  /** Least font size and the vertical span of all the row's runs (a quick test before scriptOf looks at each run). */
  minSize: number;
  spanTop: number;
  spanBottom: number;
}

/**
 * How much two vertical extents share, relative to the shorter one; 0 when the overlap is
 * small relative to the taller one (a small line inside a huge glyph's descent is not on
 * the huge glyph's baseline).
 */
function overlapShare(aTop: number, aBottom: number, bTop: number, bBottom: number): number {
  const inter = Math.min(aBottom, bBottom) - Math.max(aTop, bTop);
  const minH = Math.min(aBottom - aTop, bBottom - bTop);
  const maxH = Math.max(aBottom - aTop, bBottom - bTop);
  if (minH <= 0 || inter / maxH < 0.3) return 0;
  return inter / minH;
}

/**
 * `small` is a sub- or superscript of `large`: 0.5-0.9 of its size, its centre within the
 * larger run's band (padded by 0.15 of its height), and at least SCRIPT_INSIDE of its own
 * height inside that band (a smaller line stacked under a tall-boxed one, a CJK label over
 * its English gloss, is no script of it).
 */
function scriptPair(a: TextRun, b: TextRun): boolean {
  const [s, g] = a.fontSize < b.fontSize ? [a, b] : [b, a];
  if (s.fontSize < 0.5 * g.fontSize || s.fontSize > 0.9 * g.fontSize) return false;
  const sTop = s.bbox.top, sBottom = sTop + s.bbox.height, gTop = g.bbox.top, gBottom = gTop + g.bbox.height;
  const centre = (sTop + sBottom) / 2;
  const pad = 0.15 * g.bbox.height;
  return centre >= gTop - pad && centre <= gBottom + pad && Math.min(sBottom, gBottom) - Math.max(sTop, gTop) >= SCRIPT_INSIDE * s.bbox.height;
}

/**
 * Sub- and superscripts: a smaller run whose centre lies within the larger one's band, for
 * some run of the row beside the new run (within `reachEm` of the larger font size
 * horizontally: a script touches its base, and a gutter is wider). Rows are page-wide: the
 * row's own band may be another column's line, and a footnote's line in one column is no
 * script of a body line in the other (issue 27; see also attach-scripts.ts).
 */
function scriptOf(row: OverlapRow, run: TextRun, reachEm = SCRIPT_REACH_EM): boolean {
  const size = run.fontSize, top = run.bbox.top, h = run.bbox.height;
  if (size <= 0.9 * row.size) {
    // The run as a script of a larger run of the row beside it (impossible when the row's span is too far: most calls end here).
    const pad = 0.15 * (row.spanBottom - row.spanTop);
    if (size < 0.5 * row.minSize || top + h / 2 < row.spanTop - pad || top + h / 2 > row.spanBottom + pad) return false;
    return row.runs.some((o) => o.fontSize > size && beside(o, run, reachEm) && scriptPair(o, run));
  }
  // A larger run hosting a row made of scripts only (the row's largest run is script-size to it):
  // a row of body text never joins another line through one of its scripts.
  if (row.size > 0.9 * size || row.spanBottom < top - 0.15 * h || row.spanTop > top + 1.15 * h) return false;
  return row.runs.some((o) => beside(o, run, reachEm) && scriptPair(o, run));
}

/**
 * A run of small type (a raised note mark) joins the row whose band it overlaps only where a
 * run of that row beside it shares its line: the row's band may be set by a taller line of
 * another column ("sensor⁴" had joined the middle column's row, "more in Section" took the
 * note's own mark below it).
 */
function smallFits(row: OverlapRow, run: TextRun): boolean {
  return row.runs.some((o) => beside(o, run, SPLIT_GAP_EM) && (overlapShare(o.bbox.top, o.bbox.top + o.bbox.height, run.bbox.top, run.bbox.top + run.bbox.height) >= 0.5 || scriptPair(o, run)));
}

/**
 * A run of the row lies over or under this one (same face and size, sharing half the narrower
 * one's width, centres half a line apart): two lines, each half inside a third line's band
 * (a two-line caption in small type beside a body line of the next column), would otherwise
 * both join that line's row and their letters interleave ("Treapbrlees2e:nt…"). Asked only
 * of runs of the row's size: a formula's limits and scripts, set smaller over or under their
 * operator ("∑" with "n" over "j=1"), stay in its row.
 */
function stackedIn(row: OverlapRow, run: TextRun): boolean {
  // A run of the same face and size half a line off reaches 0.4 of a line past this one (runs
  // of one face and size are as tall): rows of one line (most) are not searched.
  const h = run.bbox.height;
  if (row.spanTop >= run.bbox.top - 0.4 * h && row.spanBottom <= run.bbox.top + 1.4 * h) return false;
  const left = run.bbox.left, right = left + run.bbox.width, centre = run.bbox.top + h / 2;
  for (const o of row.runs) {
    const shared = Math.min(right, o.bbox.left + o.bbox.width) - Math.max(left, o.bbox.left);
    if (o.fontName !== run.fontName || Math.abs(o.fontSize - run.fontSize) > 0.05 * run.fontSize) continue;
    if (shared > 0.5 * Math.min(run.bbox.width, o.bbox.width) && Math.abs(o.bbox.top + o.bbox.height / 2 - centre) > 0.5 * Math.min(run.bbox.height, o.bbox.height)) return true;
  }
  return false;
}

function beside(o: TextRun, run: TextRun, reachEm: number): boolean {
  const reach = reachEm * Math.max(o.fontSize, run.fontSize);
  return run.bbox.left - (o.bbox.left + o.bbox.width) <= reach && o.bbox.left - (run.bbox.left + run.bbox.width) <= reach;
}

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
      const size = Math.max(r.fontSize, cur.length > 0 ? cur[cur.length - 1]!.fontSize : 0);
      const atGutter = here.length > 0 && r.bbox.left - right >= WORD_GAP_EM * Math.min(r.fontSize, cur[cur.length - 1]?.fontSize ?? r.fontSize) && crossesGutter(here, right, r.bbox.left);
      if (cur.length > 0 && (r.bbox.left - right > SPLIT_GAP_EM * size || atGutter)) {
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

/** Runs (sorted by vertical centre) → rows: each run joins the open row its band overlaps most. */
function rowsByOverlap(sorted: readonly TextRun[], flags: { rowsOverlap: boolean }): Row[] {
  const rows: OverlapRow[] = [];
  const open: OverlapRow[] = [];
  for (const run of sorted) {
    const top = run.bbox.top;
    const bottom = top + run.bbox.height;
    const centre = top + run.bbox.height / 2;
    // Rows whose band ends above this run's centre are complete (dropped in place: a new
    // array per run was most of this loop's garbage).
    let kept = 0;
    for (const r of open) if (r.bottom >= centre - run.bbox.height) open[kept++] = r;
    open.length = kept;
    let best: OverlapRow | undefined;
    let bestShare = 0.5;
    for (const r of open) {
      const share = overlapShare(r.top, r.bottom, top, bottom);
      if (share >= bestShare && (run.fontSize > 0.9 * r.size || smallFits(r, run)) && (run.fontSize < 0.9 * r.size || !stackedIn(r, run))) {
        bestShare = share;
        best = r;
      }
    }
    best ??= open.find((r) => scriptOf(r, run));
    if (best) {
      best.runs.push(run);
      if (run.fontSize < best.minSize) best.minSize = run.fontSize;
      if (top < best.spanTop) best.spanTop = top;
      if (bottom > best.spanBottom) best.spanBottom = bottom;
      // A body-size run adopted by a script-seeded row becomes the row's reference.
      if (run.fontSize > best.size) Object.assign(best, { top, bottom, size: run.fontSize });
    } else {
      // A new row beside an open row whose runs reach half into its band: pieces of one line
      // may sit in two rows (rejoin-lines.ts looks only then).
      if (!flags.rowsOverlap) flags.rowsOverlap = open.some((r) => Math.min(r.spanBottom, bottom) - Math.max(r.spanTop, top) > 0.5 * Math.min(bottom - top, r.spanBottom - r.spanTop));
      // The row's band stays its reference run's band, so tall runs cannot chain rows.
      const row = { top, bottom, size: run.fontSize, runs: [run], minSize: run.fontSize, spanTop: top, spanBottom: bottom };
      rows.push(row);
      open.push(row);
    }
  }
  return rows;
}

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

function finishLine(runs: TextRun[]): Line {
  if (runs.length === 1) return oneRunLine(runs[0]!);
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
  for (const r of runs) {
    const gap = r.bbox.left - prevRight;
    const t = r.text;
    // Two OCR runs are two words the engine read apart: a space, whatever their boxes say
    // (a skewed line's boxes overlap). Text-layer fragments are spaced by their gap.
    // Except between CJK words: those scripts put no space between words, nor does tesseract.
    const ocrPair = prev?.source === 'ocr' && r.source === 'ocr';
    // A note's raised mark opening the line ("⁹Lucene …") is a word of its own (attach-scripts.ts).
    const apart = ocrPair ? !unspacedJoin(text, t) : gap > SPACE_GAP_EM * r.fontSize || (words.length === 1 && leadingMark(prev!, r));
    if (text.length > 0 && apart && !isSpace(text.charCodeAt(text.length - 1)) && !(t.length > 0 && isSpace(t.charCodeAt(0)))) text += ' ';
    prev = r;
    text += t;
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
    words.push(wordOf(r));
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
function wordOf(r: TextRun): OcrEntry {
  const word: OcrEntry = { text: r.text.trim(), bbox: r.bbox, confidence: r.confidence };
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
