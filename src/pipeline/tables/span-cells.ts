/**
 * Grid positions + which internal boundaries exist → rectangular cells with spans. Cells
 * grow greedily right, then down, across missing boundaries, so every cell is a rectangle
 * even when rules are drawn irregularly (an L-shaped gap becomes two cells).
 */

export interface SpanRect {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

/**
 * `sepRight[r][c]`: a boundary exists between (r, c) and (r, c + 1).
 * `sepBelow[r][c]`: a boundary exists between (r, c) and (r + 1, c).
 */
export function spanCells(rows: number, cols: number, sepRight: boolean[][], sepBelow: boolean[][]): SpanRect[] {
  const taken: boolean[][] = Array.from({ length: rows }, () => Array<boolean>(cols).fill(false));
  const out: SpanRect[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (taken[r]![c]) continue;
      let c1 = c;
      while (c1 + 1 < cols && !sepRight[r]![c1] && !taken[r]![c1 + 1]) c1++;
      let r1 = r;
      // Grow down while the whole width is open below and nothing inside is separated.
      for (;;) {
        if (r1 + 1 >= rows) break;
        let ok = true;
        for (let k = c; k <= c1 && ok; k++) {
          if (sepBelow[r1]![k] || taken[r1 + 1]![k]) ok = false;
          if (k < c1 && sepRight[r1 + 1]![k]) ok = false;
        }
        if (!ok) break;
        r1++;
      }
      for (let rr = r; rr <= r1; rr++) for (let k = c; k <= c1; k++) taken[rr]![k] = true;
      out.push({ row: r, col: c, rowSpan: r1 - r + 1, colSpan: c1 - c + 1 });
    }
  }
  return out;
}

/**
 * Drop grid columns (or rows) from a cell labelling and rebuild the rectangles. With
 * `contents` (per cell, index-aligned with `cells`), a cell left with no kept column or row
 * hands its contents to the kept cell at its place (adoptOrphanPieces).
 */
export function dropLines<P>(cells: readonly SpanRect[], rows: number, cols: number, dropRows: ReadonlySet<number>, dropCols: ReadonlySet<number>, contents?: P[][]): { cells: Array<SpanRect & { source: number }>; rows: number; cols: number } {
  const label: number[][] = Array.from({ length: rows }, () => Array<number>(cols).fill(-1));
  cells.forEach((cell, i) => {
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++) for (let c = cell.col; c < cell.col + cell.colSpan; c++) label[r]![c] = i;
  });
  const keptRows = [...Array(rows).keys()].filter((r) => !dropRows.has(r));
  const keptCols = [...Array(cols).keys()].filter((c) => !dropCols.has(c));
  const box = new Map<number, { r0: number; r1: number; c0: number; c1: number }>();
  keptRows.forEach((r, ri) =>
    keptCols.forEach((c, ci) => {
      const id = label[r]![c]!;
      const b = box.get(id);
      if (!b) box.set(id, { r0: ri, r1: ri, c0: ci, c1: ci });
      else {
        b.r0 = Math.min(b.r0, ri);
        b.r1 = Math.max(b.r1, ri);
        b.c0 = Math.min(b.c0, ci);
        b.c1 = Math.max(b.c1, ci);
      }
    }),
  );
  const out = [...box].map(([source, b]) => ({ row: b.r0, col: b.c0, rowSpan: b.r1 - b.r0 + 1, colSpan: b.c1 - b.c0 + 1, source }));
  out.sort((a, b) => a.row - b.row || a.col - b.col);
  if (contents) adoptOrphanPieces(cells, contents, out, keptRows, keptCols);
  return { cells: out, rows: keptRows.length, cols: keptCols.length };
}

/**
 * A spanning cell counts as "empty" for each column (row) it spans, so a cell holding text
 * can lie wholly in thin columns or rows that are dropped, and no cell is left to hold its
 * text (an OCR receipt lost "TDO1167104", "MODELLING KIDDY FISH" and 10 more words this way).
 * Such a cell's pieces join the kept cell at its place (the next kept column and row, as the
 * dropped space goes to the right), so the structure stays what it was and no text is lost.
 */
function adoptOrphanPieces<P>(
  rects: readonly { row: number; col: number }[],
  cellPieces: P[][],
  kept: ReadonlyArray<{ row: number; col: number; rowSpan: number; colSpan: number; source: number }>,
  keptRows: readonly number[],
  keptCols: readonly number[],
): void {
  const alive = new Set(kept.map((c) => c.source));
  const at = (all: readonly number[], x: number) => {
    const k = all.findIndex((v) => v >= x);
    return k < 0 ? all.length - 1 : k;
  };
  rects.forEach((rc, i) => {
    if (alive.has(i) || cellPieces[i]!.length === 0) return;
    const r = at(keptRows, rc.row);
    const c = at(keptCols, rc.col);
    const host = kept.find((k) => r >= k.row && r < k.row + k.rowSpan && c >= k.col && c < k.col + k.colSpan);
    if (host) cellPieces[host.source] = [...cellPieces[host.source]!, ...cellPieces[i]!];
  });
}
