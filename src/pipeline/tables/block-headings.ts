/**
 * Column headings above a stream table's block of rows (stream-regions.ts): short label lines
 * about its width, close above its first row, or lines under a top rule across a midrule
 * (booktabs). Titles, captions, unit lines and running text end the headings.
 */
import type { BBox } from '../../model/document.js';
import { median } from './geometry.js';
import { coverage, type RuleSet } from './rule-segments.js';
import { words, type Chunk, type TextLine } from './text-pieces.js';

export interface LineInfo {
  line: TextLine;
  chunks: Chunk[];
}

export const CAPTION = /^(?:table|tab\.|tabelle|tableau|figure|fig\.|chart|graph|exhibit|source|sources|note|notes)\b/i;
/** A table's unit line under its caption ("[In thousands]", "(In millions of dollars)"): no heading row. */
export const UNIT_LINE = /^\s*[[(]\s*(?:(?:amounts|figures|values|dollars|data)\s+)?in\s[^\])]{2,40}[\])]\s*$/i;
/** Header lines gathered above a block. */
const MAX_HEADER_LINES = 4;
/** A line this many times the rows' font size, in one chunk, is a title above a table. */
const TITLE_SIZE = 1.4;

export function bboxOf(lines: readonly LineInfo[]): BBox {
  const x0 = Math.min(...lines.map((l) => l.line.x0));
  const x1 = Math.max(...lines.map((l) => l.line.x1));
  const y0 = Math.min(...lines.map((l) => l.line.top));
  const y1 = Math.max(...lines.map((l) => l.line.bottom));
  return { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
}

/** Column headings directly above a block: short label lines about its width. */
export function headingLines(block: LineInfo[], infos: readonly LineInfo[], rules: RuleSet, size: number): void {
  let first = infos.indexOf(block[0]!);
  let box = bboxOf(block);
  const slack = Math.max(2 * size, 0.15 * box.width);
  // Headings sit as close as the table's own rows (generously spaced tables space them out).
  const pitch = median(block.slice(1).map((l, i) => l.line.top - block[i]!.line.bottom));
  const reach = Math.max(1.2 * size, 1.3 * pitch);
  for (let added = 0; added < MAX_HEADER_LINES && first > 0; added++) {
    const cand = infos[first - 1]!;
    const gap = box.top - cand.line.bottom;
    const text = cand.chunks.map((c) => c.text).join(' ');
    const inside = cand.line.x0 >= box.left - slack && cand.line.x1 <= box.left + box.width + slack;
    const short = cand.chunks.every((c) => words(c.text) <= 8);
    // A line of running text (wide, several words) ends the headings.
    const prose =
      (cand.chunks.length === 1 && words(text) >= 5 && cand.line.x1 - cand.line.x0 > 0.6 * box.width) || /:\s*$/.test(text) || /[.!?]\s+\p{Lu}/u.test(text);
    // Across a booktabs midrule (a rule between them and another over the headings) the gap
    // may be wider than the rows' pitch.
    const midrule = rules.h.some((s) => s.pos > cand.line.bottom && s.pos < box.top && coverage([s], s.pos, box.left, box.left + box.width) > 0.8);
    const labels = midrule && labelWords(text); // column labels set tight: one long chunk
    // One chunk set far larger than the rows is a title over them ("Contents" over its entries).
    const title = cand.chunks.length === 1 && cand.line.size >= TITLE_SIZE * size;
    if (gap > (midrule ? 2 * reach : reach) || !inside || !(short || labels) || (prose && !labels) || title || CAPTION.test(text) || UNIT_LINE.test(text)) break;
    // A rule between the candidate and the block closes the table at the top, unless it is a
    // midrule: a top rule lies over the heading lines above it (headerUnderRule).
    if (midrule) {
      const heads = headerUnderRule(infos, first - 1, box, rules, reach, slack);
      if (heads === 0) break;
      for (let k = 0; k < heads; k++) block.unshift(infos[first - 1 - k]!);
      return;
    }
    first--;
    box = bboxOf([cand, ...block]);
    block.unshift(cand);
  }
}

/** A line of column labels set tight (one chunk): short words, no sentence punctuation. */
function labelWords(text: string): boolean {
  const ws = text.split(/\s+/).filter(Boolean);
  return ws.length <= 24 && ws.every((w) => w.length <= 14) && !/[.;:!?]\s/.test(text);
}

/**
 * A paragraph's last line: five words or more closed by a sentence's stop. Above a heading
 * underlined by a rule (a datasheet's "Ordering information" over its table), the rule over
 * the paragraph's own heading closed the paragraph as heading lines of the table.
 */
function sentenceEnd(text: string): boolean {
  return words(text) >= 5 && /[.!?]["'”’)\]]?$/u.test(text.trim());
}

/**
 * Heading lines from `infos[at]` upwards (at most MAX_HEADER_LINES; short, inside the
 * block's width, close together) with a rule over the highest of them spanning the block
 * and nothing between: how many, or 0 when no such top rule closes them.
 */
function headerUnderRule(infos: readonly LineInfo[], at: number, box: BBox, rules: RuleSet, reach: number, slack: number): number {
  for (let n = 1; n <= MAX_HEADER_LINES && at - n + 1 >= 0; n++) {
    const top = infos[at - n + 1]!;
    const text = top.chunks.map((c) => c.text).join(' ');
    const inside = top.line.x0 >= box.left - slack && top.line.x1 <= box.left + box.width + slack;
    if (!inside || !(top.chunks.every((c) => words(c.text) <= 8) || labelWords(text)) || CAPTION.test(text) || sentenceEnd(text)) return 0;
    if (n > 1 && infos[at - n + 2]!.line.top - top.line.bottom > reach) return 0;
    const above = infos[at - n]?.line.bottom ?? -Infinity;
    const closed = rules.h.some((s) => s.pos < top.line.top + 1 && s.pos > above && top.line.top - s.pos <= reach && coverage([s], s.pos, box.left, box.left + box.width) > 0.8);
    if (closed) return n;
  }
  return 0;
}

