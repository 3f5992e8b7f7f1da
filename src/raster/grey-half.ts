/**
 * A colour raster at half its size in grey, each output pixel the mean of a 2×2 block
 * (BT.601 luma, as raster-grey.ts). The layout model reads a page drawn at twice its input
 * size and halved: drawn directly at the input size, pdf.js's anti-aliasing gives a thinner
 * texture than the one the model was trained on (parse's mAP 0.521 against 0.527 halved,
 * bench/layout-eval-parse.ts --born-digital), and halving here costs a few ms where sharp's
 * resize, colour conversion and padding cost about 17 (layout-fusion/README.md).
 */
import type { RasterImage } from './raster-image.js';

export function greyHalf(image: RasterImage): RasterImage {
  const { width: W, height: H, channels: c, data } = image;
  const w = W >> 1;
  const h = H >> 1;
  const out = Buffer.allocUnsafe(w * h);
  const row = W * c;
  for (let y = 0; y < h; y++) {
    let p = 2 * y * row;
    let o = y * w;
    for (let x = 0; x < w; x++, p += 2 * c, o++) {
      const q = p + row;
      const r = data[p]! + data[p + c]! + data[q]! + data[q + c]!;
      const g = data[p + 1]! + data[p + c + 1]! + data[q + 1]! + data[q + c + 1]!;
      const b = data[p + 2]! + data[p + c + 2]! + data[q + 2]! + data[q + c + 2]!;
      // Rendered pages are opaque (alpha 255): the luma of the four pixels' mean.
      out[o] = (r * 299 + g * 587 + b * 114 + 2000) / 4000;
    }
  }
  return { data: out, width: w, height: h, channels: 1, dpi: image.dpi === null ? null : image.dpi / 2 };
}
