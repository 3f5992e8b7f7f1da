/**
 * Where values go on a form page: the AcroForm widgets when the PDF has them, otherwise
 * what the page draws for a value (printed forms, flattened forms, scans):
 *  - a checkbox: a small square of four rules or a small filled square, or a box glyph
 *    (☐ ☑ ☒); checked when a drawing (an X, a tick path, a dot) or a mark glyph is inside;
 *  - a ruled cell with its label in the top-left corner (cell-fields.ts);
 *  - a box: two rules of one span 0.8-4 em apart (not a row of a grid), its words inside
 *    the value (a scan's box border read as "[" or "|" trimmed);
 *  - a fill-in line: a horizontal rule at least 2.5 em long (one over 60 % of the page
 *    width only when a label leads into it: others separate sections) whose words on it,
 *    if any, are the value; a rule
 *    that just underlines a text (starts and ends with it) is not a field.
 */
import type { BBox } from '../../model/document.js';
import type { FormWidget, RuleLine } from '../../model/page.js';
import type { FormWord } from './phrases.js';
import { cellFields } from './cell-fields.js';

export interface FormField {
  bbox: BBox;
  kind: FormWidget['kind'];
  /** Value text (filled widget, or the words written on the field). */
  value: string;
  checked?: boolean;
  tooltip?: string;
  /** Words of the page that are the value (drawn fields): claimed with the pair. */
  valueWords: FormWord[];
  source: 'widget' | 'drawn';
  /** A fill-in line (its box is the band above the rule): labelled left of it or under it. */
  line?: boolean;
  /** A ruled cell's label, in its top-left corner (cell-fields.ts): the label is what is there. */
  labelBox?: BBox;
}

const BOX_GLYPH = /^[☐☑☒□■▢▣✓✔✗✘]$/u;
const CHECKED_GLYPH = /^[☑☒■▣✓✔✗✘xX]$/u;

const right = (b: BBox) => b.left + b.width;
const bottom = (b: BBox) => b.top + b.height;
const centreIn = (w: BBox, b: BBox, pad = 0) => {
  const cx = w.left + w.width / 2;
  const cy = w.top + w.height / 2;
  return cx >= b.left - pad && cx <= right(b) + pad && cy >= b.top - pad && cy <= bottom(b) + pad;
};

/**
 * One printed box split into two widgets, the second narrow and touching the first (the
 * IRS's dollars and cents): one field. An amount's parts join with a point.
 */
function joinSplitBoxes(widgets: readonly FormWidget[]): FormWidget[] {
  const out: FormWidget[] = [];
  const text = widgets.filter((w) => w.kind === 'text');
  const taken = new Set<FormWidget>();
  for (const w of widgets) {
    if (taken.has(w)) continue;
    const tail = w.kind !== 'text' ? undefined : text.find((o) => o !== w && !taken.has(o) && Math.abs(o.bbox.left - right(w.bbox)) <= 2 && Math.abs(o.bbox.top - w.bbox.top) <= 1.5 && Math.abs(bottom(o.bbox) - bottom(w.bbox)) <= 1.5 && o.bbox.width <= Math.min(40, 0.4 * w.bbox.width));
    if (!tail) {
      out.push(w);
      continue;
    }
    taken.add(tail);
    const value = w.value && tail.value ? (/^[\d,]+$/.test(w.value) && /^\d{2}$/.test(tail.value) ? `${w.value}.${tail.value}` : `${w.value} ${tail.value}`) : w.value || tail.value;
    out.push({ ...w, bbox: { left: w.bbox.left, top: Math.min(w.bbox.top, tail.bbox.top), width: right(tail.bbox) - w.bbox.left, height: Math.max(bottom(w.bbox), bottom(tail.bbox)) - Math.min(w.bbox.top, tail.bbox.top) }, value });
  }
  return out;
}

