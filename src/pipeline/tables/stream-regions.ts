/**
 * Borderless (and partly ruled) table regions from text alignment.
 *
 * 1. Text is split at page column gutters, so two-column prose never reads as a table.
 * 2. Lines with two or more chunks (text separated by wide gaps) are tabular; runs of
 *    tabular lines, with at most two short single-chunk lines between them (wrapped cells,
 *    group labels), form candidate blocks.
 * 3. A block is a table when its chunks line up in at least two columns (column-gaps.ts)
 *    and its cells are short (running text and lists are rejected).
 * 4. The region grows to a horizontal rule just above or below it (booktabs-style top and
 *    bottom rules) and to short label lines directly above its first row (column headings).
 */
import type { BBox } from '../../model/document.js';
import { findGutters } from '../lines/gutters.js';
import type { TextRun } from '../../model/page.js';
import { columnGaps } from './column-gaps.js';
import { median } from './geometry.js';
import { coverage, type RuleSet } from './rule-segments.js';
import { groupLines, lineChunks, type Chunk, type Piece, type TextLine } from './text-pieces.js';

export interface StreamRegion {
  bbox: BBox;
  /** Horizontal rules take part in the table (top/bottom/header rules). */
  ruled: boolean;
}

interface LineInfo {
  line: TextLine;
  chunks: Chunk[];
}

const CAPTION = /^(?:table|tab\.|tabelle|tableau|figure|fig\.|chart|graph|exhibit|source|sources|note|notes)\b/i;
const LIST_MARK = /^(?:[•◦▪▫●○■□►▸‣⁃∙·*\-–—]|\(?\d{1,3}[.)]|\(?[a-z][.)]|\(?(?:i|ii|iii|iv|v|vi|vii|viii|ix|x)[.)])$/i;
/** Single-chunk lines allowed in a row inside a block. */
const MAX_SINGLES = 2;
/** Header lines gathered above a block. */
const MAX_HEADER_LINES = 4;

function words(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/**
 * Split pieces into vertical strips at the page's column gutters. A table's own column
 * gaps look like gutters too; a page gutter has running text on both sides (lines of
 * several words next to it), a table gap has short cells.
 */
function strips(pieces: readonly Piece[], runs: readonly TextRun[]): Piece[][] {
  const lines = groupLines(pieces);
  const prose = (cut: number, left: boolean) => {
    const sizes: number[] = [];
    for (const l of lines) {
      const side = l.pieces.filter((p) => (left ? p.x1 <= cut : p.x0 >= cut));
      if (side.length === 0) continue;
      const chunks = lineChunks({ ...l, pieces: side });
      sizes.push(words((left ? chunks[chunks.length - 1]! : chunks[0]!).text));
    }
    return median(sizes) >= 4;
  };
  const gutters = findGutters(runs).filter(([a, b]) => prose((a + b) / 2, true) && prose((a + b) / 2, false));
  if (gutters.length === 0) return [pieces.slice()];
  const cuts = gutters.map(([a, b]) => (a + b) / 2).sort((a, b) => a - b);
  const out: Piece[][] = cuts.map(() => []);
  out.push([]);
  for (const p of pieces) {
    const cx = (p.x0 + p.x1) / 2;
    let k = 0;
    while (k < cuts.length && cx > cuts[k]!) k++;
    out[k]!.push(p);
  }
  return out.filter((s) => s.length > 0);
}

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
  const chunks = multi.flatMap((l) => l.chunks);
  const wordCounts = chunks.map((c) => words(c.text));
  if (median(wordCounts) > 6) return false;
  if (wordCounts.filter((n) => n > 10).length > 0.25 * chunks.length) return false;
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

function bboxOf(lines: readonly LineInfo[]): BBox {
  const x0 = Math.min(...lines.map((l) => l.line.x0));
  const x1 = Math.max(...lines.map((l) => l.line.x1));
  const y0 = Math.min(...lines.map((l) => l.line.top));
  const y1 = Math.max(...lines.map((l) => l.line.bottom));
  return { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
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

/** Rule just outside the box, spanning most of its width, within `reach`. */
function ruleNear(rules: RuleSet, box: BBox, above: boolean, reach: number): number | undefined {
  let best: number | undefined;
  for (const s of rules.h) {
    const d = above ? box.top - s.pos : s.pos - (box.top + box.height);
    if (d < -1 || d > reach) continue;
    const span = Math.min(s.b, box.left + box.width) - Math.max(s.a, box.left);
    if (span < 0.8 * box.width) continue;
    if (best === undefined || (above ? s.pos > best : s.pos < best)) best = s.pos;
  }
  return best;
}

export function streamRegions(pieces: readonly Piece[], runs: readonly TextRun[], rules: RuleSet): StreamRegion[] {
  const out: StreamRegion[] = [];
  for (const strip of strips(pieces, runs)) {
    const infos: LineInfo[] = groupLines(strip).map((line) => ({ line, chunks: lineChunks(line) }));
    for (const block of blocksOf(infos)) {
      if (!tabularBlock(block)) continue;
      const size = median(block.map((l) => l.line.size), 10);
      // Column headings directly above: short label lines inside the block's width.
      let first = infos.indexOf(block[0]!);
      let box = bboxOf(block);
      for (let added = 0; added < MAX_HEADER_LINES && first > 0; added++) {
        const cand = infos[first - 1]!;
        const gap = box.top - cand.line.bottom;
        const text = cand.chunks.map((c) => c.text).join(' ');
        const inside = cand.line.x0 >= box.left - size && cand.line.x1 <= box.left + box.width + size;
        const short = cand.chunks.every((c) => words(c.text) <= 8);
        if (gap > 1.2 * size || !inside || !short || CAPTION.test(text)) break;
        // A rule between the candidate and the block closes the table at the top.
        if (rules.h.some((s) => s.pos > cand.line.bottom && s.pos < box.top && coverage([s], s.pos, box.left, box.left + box.width) > 0.8)) break;
        first--;
        box = bboxOf([cand, ...block]);
        block.unshift(cand);
      }
      const top = ruleNear(rules, box, true, 1.5 * size);
      const bottom = ruleNear(rules, box, false, 1.5 * size);
      const y0 = top ?? box.top;
      const y1 = bottom ?? box.top + box.height;
      const ruled =
        top !== undefined ||
        bottom !== undefined ||
        rules.h.some((s) => s.pos > y0 && s.pos < y1 && Math.min(s.b, box.left + box.width) - Math.max(s.a, box.left) > 0.3 * box.width);
      out.push({ bbox: { left: box.left, top: y0, width: box.width, height: y1 - y0 }, ruled });
    }
  }
  return out;
}
