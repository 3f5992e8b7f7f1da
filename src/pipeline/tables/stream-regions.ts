/**
 * Borderless (and partly ruled) table regions from text alignment.
 *
 * 1. Text is split at page column gutters (page-strips.ts), so two-column prose never reads
 *    as a table.
 * 2. Lines with two or more chunks (text separated by wide gaps) are tabular; runs of
 *    tabular lines, with at most two short single-chunk lines between them (wrapped cells,
 *    group labels), form candidate blocks.
 * 3. A block is a table when its chunks line up in at least two columns (column-gaps.ts)
 *    and its cells are short (running text and lists are rejected).
 * 4. The region grows to a horizontal rule just above or below it (booktabs-style top and
 *    bottom rules) and to short label lines directly above its first row (column headings),
 *    across a midrule when a top rule closes those label lines.
 */
import type { BBox } from '../../model/document.js';
import { LIST_MARK_ONLY_ANY_CASE as LIST_MARK } from '../../model/list-markers.js';
import { RUNS_ON_END } from '../../model/sentence-ends.js';
import type { TextRun } from '../../model/page.js';
import { columnGaps, type ColumnGap } from './column-gaps.js';
import { joinJustifiedChunks, justifiedColumns } from './justified-chunks.js';
import { median } from './geometry.js';
import type { RuleSet } from './rule-segments.js';
import { stripsOf } from './page-strips.js';
import { joinOverlappingLines } from './overlapping-lines.js';
import { cutAtSectionRule, ruleNear } from './section-rules.js';
import { chunkSize, lineChunks, words, type Chunk, type Piece, type TextLine } from './text-pieces.js';
import { bboxOf, CAPTION, headingLines, UNIT_LINE, type LineInfo } from './block-headings.js';

export interface StreamRegion {
  bbox: BBox;
  /** Horizontal rules take part in the table (top/bottom/header rules). */
  ruled: boolean;
}

/** Single-chunk lines allowed in a row inside a block. */
const MAX_SINGLES = 2;

function isTabular(li: LineInfo): boolean {
  return li.chunks.length >= 2;
}

/** Block-level test: columns exist and cells are short. */
function tabularBlock(block: readonly LineInfo[]): boolean {
  const multi = block.filter(isTabular);
  if (multi.length < 2) return false;
  const x0 = Math.min(...block.map((l) => l.line.x0));
  const x1 = Math.max(...block.map((l) => l.line.x1));
  const gaps = columnGaps(
    block.map((l) => l.chunks),
    x0,
    x1,
    { minWidth: 2 },
  );
  if (gaps.length === 0) return false;
  if (block.length < 3 && gaps.length < 2) return false;
  if (multi.some(mixesSizes)) return false;
  const chunks = multi.flatMap((l) => l.chunks);
  const wordCounts = chunks.map((c) => words(c.text));
  if (median(wordCounts) > 6) return false;
  if (wordCounts.filter((n) => n > 10).length > 0.25 * chunks.length) return false;
  // Running text with wide word gaps (justified, footnotes): neighbouring chunks carry on
  // one sentence, the next starting in lower case.
  const pairs = multi.flatMap((l) => l.chunks.slice(1).map((c, i) => [l.chunks[i]!.text, c.text] as const));
  const flowing = pairs.filter(([a, b]) => /\p{L}[,;]?$/u.test(a) && /^\p{Ll}/u.test(b)).length;
  if (pairs.length >= 3 && flowing >= 0.4 * pairs.length) return false;
  // Columns of running text: most lines are two or more long chunks side by side, each as
  // wide as a column of the block (three columns fill a third of it, less their gaps).
  const width = x1 - x0;
  const proseLines = multi.filter((l) => l.chunks.every((c) => c.x1 - c.x0 >= 0.3 * width && words(c.text) >= 4)).length;
  if (proseLines >= 0.5 * multi.length) return false;
  if (sentencesRunDown(block)) return false;
  if (justifiedColumns(block.map((l) => l.chunks), words)) return false;
  // A list: markers in the first column, sentences in the second.
  if (gaps.length === 1) {
    const first = multi.map((l) => l.chunks[0]!.text);
    if (first.filter((t) => LIST_MARK.test(t.trim())).length >= 0.6 * first.length) return false;
    // Notes and abbreviation keys under a table ("Source: ...", "GDP: Gross domestic ...").
    if (first.filter((t) => /:$/.test(t.trim()) || CAPTION.test(t)).length >= 0.5 * first.length) return false;
    const second = multi.map((l) => words(l.chunks.slice(1).map((c) => c.text).join(' ')));
    if (median(second) >= 6) return false;
  }
  return true;
}

