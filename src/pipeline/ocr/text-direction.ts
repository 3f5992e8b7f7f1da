/**
 * Text-line direction and skew from projection profiles (Postl's method): the ink's
 * projection onto the axis across the lines is sharpest (largest sum of squared differences
 * between neighbouring bins) when the projection direction matches the lines exactly.
 * Angles are clockwise degrees in image coordinates (y down), as sharp rotates.
 */
import type { InkMask } from './ink-mask.js';

export interface DirectionEstimate {
  /** Rotation (clockwise degrees) that makes the text lines horizontal: near 0 or near 90. */
  angle: number;
  /** Profile sharpness at `angle`. */
  score: number;
  /** Best sharpness found near 0° and near 90°, for the caller's confidence checks. */
  horizontalScore: number;
  verticalScore: number;
}

/** Points used; more only refines an estimate that is already sub-degree. */
const MAX_POINTS = 80_000;

/**
 * `points` (x, y pairs in mask coordinates) replace the mask's ink when given: the caller's
 * choice of the ink that belongs to text lines (glyph-size.ts textInkPoints).
 */
export function estimateTextDirection(mask: InkMask, maxSkewDegrees = 10, points?: Float32Array | null): DirectionEstimate | null {
  const pts = points ?? inkPoints(mask);
  if (pts.length < 2 * 50) return null;
  // Whole degrees around both axes, then tenths around the winner only.
  const h = searchAround(pts, mask, 0, maxSkewDegrees, 1);
  const v = searchAround(pts, mask, 90, maxSkewDegrees, 1);
  const coarse = v.score > h.score * VERTICAL_MARGIN ? v : h;
  const best = searchAround(pts, mask, coarse.angle, 0.9, 0.1);
  return { angle: best.angle, score: best.score, horizontalScore: h.score, verticalScore: v.score };
}

/**
 * Vertical lines must win clearly: columns of a receipt or a single line of text give a
 * spiky column profile (aligned figures, letter gaps) that rivals the row profile
 * (1.5x measured on an upright receipt; rotated pages score 2.4–12x).
 */
const VERTICAL_MARGIN = 2;

/**
 * Evidence that text rotated clockwise by `angle` reads upright (> 0) or upside down (< 0),
 * in [-1, 1]. Latin-script lines carry far more ink above their x-height band (ascenders,
 * capitals, digits) than below it (descenders), so the asymmetry flips with the page.
 * With `textPoints` (glyphs with a line neighbour, glyph-size.ts), on those pixels only: the
 * caller lets that veto a turn all the ink asks for (a photo has no x-height band).
 */
export function uprightEvidence(mask: InkMask, angle: number, textPoints: Float32Array | null = null): number {
  const pts = textPoints ?? inkPoints(mask);
  if (pts.length < 2 * 50) return 0;
  const t = (angle * Math.PI) / 180;
  const s = Math.sin(t), c = Math.cos(t);
  const diag = Math.ceil(Math.hypot(mask.width, mask.height));
  const prof = new Float64Array(2 * diag + 2);
  for (let i = 0; i < pts.length; i += 2) prof[Math.round(pts[i]! * s + pts[i + 1]! * c) + diag]!++;
  let peak = 0;
  for (const v of prof) peak = Math.max(peak, v);
  const floor = peak * 0.03;
  let above = 0, below = 0;
  for (let i = 0; i < prof.length; ) {
    if (prof[i]! <= floor) {
      i++;
      continue;
    }
    let end = i;
    let max = 0;
    while (end < prof.length && prof[end]! > floor) max = Math.max(max, prof[end++]!);
    if (end - i >= 5) {
      // x-height band: the rows of the line at half its peak or more
      let a = i;
      while (prof[a]! < max / 2) a++;
      let b = end - 1;
      while (prof[b]! < max / 2) b--;
      for (let k = i; k < a; k++) above += prof[k]!;
      for (let k = b + 1; k < end; k++) below += prof[k]!;
    }
    i = end;
  }
  return above + below > 0 ? (above - below) / (above + below) : 0;
}

function inkPoints(mask: InkMask): Float32Array {
  const { width, height, data } = mask;
  let count = 0;
  for (let i = 0; i < data.length; i++) count += data[i]!;
  const step = Math.max(1, Math.ceil(count / MAX_POINTS));
  const pts = new Float32Array(2 * Math.ceil(count / step));
  let k = 0, seen = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x] && seen++ % step === 0) {
        pts[k++] = x;
        pts[k++] = y;
      }
    }
  }
  return pts.subarray(0, k);
}

/** Profile sharpness of the points rotated by `deg`: Σ (bin[i+1] − bin[i])². */
export function profileScore(pts: Float32Array, mask: { width: number; height: number }, deg: number): number {
  const t = (deg * Math.PI) / 180;
  const s = Math.sin(t), c = Math.cos(t);
  const diag = Math.ceil(Math.hypot(mask.width, mask.height));
  const bins = new Float64Array(2 * diag + 2);
  for (let i = 0; i < pts.length; i += 2) {
    // y of the point after rotating the image clockwise by `deg` (y axis down)
    const y = pts[i]! * s + pts[i + 1]! * c;
    bins[Math.round(y) + diag]!++;
  }
  let score = 0;
  for (let i = 1; i < bins.length; i++) {
    const d = bins[i]! - bins[i - 1]!;
    score += d * d;
  }
  return score;
}

function searchAround(pts: Float32Array, mask: InkMask, center: number, range: number, step: number): { angle: number; score: number } {
  let best = { angle: center, score: profileScore(pts, mask, center) };
  const n = Math.round(range / step);
  for (let i = -n; i <= n; i++) {
    const a = round1(center + i * step);
    const score = profileScore(pts, mask, a);
    if (score > best.score) best = { angle: a, score };
  }
  return best;
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
