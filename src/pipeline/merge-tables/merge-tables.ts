/**
 * `merge_tables`: a table that runs on over the next page becomes one Table segment.
 *
 * Table B (first table of page n + 1) continues table A (last table of page n) when
 * - nothing but page furniture separates them: after A only page footers, footnotes and
 *   short lines; before B only page headers, captions and short lines ("Table 3,
 *   continued");
 * - they have the same number of columns, and
 *   - both have header rows with the same texts (B's repeated header is dropped), or
 *   - B's first row repeats A's header (dropped too), or
 *   - B has no header and its column boundaries lie where A's do.
 * Chains longer than `maxGroup` tables are cut into groups of at most that many. The
 * merged grid lives on A's block (A's page, A's box); each source table's page and box is
 * kept as provenance.
 */
import type { BBox, Provenance, Segment } from '../../model/document.js';
import { countWords } from '../count-words.js';
import type { Block, PageLayout } from '../../model/layout.js';
import type { TableGrid } from '../../model/table.js';

export interface MergeOptions {
  /** Most tables one merged table may gather (spec default 20). */
  maxGroup: number;
}

/** Provenance of each merged block, by block. */
export type MergedTables = Map<Block, Provenance[]>;

const FURNITURE = new Set(['PageHeader', 'PageFooter', 'Footnote', 'Caption']);
/** A block of at most this many words between two parts of a table is a "continued" note. */
const NOTE_WORDS = 12;

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, '');

function words(b: Block): number {
  return b.lines.reduce((n, l) => n + countWords(l.text), 0);
}

function negligible(b: Block): boolean {
  return FURNITURE.has(b.type ?? '') || (b.kind !== 'table' && b.kind !== 'picture' && words(b) <= NOTE_WORDS);
}

/** Text of each column over `rows` rows starting at `from` (spanning cells name every column). */
function rowTexts(g: TableGrid, from: number, rows: number): string[] {
  return Array.from({ length: g.colCount }, (_, c) =>
    g.cells
      .filter((x) => x.row >= from && x.row < from + rows && c >= x.col && c < x.col + x.colSpan)
      .sort((a, b) => a.row - b.row)
      .map((x) => norm(x.text))
      .join('|'),
  );
}

/** Left edges of the columns (from single-column cells), or undefined when one is missing. */
function columnEdges(g: TableGrid): number[] | undefined {
  const edges: number[] = [];
  for (let c = 0; c < g.colCount; c++) {
    const xs = g.cells.filter((x) => x.col === c && x.colSpan === 1).map((x) => x.bbox.left);
    if (xs.length === 0) return undefined;
    edges.push(Math.min(...xs));
  }
  edges.push(g.bbox.left + g.bbox.width);
  return edges;
}

function sameGeometry(a: TableGrid, b: TableGrid): boolean {
  const ea = columnEdges(a);
  const eb = columnEdges(b);
  if (!ea || !eb) return false;
  const tol = Math.max(4, 0.02 * a.bbox.width);
  return ea.every((x, i) => Math.abs(x - eb[i]!) <= tol);
}

/** Rows of B to drop (a repeated header), or -1 when B does not continue A. */
export function continuation(a: TableGrid, b: TableGrid): number {
  if (a.colCount !== b.colCount || a.colCount < 2) return -1;
  const headerA = a.headerRows > 0 ? rowTexts(a, 0, a.headerRows).join('#') : undefined;
  if (headerA !== undefined && b.headerRows > 0 && rowTexts(b, 0, b.headerRows).join('#') === headerA) return b.headerRows;
  if (headerA !== undefined && b.rowCount > a.headerRows && rowTexts(b, 0, a.headerRows).join('#') === headerA) return a.headerRows;
  if (b.headerRows === 0 && sameGeometry(a, b)) return 0;
  return -1;
}

/** A's rows, then B's rows without the first `drop` (cells keep their own page boxes). */
export function appendRows(a: TableGrid, b: TableGrid, drop: number): TableGrid {
  const shift = a.rowCount - drop;
  return {
    ...a,
    rowCount: a.rowCount + b.rowCount - drop,
    cells: [...a.cells, ...b.cells.filter((c) => c.row >= drop).map((c) => ({ ...c, row: c.row + shift, rowSpan: Math.min(c.rowSpan, b.rowCount - c.row) }))],
    confidence: Math.min(a.confidence, b.confidence),
  };
}

interface Link {
  page: number;
  block: Block;
}

/**
 * Merge tables continuing across pages, in place: the first table of each group takes
 * the rows of the others, which leave their pages. Returns the provenance of merged blocks.
 */
export function mergeTablesAcrossPages(pages: PageLayout[], opts: MergeOptions): MergedTables {
  const maxGroup = Math.max(2, opts.maxGroup);
  const merged: MergedTables = new Map();
  const sorted = pages.slice().sort((x, y) => x.pageNumber - y.pageNumber);
  // Chains of continuing tables.
  const chains: Link[][] = [];
  let chain: Link[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const page = sorted[i]!;
    const next = sorted[i + 1];
    const tables = page.blocks.filter((b) => b.table);
    const last = tables[tables.length - 1];
    // The chain goes on only through this page's last table.
    if (chain.length && chain[chain.length - 1]!.block !== last) {
      if (chain.length > 1) chains.push(chain);
      chain = [];
    }
    if (!last || !next || next.pageNumber !== page.pageNumber + 1) {
      if (chain.length > 1) chains.push(chain);
      chain = [];
      continue;
    }
    const first = next.blocks.find((b) => b.table);
    const after = page.blocks.slice(page.blocks.indexOf(last) + 1);
    const before = first ? next.blocks.slice(0, next.blocks.indexOf(first)) : [];
    const quiet = after.every(negligible) && before.every(negligible);
    const grid = chain.length ? chain[0]!.block.table! : last.table!;
    if (first && quiet && continuation(grid, first.table!) >= 0) {
      if (!chain.length) chain.push({ page: page.pageNumber, block: last });
      chain.push({ page: next.pageNumber, block: first });
    } else {
      if (chain.length > 1) chains.push(chain);
      chain = [];
    }
  }
  if (chain.length > 1) chains.push(chain);

  for (const c of chains) {
    for (let start = 0; start < c.length; start += maxGroup) {
      const group = c.slice(start, start + maxGroup);
      if (group.length < 2) continue;
      const head = group[0]!;
      let grid = head.block.table!;
      const provenance: Provenance[] = [{ page_number: head.page, bbox: roundBox(head.block.bbox) }];
      for (const part of group.slice(1)) {
        grid = appendRows(grid, part.block.table!, continuation(head.block.table!, part.block.table!));
        provenance.push({ page_number: part.page, bbox: roundBox(part.block.bbox) });
        const page = sorted.find((p) => p.pageNumber === part.page)!;
        page.blocks = page.blocks.filter((b) => b !== part.block);
      }
      head.block.table = grid;
      merged.set(head.block, provenance);
    }
  }
  return merged;
}

function roundBox(b: BBox): BBox {
  const r = (v: number) => Math.round(v * 100) / 100;
  return { left: r(b.left), top: r(b.top), width: r(b.width), height: r(b.height) };
}
