/**
 * Every vector chart of a page (issue 29 item 6), read into `chart_data`: bar charts from
 * filled rectangles, line charts from stroked polylines, pies from filled slices. One entry
 * point so page analysis has a single hook; each chart later becomes one Picture block
 * whose box holds its labels. Charts overlapping one already read are dropped; charts not
 * read but framed by their axes' numbers are Pictures without data.
 */
import type { BBox } from '../../model/document.js';
import type { PageContent, TextRun, VectorShape } from '../../model/page.js';
import { type ChartData, PageTexts, contains, tickCharsWithDigit, tickNumber, union } from './chart-geometry.js';
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
  // Bars and lines are read off a value axis of three tick numbers or more, a pie from two
  // filled slices or more: pages short of either (most prose) skip those searches, whose
  // results would be empty (cheap counts, and code a pool worker then never compiles).
  const axis = hasTickNumbers(runs, 3);
  const upright = new PageTexts(runs); // the page's texts, made once (on first read) for every reader that needs them
  // Past a few thousand rectangles (maps, dense shaded tables) the quadratic bar search is not run.
  if (axis && content.rects.length >= 2 && content.rects.length <= MAX_RECTS) add(findBarCharts(content.rects, shapes, runs, exclude, upright));
  if (shapes.length >= 1) {
    const taken = [...exclude, ...out.map((o) => o.box)];
    if (countSliceShapes(shapes, 2) >= 2) add(findPieCharts(shapes, runs, taken));
    if (axis) add(findLineCharts(shapes, runs, [...taken, ...out.map((o) => o.box)], upright));
  }
  // Read charts take in their axis titles too.
  if (out.length) {
    const { texts, em } = upright;
    for (const o of out) {
      const titles = axisTitles(o.box, texts, em).filter((t) => !out.some((p) => p !== o && contains(p.box, t.box)));
      o.box = union([o.box, ...titles.map((t) => t.box)]);
      o.runIndices = [...o.runIndices, ...titles.map((t) => t.i)].sort((a, b) => a - b);
    }
  }
  // Charts not read (scatter plots, curves with markers, raster plots): framed by their axes' labels.
  add(findChartFrames(content, runs, [...exclude, ...out.map((o) => o.box)], upright).map((f) => ({ chart: null, ...f })));
  return out;
}

/** At least `min` runs are one number each (tickNumber: what findValueAxis takes for a tick). */
function hasTickNumbers(runs: readonly TextRun[], min: number): boolean {
  let n = 0;
  // (tickCharsWithDigit first: a number holds a digit and nothing but tick characters.)
  for (const r of runs) if (tickCharsWithDigit(r.text) && tickNumber(r.text) !== null && ++n >= min) return true;
  return false;
}

/** Filled closed shapes with a curve (readSlice's first test), counted up to `max`. */
function countSliceShapes(shapes: readonly VectorShape[], max: number): number {
  let n = 0;
  for (const s of shapes) if (s.fill && s.closed && s.curve.some(Boolean) && ++n >= max) break;
  return n;
}

function overlaps(a: BBox, b: BBox): boolean {
  return contains(a, b) || contains(b, a);
}
