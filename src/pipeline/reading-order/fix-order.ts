/**
 * `fix_reading_order` (spec: "fix reading order of segments, useful for multi-column
 * layouts"). Each page's order is re-derived from the final segment boxes with the
 * column-aware XY-cut (`xy-cut.ts`), after every stage that may add, split or retype blocks
 * (the layout model's regions, OCR table re-reading, form key-values), on text-layer and OCR
 * pages alike. The default parse already orders blocks this way where they are built, so on
 * those pages the option leaves the order as it is (idempotent); it guarantees the
 * column order whatever path produced the page (measured: the same segments in the same
 * order on all 16 pages of bench/multicolumn-pages.json). With `page_by_page` the Page
 * segment's text is ordered by columns in `analyze-page.ts` (its lines run top to bottom
 * across the columns otherwise: all 16 listed pages differ): that is where the option
 * visibly changes a result. Cost: one XY-cut over a page's blocks.
 */
import type { PageLayout } from '../../model/layout.js';
import { readingOrder } from './xy-cut.js';

/** The page's body font size: the size holding the median character (fontHistogram keys are size × 10). */
function bodySize(layout: PageLayout): number {
  const sizes = Object.entries(layout.fontHistogram)
    .map(([k, n]) => [Number(k) / 10, n] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = sizes.reduce((s, [, n]) => s + n, 0);
  let seen = 0;
  for (const [size, n] of sizes) {
    seen += n;
    if (seen * 2 >= total) return size;
  }
  return 10;
}

/** Reorder the page's blocks in place by the column-aware XY-cut of their boxes. */
export function fixPageOrder(layout: PageLayout): PageLayout {
  if (layout.blocks.length < 2) return layout;
  const order = readingOrder(
    layout.blocks.map((b) => b.bbox),
    bodySize(layout),
  );
  layout.blocks = order.map((i) => layout.blocks[i]!);
  return layout;
}
