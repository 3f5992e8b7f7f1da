/**
 * List marks drawn as shapes instead of glyphs. A browser printing an HTML list (Chromium,
 * hence Puppeteer and most HTML-to-PDF reports) paints each `disc` or `square` marker as a
 * small filled path: the text layer holds the items' words and no mark, so the list rules
 * never saw a list and a datasheet's five features read as two paragraphs. A small round or
 * square shape standing just left of a line's first word, at its middle height, in a column
 * of two or more alike a few lines apart, with no other shape within two font sizes nor
 * three small ones within ten (a chart's legend stands among its plot's points, bars and
 * lines), becomes a "•" (disc) or "▪" (square) run there; the shape is taken out of the
 * page's graphics. One shape alone (an icon before a word) stays a shape.
 */
import type { BBox } from '../../model/document.js';
import type { TextRun } from '../../model/page.js';

/** A mark's width and height, in the font sizes of its item's text. */
const MIN_EM = 0.15;
const MAX_EM = 0.55;
/** Gap between a mark and its item's first word, in font sizes. */
const MAX_GAP_EM = 2.5;
/** Marks of one list stand this close (points) in x and in size. */
const SAME = 1;
/** And this close in height, in font sizes (an item of several lines apart). */
const LIST_PITCH_EM = 8;

interface Candidate {
  box: BBox;
  run: TextRun;
  square: boolean;
}

/** Runs by 16-point band of their top, so each shape looks only at the runs near it (a chart's thousand markers). */
type Bands = Map<number, TextRun[]>;
const BAND = 16;

function bandsOf(runs: readonly TextRun[]): Bands {
  const bands: Bands = new Map();
  for (const r of runs) {
    for (let k = Math.floor(r.bbox.top / BAND); k <= Math.floor((r.bbox.top + r.bbox.height) / BAND); k++) {
      const list = bands.get(k);
      if (list) list.push(r);
      else bands.set(k, [r]);
    }
  }
  return bands;
}

function near(bands: Bands, box: BBox): TextRun[] {
  const out = new Set<TextRun>();
  for (let k = Math.floor(box.top / BAND) - 1; k <= Math.floor((box.top + box.height) / BAND) + 1; k++) for (const r of bands.get(k) ?? []) out.add(r);
  return [...out];
}

function markFor(box: BBox, bands: Bands, square: boolean): Candidate | undefined {
  const cy = box.top + box.height / 2;
  const runs = near(bands, box);
  let best: TextRun | undefined;
  for (const r of runs) {
    if ((r.dir ?? 0) !== 0 || !/^\S/u.test(r.text)) continue;
    const b = r.bbox;
    const size = r.fontSize;
    if (box.width < MIN_EM * size || box.width > MAX_EM * size || box.height < MIN_EM * size || box.height > MAX_EM * size) continue;
    // At the item's middle height: over the baseline, under the cap height.
    if (cy < b.top + 0.15 * b.height || cy > b.top + b.height - 0.1 * b.height) continue;
    const gap = b.left - (box.left + box.width);
    if (gap < 0.05 * size || gap > MAX_GAP_EM * size) continue;
    if (!best || b.left < best.bbox.left) best = r;
  }
  if (!best) return undefined;
  const item = best;
  // The item's first word follows the mark with nothing between, and no text ends just
  // before the mark (an icon inside a sentence).
  const sameLine = (r: TextRun) => r !== item && Math.min(r.bbox.top + r.bbox.height, item.bbox.top + item.bbox.height) - Math.max(r.bbox.top, item.bbox.top) > 0.3 * item.bbox.height;
  const right = box.left + box.width;
  const between = runs.some((r) => sameLine(r) && r.bbox.left + r.bbox.width > right && r.bbox.left < item.bbox.left && r.text.trim() !== '');
  const before = runs.some((r) => sameLine(r) && r.bbox.left + r.bbox.width <= box.left && box.left - (r.bbox.left + r.bbox.width) < item.fontSize && r.text.trim() !== '');
  return between || before ? undefined : { box, run: item, square };
}

