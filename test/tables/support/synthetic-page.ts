/** Hand-made page content for table unit tests: text runs and rules in PDF points. */
import type { RuleLine, TextRun } from '../../../src/model/page.js';
import type { TablePageInput } from '../../../src/pipeline/tables/detect-tables.js';

/** A run of `text` at (x, y) top-left, 10 pt type, 5 pt per character. */
export function run(text: string, x: number, y: number, opts: { size?: number; bold?: boolean; width?: number } = {}): TextRun {
  const size = opts.size ?? 10;
  return {
    text,
    bbox: { left: x, top: y, width: opts.width ?? text.length * size * 0.5, height: size * 1.1 },
    fontSize: size,
    fontName: 'Helvetica',
    bold: opts.bold ?? false,
    italic: false,
    confidence: null,
    source: 'text',
  };
}

export const hRule = (x0: number, x1: number, y: number): RuleLine => ({ x0, y0: y, x1, y1: y, width: 0.5 });
export const vRule = (x: number, y0: number, y1: number): RuleLine => ({ x0: x, y0, x1: x, y1, width: 0.5 });

export function page(runs: TextRun[], rules: RuleLine[] = []): TablePageInput {
  return { runs, rules, rects: [], graphics: [], width: 612, height: 792 };
}

/** Rows of runs, one per row, at the given column x positions (empty strings skipped). */
export function textRows(rows: string[][], xs: number[], y0: number, pitch: number, opts: { boldRows?: number } = {}): TextRun[] {
  const out: TextRun[] = [];
  rows.forEach((cells, r) =>
    cells.forEach((t, c) => {
      if (t) out.push(run(t, xs[c]!, y0 + r * pitch, { bold: r < (opts.boldRows ?? 0) }));
    }),
  );
  return out;
}
