/**
 * Every vector chart of a page (issue 29 item 6), read into `chart_data`: bar charts from
 * filled rectangles, line charts from stroked polylines, pies from filled slices. One entry
 * point so page analysis has a single hook; each chart later becomes one Picture block
 * whose box holds its labels. Charts overlapping one already read are dropped.
 */
import type { BBox } from '../../model/document.js';
import type { PageContent, TextRun } from '../../model/page.js';
import { type ChartReading, contains } from './chart-geometry.js';
import { findBarCharts } from './read-bar-chart.js';
import { findLineCharts } from './read-line-chart.js';
import { findPieCharts } from './read-pie-chart.js';

/** `runs`: the page's runs, those already claimed (tables) blanked; `exclude`: claimed regions. */
export function findCharts(content: PageContent, runs: readonly TextRun[], exclude: readonly BBox[]): ChartReading[] {
  const shapes = content.shapes ?? [];
  const out: ChartReading[] = [];
  const add = (found: ChartReading[]) => {
    for (const r of found) if (!out.some((o) => overlaps(o.box, r.box))) out.push(r);
  };
  if (content.rects.length >= 2) add(findBarCharts(content.rects, shapes, runs, exclude));
  if (shapes.length >= 1) {
    const taken = [...exclude, ...out.map((o) => o.box)];
    add(findPieCharts(shapes, runs, taken));
    add(findLineCharts(shapes, runs, [...taken, ...out.map((o) => o.box)]));
  }
  return out;
}

function overlaps(a: BBox, b: BBox): boolean {
  return contains(a, b) || contains(b, a);
}