export function widgetFields(all: readonly FormWidget[], words: readonly FormWord[]): FormField[] {
  const widgets = joinSplitBoxes(all);
  return widgets.map((w) => {
    // A flattened or printed value under the widget counts when the widget holds none.
    const under = w.kind === 'text' || w.kind === 'choice' ? words.filter((x) => centreIn(x.bbox, w.bbox)) : [];
    const value = w.value || under.map((x) => x.text).join(' ');
    return { bbox: w.bbox, kind: w.kind, value, ...(w.checked !== undefined ? { checked: w.checked } : {}), ...(w.tooltip ? { tooltip: w.tooltip } : {}), valueWords: w.value ? [] : under, source: 'widget' as const };
  });
}

/** A drawn field's words as its value; OCR reads a box's border as "[", "|" or "]". */
function cleanValue(words: readonly FormWord[]): string {
  return words.map((w) => w.text).join(' ').replace(/^[[|\]]+\s*|\s*[[|\]]+$/g, '').trim();
}

interface Seg {
  a: number;
  b: number;
  at: number;
}

/** Axis-aligned rules as horizontal and vertical segments. */
function splitRules(rules: readonly RuleLine[]): { h: Seg[]; v: Seg[] } {
  const h: Seg[] = [];
  const v: Seg[] = [];
  for (const r of rules) {
    if (Math.abs(r.y1 - r.y0) < 1.5) h.push({ a: Math.min(r.x0, r.x1), b: Math.max(r.x0, r.x1), at: (r.y0 + r.y1) / 2 });
    else if (Math.abs(r.x1 - r.x0) < 1.5) v.push({ a: Math.min(r.y0, r.y1), b: Math.max(r.y0, r.y1), at: (r.x0 + r.x1) / 2 });
  }
  return { h, v };
}

export interface DrawnInput {
  rules: readonly RuleLine[];
  rects: readonly BBox[];
  graphics: readonly BBox[];
  words: readonly FormWord[];
  pageWidth: number;
  /** Body font size of the page. */
  em: number;
}

/**
 * Checkboxes, boxes and fill-in lines drawn on the page. The rules of a ruled data table
 * are not taken: its row rules underline their rows' text from end to end, and its boxes
 * are rows of a grid.
 */
export function drawnFields(p: DrawnInput): FormField[] {
  const cells = cellFields(p.rules, p.words, p.em);
  const inCell = (f: FormField) => cells.some((c) => centreIn(f.bbox, { left: c.bbox.left, top: c.labelBox!.top, width: c.bbox.width, height: c.bbox.top + c.bbox.height - c.labelBox!.top }));
  return [...cells, ...drawnOthers(p).filter((f) => f.kind !== 'text' || !inCell(f))];
}

