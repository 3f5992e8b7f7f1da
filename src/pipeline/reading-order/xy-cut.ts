/**
 * Column-aware reading order by recursive XY-cut. Columns (vertical gutters) are cut
 * first; otherwise the region is cut into horizontal bands, and adjacent bands that share
 * a gutter are merged again so two columns whose paragraph gaps happen to line up are
 * still read column by column; so is a band that lies inside one column of the band above
 * (issue 27: one column's paragraph gap lined up with the other's gap beside a figure),
 * and a band inside one column of the band below, nearer to it, is that column's top.
 * An empty band of at least WIDE_GAP_EM font sizes across the whole region is cut before
 * the columns (what lies above it is read first).
 *
 * Before any cut, the page's margin bands are taken off (margin-bands.ts): a short band
 * at the very top or bottom, set apart from the body by a wide empty gap (running heads,
 * page footers), is read before or after the whole body. Without this, a footer whose
 * pieces sit under the columns shares their gutter and is read between the columns.
 */
import type { BBox } from '../../model/document.js';
import { splitMarginBands } from './margin-bands.js';

interface Item {
  box: BBox;
  index: number;
}

function gaps(intervals: Array<[number, number]>, minGap: number): Array<[number, number]> {
  const sorted = intervals.slice().sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  let end = -Infinity;
  for (const [s, e] of sorted) {
    if (end > -Infinity && s - end >= minGap) out.push([end, s]);
    end = Math.max(end, e);
  }
  return out;
}

/** Items grouped between cuts, by where each starts (`startOf`: the same span the cuts were found from). */
function splitAt<T extends Item>(items: T[], cuts: Array<[number, number]>, axis: 'x' | 'y', startOf?: (it: T) => number): T[][] {
  const groups: T[][] = cuts.map(() => []);
  groups.push([]);
  for (const it of items) {
    const start = startOf ? startOf(it) : axis === 'x' ? it.box.left : it.box.top;
    let g = 0;
    while (g < cuts.length && start >= cuts[g]![1] - 1e-6) g++;
    groups[g]!.push(it);
  }
  return groups.filter((g) => g.length > 0);
}

/**
 * Vertical gaps at least `minGap` wide, and narrower ones (half of it at least) that one box
 * alone keeps narrow: without it, a gap of `minGap` opens beside the rest of its side, and the
 * box shares half its width with another box of that side (it lies in that box's column). A
 * long word or address that runs past its column's edge (a URL in a narrow column) left
 * 6.5 pt of a 7.2 pt gutter, and two columns were read as one, top to bottom
 * (bench/synthetic-columns.ts). A box touching its neighbour by a hair is not in its column:
 * a rotated table's last note line beside the table (camelot clockwise_table_2) stays as it was.
 */
function verticalGutters(items: Item[], minGap: number): Array<[number, number]> {
  const spans = items.map((i): [number, number] => [i.box.left, i.box.left + i.box.width]);
  const found = gaps(spans, minGap);
  if (items.length < 4) return found;
  const narrow = gaps(spans, minGap / 2).filter(([a, b]) => b - a < minGap);
  if (narrow.length === 0) return found;
  const kept = narrow.filter(([a, b]) => {
    const left = spans.filter((s) => s[1] <= a + 1e-6), right = spans.filter((s) => s[0] >= b - 1e-6);
    const fromLeft = left.filter((s) => s[1] > b - minGap), fromRight = right.filter((s) => s[0] < a + minGap);
    const alone = (one: Array<[number, number]>, side: Array<[number, number]>, clear: (s: [number, number]) => boolean) => {
      if (one.length !== 1) return false;
      const rest = side.filter((s) => s !== one[0]);
      return rest.length > 0 && rest.every(clear) && rest.some((s) => Math.min(s[1], one[0]![1]) - Math.max(s[0], one[0]![0]) >= 0.5 * (one[0]![1] - one[0]![0]));
    };
    return alone(fromLeft, left, (s) => s[1] <= b - minGap) || alone(fromRight, right, (s) => s[0] >= a + minGap);
  });
  return kept.length ? [...found, ...kept].sort((x, y) => x[0] - y[0]) : found;
}

