/**
 * Sub- and superscripts stay in the line they belong to (issue 27, word order). Rows are
 * formed page-wide, runs taken in order of their vertical centre, so a raised note mark
 * ("sensor⁴ input") is placed before its own line exists and joins the row of a line in
 * another column whose baseline is a little higher; cutting that row at the gutter then
 * leaves the mark a line of its own, and reading order put it after its paragraph (the
 * Federal Register pages: "4", "9", "10" read 25-200 words late; a paper's footnote mark
 * "³" read apart from its note).
 *
 * After the rows are cut into lines, a short line of small type (at most MAX_MARK_CHARS
 * characters, at most MAX_MARK_RUNS runs: note marks, indices) whose vertical centre lies
 * in the band of a line of larger type (0.5-0.9 of its size, as `scriptOf` in
 * build-lines.ts) that it touches or overlaps horizontally joins that line. Only such short
 * lines are looked at, so the pass costs next to nothing on ordinary pages.
 */
import type { TextRun } from '../../model/page.js';
import { extentOf, type RunExtent as Extent } from './run-extent.js';

/** Longest mark (characters without spaces) that may join another line: "12,13", "a,b". */
const MAX_MARK_CHARS = 8;
const MAX_MARK_RUNS = 3;
/** Horizontal gap (host font sizes) a mark may keep from its host line. */
const MAX_GAP_EM = 0.6;

function isMarkCandidate(runs: readonly TextRun[]): boolean {
  if (runs.length > MAX_MARK_RUNS) return false;
  let n = 0;
  for (const r of runs) {
    // OCR lines are the engine's own (engine-lines.ts), scripts included: left alone.
    if (r.source !== 'text') return false;
    const t = r.text;
    for (let i = 0; i < t.length; i++) if (t.charCodeAt(i) > 32 && ++n > MAX_MARK_CHARS) return false;
  }
  return n > 0;
}

/** How well `mark` sits as a script of `host`: the vertical distance of its centre from the host's, or Infinity. */
function fit(mark: Extent, host: Extent): number {
  if (mark.size < 0.5 * host.size || mark.size > 0.9 * host.size) return Infinity;
  const gap = Math.max(host.left - mark.right, mark.left - host.right);
  if (gap > MAX_GAP_EM * host.size) return Infinity;
  const centre = (mark.top + mark.bottom) / 2;
  const pad = 0.15 * (host.bottom - host.top);
  if (centre < host.top - pad || centre > host.bottom + pad) return Infinity;
  // 40 % of the mark inside the host's band (as build-lines.ts's scriptPair): a small line
  // stacked under a tall-boxed one (a CJK label over its English gloss) is not its script.
  if (Math.min(mark.bottom, host.bottom) - Math.max(mark.top, host.top) < 0.4 * (mark.bottom - mark.top)) return Infinity;
  return Math.abs(centre - (host.top + host.bottom) / 2);
}

/** Merge short small-type lines into the line of larger type they are scripts of; the others are returned as they were. */
export function attachScripts(groups: TextRun[][]): TextRun[][] {
  const marks: number[] = [];
  for (let i = 0; i < groups.length; i++) if (isMarkCandidate(groups[i]!)) marks.push(i);
  if (marks.length === 0) return groups;
  const extents: Array<Extent | undefined> = [];
  const extent = (i: number) => (extents[i] ??= extentOf(groups[i]!));
  const absorbed = new Set<number>();
  for (const m of marks) {
    let best = -1, bestFit = Infinity;
    const mark = extent(m);
    const centre = (mark.top + mark.bottom) / 2;
    for (let h = 0; h < groups.length; h++) {
      if (h === m || absorbed.has(h)) continue;
      // A group's runs share one row: its first run's band, widened by its height, bounds where a script can sit.
      const first = groups[h]![0]!.bbox;
      if (centre < first.top - first.height || centre > first.top + 2 * first.height) continue;
      const f = fit(mark, extent(h));
      if (f < bestFit) {
        bestFit = f;
        best = h;
      }
    }
    if (best < 0) continue;
    groups[best] = [...groups[best]!, ...groups[m]!].sort((a, b) => a.bbox.left - b.bbox.left);
    absorbed.add(m);
  }
  return absorbed.size === 0 ? groups : groups.filter((_, i) => !absorbed.has(i));
}