function drawnOthers(p: DrawnInput): FormField[] {
  const out: FormField[] = [];
  const { h, v } = splitRules(p.rules);
  const usedH = new Set<Seg>();
  const boxMin = 0.5 * p.em;
  const boxMax = 2.2 * p.em;
  const squares: BBox[] = [];
  // Squares of four rules: two horizontal rules of one length, one above the other.
  for (const top of h) {
    const len = top.b - top.a;
    if (len < boxMin || len > boxMax || usedH.has(top)) continue;
    const base = h.find((o) => o !== top && !usedH.has(o) && Math.abs(o.a - top.a) < 1.5 && Math.abs(o.b - top.b) < 1.5 && o.at - top.at > 0.6 * len && o.at - top.at < 1.5 * len);
    if (!base) continue;
    const sides = v.filter((s) => s.a <= top.at + 1.5 && s.b >= base.at - 1.5 && (Math.abs(s.at - top.a) < 1.5 || Math.abs(s.at - top.b) < 1.5));
    if (sides.length < 2) continue;
    usedH.add(top).add(base);
    squares.push({ left: top.a, top: top.at, width: len, height: base.at - top.at });
  }
  for (const r of p.rects) if (r.width >= boxMin && r.width <= boxMax && Math.abs(r.width - r.height) < 0.25 * r.width) squares.push(r);
  const glyphs = p.words.filter((w) => BOX_GLYPH.test(w.text));
  for (const g of glyphs) if (!squares.some((s) => centreIn(g.bbox, s))) squares.push(g.bbox);
  for (const s of squares) {
    const inner = p.words.filter((w) => centreIn(w.bbox, s, 1));
    const marked = inner.some((w) => CHECKED_GLYPH.test(w.text)) || p.graphics.some((g) => centreIn(g, s, 1) && g.width < s.width * 1.3);
    out.push({ bbox: s, kind: 'checkbox', value: '', checked: marked, valueWords: inner, source: 'drawn' });
  }
  // Fill-in lines: collinear pieces joined, then their words.
  const lines = h.filter((s) => !usedH.has(s)).sort((a, b) => a.at - b.at || a.a - b.a);
  const merged: Seg[] = [];
  for (const s of lines) {
    const last = merged[merged.length - 1];
    if (last && Math.abs(last.at - s.at) < 1 && s.a - last.b < 0.5 * p.em) last.b = Math.max(last.b, s.b);
    else merged.push({ ...s });
  }
  // Boxes: two rules of one span, 0.8-4 em apart, closed by vertical rules at both ends,
  // and not one row of a grid (no third rule of that span just above or below).
  const sameSpan = (x: Seg, y: Seg) => Math.abs(x.a - y.a) <= 2 && Math.abs(x.b - y.b) <= 2;
  const inBox = new Set<Seg>();
  for (const top of merged) {
    if (inBox.has(top)) continue;
    const base = merged.find((o) => o !== top && !inBox.has(o) && sameSpan(o, top) && o.at - top.at >= 0.8 * p.em && o.at - top.at <= 4 * p.em);
    if (!base) continue;
    const h = base.at - top.at;
    // Rows of a grid: the next rule of the span one row height on (sides are not required:
    // on a scan, a box's sides are shorter than the quarter inch the rule finder keeps).
    const rowAway = (o: Seg) => Math.abs(Math.abs(o.at - (o.at < top.at ? top.at : base.at)) - h) <= 0.2 * h;
    if (merged.some((o) => o !== top && o !== base && sameSpan(o, top) && (o.at < top.at || o.at > base.at) && rowAway(o))) continue;
    inBox.add(top).add(base);
    const box: BBox = { left: top.a, top: top.at, width: top.b - top.a, height: h };
    const inside = p.words.filter((w) => centreIn(w.bbox, box));
    out.push({ bbox: box, kind: 'text', value: cleanValue(inside), valueWords: inside, source: 'drawn' });
  }
  for (const s of merged) {
    if (inBox.has(s)) continue;
    const len = s.b - s.a;
    if (len < 2.5 * p.em) continue;
    // A rule across most of the page separates sections, unless a label leads into it
    // ("Special needs: ______" to the margin).
    const led = () => p.words.some((w) => right(w.bbox) <= s.a + 1 && s.a - right(w.bbox) <= 2 * p.em && bottom(w.bbox) >= s.at - 1.6 * p.em && bottom(w.bbox) <= s.at + 0.4 * p.em);
    if (len > 0.6 * p.pageWidth && !led()) continue;
    const box: BBox = { left: s.a, top: s.at - 1.8 * p.em, width: len, height: 1.8 * p.em };
    const on = p.words.filter((w) => {
      const cx = w.bbox.left + w.bbox.width / 2;
      // Written on the line: its bottom (descent included) just above or on the rule.
      return cx >= s.a && cx <= s.b && bottom(w.bbox) <= s.at + 0.5 * p.em && bottom(w.bbox) >= s.at - 1.0 * p.em;
    });
    if (on.length > 0) {
      const l = Math.min(...on.map((w) => w.bbox.left));
      const r = Math.max(...on.map((w) => right(w.bbox)));
      if (l - s.a < 0.5 * p.em && s.b - r < 0.5 * p.em) continue; // an underlined text
      // A value is written from the line's start and leaves it running on; words spread
      // over the rule in cells, or reaching its end, are a table row over its rule.
      if (s.b - r < 1.5 * p.em) continue;
      const xs = on.slice().sort((a, b) => a.bbox.left - b.bbox.left);
      if (xs.some((w, i) => i > 0 && w.bbox.left - right(xs[i - 1]!.bbox) > 2 * p.em)) continue;
    }
    out.push({ bbox: box, kind: 'text', value: cleanValue(on), valueWords: on, source: 'drawn', line: true });
  }
  return out;
}
