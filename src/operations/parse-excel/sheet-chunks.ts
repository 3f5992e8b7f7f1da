/**
 * One sheet → its chunks. Regions are grouped: a table with its title and notes (split
 * into one chunk per part; the title joins the first part, notes the last), free text,
 * pictures. Groups follow reading order (top, then left).
 *
 * Segment ids are deterministic: `s{sheet}-t{n}` for the n-th table of workbook sheet
 * `sheet` (1-based), `-p{k}` for its parts when split, `-title` / `-note{k}` for its
 * title and notes, `s{sheet}-text{n}`, `s{sheet}-pic{n}`, and chunks `s{sheet}-c{n}`.
 */
import { ProcessingError } from '../../errors.js';
import type { SheetDropdowns } from '../../formats/xlsx/data-validations.js';
import type { PictureAnchor } from '../../formats/xlsx/drawings.js';
import type { WorkbookLimits } from '../../formats/xlsx/limits.js';
import type { CellRange, SheetGrid } from '../../formats/xlsx/sheet-grid.js';
import type { Chunk, Segment } from '../../model/document.js';
import { clusterSheet } from '../../pipeline/sheet-tables/cluster-sheet.js';
import { renderTable } from '../../pipeline/sheet-tables/render-table.js';
import { SheetIndex } from '../../pipeline/sheet-tables/sheet-index.js';
import { headerRowCount, splitTable } from '../../pipeline/sheet-tables/table-parts.js';
import type { ClusteringMode, SheetRegion } from '../../pipeline/sheet-tables/types.js';
import { a1Range, cellReferences, type ReferenceContext } from './cell-references.js';
import { pictureSegment, tableSegment, textSegment, type PageInfo } from './segment-builders.js';

export interface SheetJob {
  grid: SheetGrid;
  /** 1-based position among output sheets. */
  pageNumber: number;
  clustering: ClusteringMode;
  maxBodyRows: number | null;
  dropdowns: SheetDropdowns | null;
  pictures: PictureAnchor[];
  limits: WorkbookLimits;
}

interface Group {
  top: number;
  left: number;
  /** Each inner array becomes one chunk. */
  chunks: Segment[][];
}

/** Words of an embed: tokens with a letter or digit (markdown pipes and rules do not count). */
export function countWords(text: string): number {
  let n = 0;
  for (const token of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(token)) n++;
  return n;
}

function regionText(region: SheetRegion, index: SheetIndex): string {
  return [...index.cellsIn(region.range)].map((c) => c.display).join(' ');
}

function pageExtent(grid: SheetGrid, regions: SheetRegion[], pictures: PictureAnchor[]): { width: number; height: number } {
  let width = 0;
  let height = 0;
  for (const r of [...regions.map((x) => x.range), ...pictures.map((p) => p.range)]) {
    width = Math.max(width, r.right + 1);
    height = Math.max(height, r.bottom + 1);
  }
  return { width, height };
}

function checkArea(grid: SheetGrid, range: CellRange, rows: number, cols: number, limits: WorkbookLimits): void {
  if (rows * cols > limits.maxTableArea) {
    throw new ProcessingError(
      'too_large',
      `Sheet "${grid.name}": the table ${a1Range(range)} would render ${rows * cols} cells (limit ${limits.maxTableArea}); try table_clustering=accurate.`,
    );
  }
}

function tableGroup(job: SheetJob, page: PageInfo, ctx: ReferenceContext, regions: SheetRegion[], t: number, tableNo: number): Group {
  const { grid, index } = ctx;
  const table = regions[t]!;
  const id = `s${grid.index + 1}-t${tableNo}`;
  const attached = regions.filter((r) => r.attachedTo === t);
  const title = attached.find((r) => r.kind === 'title');
  const before = attached.filter((r) => r.kind === 'text' && r.range.bottom < table.range.top);
  const after = attached.filter((r) => r.kind === 'text' && r.range.top > table.range.bottom);

  const rows = [...grid.omittedRows.kept(table.range.top, table.range.bottom)];
  const cols = [...grid.omittedCols.kept(table.range.left, table.range.right)];
  checkArea(grid, table.range, rows.length, cols.length, job.limits);
  const parts = splitTable(rows, headerRowCount(rows, table.range, index), job.maxBodyRows);

  const lead: Segment[] = [];
  if (title) lead.push(textSegment(`${id}-title`, 'Title', page, title.range, title.confidence, regionText(title, index), cellReferences(title.range, ctx, true)));
  before.forEach((n, k) => lead.push(textSegment(`${id}-intro${k + 1}`, 'Text', page, n.range, n.confidence, regionText(n, index), cellReferences(n.range, ctx, true))));

  const chunks: Segment[][] = parts.map((part, k) => {
    const range = { ...table.range, top: part.ownRows[0]!, bottom: part.ownRows[part.ownRows.length - 1]! };
    const rendered = renderTable(index, part.rows, cols, part.headerCount);
    const partId = parts.length > 1 ? `${id}-p${k + 1}` : id;
    return [tableSegment(partId, page, range, table.confidence, rendered, cellReferences(range, ctx, true))];
  });
  chunks[0]!.unshift(...lead);
  after.forEach((n, k) =>
    chunks[chunks.length - 1]!.push(textSegment(`${id}-note${k + 1}`, 'Text', page, n.range, n.confidence, regionText(n, index), cellReferences(n.range, ctx, true))),
  );
  const top = Math.min(table.range.top, ...lead.map((s) => s.bbox.top));
  return { top, left: table.range.left, chunks };
}

export function sheetChunks(job: SheetJob): Chunk[] {
  const { grid } = job;
  const index = new SheetIndex(grid);
  const ctx: ReferenceContext = { grid, index, dropdowns: job.dropdowns };
  const regions = clusterSheet(grid, index, job.clustering);
  const pictures = job.pictures.filter((p) => !grid.omittedRows.has(p.range.top) && !grid.omittedCols.has(p.range.left));
  const extent = pageExtent(grid, regions, pictures);
  const page: PageInfo = { page_number: job.pageNumber, page_width: extent.width, page_height: extent.height };
  const sheetNo = grid.index + 1;

  const groups: Group[] = [];
  let tables = 0;
  let texts = 0;
  regions.forEach((r, i) => {
    if (r.kind === 'table') groups.push(tableGroup(job, page, ctx, regions, i, ++tables));
    else if (r.attachedTo === undefined) {
      const seg = textSegment(`s${sheetNo}-text${++texts}`, 'Text', page, r.range, r.confidence, regionText(r, index), cellReferences(r.range, ctx, true));
      groups.push({ top: r.range.top, left: r.range.left, chunks: [[seg]] });
    }
  });
  pictures.forEach((p, k) => {
    const seg = pictureSegment(`s${sheetNo}-pic${k + 1}`, page, p, cellReferences(p.range, ctx, false));
    groups.push({ top: p.range.top, left: p.range.left, chunks: [[seg]] });
  });
  groups.sort((a, b) => a.top - b.top || a.left - b.left);

  const chunks: Chunk[] = [];
  for (const g of groups) {
    for (const segments of g.chunks) {
      const embed = segments
        .map((s) => s.embed)
        .filter(Boolean)
        .join('\n\n');
      chunks.push({ chunk_id: `s${sheetNo}-c${chunks.length + 1}`, chunk_length: countWords(embed), segments, embed });
    }
  }
  return chunks;
}
