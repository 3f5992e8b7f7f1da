/**
 * Every vector chart of a page (issue 29 item 6), read into `chart_data`: bar charts from
 * filled rectangles, line charts from stroked polylines, pies from filled slices. One entry
 * point so page analysis has a single hook; each chart later becomes one Picture block
 * whose box holds its labels. Charts overlapping one already read are dropped; charts not
 * read but framed by their axes' numbers are Pictures without data.
 */
import type { BBox } from '../../model/document.js';
import type { PageContent, TextRun } from '../../model/page.js';
import { type ChartData, chartTexts, contains, medianSize, union } from './chart-geometry.js';
import { axisTitles, findChartFrames } from './chart-frame.js';
import { findBarCharts } from './read-bar-chart.js';
import { findLineCharts } from './read-line-chart.js';
import { findPieCharts } from './read-pie-chart.js';

const MAX_RECTS = 3000;

/** A chart's Picture: its box and runs, and its data when the drawing was read (else null). */
export interface FoundChart {
  chart: ChartData | null;
  box: BBox;
  runIndices: number[];
}

/** `runs`: the page's runs, those already claimed (tables) blanked; `exclude`: claimed regions. */
export function findCharts(content: PageContent, runs: readonly TextRun[], exclude: readonly BBox[]): FoundChart[] {
  const shapes = content.shapes ?? [];
  const out: FoundChart[] = [];
  const add = (found: FoundChart[]) => {
    for (const r of found) if (!out.some((o) => overlaps(o.box, r.box))) out.push(r);
  };
  // Past a few thousand rectangles (maps, dense shaded tables) the quadratic bar search is not run.
  if (content.rects.length >= 2 && content.rects.length <= MAX_RECTS) add(findBarCharts(content.rects, shapes, runs, exclude));
  if (shapes.length >= 1) {
    const taken = [...exclude, ...out.map((o) => o.box)];
    add(findPieCharts(shapes, runs, taken));
    add(findLineCharts(shapes, runs, [...taken, ...out.map((o) => o.box)]));
  }
  // Read charts take in their axis titles too.
  if (out.length) {
    const texts = chartTexts(runs);
    const em = medianSize(texts);
    for (const o of out) {
      const titles = axisTitles(o.box, texts, em).filter((t) => !out.some((p) => p !== o && contains(p.box, t.box)));
      o.box = union([o.box, ...titles.map((t) => t.box)]);
      o.runIndices = [...o.runIndices, ...titles.map((t) => t.i)].sort((a, b) => a - b);
    }
  }
  // Charts not read (scatter plots, curves with markers, raster plots): framed by their axes' labels.
  add(findChartFrames(content, runs, [...exclude, ...out.map((o) => o.box)]).map((f) => ({ chart: null, ...f })));
  return out;
}

function overlaps(a: BBox, b: BBox): boolean {
  return contains(a, b) || contains(b, a);
}
