/**
 * Text-layer runs → rows, page-wide: each run, taken in order of its vertical centre, joins
 * the open row whose band it overlaps most, as sub- and superscripts join their base's row
 * and stacked lines do not (build-lines.ts then cuts each row into lines at wide gaps and
 * gutters). Split from build-lines.ts, which keeps the cutting and the line's text.
 */
import type { TextRun } from '../../model/page.js';
import { nonSpaceLength } from '../count-words.js';

/** Gap (in font sizes) above which two runs on one baseline belong to different lines. */
export const SPLIT_GAP_EM = 2;
/** Horizontal gap (in font sizes) across which a smaller run may still be a script of a larger one. */
const SCRIPT_REACH_EM = 0.8;
/** Share of a script's height that lies inside its base's band. */
const SCRIPT_INSIDE = 0.4;
/** Horizontal reach (in the larger font size) within which a smaller stacked run belongs to a larger run's row. */
const TOUCH_EM = 0.25;
/** Longest stacked small run (characters without spaces) kept in a larger run's row as a script or limit. */
const SCRIPT_CHARS = 8;

export interface Row {
  top: number;
  bottom: number;
  size: number;
  runs: TextRun[];
}

interface OverlapRow extends Row {
  /** Least font size and the vertical span of all the row's runs (a quick test before scriptOf looks at each run). */
  minSize: number;
  spanTop: number;
  spanBottom: number;
}

/**
 * How much two vertical extents share, relative to the shorter one; 0 when the overlap is
 * small relative to the taller one (a small line inside a huge glyph's descent is not on
 * the huge glyph's baseline).
 */
export function overlapShare(aTop: number, aBottom: number, bTop: number, bBottom: number): number {
  const inter = Math.min(aBottom, bBottom) - Math.max(aTop, bTop);
  const minH = Math.min(aBottom - aTop, bBottom - bTop);
  const maxH = Math.max(aBottom - aTop, bBottom - bTop);
  if (minH <= 0 || inter / maxH < 0.3) return 0;
  return inter / minH;
}

/**
 * `small` is a sub- or superscript of `large`: 0.5-0.9 of its size, its centre within the
 * larger run's band (padded by 0.15 of its height), and at least SCRIPT_INSIDE of its own
 * height inside that band (a smaller line stacked under a tall-boxed one, a CJK label over
 * its English gloss, is no script of it).
 */
function scriptPair(a: TextRun, b: TextRun): boolean {
  const [s, g] = a.fontSize < b.fontSize ? [a, b] : [b, a];
  if (s.fontSize < 0.5 * g.fontSize || s.fontSize > 0.9 * g.fontSize) return false;
  const sTop = s.bbox.top, sBottom = sTop + s.bbox.height, gTop = g.bbox.top, gBottom = gTop + g.bbox.height;
  const centre = (sTop + sBottom) / 2;
  const pad = 0.15 * g.bbox.height;
  return centre >= gTop - pad && centre <= gBottom + pad && Math.min(sBottom, gBottom) - Math.max(sTop, gTop) >= SCRIPT_INSIDE * s.bbox.height;
}

/**
 * Sub- and superscripts: a smaller run whose centre lies within the larger one's band, for
 * some run of the row beside the new run (within `reachEm` of the larger font size
 * horizontally: a script touches its base, and a gutter is wider). Rows are page-wide: the
 * row's own band may be another column's line, and a footnote's line in one column is no
 * script of a body line in the other (issue 27; see also attach-scripts.ts).
 */
function scriptOf(row: OverlapRow, run: TextRun, reachEm = SCRIPT_REACH_EM): boolean {
  const size = run.fontSize, top = run.bbox.top, h = run.bbox.height;
  if (size <= 0.9 * row.size) {
    // The run as a script of a larger run of the row beside it (impossible when the row's span is too far: most calls end here).
    const pad = 0.15 * (row.spanBottom - row.spanTop);
    if (size < 0.5 * row.minSize || top + h / 2 < row.spanTop - pad || top + h / 2 > row.spanBottom + pad) return false;
    return row.runs.some((o) => o.fontSize > size && beside(o, run, reachEm) && scriptPair(o, run));
  }
  // A larger run hosting a row made of scripts only (the row's largest run is script-size to it):
  // a row of body text never joins another line through one of its scripts.
  if (row.size > 0.9 * size || row.spanBottom < top - 0.15 * h || row.spanTop > top + 1.15 * h) return false;
  return row.runs.some((o) => beside(o, run, reachEm) && scriptPair(o, run));
}

/**
 * A run of small type (a raised note mark) joins the row whose band it overlaps only where a
 * run of that row beside it shares its line: the row's band may be set by a taller line of
 * another column ("sensor⁴" had joined the middle column's row, "more in Section" took the
 * note's own mark below it).
 */
function smallFits(row: OverlapRow, run: TextRun): boolean {
  return row.runs.some((o) => beside(o, run, SPLIT_GAP_EM) && (overlapShare(o.bbox.top, o.bbox.top + o.bbox.height, run.bbox.top, run.bbox.top + run.bbox.height) >= 0.5 || scriptPair(o, run)));
}

