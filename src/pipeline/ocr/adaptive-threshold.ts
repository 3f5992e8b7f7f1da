/**
 * Local (Sauvola) binarisation of a page raster, for pages that one global threshold cannot
 * read: ID cards and health cards on tinted, patterned or gradient backgrounds, a card
 * photographed on a white page, a phone photo darker at one corner. A global threshold
 * (Otsu, which tesseract applies to a grey image) puts the card's background and its text
 * on the same side, so the engine sees solid blocks and returns no word at all; a pixel
 * judged against its own neighbourhood (darker than the local mean by a share of the local
 * contrast) keeps the text and drops the background.
 *
 * Local statistics come from a grid of blocks (sum and sum of squares per block, a 3×3-block
 * neighbourhood per threshold, thresholds interpolated between block centres), so memory is
 * a few arrays of blocks rather than two page-size integral images (135 MB at 300 DPI).
 */
import type { RasterImage } from '../../raster/raster-image.js';
import { toGrey } from '../../raster/raster-grey.js';

export interface SauvolaOptions {
  /** Side of the neighbourhood in pixels; default: the raster's short side / 25, 15–90 px. */
  window?: number;
  /** Sauvola's k: how far below the local mean (in units of contrast) ink must be. Default 0.2. */
  k?: number;
}

/** Sauvola's dynamic range of the standard deviation for 8-bit grey. */
const R = 128;
const DEFAULT_K = 0.2;

export function defaultWindow(width: number, height: number): number {
  return Math.max(15, Math.min(90, Math.round(Math.min(width, height) / 25)));
}

/** Black text (0) on white (255), one channel, same size and dpi as `image`. */
export function sauvolaBinarize(image: RasterImage, options: SauvolaOptions = {}): RasterImage {
  const grey = toGrey(image);
  const { width, height, data } = grey;
  const k = options.k ?? DEFAULT_K;
  const window = options.window ?? defaultWindow(width, height);
  // Blocks of a third of the window: a 3×3-block neighbourhood spans the window.
  const block = Math.max(2, Math.round(window / 3));
  const bw = Math.ceil(width / block);
  const bh = Math.ceil(height / block);
  const sum = new Float64Array(bw * bh);
  const sq = new Float64Array(bw * bh);
  const count = new Float64Array(bw * bh);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / block) * bw;
    for (let x = 0; x < width; x++) {
      const v = data[y * width + x]!;
      const b = row + Math.floor(x / block);
      sum[b] += v;
      sq[b] += v * v;
      count[b]++;
    }
  }
  // Threshold per block from its 3×3 neighbourhood.
  const thr = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let s = 0, s2 = 0, n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = by + dy;
        if (yy < 0 || yy >= bh) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = bx + dx;
          if (xx < 0 || xx >= bw) continue;
          const i = yy * bw + xx;
          s += sum[i]!;
          s2 += sq[i]!;
          n += count[i]!;
        }
      }
      const mean = s / n;
      const sd = Math.sqrt(Math.max(0, s2 / n - mean * mean));
      thr[by * bw + bx] = mean * (1 + k * (sd / R - 1));
    }
  }
  // Each pixel's threshold: bilinear between the four nearest block centres.
  const out = Buffer.allocUnsafe(width * height);
  const half = block / 2;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y - half + 0.5) / block));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(bw - 1, Math.max(0, (x - half + 0.5) / block));
      const x0 = Math.floor(fx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const tx = fx - x0;
      const top = thr[y0 * bw + x0]! * (1 - tx) + thr[y0 * bw + x1]! * tx;
      const bottom = thr[y1 * bw + x0]! * (1 - tx) + thr[y1 * bw + x1]! * tx;
      const t = top * (1 - ty) + bottom * ty;
      out[y * width + x] = data[y * width + x]! > t ? 255 : 0;
    }
  }
  return { data: out, width, height, channels: 1, dpi: grey.dpi };
}
