/**
 * Vector rules → clean horizontal and vertical segments: thin lines only, collinear pieces
 * joined (a table's border is often drawn as one stroke per cell side), and positions of
 * near-duplicates (double borders, a stroke drawn over a fill) merged.
 */
import type { RuleLine } from '../../model/page.js';

/** An axis-parallel segment: `pos` is y for horizontal, x for vertical; [a, b] runs along it. */
export interface Seg {
  pos: number;
  a: number;
  b: number;
}

export interface RuleSet {
  h: Seg[];
  v: Seg[];
}

/** Points: two segments closer than this across their axis are one line. */
export const POS_TOL = 1.5;
/** Points: collinear segments with at most this gap along their axis are joined. */
export const JOIN_TOL = 3;
/** Segments shorter than this are glyph parts or dots, not rules. */
const MIN_LENGTH = 4;

function joinCollinear(segs: Seg[]): Seg[] {
  const sorted = segs.slice().sort((s, t) => s.pos - t.pos);
  // Group by position first (sorted, so one pass), then join intervals inside a group.
  const groups: Seg[][] = [];
  for (const s of sorted) {
    const g = groups[groups.length - 1];
    if (g && s.pos - g[g.length - 1]!.pos <= POS_TOL) g.push(s);
    else groups.push([s]);
  }
  const out: Seg[] = [];
  for (const g of groups) {
    const pos = g.reduce((acc, s) => acc + s.pos * (s.b - s.a), 0) / Math.max(1e-9, g.reduce((acc, s) => acc + (s.b - s.a), 0));
    const byStart = g.slice().sort((s, t) => s.a - t.a);
    let cur: Seg | undefined;
    for (const s of byStart) {
      if (cur && s.a <= cur.b + JOIN_TOL) cur.b = Math.max(cur.b, s.b);
      else {
        if (cur) out.push(cur);
        cur = { pos, a: s.a, b: s.b };
      }
    }
    if (cur) out.push(cur);
  }
  return out;
}

/** Split rules into horizontal and vertical segments and join collinear pieces. */
export function ruleSegments(rules: readonly RuleLine[]): RuleSet {
  const h: Seg[] = [];
  const v: Seg[] = [];
  for (const r of rules) {
    const dx = Math.abs(r.x1 - r.x0);
    const dy = Math.abs(r.y1 - r.y0);
    if (dy <= 1 && dx >= MIN_LENGTH) h.push({ pos: (r.y0 + r.y1) / 2, a: Math.min(r.x0, r.x1), b: Math.max(r.x0, r.x1) });
    else if (dx <= 1 && dy >= MIN_LENGTH) v.push({ pos: (r.x0 + r.x1) / 2, a: Math.min(r.y0, r.y1), b: Math.max(r.y0, r.y1) });
  }
  return { h: joinCollinear(h), v: joinCollinear(v) };
}

/** Fraction of [a, b] covered by segments lying at `pos` (within `tol`). */
export function coverage(segs: readonly Seg[], pos: number, a: number, b: number, tol = 2): number {
  if (b <= a) return 1;
  const parts: Array<[number, number]> = [];
  for (const s of segs) {
    if (Math.abs(s.pos - pos) <= tol && s.b > a && s.a < b) parts.push([Math.max(s.a, a), Math.min(s.b, b)]);
  }
  parts.sort((x, y) => x[0] - y[0]);
  let covered = 0;
  let end = a;
  for (const [s, e] of parts) {
    if (e <= end) continue;
    covered += e - Math.max(s, end);
    end = e;
  }
  return covered / (b - a);
}
