/**
 * Is a page set in vertical columns (Japanese, Chinese, Korean tategaki: glyphs stacked top
 * to bottom, columns read right to left)? Decided from the ink alone, before any language
 * data is chosen: tesseract's OSD names the script of such a page at a tie (the corpus's
 * vertical Japanese is "Han, margin 0"), and a horizontal model reads its columns as rows of
 * unrelated characters with no sign of doubt.
 *
 * CJK glyphs sit on a grid, so both projection profiles of the ink show gaps; what tells the
 * line direction is which gaps are wide. Between two lines (columns) there is line spacing;
 * between two glyphs of a line, a sliver. For each axis the profile across it is cut into
 * bands (candidate lines: long and thin, ≥ 3 × as long as thick) and two gaps measured: the
 * gap between neighbouring bands and the gaps inside a band (between its glyphs). The page
 * is vertical when its column bands hold most of the ink and their between/inside gap ratio
 * clearly beats the row bands' ratio. Latin text never qualifies: letters of a paragraph's
 * lines do not line up, so its x profile has no column gaps (no long thin x bands).
 * Pure; one pass over the mask per axis plus the bands' own profiles.
 */
import type { InkMask } from './ink-mask.js';

export interface LineBands {
  /** Bands (lines) that are at least MIN_ELONGATION times as long as thick. */
  lines: Array<{ start: number; end: number; from: number; to: number }>;
  /** Share of the page's ink inside those bands. */
  inkShare: number;
  /** Median gap between neighbouring line bands (mask pixels); 0 with fewer than two. */
  lineGap: number;
  /** Median gap between the ink pieces inside a band (between glyphs); 0 when none. */
  innerGap: number;
  /** Median thickness of the line bands (mask pixels): the glyph size. */
  thickness: number;
  /** Median length of the ink pieces inside the bands over their band's thickness (≈ 1 for glyphs). */
  pieceShape: number;
}

export interface VerticalVerdict {
  vertical: boolean;
  /** Columns found, right to left: box in mask pixels. */
  columns: Array<{ left: number; right: number; top: number; bottom: number }>;
  /** between/inside gap ratio of columns and of rows (the evidence). */
  columnRatio: number;
  /** Median glyph piece length over column thickness. */
  pieceShape: number;
  rowRatio: number;
}

/** A band is a line when it is this many times longer than thick. */
const MIN_ELONGATION = 3;
/** The column bands must hold this share of the ink… */
const MIN_INK_SHARE = 0.6;
/** …and their line gap must be this many times their glyph gap, more than rows' ratio. */
const MIN_RATIO = 1.5;
const RATIO_MARGIN = 1.3;
/**
 * Pieces inside a column are glyphs (or parts of one): about as long as the column is thick.
 * A column of Latin text holds lines, far shorter than it is wide (double-column pages); a
 * line of Latin turned a quarter holds letters and words about 0.4 of its thickness (the
 * corpus's simple-90.jpg); the vertical Japanese page's glyphs measure 0.94.
 */
const PIECE_SHAPE = [0.5, 1.6] as const;
/** Thinner bands are specks or rules, not lines of glyphs (mask pixels). */
const MIN_THICKNESS = 4;

type Axis = 'x' | 'y';

/** Runs of non-empty profile entries, as [start, end) pairs. */
function runs(profile: Uint32Array): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = -1;
  for (let i = 0; i <= profile.length; i++) {
    const on = i < profile.length && profile[i]! > 0;
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      out.push([start, i]);
      start = -1;
    }
  }
  return out;
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/**
 * Bands across `axis`: for 'x', vertical strips of ink separated by empty columns (candidate
 * text columns); for 'y', horizontal strips (candidate text rows).
 */
export function lineBands(mask: InkMask, axis: Axis): LineBands {
  const { width: w, height: h, data } = mask;
  const across = axis === 'x' ? w : h;
  const along = axis === 'x' ? h : w;
  const at = (a: number, b: number) => (axis === 'x' ? data[b * w + a]! : data[a * w + b]!);
  const profile = new Uint32Array(across);
  let total = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!data[y * w + x]) continue;
      profile[axis === 'x' ? x : y]!++;
      total++;
    }
  }
  const lines: LineBands['lines'] = [];
  const inner: number[] = [];
  const shapes: number[] = [];
  let inLines = 0;
  for (const [start, end] of runs(profile)) {
    const thick = end - start;
    if (thick < MIN_THICKNESS) continue;
    const sub = new Uint32Array(along);
    let ink = 0;
    for (let a = start; a < end; a++) {
      for (let b = 0; b < along; b++) {
        if (at(a, b)) {
          sub[b]!++;
          ink++;
        }
      }
    }
    const pieces = runs(sub);
    const from = pieces[0]![0];
    const to = pieces[pieces.length - 1]![1];
    if (to - from < MIN_ELONGATION * thick) continue;
    lines.push({ start, end, from, to });
    inLines += ink;
    for (let i = 1; i < pieces.length; i++) inner.push(pieces[i]![0] - pieces[i - 1]![1]);
    for (const [a, b] of pieces) shapes.push((b - a) / thick);
  }
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) gaps.push(lines[i]!.start - lines[i - 1]!.end);
  return {
    lines,
    inkShare: total ? inLines / total : 0,
    lineGap: median(gaps),
    innerGap: median(inner),
    thickness: median(lines.map((l) => l.end - l.start)),
    pieceShape: median(shapes),
  };
}

/** Between-lines gap over inside-line gap; a single line counts its thickness as spacing. */
function gapRatio(b: LineBands): number {
  if (!b.lines.length) return 0;
  const between = b.lines.length > 1 ? b.lineGap : b.thickness;
  return between / Math.max(1, b.innerGap);
}

/** Whether the page's text runs in vertical columns, and where those columns are. */
export function detectVerticalColumns(mask: InkMask): VerticalVerdict {
  const cols = lineBands(mask, 'x');
  const rows = lineBands(mask, 'y');
  const columnRatio = gapRatio(cols);
  const rowRatio = rows.inkShare >= 0.3 ? gapRatio(rows) : 0;
  const vertical = cols.lines.length > 0 && cols.inkShare >= MIN_INK_SHARE && columnRatio >= MIN_RATIO && columnRatio > RATIO_MARGIN * rowRatio &&
    cols.pieceShape >= PIECE_SHAPE[0] && cols.pieceShape <= PIECE_SHAPE[1];
  const columns = cols.lines.map((l) => ({ left: l.start, right: l.end, top: l.from, bottom: l.to })).sort((a, b) => b.left - a.left);
  return { vertical, columns, columnRatio, rowRatio, pieceShape: cols.pieceShape };
}
