/**
 * Ruled (lattice) table regions: connected groups of horizontal and vertical rules that
 * cross or touch. A group needs at least two rules of each direction (the outer frame of
 * a table drawn with only row rules still has its two sides). The grid inside is built
 * by grid-builder.ts, which also finds columns the rules leave out.
 *
 * Page decoration is not a table: a border around the whole page is taken away (tables
 * drawn inside it touch it), and a large region drawn with only a few rules (a sidebar
 * separator, a box around a page section) is left to the text-based detector.
 */
import type { BBox } from '../../model/document.js';
import type { RuleSet, Seg } from './rule-segments.js';

/** Points: rules this close to touching are connected. */
const TOUCH = 3;

export interface RuledRegion {
  bbox: BBox;
  h: Seg[];
  v: Seg[];
}

export function ruledRegions(rules: RuleSet, page?: { width: number; height: number }): RuledRegion[] {
  const out: RuledRegion[] = [];
  for (const g of components(rules)) {
    if (page && g.bbox.width >= 0.85 * page.width && g.bbox.height >= 0.85 * page.height) {
      // A page border: drop the rules along the region's edges and look again inside.
      const edge = (s: Seg, lo: number, hi: number) => Math.abs(s.pos - lo) <= TOUCH || Math.abs(s.pos - hi) <= TOUCH;
      const inner = { h: g.h.filter((s) => !edge(s, g.bbox.top, g.bbox.top + g.bbox.height)), v: g.v.filter((s) => !edge(s, g.bbox.left, g.bbox.left + g.bbox.width)) };
      if (inner.h.length < g.h.length || inner.v.length < g.v.length) {
        out.push(...ruledRegions(inner));
        continue;
      }
    }
    const sparse = g.h.length <= 3 && g.v.length <= 2;
    if (page && sparse && g.bbox.width * g.bbox.height >= 0.3 * page.width * page.height) continue;
    out.push(g);
  }
  return out.sort((a, b) => a.bbox.top - b.bbox.top || a.bbox.left - b.bbox.left);
}

function components(rules: RuleSet): RuledRegion[] {
  const { h, v } = rules;
  if (h.length < 2 || v.length < 2) return [];
  const parent = Array.from({ length: h.length + v.length }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  // Sort verticals by x so each horizontal only visits the verticals within its extent.
  const vOrder = v.map((_, j) => j).sort((a, b) => v[a]!.pos - v[b]!.pos);
  const vPos = vOrder.map((j) => v[j]!.pos);
  for (let i = 0; i < h.length; i++) {
    const s = h[i]!;
    let lo = 0;
    let hi = vPos.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (vPos[mid]! < s.a - TOUCH) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < vPos.length && vPos[k]! <= s.b + TOUCH; k++) {
      const t = v[vOrder[k]!]!;
      if (s.pos >= t.a - TOUCH && s.pos <= t.b + TOUCH) parent[find(i)] = find(h.length + vOrder[k]!);
    }
  }
  const groups = new Map<number, RuledRegion>();
  const add = (root: number, seg: Seg, horizontal: boolean) => {
    let g = groups.get(root);
    if (!g) {
      g = { bbox: { left: Infinity, top: Infinity, width: 0, height: 0 }, h: [], v: [] };
      groups.set(root, g);
    }
    (horizontal ? g.h : g.v).push(seg);
  };
  h.forEach((s, i) => add(find(i), s, true));
  v.forEach((s, j) => add(find(h.length + j), s, false));
  const out: RuledRegion[] = [];
  for (const g of groups.values()) {
    if (g.h.length < 2 || g.v.length < 2) continue;
    const x0 = Math.min(...g.h.map((s) => s.a), ...g.v.map((s) => s.pos));
    const x1 = Math.max(...g.h.map((s) => s.b), ...g.v.map((s) => s.pos));
    const y0 = Math.min(...g.v.map((s) => s.a), ...g.h.map((s) => s.pos));
    const y1 = Math.max(...g.v.map((s) => s.b), ...g.h.map((s) => s.pos));
    if (x1 - x0 < 20 || y1 - y0 < 8) continue;
    g.bbox = { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
    out.push(g);
  }
  return out;
}
