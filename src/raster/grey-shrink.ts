/**
 * A drawn page shrunk to two thirds of its size in grey, by area (BT.601 luma, as
 * raster-grey.ts). The layout model reads a text-layer page drawn at 1.5 times the input's
 * DPI and shrunk: drawn directly at the input size, pdf.js's anti-aliasing gives a thinner
 * texture than the renders the model was trained on (parse's mAP 0.521 against 0.527), and
 * shrinking here (about 5 ms) replaces sharp's resize, colour conversion and padding (about
 * 25 ms; bench/layout-stage-cost.ts). Measured: 0.557 this way, 0.556 drawn at 2× and halved
 * (which costs ~15 ms more drawing).
 */
import type { RasterImage } from './raster-image.js';

/**
 * A colour raster at two thirds of its size in grey, by area: each 3×3 block of source
 * pixels becomes 2×2, the middle row and column shared half and half.
 */
export function greyTwoThirds(image: RasterImage): RasterImage {
  const { width: W, height: H, channels: c, data } = image;
  const w3 = Math.floor(W / 3);
  const h3 = Math.floor(H / 3);
  const w = 2 * w3;
  const h = 2 * h3;
  const luma = new Float32Array(W * H);
  for (let i = 0, p = 0; i < W * H; i++, p += c) luma[i] = (data[p]! * 299 + data[p + 1]! * 587 + data[p + 2]! * 114) / 1000;
  // Columns first (W → w), then rows (H → h).
  const cols = new Float32Array(w * H);
  for (let y = 0; y < H; y++) {
    const s = y * W;
    const o = y * w;
    for (let k = 0; k < w3; k++) {
      const a = luma[s + 3 * k]!, b = luma[s + 3 * k + 1]!, d = luma[s + 3 * k + 2]!;
      cols[o + 2 * k] = (a + 0.5 * b) / 1.5;
      cols[o + 2 * k + 1] = (0.5 * b + d) / 1.5;
    }
  }
  const out = Buffer.allocUnsafe(w * h);
  for (let k = 0; k < h3; k++) {
    const r0 = 3 * k * w, r1 = r0 + w, r2 = r1 + w;
    const o0 = 2 * k * w, o1 = o0 + w;
    for (let x = 0; x < w; x++) {
      const b = cols[r1 + x]!;
      out[o0 + x] = Math.round((cols[r0 + x]! + 0.5 * b) / 1.5);
      out[o1 + x] = Math.round((0.5 * b + cols[r2 + x]!) / 1.5);
    }
  }
  return { data: out, width: w, height: h, channels: 1, dpi: image.dpi === null ? null : (image.dpi * 2) / 3 };
}