/** Chunks of one row whose sizes differ by this factor or more are no cells of one table row. */
const MIXED_SIZES = 1.8;

/**
 * A line whose chunks of words differ in size by 1.8 times or more: a name set in 24 pt beside
 * a sidebar's 9.5-pt "CONTACT" (a CV's header over its sidebar), a heading beside a margin
 * note. A table's cells in one row share a size; a header row differs from the body rows,
 * not from itself. Chunks without a word (a formula's "∏", its indices) are not weighed: a
 * displayed formula's pieces are found as a grid here and typed Formula later.
 */
function mixesSizes(l: LineInfo): boolean {
  const sizes = l.chunks.filter((c) => /\p{L}{3}/u.test(c.text)).map(chunkSize);
  return sizes.length >= 2 && Math.max(...sizes) >= MIXED_SIZES * Math.min(...sizes);
}

/** A chunk's sentence goes on in the chunk below it: no closing stop, and a comma, a hyphen or a link word ends it (RUNS_ON_END) or a lower-case word opens the next. */
const CLOSED_END = /[.!?:;)]$/u;
/** A cell of figures: digits with their signs, separators and units. */
const FIGURE = /^[-+−–(]?[$€£¥]?\s?\d[\d\s.,'’]*%?\)?$/u;

/**
 * Columns of running text: in two columns or more, a chunk of five words or more carries its
 * sentence on into the chunk below it (the same column of the next line) in at least 40 % of
 * the block's vertical pairs of such chunks and of figures. A table's cell wraps in one column
 * (a description), or its headings wrap over rows of figures, whose pairs outnumber them;
 * labels and names (a form's wrapped "• did not live with / you due to divorce", a title's
 * words) are shorter than a column's line of prose and not counted either way; three columns of
 * prose set under a full-width heading or figure (whose gutters the page-wide strips miss,
 * bench/synthetic-columns.ts) had short enough lines to pass for a table of text.
 */
function sentencesRunDown(block: readonly LineInfo[]): boolean {
  let pairs = 0;
  const running: Chunk[] = [];
  for (let i = 0; i + 1 < block.length; i++) {
    for (const a of block[i]!.chunks) {
      const end = a.text.trim();
      const long = words(end) >= 5;
      if (!long && !FIGURE.test(end)) continue;
      const b = chunkBelow(block, i, a);
      if (!b) continue;
      pairs++;
      if (long && !CLOSED_END.test(end) && (RUNS_ON_END.test(end) || /^\p{Ll}/u.test(b.text.trim()))) running.push(a);
    }
  }
  if (pairs < 4 || running.length < 0.4 * pairs) return false;
  // Two columns apart: some running chunk lies wholly beside another.
  return running.some((a) => running.some((c) => c.x0 > a.x1));
}

/**
 * The chunk under `a` (of line i) in the nearest line below that has one there, within a line's
 * height: columns set on other baselines interleave their lines in a strip's rows, and the next
 * row may belong to the column beside.
 */
function chunkBelow(block: readonly LineInfo[], i: number, a: Chunk): Chunk | undefined {
  const reach = a.bottom + (a.bottom - a.top);
  for (let j = i + 1; j < block.length && block[j]!.line.top <= reach; j++) {
    const b = block[j]!.chunks.find((c) => Math.min(a.x1, c.x1) - Math.max(a.x0, c.x0) >= 0.5 * Math.min(a.x1 - a.x0, c.x1 - c.x0));
    if (b) return b;
  }
  return undefined;
}


/** Candidate blocks of one strip: runs of tabular lines with few single lines between. */
function blocksOf(infos: readonly LineInfo[]): LineInfo[][] {
  const blocks: LineInfo[][] = [];
  let cur: LineInfo[] = [];
  let singles = 0;
  const close = () => {
    while (cur.length && !isTabular(cur[cur.length - 1]!)) cur.pop();
    if (cur.length) blocks.push(cur);
    cur = [];
    singles = 0;
  };
  for (let i = 0; i < infos.length; i++) {
    const li = infos[i]!;
    const prev = cur[cur.length - 1];
    const size = Math.max(li.line.size, prev?.line.size ?? 0);
    const gap = prev ? li.line.top - prev.line.bottom : 0;
    const near = prev !== undefined && gap <= 2 * size;
    if (isTabular(li)) {
      if (!near) close();
      cur.push(li);
      singles = 0;
      continue;
    }
    // A single chunk inside a block: short, near, and followed closely by a tabular line.
    const next = infos[i + 1];
    const blockWidth = cur.length ? Math.max(...cur.map((l) => l.line.x1)) - Math.min(...cur.map((l) => l.line.x0)) : 0;
    const fits =
      near &&
      singles < MAX_SINGLES &&
      li.line.x1 - li.line.x0 < 0.6 * blockWidth &&
      !CAPTION.test(li.chunks[0]?.text ?? '') &&
      next !== undefined &&
      next.line.top - li.line.bottom <= 2 * size;
    if (fits) {
      cur.push(li);
      singles++;
    } else close();
  }
  close();
  return blocks;
}

/** Column gaps of a block, for comparing blocks. */
function blockGaps(block: readonly LineInfo[]): ColumnGap[] {
  const x0 = Math.min(...block.map((l) => l.line.x0));
  const x1 = Math.max(...block.map((l) => l.line.x1));
  return columnGaps(
    block.map((l) => l.chunks),
    x0,
    x1,
    { minWidth: 2 },
  );
}

/**
 * Consecutive table blocks of one strip that continue each other (a blank line or a
 * group label between sections of one table) are one table: close together, no caption
 * between them, overlapping widths and a shared column separator. A block in `apart` begins
 * at a table's top rule under a table of other columns (section-rules.ts) and stays apart.
 */
function mergeBlocks(blocks: LineInfo[][], infos: readonly LineInfo[], apart: ReadonlySet<LineInfo[]>): LineInfo[][] {
  const out: LineInfo[][] = [];
  for (const b of blocks) {
    const prev = out[out.length - 1];
    if (prev && !apart.has(b)) {
      const size = median(prev.map((l) => l.line.size), 10);
      const last = prev[prev.length - 1]!;
      const between = infos.slice(infos.indexOf(last) + 1, infos.indexOf(b[0]!));
      const gap = b[0]!.line.top - last.line.bottom;
      const pa = bboxOf(prev);
      const pb = bboxOf(b);
      const overlap = Math.min(pa.left + pa.width, pb.left + pb.width) - Math.max(pa.left, pb.left);
      const sa = blockGaps(prev).map((g) => g.x);
      const sb = blockGaps(b).map((g) => g.x);
      const shared = sb.some((x) => sa.some((y) => Math.abs(x - y) <= 1.5 * size));
      const quiet = between.length <= 2 && between.every((l) => l.chunks.length === 1 && words(l.chunks[0]!.text) <= 6 && !CAPTION.test(l.chunks[0]!.text));
      if (gap <= 5 * size && quiet && shared && overlap >= 0.6 * Math.min(pa.width, pb.width)) {
        prev.push(...between, ...b);
        continue;
      }
    }
    out.push(b.slice());
  }
  return out;
}

/** A wrapped last cell below a block: an indented or visibly continuing single line. */
function trailingLines(block: LineInfo[], infos: readonly LineInfo[], size: number): void {
  for (let added = 0; added < 2; added++) {
    const last = block[block.length - 1]!;
    const cand = infos[infos.indexOf(last) + 1];
    if (!cand || cand.chunks.length !== 1) return;
    const box = bboxOf(block);
    const text = cand.chunks[0]!.text;
    const gap = cand.line.top - last.line.bottom;
    const firstCol = last.chunks[0]!;
    const indented = cand.line.x0 >= firstCol.x0 + 0.5 * size && cand.line.x0 < firstCol.x1;
    const continues = /^[\p{Ll}(]/u.test(text) || /(?:[-–,&(]|\b(?:and|or|of|the|in|for|to))$/i.test(firstCol.text);
    // The block's rows wrap a cell the same way: a single line under a row's cell, at its x
    // ("01 Oct" over "2026"), as the candidate stands under the last row's; a note under the
    // table opens with its mark ("* Significance p = 0,000").
    const cellAt = (l: LineInfo) => l.chunks.length > 1 && l.chunks.some((c) => Math.abs(c.x0 - cand.line.x0) <= 1);
    const wrapsAsAbove = !/^[*†‡§¶]/u.test(text) && cellAt(last) && block.some((l, i) => i > 0 && l.chunks.length === 1 && Math.abs(l.line.x0 - cand.line.x0) <= 1 && cellAt(block[i - 1]!));
    if (gap > 0.6 * size || cand.line.x1 > box.left + box.width || !(indented || continues || wrapsAsAbove) || CAPTION.test(text)) return;
    block.push(cand);
  }
}

export function streamRegions(pieces: readonly Piece[], runs: readonly TextRun[], rules: RuleSet): StreamRegion[] {
  const { pageWide, banded } = stripsOf(pieces, runs, rules);
  const wordy: boolean[] = [];
  const found = regionsIn(pageWide, rules, wordy);
  // Only a region of wordy cells can be prose columns (the banded gutter search is the costly
  // part: a tenth more time on a 619-page report whose tables are figures).
  if (!wordy.some(Boolean)) return found;
  // A region stands when the strips cut at the banded gutters find tables over half of it too:
  // prose columns under an abstract, one strip page-wide, are no table once cut at their
  // gutters. Found only in the narrower strips, a block is not taken: cut smaller, a strip can
  // lose the lines that kept it from passing for a table (a chart's axis labels, a form's
  // header, a note beside a table's column: docling-eval, prefilled_f1040, pr-138-example).
  const strips = banded();
  if (!strips) return found;
  const within = regionsIn(strips, rules);
  return found.filter((r) => coveredShare(r.bbox, within) >= 0.5);
}

/** Share of `box` that the regions cover (their overlaps with it added up). */
function coveredShare(box: BBox, regions: readonly StreamRegion[]): number {
  let area = 0;
  for (const r of regions) {
    const w = Math.min(box.left + box.width, r.bbox.left + r.bbox.width) - Math.max(box.left, r.bbox.left);
    const h = Math.min(box.top + box.height, r.bbox.top + r.bbox.height) - Math.max(box.top, r.bbox.top);
    if (w > 0 && h > 0) area += w * h;
  }
  return box.width * box.height > 0 ? area / (box.width * box.height) : 0;
}

/** A region's chunks are wordy when this share of them holds four words or more. */
const WORDY_SHARE = 0.3;

/** The regions of the strips; `wordy`, when given, gets whether each region's chunks are wordy. */
function regionsIn(strips: readonly TextLine[][], rules: RuleSet, wordy?: boolean[]): StreamRegion[] {
  const out: StreamRegion[] = [];
  for (const lines of strips) {
    const chunks = joinJustifiedChunks(lines, lines.map((line) => lineChunks(line)));
    const infos: LineInfo[] = joinOverlappingLines(lines.map((line, k) => ({ line, chunks: chunks[k]! })));
    const tablesApart = new Set<LineInfo[]>();
    const blocks = blocksOf(infos).flatMap((b) => cutAtSectionRule(b, rules, tabularBlock, blockGaps, tablesApart));
    for (const block of mergeBlocks(blocks.filter(tabularBlock), infos, tablesApart)) {
      const size = median(block.map((l) => l.line.size), 10);
      headingLines(block, infos, rules, size);
      trailingLines(block, infos, size);
      const box = bboxOf(block);
      const top = ruleNear(rules, box, true, 1.5 * size);
      const bottom = ruleNear(rules, box, false, 1.5 * size);
      const y0 = top ?? box.top;
      const y1 = bottom ?? box.top + box.height;
      const ruled =
        top !== undefined ||
        bottom !== undefined ||
        rules.h.some((s) => s.pos > y0 && s.pos < y1 && Math.min(s.b, box.left + box.width) - Math.max(s.a, box.left) > 0.3 * box.width);
      out.push({ bbox: { left: box.left, top: y0, width: box.width, height: y1 - y0 }, ruled });
      if (wordy) {
        const cells = block.flatMap((l) => l.chunks);
        wordy.push(cells.filter((c) => words(c.text) >= 4).length >= WORDY_SHARE * cells.length);
      }
    }
  }
  return out;
}
