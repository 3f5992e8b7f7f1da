/**
 * Whether a group of lines holds two columns' lines (issue 27 item 1): two lines that share
 * no stretch of x, with a gap between them of at least MIN_GAP_LINES line heights, each
 * longer than a marker or a number (MIN_WIDTH_LINES line heights). A paragraph's lines are
 * stacked and always share some x; two lines that do not stand in two columns (or in a
 * form's label and value). On a page read by OCR the layout model's text regions group
 * lines into blocks (layout-fusion/regroup-lines.ts); a region boxed across a gutter took
 * the first line of one column's paragraph with the other column's lines beside it
 * ("SUMMARY: The FAA proposes to for this rulemaking, ..."), and the columns' rows need
 * not line up (a Federal Register page's columns are set independently). Text-layer
 * regions keep their own, looser test (region-blocks' spansColumns).
 */
import type { Line } from '../../model/layout.js';

const MIN_GAP_LINES = 0.8;
const MIN_WIDTH_LINES = 2;

export function linesSideBySide(lines: readonly Line[]): boolean {
  const wide = lines.filter((l) => l.bbox.width >= MIN_WIDTH_LINES * l.bbox.height);
  for (let i = 0; i < wide.length; i++) {
    const a = wide[i]!.bbox;
    for (let j = i + 1; j < wide.length; j++) {
      const b = wide[j]!.bbox;
      const gap = Math.max(a.left, b.left) - Math.min(a.left + a.width, b.left + b.width);
      if (gap >= MIN_GAP_LINES * Math.min(a.height, b.height)) return true;
    }
  }
  return false;
}
