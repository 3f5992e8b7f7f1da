/**
 * Each field's label: the phrase a reader would take for it, chosen by geometry.
 *  - left of the field on its row (the usual form line, "Age: ____"); a dot leader between
 *    them makes the distance nothing ("Wages . . . . 7 [box]");
 *  - right of a checkbox ("☒ Male");
 *  - above the field, starting within its span ("Your first name and initial" over a box;
 *    not over a fill-in line, where the text above is the previous row or a heading);
 *  - below it (labels printed under fill-in lines: "LAST", "FIRST").
 * A field's tooltip (/TU), when it reads like one of the candidates, is believed first.
 * Every (field, phrase) candidate gets a cost in em; pairs are taken cheapest first, one
 * label per field and one field per label. A box number left of its field ("7" after the
 * leader) is skipped on the way to the label and goes with the pair.
 */
import type { BBox } from '../../model/document.js';
import type { FormField } from './fields.js';
import { isBoxNumber, type Phrase } from './phrases.js';

export interface LabelledField {
  field: FormField;
  key: Phrase[];
  /** Box numbers between label and field. */
  extra: Phrase[];
}

const right = (b: BBox) => b.left + b.width;
const bottom = (b: BBox) => b.top + b.height;
const centreIn = (w: BBox, b: BBox) => w.left + w.width / 2 >= b.left - 1 && w.left + w.width / 2 <= right(b) + 1 && w.top + w.height / 2 >= b.top - 1 && w.top + w.height / 2 <= bottom(b) + 1;
const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function vOverlap(a: BBox, b: BBox): number {
  return Math.max(0, Math.min(bottom(a), bottom(b)) - Math.max(a.top, b.top)) / Math.max(1e-6, Math.min(a.height, b.height));
}

function tooltipMatches(tip: string | undefined, text: string): boolean {
  if (!tip) return false;
  const a = norm(tip);
  const b = norm(text);
  if (a.length < 2 || b.length < 2) return false;
  return a === b || (b.length >= 4 && a.includes(b)) || (a.length >= 4 && b.includes(a));
}

const isCheck = (f: FormField) => f.kind === 'checkbox' || f.kind === 'radio';

/** Most words of a fill-in line's label. */
const LINE_LABEL_WORDS = 8;

/** Cost of `p` as the label of `f` (em), or null when it cannot be. */
function cost(f: FormField, p: Phrase, fields: readonly FormField[], boxNumbers: readonly Phrase[], labelEm: number): number | null {
  const fb = f.bbox;
  const pb = p.bbox;
  const em = Math.max(4, p.em);
  if (f.labelBox) return centreIn(pb, f.labelBox) ? 0 : null;
  if (isBoxNumber(p) || !/[\p{L}\p{N}]/u.test(p.text)) return null;
  // "année : 2019" states a key and its value itself: not another field's label.
  if (/\S\s*:\s*[\p{L}\p{N}]/u.test(p.text)) return null;
  const between = (x0: number, x1: number, row: BBox) => fields.some((o) => o !== f && vOverlap(o.bbox, row) > 0.5 && o.bbox.left + o.bbox.width / 2 > x0 && o.bbox.left + o.bbox.width / 2 < x1);
  // A fill-in line's label is a few words; a sentence beside or under a rule (a footnote
  // under its separator, a paragraph) is not one.
  if (f.line && p.words.length > LINE_LABEL_WORDS) return null;
  let c: number | null = null;
  const sameRow = vOverlap(pb, fb) >= 0.5;
  if (sameRow && right(pb) <= fb.left + 0.5 * em) {
    // A dot leader, then the box's number, lead the label right up to its box.
    let reach = p.leaderEnd !== undefined ? Math.max(right(pb), p.leaderEnd) : right(pb);
    for (const b of boxNumbers) if (vOverlap(b.bbox, pb) >= 0.5 && b.bbox.left >= reach - 1 && b.bbox.left - reach <= 4 * em && right(b.bbox) <= fb.left + 1) reach = Math.max(reach, right(b.bbox));
    const gap = Math.max(0, fb.left - reach) / em;
    // A leader is the form saying so: it beats a label above.
    if (gap <= (isCheck(f) ? 3 : 12) && !between(right(pb), fb.left, pb)) c = gap + (isCheck(f) ? 1.5 : 0) - (p.leaderEnd !== undefined ? 1 : 0);
  }
  if (c === null && isCheck(f) && sameRow && pb.left >= right(fb) - 0.5 * em) {
    const gap = (pb.left - right(fb)) / em;
    if (gap <= 2.5 && !between(right(fb), pb.left, pb)) c = gap;
  }
  if (c === null && !isCheck(f)) {
    const startsInside = pb.left >= fb.left - 1.5 * em && pb.left <= fb.left + 0.6 * fb.width;
    const above = fb.top - bottom(pb);
    if (startsInside && !f.line && above >= -0.4 * em && above <= 2.5 * em) c = 1 + Math.max(0, above) / em + Math.abs(pb.left - fb.left) / (6 * em);
    // Right under a fill-in line, a small label names it ("LAST", "Signature of applicant");
    // a label above a drawn line may be the section's heading.
    const below = pb.top - bottom(fb);
    const under = f.source === 'drawn' && below <= 0.5 * em ? 0.8 : 1.8;
    // Under a line, no wider than it: a footnote under its separator runs on past it.
    const fits = !f.line || pb.width <= fb.width + em;
    const cb = startsInside && fits && below >= -0.4 * em && below <= 0.8 * em && pb.height < 2 * em ? under + Math.max(0, below) / em + Math.abs(pb.left - fb.left) / (6 * em) : null;
    if (cb !== null && (c === null || cb < c)) c = cb;
  }
  if (c === null) return null;
  if (tooltipMatches(f.tooltip, p.text)) c -= 2;
  // A title or heading (far larger than the field's neighbours) labels no field.
  if (p.em > 1.4 * labelEm) c += 1.5;
  // Words right after a checkbox are its option ("b ☐ 8919 . . . 57 [box]"): another
  // field takes them only when nothing else will do.
  if (!isCheck(f) && fields.some((o) => isCheck(o) && vOverlap(o.bbox, pb) >= 0.5 && pb.left - right(o.bbox) >= -1 && pb.left - right(o.bbox) <= 1.5 * em)) c += 2;
  return c;
}

