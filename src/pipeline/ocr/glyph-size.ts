/**
 * Height of the smallest text on a page, measured on its ink mask: the connected components
 * that look like glyphs (letter-sized, letter-shaped) and stand beside another glyph of
 * about their height, as the letters of a line do. Specks, rules and the texture of
 * pictures rarely have such a neighbour, so they do not count.
 *
 * The OCR stage uses it to read pages of large print (covers, slides, posters) from a
 * smaller raster: tesseract normalises every text line to a fixed height anyway, so pixels
 * beyond what the smallest glyphs need only cost page-layout time, and very large glyphs
 * read worse (freeculture.pdf's cover: 0.52 s and four junk tokens at 300 DPI, 0.16 s and
 * none at 150 DPI).
 */
import type { InkMask } from './ink-mask.js';

export interface GlyphSizes {
  /** Heights (mask pixels) of the glyph components that have a glyph neighbour, ascending. */
  heights: number[];
}

/** Components shorter than this (mask pixels) are specks or punctuation, not glyphs. */
const MIN_GLYPH_PX = 4;
/** Letters are rarely wider than this many times their height (merged pairs included). */
const MAX_ASPECT = 4;
/** Nor narrower ('l', 'i', 'I' are ~0.1–0.2). */
const MIN_ASPECT = 0.05;
/** A neighbour's height must be within this ratio, its gap under this many heights. */
const NEIGHBOUR_HEIGHT_RATIO = 1.6;
const NEIGHBOUR_GAP = 1.5;

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  ink: number;
}

/**
 * 8-connected components of the mask, as bounding boxes with their ink counts. Labelled by
 * runs: the ink runs of each row are joined (union-find) to the runs of the row above that
 * touch them, so the work follows the number of runs, not of pixels.
 */
function components(mask: InkMask): Box[] {
  const { width, height, data } = mask;
  // Run i covers [x0[i], x1[i]) of row y[i]; the previous row's runs are the ids
  // [prevFirst, prevLast), in order. Typed arrays, grown by doubling.
  let cap = 1024;
  let parent = new Int32Array(cap), ry = new Int32Array(cap), rx0 = new Int32Array(cap), rx1 = new Int32Array(cap);
  let n = 0;
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  let prevFirst = 0, prevLast = 0;
  for (let y = 0, row = 0; y < height; y++, row += width) {
    const first = n;
    const rowEnd = row + width;
    let k = prevFirst; // first run above that can still touch
    // indexOf finds run edges natively: masks are mostly paper.
    for (let p = data.indexOf(1, row); p >= 0 && p < rowEnd; p = data.indexOf(1, p)) {
      let q = data.indexOf(0, p);
      if (q < 0 || q > rowEnd) q = rowEnd;
      const start = p - row, end = q - row;
      if (n === cap) {
        cap *= 2;
        const grow = (a: Int32Array) => {
          const b = new Int32Array(cap);
          b.set(a);
          return b;
        };
        [parent, ry, rx0, rx1] = [grow(parent), grow(ry), grow(rx0), grow(rx1)];
      }
      const id = n++;
      parent[id] = id;
      ry[id] = y;
      rx0[id] = start;
      rx1[id] = end;
      // Runs above that overlap [start - 1, end] (diagonal neighbours included).
      while (k < prevLast && rx1[k]! < start) k++;
      for (let j = k; j < prevLast && rx0[j]! <= end; j++) {
        const a = find(id), b = find(j);
        if (a !== b) parent[a < b ? b : a] = a < b ? a : b;
      }
      p = q;
    }
    prevFirst = first;
    prevLast = n;
  }
  // One box per root, in the arrays of the root's id.
  const boxes: Box[] = [];
  const boxOf = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const root = find(i);
    const y = ry[i]!, x0 = rx0[i]!, x1 = rx1[i]! - 1;
    const at = boxOf[root]!;
    if (at < 0) {
      boxOf[root] = boxes.length;
      boxes.push({ x0, y0: y, x1, y1: y, ink: x1 - x0 + 1 });
      continue;
    }
    const box = boxes[at]!;
    if (x0 < box.x0) box.x0 = x0;
    if (x1 > box.x1) box.x1 = x1;
    if (y > box.y1) box.y1 = y;
    box.ink += x1 - x0 + 1;
  }
  return boxes;
}

