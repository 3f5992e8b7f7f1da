/**
 * Fields in ruled cells, the tax-form style (W-9, W-4): a band between two horizontal
 * rules, cut into cells by vertical rules (a cell is closed by one on its left), with a label in its top-left corner and
 * the value (or nothing yet) below it. The label sits against the band's top rule (much
 * closer to it than to the band's bottom), so a table row, its text in the middle of the
 * row, is not taken for one. A cell with more than two rows of text under its label is a
 * paragraph or a group of checkboxes, not one field.
 */
import type { BBox } from '../../model/document.js';
import type { RuleLine } from '../../model/page.js';
import type { FormField } from './fields.js';
import type { FormWord } from './phrases.js';

interface Seg {
  a: number;
  b: number;
  at: number;
}

const right = (b: BBox) => b.left + b.width;
const bottom = (b: BBox) => b.top + b.height;

export function cellFields(rules: readonly RuleLine[], words: readonly FormWord[], em: number): FormField[] {
  const h: Seg[] = [];
  const v: Seg[] = [];
  for (const r of rules) {
    if (Math.abs(r.y1 - r.y0) < 1.5 && Math.abs(r.x1 - r.x0) >= 6 * em) h.push({ a: Math.min(r.x0, r.x1), b: Math.max(r.x0, r.x1), at: (r.y0 + r.y1) / 2 });
    else if (Math.abs(r.x1 - r.x0) < 1.5) v.push({ a: Math.min(r.y0, r.y1), b: Math.max(r.y0, r.y1), at: (r.x0 + r.x1) / 2 });
  }
  const out: FormField[] = [];
  for (const top of h) {
    // The next rule below sharing most of this one's span closes the band.
    const base = h
      .filter((o) => o.at - top.at >= 1.6 * em && o.at - top.at <= 6 * em && Math.min(o.b, top.b) - Math.max(o.a, top.a) >= 0.5 * Math.min(o.b - o.a, top.b - top.a))
      .sort((x, y) => x.at - y.at)[0];
    if (!base) continue;
    const a = Math.max(top.a, base.a);
    const b = Math.min(top.b, base.b);
    const bandH = base.at - top.at;
    const cuts = v.filter((s) => s.at > a + em && s.at < b - em && s.a <= top.at + 0.3 * bandH && s.b >= base.at - 0.3 * bandH).map((s) => s.at).sort((x, y) => x - y);
    // A cell is closed on its left by a vertical rule: rules with labels under them
    // ("LAST" under a fill-in line, the next field's value above the next line) are not cells.
    const leftClosed = v.some((s) => Math.abs(s.at - a) <= 0.5 * em && s.a <= top.at + 0.3 * bandH && s.b >= base.at - 0.3 * bandH);
    const edges = [a, ...cuts, b];
    for (let i = leftClosed ? 0 : 1; i + 1 < edges.length; i++) {
      const cell: BBox = { left: edges[i]!, top: top.at, width: edges[i + 1]! - edges[i]!, height: bandH };
      const f = cellField(cell, words, em);
      if (f) out.push(f);
    }
  }
  return out;
}

function cellField(cell: BBox, words: readonly FormWord[], em: number): FormField | null {
  const inside = words.filter((w) => {
    const cx = w.bbox.left + w.bbox.width / 2;
    const cy = w.bbox.top + w.bbox.height / 2;
    return cx > cell.left && cx < right(cell) && cy > cell.top && cy < bottom(cell);
  });
  if (inside.length === 0) return null;
  const firstTop = Math.min(...inside.map((w) => w.bbox.top));
  const labelRow = inside.filter((w) => w.bbox.top < firstTop + 0.5 * w.bbox.height);
  const labelBox = { left: Math.min(...labelRow.map((w) => w.bbox.left)), top: firstTop, width: 0, height: 0 };
  labelBox.width = Math.max(...labelRow.map((w) => right(w.bbox))) - labelBox.left;
  labelBox.height = Math.max(...labelRow.map((w) => bottom(w.bbox))) - firstTop;
  // Top-left: against the top rule and near the cell's left edge.
  const above = firstTop - cell.top;
  const below = bottom(cell) - bottom(labelBox);
  if (labelBox.left - cell.left > 1.5 * em || above > 0.8 * em || above > 0.5 * below || below < 1.2 * em) return null;
  const rest = inside.filter((w) => !labelRow.includes(w));
  const rows = new Set(rest.map((w) => Math.round((w.bbox.top + w.bbox.height / 2) / (0.8 * em))));
  if (rows.size > 2) return null;
  const labelSize = Math.max(...labelRow.map((w) => w.fontSize));
  if (rest.some((w) => w.fontSize < 0.8 * labelSize)) return null;
  const box: BBox = { left: cell.left, top: bottom(labelBox), width: cell.width, height: bottom(cell) - bottom(labelBox) };
  const value = rest.sort((x, y) => x.bbox.top - y.bbox.top || x.bbox.left - y.bbox.left).map((w) => w.text).join(' ');
  return { bbox: box, kind: 'text', value, valueWords: rest, source: 'drawn', labelBox };
}