function overlaps(a: Array<[number, number]>, b: Array<[number, number]>, minGap: number): boolean {
  for (const x of a) for (const y of b) if (Math.min(x[1], y[1]) - Math.max(x[0], y[0]) >= minGap * 0.5) return true;
  return false;
}

/** The box lies left or right of every gutter, never in or across one. */
function onOneSide(box: BBox, gutters: Array<[number, number]>, tolerance = 1e-6): boolean {
  return gutters.every(([g0, g1]) => box.left + box.width <= g0 + tolerance || box.left >= g1 - tolerance);
}

/** An empty band across the whole region at least this many font sizes tall separates what is above from what is below, columns or not. */
const WIDE_GAP_EM = 4;
/** minGapY is this many font sizes (readingOrder). */
const MIN_GAP_Y_EM = 0.3;

function order(items: Item[], minGapX: number, minGapY: number, depth: number): Item[] {
  if (items.length <= 1 || depth > 40) return items;
  const vCuts = verticalGutters(items, minGapX);
  if (vCuts.length > 0) {
    // Columns above and below a wide empty band (a figure or table the analysis left
    // without a block) are read above first: the band is never re-merged.
    const wide = gaps(items.map((i) => [i.box.top, i.box.top + i.box.height]), (minGapY / MIN_GAP_Y_EM) * WIDE_GAP_EM);
    if (wide.length > 0) return splitAt(items, wide, 'y').flatMap((g) => order(g, minGapX, minGapY, depth + 1));
  }
  if (vCuts.length > 0) {
    return splitAt(items, vCuts, 'x').flatMap((g) => order(g, minGapX, minGapY, depth + 1));
  }
  // Blocks whose boxes touch or overlap by a hair (an author block or an abstract whose
  // descenders reach the ascenders of the columns' first lines) still stand one above the
  // other: each box is trimmed by minGapY (a quarter of its height at most) top and bottom
  // before the gaps are found. Every gap of the untrimmed boxes is still a gap; a gap found
  // only by the trim is kept where it parts two blocks stacked over each other (sharing x),
  // not two side by side in two columns (a caption and the other column's heading), whose
  // one-block bands would have no gutter to be merged back by. Without the trim a block and
  // the columns' tops made one band with no gutter, read row by row across the columns
  // (bench/synthetic-columns.ts).
  const trimmed = trimmedSpan(minGapY);
  const plain = gaps(items.map((i) => [i.box.top, i.box.top + i.box.height]), minGapY);
  const hCuts = gaps(items.map(trimmed), minGapY / 3).filter((c) => plain.some((p) => p[0] >= c[0] && p[1] <= c[1]) || stackedAcross(items, c, trimmed, minGapY));
  if (hCuts.length === 0) {
    return items.slice().sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
  }
  // Each band's gutters are found once (attachColumnTops asks for a band's and its next's).
  const bandGutters = new Map<Item[], Array<[number, number]>>();
  const guttersOf = (band: Item[]) => {
    let g = bandGutters.get(band);
    if (!g) bandGutters.set(band, (g = verticalGutters(band, minGapX)));
    return g;
  };
  const bands = attachColumnTops(splitAt(items, hCuts, 'y', (it) => trimmed(it)[0]), guttersOf, minGapX);
  // Re-merge neighbouring bands that are both split by the same gutter.
  const merged: Item[][] = [];
  let prevGutters: Array<[number, number]> = [];
  for (const band of bands) {
    const g = band.length > 1 ? guttersOf(band) : [];
    const shared = g.length > 0 && overlaps(g, prevGutters, minGapX);
    // A band that lies wholly inside one column of the band above (a paragraph of one column
    // whose gap lined up with a gap of the other column beside a figure) belongs to it too.
    const inOneColumn = g.length === 0 && prevGutters.length > 0 && band.every((it) => onOneSide(it.box, prevGutters));
    if (merged.length > 0 && prevGutters.length > 0 && (shared || inOneColumn)) {
      merged[merged.length - 1]!.push(...band);
      prevGutters = verticalGutters(merged[merged.length - 1]!, minGapX);
    } else {
      merged.push(band.slice());
      prevGutters = g;
    }
  }
  if (merged.length === 1) {
    // Merging undid every cut; a vertical cut must now exist (the shared gutter).
    const again = verticalGutters(merged[0]!, minGapX);
    if (again.length > 0) return splitAt(merged[0]!, again, 'x').flatMap((g) => order(g, minGapX, minGapY, depth + 1));
    return merged[0]!.slice().sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
  }
  return merged.flatMap((g) => order(g, minGapX, minGapY, depth + 1));
}