/** Space kept clear around a list's mark, in its item's font sizes. */
const CLEAR_EM = 2;
/** Shapes within this many font sizes of a mark that make it a figure's (a chart's axes, bars, lines). */
const FIGURE_EM = 10;
const FIGURE_SHAPES = 3;

/**
 * Another shape stands within two font sizes of the mark, or three small ones (under ten font
 * sizes across) within ten, neither a mark candidate nor a background holding it: a chart's
 * legend ("• PFOA" among the plot's points and lines, a legend's keys beside its series
 * names), not a list in running text.
 */
function crowded(c: Candidate, shapes: readonly BBox[], candidates: ReadonlySet<BBox>): boolean {
  const size = c.run.fontSize;
  const within = (em: number) => (o: BBox) => {
    const m = em * size;
    if (candidates.has(o) || o.left + o.width < c.box.left - m || o.left > c.box.left + c.box.width + m || o.top + o.height < c.box.top - m || o.top > c.box.top + c.box.height + m) return false;
    const holds = o.left <= c.box.left && o.top <= c.box.top && o.left + o.width >= c.box.left + c.box.width && o.top + o.height >= c.box.top + c.box.height;
    return !holds;
  };
  // A figure's pieces are small (points, bars, ticks, legend keys); a shaded table row or a
  // frame across the page is none.
  const piece = (o: BBox) => Math.max(o.width, o.height) < FIGURE_EM * size;
  return shapes.some(within(CLEAR_EM)) || shapes.filter((o) => piece(o) && within(FIGURE_EM)(o)).length >= FIGURE_SHAPES;
}

/**
 * The mark runs to add (each placed before its item's run in `runs` by the caller) and the
 * shapes they came from. `paths`: small curves and polygons (discs); `rects`: filled boxes.
 */
export function drawnListMarks(runs: readonly TextRun[], paths: readonly BBox[], rects: readonly BBox[]): { marks: Map<TextRun, TextRun>; used: Set<BBox> } {
  const marks = new Map<TextRun, TextRun>();
  const used = new Set<BBox>();
  const small = (b: BBox) => b.width > 0 && b.height > 0 && b.width < 20 && b.height < 20 && b.width <= 1.6 * b.height && b.height <= 1.6 * b.width;
  const smallPaths = paths.filter(small);
  const smallRects = rects.filter(small);
  // Most pages have no shape a mark's size: the runs are not indexed for them.
  if (runs.length === 0 || smallPaths.length + smallRects.length === 0) return { marks, used };
  const bands = bandsOf(runs);
  const found: Candidate[] = [];
  for (const [shapes, square] of [[smallPaths, false], [smallRects, true]] as const) {
    for (const b of shapes) {
      const c = markFor(b, bands, square);
      if (c) found.push(c);
    }
  }
  const candidates = new Set(found.map((c) => c.box));
  const shapes = [...paths, ...rects];
  for (const c of found) {
    if (crowded(c, shapes, candidates)) continue;
    // Another mark of its list: the same kind and size, at the same x, a few lines away at most.
    const alike = (d: Candidate) =>
      d !== c && d.square === c.square && Math.abs(d.box.left - c.box.left) <= SAME && Math.abs(d.box.width - c.box.width) <= SAME && Math.abs(d.box.top - c.box.top) <= LIST_PITCH_EM * c.run.fontSize;
    if (!found.some(alike) || marks.has(c.run)) continue;
    used.add(c.box);
    marks.set(c.run, {
      text: c.square ? '▪' : '•',
      // The mark's width at its item's height: a line's height stays its text's.
      bbox: { left: c.box.left, top: c.run.bbox.top, width: c.box.width, height: c.run.bbox.height },
      fontSize: c.run.fontSize,
      fontName: c.run.fontName,
      bold: false,
      italic: false,
      confidence: null,
      source: 'text',
      dir: 0,
    });
  }
  return { marks, used };
}
