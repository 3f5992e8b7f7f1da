/**
 * Text drawn over itself is read once. PDFs fake bold by drawing a string two to four times at
 * offsets of a fraction of a point, and draw drop shadows, outlines and duplicate layers the
 * same way, a whole string or glyph by glyph; read as they are, a title became "2012 BETTER
 * VARIETIES Harvest Report …2012 BETTER VARIETIES Harvest Report …" and every count of words,
 * search and bag-of-words measure saw it twice. pdftotext drops such copies too.
 *
 * A run is a copy when another run of the same size (within 5 %) on the same line covers it
 * and reads the same there: the same text with a box within a third of the size, and within
 * half its own width and height, on every side (the first drawn is kept); or a longer text
 * under 70 % of its width or more whose characters at its place are its own ("A", "m", … drawn again
 * over "Amendment.)"), in either drawing order. Two narrow letters side by side ("ll" drawn
 * glyph by glyph) stand a whole width apart and are both kept; text repeated elsewhere on the
 * page (a table's headers, a running title) stands a line or more away and is kept.
 */
import type { TextRun } from '../../model/page.js';

const NEAR = 0.33; // of the font size, on each side of the box
const HALF = 0.5; // of the run's own width and height
const SIZE_RATIO = 1.05;
const OVER = 0.7; // share of a shorter copy's width that lies over the longer run
const BAND = 8; // runs are filed by an 8-pt band of their top, so the check stays near linear

export function dropOverprintedRuns(runs: TextRun[]): TextRun[] {
  const bands = new Map<number, number[]>();
  runs.forEach((r, i) => {
    if (!r.text.trim()) return;
    const band = Math.floor(r.bbox.top / BAND);
    const list = bands.get(band);
    if (list) list.push(i);
    else bands.set(band, [i]);
  });
  const drop = new Set<number>();
  runs.forEach((r, i) => {
    if (!r.text.trim()) return;
    const reach = NEAR * SIZE_RATIO * r.fontSize;
    for (let band = Math.floor((r.bbox.top - reach) / BAND); band <= Math.floor((r.bbox.top + reach) / BAND) && !drop.has(i); band++) {
      for (const j of bands.get(band) ?? []) {
        if (j !== i && !drop.has(j) && copyOf(runs[j]!, j, r, i)) {
          drop.add(i);
          break;
        }
      }
    }
  });
  return drop.size ? runs.filter((_, i) => !drop.has(i)) : runs;
}

/** Run `b` (index `bi`) repeats what run `a` (index `ai`) draws at its place. */
function copyOf(a: TextRun, ai: number, b: TextRun, bi: number): boolean {
  const size = Math.max(a.fontSize, b.fontSize);
  if (!(size > 0) || size > SIZE_RATIO * Math.min(a.fontSize, b.fontSize)) return false;
  const tolY = Math.min(NEAR * size, HALF * Math.min(a.bbox.height, b.bbox.height));
  if (Math.abs(a.bbox.top - b.bbox.top) > tolY || Math.abs(a.bbox.top + a.bbox.height - (b.bbox.top + b.bbox.height)) > tolY) return false;
  const [at, bt] = [a.text.trim(), b.text.trim()];
  if (at === bt) {
    if (ai > bi) return false; // the first drawn is kept
    const tolX = Math.min(NEAR * size, HALF * Math.min(a.bbox.width, b.bbox.width));
    return Math.abs(a.bbox.left - b.bbox.left) <= tolX && Math.abs(a.bbox.left + a.bbox.width - (b.bbox.left + b.bbox.width)) <= tolX;
  }
  if (bt.length >= at.length || !(a.bbox.width > 0)) return false;
  // Most of b lies over a: a letter drawn just after a run ("Hawai" then "i") touches it only.
  const over = Math.min(a.bbox.left + a.bbox.width, b.bbox.left + b.bbox.width) - Math.max(a.bbox.left, b.bbox.left);
  if (over < OVER * b.bbox.width) return false;
  // Where b's characters fall in a's text, by position (glyph widths vary: a window around it).
  const guess = Math.round(((b.bbox.left - a.bbox.left) / a.bbox.width) * at.length);
  const slack = Math.max(2, Math.ceil(0.2 * at.length));
  for (let k = Math.max(0, guess - slack); k <= Math.min(at.length - bt.length, guess + slack); k++) {
    if (at.startsWith(bt, k)) return true;
  }
  return false;
}
