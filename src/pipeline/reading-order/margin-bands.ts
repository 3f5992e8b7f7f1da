/**
 * Margin bands of a page (issue 27 item 1): running heads and page footers are read
 * before and after the body, whatever columns the body has. XY-cut alone cuts a page's
 * columns first, and a footer whose pieces sit under the columns ("13 Company Report"
 * under the left column, "Return to contents" under the right) then shares their gutter
 * and is read between the columns.
 *
 * A band is taken off only when it is short (at most MAX_BAND_LINES body lines tall),
 * holds a small share of the page's boxes, lies at the very top or bottom of the page's
 * boxes, and is set apart from the rest by an empty horizontal gap of at least
 * MIN_GAP_EM body font sizes across the whole page: wider than paragraph or heading gaps
 * inside a column, so a column's own last paragraph is never taken for a footer. A head
 * band may be taller (a masthead of several lines, up to MAX_HEAD_SHARE of the text's
 * height): whatever lies wholly above a page-wide gap is read before what lies below it.
 *
 * Vertical text in the side margins (an arXiv stamp, a printer's slug running up the
 * page: a box much taller than wide, beside the body) would hide the footer's gap; such
 * boxes are read last, after the footer.
 */
import type { BBox } from '../../model/document.js';

/** Empty gap (body font sizes) between a margin band and the body. */
const MIN_GAP_EM = 2.2;
/** Tallest margin band, in body font sizes (two lines of a running head or footer). */
const MAX_BAND_EM = 3.5;
/** A head band (masthead: journal name, volume, date on several lines) may be this share of the page's text height. */
const MAX_HEAD_SHARE = 0.12;
/** A margin band holds at most this share of the page's boxes. */
const MAX_BAND_SHARE = 0.25;

interface Boxed {
  box: BBox;
}

export interface MarginSplit<T> {
  head: T[];
  body: T[];
  foot: T[];
}

export function splitMarginBands<T extends Boxed>(items: readonly T[], fontSize: number): MarginSplit<T> {
  const none = { head: [], body: items.slice(), foot: [] };
  if (items.length < 4) return none;
  const side = items.filter((it) => isSideStamp(it.box, items, fontSize));
  const byTop = items.filter((it) => !side.includes(it)).sort((a, b) => a.box.top - b.box.top);
  const extent = byTop.length ? Math.max(...byTop.map((x) => x.box.top + x.box.height)) - byTop[0]!.box.top : 0;
  const minGap = MIN_GAP_EM * fontSize;
  const maxBand = MAX_BAND_EM * fontSize;
  const maxCount = Math.max(1, Math.floor(items.length * MAX_BAND_SHARE));

  // Foot: the boxes below the lowest page-wide gap, if they form a short band.
  let foot: T[] = [];
  {
    let bandTop = Infinity;
    for (let k = byTop.length - 1; k >= 1; k--) {
      const it = byTop[k]!;
      bandTop = Math.min(bandTop, it.box.top);
      const aboveBottom = Math.max(...byTop.slice(0, k).map((x) => x.box.top + x.box.height));
      const bandBottom = Math.max(...byTop.slice(k).map((x) => x.box.top + x.box.height));
      if (bandBottom - bandTop > maxBand || byTop.length - k > maxCount) break;
      if (bandTop - aboveBottom >= minGap) {
        foot = byTop.slice(k);
        break;
      }
    }
  }
  const rest = byTop.slice(0, byTop.length - foot.length);
  // Head: the boxes above the highest page-wide gap, if they form a short band.
  let head: T[] = [];
  {
    for (let k = 1; k < rest.length; k++) {
      const band = rest.slice(0, k);
      const bandTop = Math.min(...band.map((x) => x.box.top));
      const bandBottom = Math.max(...band.map((x) => x.box.top + x.box.height));
      if (bandBottom - bandTop > Math.max(maxBand, MAX_HEAD_SHARE * extent) || k > maxCount) break;
      if (rest[k]!.box.top - bandBottom >= minGap) {
        head = band;
        break;
      }
    }
  }
  if (head.length === 0 && foot.length === 0 && side.length === 0) return none;
  const taken = new Set<T>([...head, ...foot, ...side]);
  return { head, body: items.filter((it) => !taken.has(it)), foot: [...foot, ...side] };
}

/** Vertical text beside the body: at least 4 times taller than wide, 5 lines tall, and no other box beside it on its left or right edge side. */
function isSideStamp(box: BBox, items: readonly Boxed[], fontSize: number): boolean {
  if (box.height < 4 * box.width || box.height < 5 * fontSize) return false;
  const others = items.filter((o) => o.box !== box);
  if (others.length === 0) return false;
  const left = Math.min(...others.map((o) => o.box.left));
  const right = Math.max(...others.map((o) => o.box.left + o.box.width));
  return box.left + box.width <= left + 1 || box.left >= right - 1;
}
