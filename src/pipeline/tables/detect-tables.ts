/**
 * Table detection for one page: ruled regions first (their rules are unambiguous), then
 * borderless and partly ruled tables from text alignment on the text that is left.
 */
import type { BBox } from '../../model/document.js';
import type { PageContent, TextRun } from '../../model/page.js';
import { buildGrid } from './grid-builder.js';
import { ruledRegions } from './ruled-grid.js';
import { ruleSegments } from './rule-segments.js';
import { streamRegions } from './stream-regions.js';
import { runPieces, type Piece } from './text-pieces.js';
import type { DetectedTable } from './types.js';
import { acceptTable } from './validate-table.js';

export type { DetectedTable } from './types.js';

export type TablePageInput = Pick<PageContent, 'runs' | 'rules' | 'rects' | 'graphics' | 'width' | 'height'>;

function centreIn(r: TextRun, b: BBox, pad: number): boolean {
  const cx = r.bbox.left + r.bbox.width / 2;
  const cy = r.bbox.top + r.bbox.height / 2;
  return cx >= b.left - pad && cx <= b.left + b.width + pad && cy >= b.top - pad && cy <= b.top + b.height + pad;
}

function centreOf(p: Piece, b: BBox): boolean {
  const cx = (p.x0 + p.x1) / 2;
  const cy = (p.top + p.bottom) / 2;
  return cx >= b.left - 1 && cx <= b.left + b.width + 1 && cy >= b.top - 1 && cy <= b.top + b.height + 1;
}

export function detectTables(page: TablePageInput): DetectedTable[] {
  const rules = ruleSegments(page.rules);
  const claimed = new Set<number>();
  const out: DetectedTable[] = [];
  for (const region of ruledRegions(rules)) {
    const pieces: Piece[] = [];
    page.runs.forEach((r, i) => {
      if (!claimed.has(i) && (r.dir ?? 0) === 0 && centreIn(r, region.bbox, 1)) pieces.push(...runPieces(r, i));
    });
    const built = buildGrid({ region: region.bbox, pieces, rules, method: 'ruled' });
    if (!built || !acceptTable(built.grid, page.graphics)) continue;
    for (const i of built.runs) claimed.add(i);
    out.push({ grid: built.grid, runIndices: [...built.runs].sort((a, b) => a - b) });
  }
  const free: Piece[] = [];
  const freeRuns: TextRun[] = [];
  page.runs.forEach((r, i) => {
    if (claimed.has(i) || (r.dir ?? 0) !== 0) return;
    free.push(...runPieces(r, i));
    freeRuns.push(r);
  });
  for (const region of streamRegions(free, freeRuns, rules)) {
    const pieces = free.filter((p) => !claimed.has(p.run) && centreOf(p, region.bbox));
    const built = buildGrid({ region: region.bbox, pieces, rules, method: region.ruled ? 'hybrid' : 'stream' });
    if (!built || !acceptTable(built.grid, page.graphics)) continue;
    for (const i of built.runs) claimed.add(i);
    out.push({ grid: built.grid, runIndices: [...built.runs].sort((a, b) => a - b) });
  }
  return out;
}
