/**
 * The box and largest font size of a group of runs: a line's pieces are measured this way by
 * the passes that join them again (attach-scripts.ts, rejoin-lines.ts, justified-rows.ts).
 */
import type { TextRun } from '../../model/page.js';

export interface RunExtent {
  left: number;
  right: number;
  top: number;
  bottom: number;
  size: number;
}

export function extentOf(runs: readonly TextRun[]): RunExtent {
  let left = Infinity, right = -Infinity, top = Infinity, bottom = -Infinity, size = 0;
  for (const r of runs) {
    if (r.bbox.left < left) left = r.bbox.left;
    if (r.bbox.left + r.bbox.width > right) right = r.bbox.left + r.bbox.width;
    if (r.bbox.top < top) top = r.bbox.top;
    if (r.bbox.top + r.bbox.height > bottom) bottom = r.bbox.top + r.bbox.height;
    if (r.fontSize > size) size = r.fontSize;
  }
  return { left, right, top, bottom, size };
}
