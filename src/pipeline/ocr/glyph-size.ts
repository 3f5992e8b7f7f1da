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

/** The mask's 8-connected components and its ink runs, labelled once for every use below. */
export interface MaskComponents {
  boxes: Box[];
  /** Run i covers [runX0[i], runX1[i]) of row runY[i] and belongs to boxes[runBox[i]]. */
  runY: Int32Array;
  runX0: Int32Array;
  runX1: Int32Array;
  runBox: Int32Array;
  runCount: number;
}

/** Components shorter than this (mask pixels) are specks or punctuation, not glyphs. */
const MIN_GLYPH_PX = 4;
/** Letters are rarely wider than this many times their height (merged pairs included). */
const MAX_ASPECT = 4;
/** Nor narrower ('l', 'i', 'I' are ~0.1–0.2). */
const MIN_ASPECT = 0.05;
/** Glyphs cover at least this share of their box. */
const MIN_FILL = 0.08;
/** A neighbour's height must be within this ratio, its gap under this many heights. */
const NEIGHBOUR_HEIGHT_RATIO = 1.6;
const NEIGHBOUR_GAP = 1.5;

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  ink: number;
}

/**
 * 8-connected components of the mask, as bounding boxes with their ink counts, and its ink
 * runs. Labelled by runs: the runs of each row are joined (union-find) to the runs of the row
 * above that touch them, so the work follows the number of runs, not of pixels.
 */
export function maskComponents(mask: InkMask): MaskComponents {
  const { width, height, data } = mask;
  // The previous row's runs are the ids [prevFirst, prevLast), in order. Typed arrays,
  // grown by doubling.
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
  // One box per root; each run remembers its box.
  const boxes: Box[] = [];
  const boxOf = new Int32Array(n).fill(-1);
  const runBox = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const root = find(i);
    const y = ry[i]!, x0 = rx0[i]!, x1 = rx1[i]! - 1;
    let at = boxOf[root]!;
    if (at < 0) {
      at = boxOf[root] = boxes.length;
      boxes.push({ x0, y0: y, x1, y1: y, ink: x1 - x0 + 1 });
    } else {
      const box = boxes[at]!;
      if (x0 < box.x0) box.x0 = x0;
      if (x1 > box.x1) box.x1 = x1;
      if (y > box.y1) box.y1 = y;
      box.ink += x1 - x0 + 1;
    }
    runBox[i] = at;
  }
  return { boxes, runY: ry, runX0: rx0, runX1: rx1, runBox, runCount: n };
}

/** A box in the frame of its text lines: along the line and across it. */
interface LineFrameBox {
  index: number;
  a0: number;
  a1: number;
  c0: number;
  c1: number;
}

/**
 * Which boxes are glyphs with a same-line neighbour of similar height: letter-sized and
 * letter-shaped, in lines running across the page (or down it when `sideways`).
 */
function pairedGlyphs(comps: MaskComponents, mask: InkMask, sideways: boolean): Uint8Array {
  const maxHeight = Math.max(MIN_GLYPH_PX, Math.floor((sideways ? mask.width : mask.height) / 4));
  const glyphs: LineFrameBox[] = [];
  comps.boxes.forEach((b, index) => {
    const f = sideways ? { index, a0: b.y0, a1: b.y1, c0: b.x0, c1: b.x1 } : { index, a0: b.x0, a1: b.x1, c0: b.y0, c1: b.y1 };
    const w = f.a1 - f.a0 + 1;
    const h = f.c1 - f.c0 + 1;
    if (h < MIN_GLYPH_PX || h > maxHeight) return;
    const aspect = w / h;
    if (aspect > MAX_ASPECT || aspect < MIN_ASPECT || b.ink / (w * h) < MIN_FILL) return;
    glyphs.push(f);
  });
  // Sorted along the lines, a glyph's following neighbours come after it; the relation is
  // symmetric, so one scan marks both ends of every pair.
  glyphs.sort((a, b) => a.a0 - b.a0);
  const paired = new Uint8Array(comps.boxes.length);
  for (let i = 0; i < glyphs.length; i++) {
    const a = glyphs[i]!;
    const ha = a.c1 - a.c0 + 1;
    const reach = a.a1 + NEIGHBOUR_GAP * ha;
    for (let j = i + 1; j < glyphs.length && glyphs[j]!.a0 <= reach; j++) {
      if (sameLine(a, ha, glyphs[j]!)) {
        paired[a.index] = 1;
        paired[glyphs[j]!.index] = 1;
      }
    }
  }
  return paired;
}