/** Box numbers on the field's row between its label and its left edge. */
function boxNumbers(f: FormField, key: Phrase, phrases: readonly Phrase[]): Phrase[] {
  return phrases.filter((p) => isBoxNumber(p) && vOverlap(p.bbox, f.bbox) >= 0.5 && p.bbox.left >= right(key.bbox) && right(p.bbox) <= f.bbox.left + 2);
}

/** Lines a label may take (the 1040's "If more than four / dependents, see / …"). */
const MAX_LABEL_LINES = 4;

/**
 * Whether `p` is the line before `top` in one label: just above it, starting where it
 * starts (or a line number's width left of it), left of the field, with no field of its
 * own on its row, and not the end of a sentence (a paragraph above a form row ends with one).
 */
function continues(p: Phrase, top: Phrase, field: FormField, fields: readonly FormField[]): boolean {
  const gap = top.bbox.top - bottom(p.bbox);
  if (gap < -0.2 * top.em || gap > 0.6 * top.em) return false;
  if (p.bbox.left < top.bbox.left - 3 * top.em || p.bbox.left > top.bbox.left + 1.5 * top.em) return false;
  if (right(p.bbox) > right(field.bbox)) return false;
  if (/[.:;?!]$/.test(p.text) || p.leaderEnd !== undefined) return false; // a leader ends a label
  // A heading over the row is in another font (bold, larger): not the label's first line.
  const a = p.words[0]!;
  const b = top.words[0]!;
  if (a.bold !== b.bold || Math.abs(a.fontSize - b.fontSize) > 0.15 * b.fontSize) return false;
  // A field of its own just right of it: the line is that field's label.
  return !fields.some((o) => o !== field && vOverlap(o.bbox, p.bbox) >= 0.5 && o.bbox.left >= right(p.bbox) - 1 && o.bbox.left - right(p.bbox) <= 3 * top.em);
}

export function pairLabels(fields: readonly FormField[], phrases: readonly Phrase[]): LabelledField[] {
  const cands: { f: FormField; p: Phrase; c: number }[] = [];
  const boxNums = phrases.filter(isBoxNumber);
  const sizes = phrases.map((p) => p.em).sort((a, b) => a - b);
  const labelEm = sizes[Math.floor(sizes.length / 2)] ?? 10;
  for (const f of fields) {
    for (const p of phrases) {
      const c = cost(f, p, fields, boxNums, labelEm);
      if (c !== null) cands.push({ f, p, c });
    }
  }
  cands.sort((a, b) => a.c - b.c);
  const usedF = new Set<FormField>();
  const usedP = new Set<Phrase>();
  const out: LabelledField[] = [];
  for (const { f, p } of cands) {
    if (usedF.has(f) || usedP.has(p)) continue;
    usedF.add(f);
    usedP.add(p);
    out.push({ field: f, key: [p], extra: [] });
  }
  // Box numbers go with their pair; a label's first line above (a label wrapped over two
  // rows, the field beside its last) joins it when nothing else claims that line.
  for (const lf of out) {
    const key = lf.key[0]!;
    lf.extra = boxNumbers(lf.field, key, phrases).filter((p) => !usedP.has(p));
    lf.extra.forEach((p) => usedP.add(p));
    if (vOverlap(key.bbox, lf.field.bbox) < 0.5) continue;
    for (let n = 0; n < MAX_LABEL_LINES - 1; n++) {
      const top = lf.key[0]!;
      const up = phrases.find((p) => !usedP.has(p) && !isBoxNumber(p) && continues(p, top, lf.field, fields));
      if (!up) break;
      usedP.add(up);
      lf.key.unshift(up);
    }
  }
  return out;
}
