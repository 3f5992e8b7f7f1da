/**
 * Box refinement: snap each detected region to the ink it holds. A detector working on a
 * small letterboxed copy of the page (ours: 576×768) places edges to within a few input
 * pixels, which on a page number or a one-line header is most of the box; annotators draw
 * boxes tight around the content. Tightening to the dark pixels inside the box (plus a
 * small margin for edges placed just inside the ink) fixes that without touching the
 * class or score.
 */
import type { RasterImage } from '../ocr/interface.js';
import { toGrey } from '../../raster/raster-grey.js';
import type { LayoutRegion } from './interface.js';

/** How far beyond each edge ink is looked for, in raster pixels. */
const MARGIN_PX = 2;

/** Paper brightness: the 90th percentile of grey levels (robust to dark photos and noise). */
function paperLevel(grey: Uint8Array | Buffer): number {
  const hist = new Uint32Array(256);
  // A sparse sample is enough for a percentile.
  const step = Math.max(1, Math.floor(grey.length / 200_000));
  let n = 0;
  for (let i = 0; i < grey.length; i += step) {
    hist[grey[i]!]!++;
    n++;
  }
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc >= 0.9 * n) return v;
  }
  return 255;
}

export function snapRegionsToInk(regions: readonly LayoutRegion[], image: RasterImage): LayoutRegion[] {
  if (regions.length === 0) return [];
  const grey = toGrey(image);
  const { width: W, height: H, data } = grey;
  // Ink is clearly darker than the paper: on white paper, below 191.
  const inkBelow = Math.round(paperLevel(data) * 0.75);
  return regions.map((r) => {
    const x0 = Math.max(0, Math.floor(r.left) - MARGIN_PX);
    const y0 = Math.max(0, Math.floor(r.top) - MARGIN_PX);
    const x1 = Math.min(W - 1, Math.ceil(r.left + r.width) + MARGIN_PX);
    const y1 = Math.min(H - 1, Math.ceil(r.top + r.height) + MARGIN_PX);
    const rowInk = (y: number, a: number, b: number) => {
      for (let i = y * W + a, end = y * W + b; i <= end; i++) if (data[i]! < inkBelow) return true;
      return false;
    };
    const colInk = (x: number, a: number, b: number) => {
      for (let i = a * W + x, end = b * W + x; i <= end; i += W) if (data[i]! < inkBelow) return true;
      return false;
    };
    // Shrink each edge inwards until it meets ink: detector boxes are nearly tight, so
    // this stops after a few lines instead of scanning the whole region.
    let top = y0;
    while (top <= y1 && !rowInk(top, x0, x1)) top++;
    // No ink (a blank region, or a light picture): the detector's box is all there is.
    if (top > y1) return { ...r };
    let bottom = y1;
    while (!rowInk(bottom, x0, x1)) bottom--;
    let left = x0;
    while (!colInk(left, top, bottom)) left++;
    let right = x1;
    while (!colInk(right, top, bottom)) right--;
    return { ...r, left, top, width: right - left + 1, height: bottom - top + 1 };
  });
}