function sameLine(a: LineFrameBox, ha: number, b: LineFrameBox): boolean {
  const hb = b.c1 - b.c0 + 1;
  if (Math.max(ha, hb) > NEIGHBOUR_HEIGHT_RATIO * Math.min(ha, hb)) return false;
  const overlap = Math.min(a.c1, b.c1) - Math.max(a.c0, b.c0) + 1;
  return overlap >= 0.5 * Math.min(ha, hb);
}

/**
 * Heights of the paired glyphs across their lines (ascending, mask pixels). `sideways`: the
 * lines run down the page, so a glyph's height is its horizontal extent.
 */
export function glyphSizes(mask: InkMask, opts: { sideways?: boolean } = {}, comps: MaskComponents = maskComponents(mask)): GlyphSizes {
  const sideways = opts.sideways === true;
  const paired = pairedGlyphs(comps, mask, sideways);
  const heights: number[] = [];
  comps.boxes.forEach((b, i) => {
    if (paired[i]) heights.push(sideways ? b.x1 - b.x0 + 1 : b.y1 - b.y0 + 1);
  });
  heights.sort((x, y) => x - y);
  return { heights };
}

/** Fewer text-ink pixels than this: the page's lines are judged on all its ink. */
const MIN_TEXT_POINTS = 1000;

/**
 * Pixels (x, y pairs, mask coordinates; at most `maxPoints`, evenly sampled) of the glyphs
 * that have a line neighbour in either direction, for judging the direction and skew of the
 * lines on text alone: on a cover or poster the picture's ink swamps the few lines of text
 * (freeculture.pdf's cover, rendered at 150 DPI, read as 7.3° skewed on all its ink and level
 * on its text). Null when there is too little text.
 */