/** Some block ending above cut `c` and some block starting below it share x, their untrimmed boxes less than `near` apart in y (or overlapping). */
function stackedAcross(items: readonly Item[], c: [number, number], trimmed: (i: Item) => [number, number], near: number): boolean {
  const above = items.filter((i) => trimmed(i)[1] <= c[0]);
  const below = items.filter((i) => trimmed(i)[0] >= c[1]);
  return above.some((a) => below.some((b) => a.box.top + a.box.height > b.box.top - near && Math.min(a.box.left + a.box.width, b.box.left + b.box.width) > Math.max(a.box.left, b.box.left)));
}

/** A box's vertical span less `trim` (a quarter of its height at most) at each end. */
const trimmedSpan = (trim: number) => (i: Item): [number, number] => {
  const t = Math.min(trim, i.box.height / 4);
  return [i.box.top + t, i.box.top + i.box.height - t];
};

const NO_GUTTERS: Array<[number, number]> = [];
const bottomOf = (band: Item[]) => Math.max(...band.map((i) => i.box.top + i.box.height));
const topOf = (band: Item[]) => Math.min(...band.map((i) => i.box.top));

/**
 * A band without a gutter that lies wholly inside one column of the columned band just
 * below it, and nearer to it than to the band above, is that column's top (a heading
 * opening the right column above the left column's footnotes): it joins the band below,
 * so it is read with its column and never split from the text under it.
 */
function attachColumnTops(bands: Item[][], guttersOf: (band: Item[]) => Array<[number, number]>, minGapX: number): Item[][] {
  const out: Item[][] = [];
  for (let i = 0; i < bands.length; i++) {
    const band = bands[i]!;
    const next = bands[i + 1];
    const below = next && guttersOf(band).length === 0 ? guttersOf(next) : NO_GUTTERS;
    if (below.length > 0) {
      const prev = out[out.length - 1];
      const nearer = !prev || topOf(next!) - bottomOf(band) < topOf(band) - bottomOf(prev);
      // (A column's heading may start a hair left of its text: a quarter of the least gutter width is allowed.)
      if (nearer && band.every((it) => onOneSide(it.box, below, minGapX / 4))) {
        bands[i + 1] = [...band, ...next!];
        continue;
      }
    }
    out.push(band);
  }
  return out;
}

/** Return the indices of `boxes` in reading order. */
export function readingOrder(boxes: readonly BBox[], typicalFontSize: number): number[] {
  const items = boxes.map((box, index) => ({ box, index }));
  const minGapX = Math.max(typicalFontSize * 0.8, 4);
  const minGapY = Math.max(typicalFontSize * MIN_GAP_Y_EM, 1);
  const { head, body, foot } = splitMarginBands(items, typicalFontSize);
  return [head, body, foot].flatMap((part) => order(part, minGapX, minGapY, 0)).map((i) => i.index);
}
