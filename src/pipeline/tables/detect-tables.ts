/**
 * Table detection for one page: ruled regions first (their rules are unambiguous), then
 * borderless and partly ruled tables from text alignment on the text that is left. Each
 * text direction is handled in its own frame (sideways tables), the page's main direction
 * first.
 */
import { intersectionArea, type BBox } from '../../model/document.js';
import type { PageContent, TextRun } from '../../model/page.js';
import { buildGrid, type TableLine } from './grid-builder.js';
import { CAPTION, headingsAbove } from './headings-above.js';
import { ruledRegions } from './ruled-grid.js';
import { ruleSegments, type Seg } from './rule-segments.js';
import { streamRegions } from './stream-regions.js';
import { boxToFrame, boxToPage, gridToPage, ruleToFrame, runToFrame, textDirections, type TextDir } from './text-frame.js';
import { runPieces, type Piece } from './text-pieces.js';
import type { DetectedTable } from './types.js';
import { acceptTable } from './validate-table.js';

export type { DetectedTable } from './types.js';

export type TablePageInput = Pick<PageContent, 'runs' | 'rules' | 'rects' | 'graphics' | 'width' | 'height'>;

/** When the first text line is a caption closed off by a rule below it, that rule's position. */
function captionRule(lines: readonly TableLine[], h: readonly Seg[], region: BBox): number | undefined {
  const first = lines[0];
  const second = lines[1];
  if (!first || !second || !CAPTION.test(first.cells.map((c) => c.text).join(' '))) return undefined;
  const rule = h.find((s) => s.pos > (first.top + first.bottom) / 2 && s.pos < (second.top + second.bottom) / 2 && s.b - s.a > 0.8 * region.width && s.a < region.left + 0.2 * region.width);
  return rule ? rule.pos + 0.5 : undefined;
}

function pieceIn(p: Piece, b: BBox): boolean {
  const cx = (p.x0 + p.x1) / 2;
  const cy = (p.top + p.bottom) / 2;
  return cx >= b.left - 1 && cx <= b.left + b.width + 1 && cy >= b.top - 1 && cy <= b.top + b.height + 1;
}

/** Share of `b` already covered by a table found earlier (page space). */
function taken(b: BBox, found: readonly DetectedTable[]): boolean {
  return found.some((t) => intersectionArea(t.grid.bbox, b) > 0.5 * Math.min(b.width * b.height, t.grid.bbox.width * t.grid.bbox.height));
}

export function detectTables(page: TablePageInput, skip: ReadonlySet<number> = new Set()): DetectedTable[] {
  const claimed = new Set<number>(skip);
  const out: DetectedTable[] = [];
  for (const dir of textDirections(page.runs)) detectInFrame(page, dir, claimed, out);
  return out.sort((a, b) => a.grid.bbox.top - b.grid.bbox.top || a.grid.bbox.left - b.grid.bbox.left);
}

function detectInFrame(page: TablePageInput, dir: TextDir, claimed: Set<number>, out: DetectedTable[]): void {
  const rules = ruleSegments(page.rules.map((r) => ruleToFrame(r, dir)));
  const graphics = page.graphics.map((g) => boxToFrame(g, dir));
  const pieces: Piece[] = [];
  const runs: Array<{ run: TextRun; index: number }> = [];
  page.runs.forEach((r, i) => {
    if (claimed.has(i) || (r.dir ?? 0) !== dir) return;
    const fr = runToFrame(r, dir);
    runs.push({ run: fr, index: i });
    pieces.push(...runPieces(fr, i));
  });
  if (pieces.length === 0) return;
  const build = (region: BBox, method: 'ruled' | 'stream' | 'hybrid', frameTop?: number) => {
    const inside = pieces.filter((p) => !claimed.has(p.run) && pieceIn(p, region));
    return buildGrid({ region, pieces: inside, rules, method, frameTop });
  };
  const accept = (region: BBox, method: 'ruled' | 'stream' | 'hybrid', frameTop?: number): boolean => {
    if (taken(boxToPage(region, dir), out)) return false;
    let built = build(region, method, frameTop);
    // A caption drawn inside the table's frame ("Table 5: ...") is not part of the table.
    const top = built && captionRule(built.lines, rules.h, region);
    if (top !== undefined) built = build({ ...region, top, height: region.top + region.height - top }, method, frameTop);
    if (!built || !acceptTable(built.grid, graphics, { cellPieces: built.cellPieces, rules })) return false;
    for (const i of built.runs) claimed.add(i);
    out.push({ grid: gridToPage(built.grid, dir), runIndices: [...built.runs].sort((a, b) => a - b), lines: built.lines });
    return true;
  };
  const frameSize = boxToFrame({ left: 0, top: 0, width: page.width, height: page.height }, dir);
  for (const region of ruledRegions(rules, frameSize)) {
    // Group headings standing on the top rule join the table when it holds them.
    const grown = headingsAbove(region.bbox, pieces.filter((p) => !claimed.has(p.run)), region.v);
    if (!(grown && accept(grown, 'ruled', region.bbox.top))) accept(region.bbox, 'ruled');
  }
  const free = pieces.filter((p) => !claimed.has(p.run));
  const freeRuns = runs.filter((r) => !claimed.has(r.index)).map((r) => r.run);
  for (const region of streamRegions(free, freeRuns, rules)) accept(region.bbox, region.ruled ? 'hybrid' : 'stream');
}
