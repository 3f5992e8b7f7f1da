/**
 * What the bar-chart reader costs on a page of many rectangles and no chart (a map, a shaded
 * table): the reader groups rectangles by their edges before it reads any, and that grouping
 * must not grow with the square of their number. Generated pages (rows of shaded cells,
 * seeded random rectangles) of 500 to 3,000 rectangles, the cap above which `findCharts`
 * does not look for bars; with another build's `src/` given, that build's reader runs on the
 * same pages, alternating, and the ratio is printed.
 *   npx tsx bench/chart-rect-soup.ts [/path/to/other/src] [--rounds 3]
 */
import path from 'node:path';
import type { BBox } from '../src/model/document.js';
import { findBarCharts } from '../src/pipeline/charts/read-bar-chart.js';

const argv = process.argv.slice(2);
const rounds = Number(argv.includes('--rounds') ? argv[argv.indexOf('--rounds') + 1] : '3');
const otherDir = argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--rounds');
const other = otherDir ? ((await import(path.resolve(otherDir, 'pipeline/charts/read-bar-chart.ts'))) as { findBarCharts: typeof findBarCharts }).findBarCharts : null;

let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pages: Array<[string, BBox[]]> = [];
for (const n of [500, 1000, 2000, 3000]) {
  // Shaded table cells: rows of 20 sharing a bottom within a point, three heights a row.
  pages.push([`cells ${n}`, Array.from({ length: n }, (_, i) => ({ left: 20 + (i % 20) * 28, top: 20 + Math.floor(i / 20) * 9 + (i % 3) * 0.5, width: 27, height: 8 + (i % 3) * 0.5 }))]);
  pages.push([`random ${n}`, Array.from({ length: n }, () => ({ left: rnd() * 560, top: Math.round(rnd() * 3200) / 4, width: 1 + rnd() * 30, height: 1 + rnd() * 30 }))]);
}

const time = (f: typeof findBarCharts, rects: BBox[]): number => {
  const t = performance.now();
  f(rects, [], []);
  return performance.now() - t;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, rects] of pages) {
  const mine: number[] = [];
  const theirs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    mine.push(time(findBarCharts, rects));
    if (other) theirs.push(time(other, rects));
  }
  const m = median(mine);
  console.log(other ? `${name}: this ${m.toFixed(1)} ms, other ${median(theirs).toFixed(1)} ms, ratio ${(m / median(theirs)).toFixed(3)}` : `${name}: ${m.toFixed(1)} ms`);
}