/**
 * A run of the row lies over or under this one (same face and size, sharing half the narrower
 * one's width, centres half a line apart): two lines, each half inside a third line's band
 * (a two-line caption in small type beside a body line of the next column), would otherwise
 * both join that line's row and their letters interleave ("Treapbrlees2e:nt…"). Smaller runs
 * stacked so stay in the row only where they touch a larger run (`touchesLarger`).
 */
function stackedIn(row: OverlapRow, run: TextRun): boolean {
  // A run of the same face and size half a line off reaches 0.4 of a line past this one (runs
  // of one face and size are as tall): rows of one line (most) are not searched.
  const h = run.bbox.height;
  if (row.spanTop >= run.bbox.top - 0.4 * h && row.spanBottom <= run.bbox.top + 1.4 * h) return false;
  const left = run.bbox.left, right = left + run.bbox.width, centre = run.bbox.top + h / 2;
  for (const o of row.runs) {
    const shared = Math.min(right, o.bbox.left + o.bbox.width) - Math.max(left, o.bbox.left);
    if (o.fontName !== run.fontName || Math.abs(o.fontSize - run.fontSize) > 0.05 * run.fontSize) continue;
    if (shared > 0.5 * Math.min(run.bbox.width, o.bbox.width) && Math.abs(o.bbox.top + o.bbox.height / 2 - centre) > 0.5 * Math.min(run.bbox.height, o.bbox.height)) return true;
  }
  return false;
}

/**
 * A smaller run short enough to be a script or a limit (8 characters, as attach-scripts.ts's
 * marks), or touching a larger run of the row (over it, under it, or a word space from it): a
 * formula's limits and scripts, set over or under their operator ("∑" with "n" over "j=1"),
 * stay in its row though they are stacked. Smaller lines stacked beside a taller line, a
 * gutter or more from it (a sidebar's biography beside a body line, a form's two-line note
 * beside a large "▲"), are not that line's: each is its own row, where they had been read
 * as one ("is an" + "economist" → "is aneconomist").
 */
function touchesLarger(row: OverlapRow, run: TextRun): boolean {
  if (nonSpaceLength(run.text) <= SCRIPT_CHARS) return true;
  return row.runs.some((o) => o.fontSize > 1.1 * run.fontSize && beside(o, run, TOUCH_EM));
}

/** A line of its own though it overlaps the row: stacked on a run of the row, and not a smaller script touching a larger run. */
function stackedApart(row: OverlapRow, run: TextRun): boolean {
  return stackedIn(row, run) && !(run.fontSize < 0.9 * row.size && touchesLarger(row, run));
}

function beside(o: TextRun, run: TextRun, reachEm: number): boolean {
  const reach = reachEm * Math.max(o.fontSize, run.fontSize);
  return run.bbox.left - (o.bbox.left + o.bbox.width) <= reach && o.bbox.left - (run.bbox.left + run.bbox.width) <= reach;
}

/** Runs (sorted by vertical centre) → rows: each run joins the open row its band overlaps most. */
export function rowsByOverlap(sorted: readonly TextRun[], flags: { rowsOverlap: boolean }): Row[] {
  const rows: OverlapRow[] = [];
  const open: OverlapRow[] = [];
  for (const run of sorted) {
    const top = run.bbox.top;
    const bottom = top + run.bbox.height;
    const centre = top + run.bbox.height / 2;
    // Rows whose band ends above this run's centre are complete (dropped in place: a new
    // array per run was most of this loop's garbage).
    let kept = 0;
    for (const r of open) if (r.bottom >= centre - run.bbox.height) open[kept++] = r;
    open.length = kept;
    let best: OverlapRow | undefined;
    let bestShare = 0.5;
    for (const r of open) {
      const share = overlapShare(r.top, r.bottom, top, bottom);
      if (share >= bestShare && (run.fontSize > 0.9 * r.size || smallFits(r, run)) && !stackedApart(r, run)) {
        bestShare = share;
        best = r;
      }
    }
    best ??= open.find((r) => scriptOf(r, run) && !stackedApart(r, run));
    if (best) {
      best.runs.push(run);
      if (run.fontSize < best.minSize) best.minSize = run.fontSize;
      if (top < best.spanTop) best.spanTop = top;
      if (bottom > best.spanBottom) best.spanBottom = bottom;
      // A body-size run adopted by a script-seeded row becomes the row's reference.
      if (run.fontSize > best.size) Object.assign(best, { top, bottom, size: run.fontSize });
    } else {
      // A new row beside an open row whose runs reach half into its band: pieces of one line
      // may sit in two rows (rejoin-lines.ts looks only then).
      if (!flags.rowsOverlap) flags.rowsOverlap = open.some((r) => Math.min(r.spanBottom, bottom) - Math.max(r.spanTop, top) > 0.5 * Math.min(bottom - top, r.spanBottom - r.spanTop));
      // The row's band stays its reference run's band, so tall runs cannot chain rows.
      const row = { top, bottom, size: run.fontSize, runs: [run], minSize: run.fontSize, spanTop: top, spanBottom: bottom };
      rows.push(row);
      open.push(row);
    }
  }
  return rows;
}
