/**
 * Gutters cut into slivers under a spanning caption (gutter-bands.ts, bench/synthetic-columns.ts
 * seed 128): kept apart from the band search, whose per-point loops it does not touch.
 */
import type { Points } from './gutter-bands.js';

/**
 * Touching open runs each narrower than a gutter, which together are one (`runs`: [i, j)
 * pairs, each starting where the one before ends): a gutter under a spanning caption is
 * crossed by the caption's glyphs, twice at some points (their bands narrowed to the stretch
 * under the caption, open 2) and once at others (still open by the count, open 1, their band
 * the whole two-sided one), and sameRun cut it into slivers. They are one gap when the
 * count-opened runs' bands hold (within `em`) the stretch all the stretch-opened runs share
 * (their bands' intersection), which becomes the gap's band (acceptGap then asks it to be a
 * band of columns: high enough, both sides filled inside it). Returns [i, j, band] or null. Gaps wide enough alone are never joined here, so a
 * gutter found before is found the same.
 */
export function fragmentsGap(runs: ReadonlyArray<[number, number]>, open: Uint8Array, p: Points, minWidth: number, em: number): [number, number, { top: number; bottom: number }] | null {
  const first = runs[0]!, last = runs[runs.length - 1]!;
  if (last[1] - first[0] < minWidth) return null;
  for (let k = 1; k < runs.length; k++) if (runs[k]![0] !== runs[k - 1]![1]) return null;
  const narrowed = runs.filter(([i]) => open[i] === 2);
  if (narrowed.length === 0) return null;
  let top = -Infinity, bottom = Infinity;
  for (const [i, j] of narrowed) for (let x = i; x < j; x++) {
    top = Math.max(top, p.bandTop[x]!);
    bottom = Math.min(bottom, p.bandBottom[x]!);
  }
  if (!(bottom > top)) return null;
  for (const [i, j] of runs) for (let x = i; x < j; x++) if (open[x] === 1 && !(p.bandTop[x]! <= top + em && p.bandBottom[x]! >= bottom - em)) return null;
  return [first[0], last[1], { top, bottom }];
}