function isGlyphShaped(b: Box, maxHeight: number): boolean {
  const w = b.x1 - b.x0 + 1;
  const h = b.y1 - b.y0 + 1;
  if (h < MIN_GLYPH_PX || h > maxHeight) return false;
  const aspect = w / h;
  if (aspect > MAX_ASPECT || aspect < MIN_ASPECT) return false;
  const fill = b.ink / (w * h);
  return fill >= 0.08;
}

/**
 * The glyph components of the mask that have a same-line neighbour of similar height.
 * `sideways`: the lines run down the page, so a glyph's height is its horizontal extent.
 */
export function glyphSizes(mask: InkMask, opts: { sideways?: boolean } = {}): GlyphSizes {
  const across = opts.sideways ? mask.width : mask.height;
  const maxHeight = Math.max(MIN_GLYPH_PX, Math.floor(across / 4));
  const boxes = components(mask);
  if (opts.sideways) for (const b of boxes) [b.x0, b.y0, b.x1, b.y1] = [b.y0, b.x0, b.y1, b.x1];
  const glyphs = boxes.filter((b) => isGlyphShaped(b, maxHeight));
  glyphs.sort((a, b) => a.x0 - b.x0);
  // Sorted by left edge, a glyph's right-hand neighbours follow it; the relation is
  // symmetric, so one scan marks both ends of every pair.
  const paired = new Uint8Array(glyphs.length);
  for (let i = 0; i < glyphs.length; i++) {
    const a = glyphs[i]!;
    const ha = a.y1 - a.y0 + 1;
    const reach = a.x1 + NEIGHBOUR_GAP * ha;
    for (let j = i + 1; j < glyphs.length && glyphs[j]!.x0 <= reach; j++) {
      if (sameLine(a, ha, glyphs[j]!)) {
        paired[i] = 1;
        paired[j] = 1;
      }
    }
  }
  const heights: number[] = [];
  for (let i = 0; i < glyphs.length; i++) if (paired[i]) heights.push(glyphs[i]!.y1 - glyphs[i]!.y0 + 1);
  heights.sort((x, y) => x - y);
  return { heights };
}

function sameLine(a: Box, ha: number, b: Box): boolean {
  const hb = b.y1 - b.y0 + 1;
  if (Math.max(ha, hb) > NEIGHBOUR_HEIGHT_RATIO * Math.min(ha, hb)) return false;
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) + 1;
  return overlap >= 0.5 * Math.min(ha, hb);
}

/** Fewer paired glyphs than this: too little text to judge its size. */
const MIN_GLYPHS = 20;
/**
 * After downscaling, the 5th-percentile glyph keeps at least TARGET_PX (a little above the
 * ~21 px x-height of 10 pt print at 300 DPI, which tesseract reads best) and the
 * 1st-percentile glyph at least FLOOR_PX (where small print still reads well).
 */
const TARGET_PX = 24;
const FLOOR_PX = 16;
/** Never below this resolution (the layout and crop standard), nor below this factor. */
const MIN_DPI = 150;
const MIN_FACTOR = 0.25;
/**
 * Factors used, rounded up to the next: with a simple ratio every output pixel covers the
 * same pattern of input pixels (tesseract's layout analysis proved sensitive to odd ones:
 * typewriter.png loses its underlined title at 0.492, not at 0.47 or 0.5), and above 2/3
 * the saving is not worth a resampling.
 */
const FACTORS = [1 / 4, 1 / 3, 1 / 2, 2 / 3];

/**
 * Factor (≤ 1) by which a raster of `dpi` can be shrunk before OCR without making its
 * smallest text too small to read. `sizes` are measured on `mask`; `dpi` 0 means unknown.
 */
export function ocrScaleFactor(sizes: GlyphSizes, mask: Pick<InkMask, 'scale'>, dpi: number): number {
  const h = sizes.heights;
  if (h.length < MIN_GLYPHS) return 1;
  // Height at quantile q, in raster pixels.
  const inRaster = (q: number) => h[Math.min(h.length - 1, Math.floor(q * h.length))]! / mask.scale;
  // Both heights must stay above their minimum: the larger of the two factors holds both.
  let f = Math.max(TARGET_PX / inRaster(0.05), FLOOR_PX / inRaster(0.01));
  f = Math.max(f, MIN_FACTOR, dpi > 0 ? MIN_DPI / dpi : 0);
  return FACTORS.find((k) => k >= f - 1e-9) ?? 1;
}
