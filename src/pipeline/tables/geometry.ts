/**
 * Small geometric helpers shared by the table builders: 1-D clustering, interval cover and
 * box tests. Everything is in page units, top-left origin.
 */
import type { BBox } from '../../model/document.js';

/** Cluster sorted-or-not values: neighbours closer than `tol` join; returns cluster means. */
export function clusterValues(values: readonly number[], tol: number): number[] {
  const sorted = values.slice().sort((a, b) => a - b);
  const out: number[][] = [];
  for (const v of sorted) {
    const last = out[out.length - 1];
    if (last && v - last[last.length - 1]! <= tol) last.push(v);
    else out.push([v]);
  }
  return out.map((g) => g.reduce((s, x) => s + x, 0) / g.length);
}

/** Index of the interval of sorted `edges` (length n+1) that holds `v`, clamped to [0, n-1]. */
export function bandOf(edges: readonly number[], v: number): number {
  let lo = 0;
  let hi = edges.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (edges[mid]! <= v) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

export function centreX(b: BBox): number {
  return b.left + b.width / 2;
}

export function centreY(b: BBox): number {
  return b.top + b.height / 2;
}

export function containsPoint(b: BBox, x: number, y: number, pad = 0): boolean {
  return x >= b.left - pad && x <= b.left + b.width + pad && y >= b.top - pad && y <= b.top + b.height + pad;
}

/** Share of `inner`'s area that lies in `outer`. */
export function insideShare(inner: BBox, outer: BBox): number {
  const w = Math.min(inner.left + inner.width, outer.left + outer.width) - Math.max(inner.left, outer.left);
  const h = Math.min(inner.top + inner.height, outer.top + outer.height) - Math.max(inner.top, outer.top);
  const area = inner.width * inner.height;
  if (w <= 0 || h <= 0) return 0;
  return area > 0 ? (w * h) / area : 1;
}

export function median(values: readonly number[], dflt = 0): number {
  if (values.length === 0) return dflt;
  const s = values.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function boxFromEdges(x0: number, y0: number, x1: number, y1: number): BBox {
  return { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
}
