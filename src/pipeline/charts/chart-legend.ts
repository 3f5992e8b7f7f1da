/**
 * A chart's legend: small coloured swatches (filled boxes, or short stroked lines for line
 * charts) each with the text just right of it. Series and pie slices are named by matching
 * their colour to a swatch's; when colours are missing or do not match, by drawing order
 * when there are as many entries as series. Works in page space (legends are horizontal
 * text whatever the chart's orientation).
 */
import type { BBox } from '../../model/document.js';
import type { VectorShape } from '../../model/page.js';
import { type ChartText, bottom, cy, right } from './chart-geometry.js';

export interface LegendEntry {
  colour: string | null;
  swatch: BBox;
  label: ChartText[];
  name: string;
}

export function shapeBox(s: VectorShape): BBox {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [x, y] of s.points) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
}

/** Colour of the filled shape whose box is `b` (a rectangle of the page), or null. */
export function fillOf(b: BBox, shapes: readonly VectorShape[]): string | null {
  for (const s of shapes) {
    if (!s.fill) continue;
    const sb = shapeBox(s);
    if (Math.abs(sb.left - b.left) < 0.05 && Math.abs(sb.top - b.top) < 0.05 && Math.abs(sb.width - b.width) < 0.05 && Math.abs(sb.height - b.height) < 0.05) return s.fill;
  }
  return null;
}

/**
 * Legend entries around `region` (within half its size): swatches not in `exclude` (the
 * chart's own marks), each with the text starting just right of it on its line.
 */
export function readLegend(region: BBox, shapes: readonly VectorShape[], texts: readonly ChartText[], em: number, exclude: (b: BBox) => boolean): LegendEntry[] {
  const mx = 0.5 * region.width + 2 * em;
  const my = 0.5 * region.height + 2 * em;
  const near = (b: BBox) => b.left + b.width / 2 >= region.left - mx && b.left + b.width / 2 <= right(region) + mx && cy(b) >= region.top - my && cy(b) <= bottom(region) + my;
  const entries: LegendEntry[] = [];
  for (const s of shapes) {
    const b = shapeBox(s);
    const box = s.fill && b.width <= 14 && b.height <= 14 && b.width >= 2 && b.height >= 2;
    const line = !s.fill && s.stroke && s.points.length === 2 && b.height < 1 && b.width >= 6 && b.width <= 40;
    if ((!box && !line) || !near(b) || exclude(b)) continue;
    const label = texts.filter((t) => Math.abs(cy(t.box) - cy(b)) < 0.8 * Math.max(em, t.box.height) && t.box.left >= right(b) - 1 && t.box.left <= right(b) + 2 * em);
    if (label.length === 0) continue;
    // A line of text may hold several entries: keep the runs before the next swatch.
    const first = label.sort((a, c) => a.box.left - c.box.left)[0]!;
    const run = [first];
    for (const t of label.slice(1)) if (t.box.left - right(run[run.length - 1]!.box) < 0.6 * em) run.push(t);
    if (entries.some((e) => Math.abs(e.swatch.left - b.left) < 0.5 && Math.abs(e.swatch.top - b.top) < 0.5)) continue;
    entries.push({ colour: s.fill ?? s.stroke, swatch: b, label: run, name: run.map((t) => t.text).join(' ') });
  }
  return entries;
}

/** Names for series of the given colours: by colour when every one matches, else by order. */
export function namesFor(colours: ReadonlyArray<string | null>, legend: readonly LegendEntry[]): { names: Array<string | null>; used: LegendEntry[] } {
  const byColour = colours.map((c) => (c ? legend.filter((e) => e.colour === c) : []));
  if (colours.length > 0 && byColour.every((m) => m.length === 1) && new Set(byColour.map((m) => m[0])).size === colours.length) {
    const used = byColour.map((m) => m[0]!);
    return { names: used.map((e) => e.name), used };
  }
  if (legend.length === colours.length) return { names: legend.map((e) => e.name), used: [...legend] };
  return { names: colours.map(() => null), used: [] };
}