export function textInkPoints(mask: InkMask, comps: MaskComponents, maxPoints = 80_000): Float32Array | null {
  const across = pairedGlyphs(comps, mask, false);
  const down = pairedGlyphs(comps, mask, true);
  let count = 0;
  for (let i = 0; i < comps.runCount; i++) {
    const b = comps.runBox[i]!;
    if (across[b] || down[b]) count += comps.runX1[i]! - comps.runX0[i]!;
  }
  if (count < MIN_TEXT_POINTS) return null;
  const step = Math.max(1, Math.ceil(count / maxPoints));
  const pts = new Float32Array(2 * Math.ceil(count / step));
  let k = 0, seen = 0;
  for (let i = 0; i < comps.runCount; i++) {
    const b = comps.runBox[i]!;
    if (!across[b] && !down[b]) continue;
    const y = comps.runY[i]!;
    for (let x = comps.runX0[i]!; x < comps.runX1[i]!; x++) {
      if (seen++ % step === 0) {
        pts[k++] = x;
        pts[k++] = y;
      }
    }
  }
  return pts.subarray(0, k);
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

/** Height of the glyph at quantile q, in pixels of the raster the mask was made from. */
function heightAt(sizes: GlyphSizes, mask: Pick<InkMask, 'scale'>, q: number): number {
  const h = sizes.heights;
  return h[Math.min(h.length - 1, Math.floor(q * h.length))]! / mask.scale;
}

/**
 * Factor (≤ 1) by which a raster of `dpi` can be shrunk before OCR without making its
 * smallest text too small to read. `sizes` are measured on `mask`; `dpi` 0 means unknown.
 */
export function ocrScaleFactor(sizes: GlyphSizes, mask: Pick<InkMask, 'scale'>, dpi: number, pixels = 0): number {
  if (sizes.heights.length < MIN_GLYPHS) return 1;
  // Both heights must stay above their minimum: the larger of the two factors holds both.
  let f = Math.max(TARGET_PX / heightAt(sizes, mask, 0.05), FLOOR_PX / heightAt(sizes, mask, 0.01));
  f = Math.max(f, MIN_FACTOR, dpi > 0 ? MIN_DPI / dpi : 0);
  return FACTORS.find((k) => k >= f - 1e-9) ?? denseBodyTextFactor(sizes, mask, dpi, pixels);
}

/**
 * Body text at scanner resolution (10-pt print at 300 DPI: ~19 px x-height, text lines ~40 px
 * tall) holds more pixels than tesseract's LSTM reads: the engine scales every text line to
 * the network's input height (36 px for the English models) before recognising it, so those
 * pixels cost page-layout time (connected components, line finding, line images), not
 * accuracy. A large page raster whose smallest glyphs keep DENSE_TARGET_PX (5th percentile) and
 * DENSE_FLOOR_PX (1st percentile: a page with small print keeps its resolution) at 3/4 is read
 * from a 3/4 copy. Measured on the OCRmyPDF linn family (dense 300-DPI pages; README): engine
 * time −10 %, CER unchanged. Small rasters (under DENSE_MIN_PIXELS) are not worth a resampling.
 */
const DENSE_FACTOR = 3 / 4;
const DENSE_TARGET_PX = 13.5;
const DENSE_FLOOR_PX = 12;
const DENSE_MIN_PIXELS = 4_000_000;
function denseBodyTextFactor(sizes: GlyphSizes, mask: Pick<InkMask, 'scale'>, dpi: number, pixels: number): number {
  if (pixels < DENSE_MIN_PIXELS || (dpi > 0 && dpi * DENSE_FACTOR < MIN_DPI)) return 1;
  const keeps = heightAt(sizes, mask, 0.05) * DENSE_FACTOR >= DENSE_TARGET_PX && heightAt(sizes, mask, 0.01) * DENSE_FACTOR >= DENSE_FLOOR_PX;
  return keeps ? DENSE_FACTOR : 1;
}

/**
 * Small print is enlarged as large print is reduced: tesseract reads glyphs of 6–8 pixels
 * (captions of a 72-dpi page image, a phone photo's footnotes) poorly or not at all, and
 * nearly as well as body text once they are 2–3 times larger. A page whose median glyph is
 * under ENLARGE_BELOW_PX is read from a copy enlarged by the whole factor (2, 3 or 4) that
 * brings that median to ENLARGED_MEDIAN_PX, never past MAX_ENLARGED_PIXELS.
 */
const ENLARGE_BELOW_PX = 11;
const ENLARGED_MEDIAN_PX = 20;
const MAX_ENLARGE = 4;
const MAX_ENLARGED_PIXELS = 36_000_000;

/** Factor (≥ 1) by which a raster of `pixels` pixels is enlarged before OCR for its small print. */
export function ocrEnlargeFactor(sizes: GlyphSizes, mask: Pick<InkMask, 'scale'>, pixels: number): number {
  if (sizes.heights.length < MIN_GLYPHS) return 1;
  const median = heightAt(sizes, mask, 0.5);
  if (!(median > 0) || median >= ENLARGE_BELOW_PX) return 1;
  let f = Math.min(MAX_ENLARGE, Math.ceil(ENLARGED_MEDIAN_PX / median));
  while (f > 1 && pixels * f * f > MAX_ENLARGED_PIXELS) f--;
  return f;
}

/**
 * Whether the raster `mask` was made from shows its smallest text at least as large as
 * ocrScaleFactor keeps it, so that OCR needs no sharper raster. Too little text to judge: no.
 */
export function textLargeEnough(sizes: GlyphSizes, mask: Pick<InkMask, 'scale'>): boolean {
  if (sizes.heights.length < MIN_GLYPHS) return false;
  return heightAt(sizes, mask, 0.05) >= TARGET_PX && heightAt(sizes, mask, 0.01) >= FLOOR_PX;
}
