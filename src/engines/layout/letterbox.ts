/**
 * Page raster → model input: resize to fit, pad to the network size, normalise, planar
 * float32. Resizing and padding are sharp's; the geometry is returned so that boxes can
 * be mapped back to the raster. A raster already rendered at the input's size (a text-layer
 * page drawn for the model, layout-fusion/apply-layout-model.ts) needs no resizing: for a
 * grey model it is converted and padded here, which costs about 2 ms where sharp's pipeline
 * costs 17 (bench/layout-cost.ts), and the grey copy is the one box snapping reuses.
 */
import { sharpFromRaster } from '../../raster/raster-sharp.js';
import { toGrey } from '../../raster/raster-grey.js';
import type { RasterImage } from '../ocr/interface.js';

export interface LetterboxSpec {
  width: number;
  height: number;
  channels: 1 | 3;
  padValue: number;
  placement: 'center' | 'top_left';
}

export interface LetterboxGeometry {
  /** Input pixels per raster pixel. */
  scale: number;
  offsetX: number;
  offsetY: number;
}

export interface LetterboxedImage extends LetterboxGeometry {
  /** width × height × channels bytes, interleaved. */
  pixels: Buffer;
}

export function letterboxGeometry(srcW: number, srcH: number, spec: LetterboxSpec): LetterboxGeometry & { w: number; h: number } {
  const scale = Math.min(spec.width / srcW, spec.height / srcH);
  const w = Math.max(1, Math.min(spec.width, Math.round(srcW * scale)));
  const h = Math.max(1, Math.min(spec.height, Math.round(srcH * scale)));
  const offsetX = spec.placement === 'center' ? Math.floor((spec.width - w) / 2) : 0;
  const offsetY = spec.placement === 'center' ? Math.floor((spec.height - h) / 2) : 0;
  return { scale, offsetX, offsetY, w, h };
}

/** Within this much of the input size a raster is used as it is (a pixel of rounding). */
const AS_IS = 1.01;

export async function letterbox(image: RasterImage, spec: LetterboxSpec): Promise<LetterboxedImage> {
  const g = letterboxGeometry(image.width, image.height, spec);
  if (spec.channels === 1 && image.width <= spec.width && image.height <= spec.height && g.scale <= AS_IS) return padGrey(image, spec);
  const pad = spec.padValue;
  let pipeline = sharpFromRaster(image);
  // Alpha is composited onto white: a transparent PDF page is paper, not black.
  if (image.channels === 4) pipeline = pipeline.flatten({ background: '#ffffff' });
  pipeline = pipeline
    .resize(g.w, g.h, { fit: 'fill', kernel: 'linear' })
    .extend({
      top: g.offsetY,
      left: g.offsetX,
      bottom: spec.height - g.h - g.offsetY,
      right: spec.width - g.w - g.offsetX,
      background: { r: pad, g: pad, b: pad, alpha: 1 },
    });
  pipeline = spec.channels === 1 ? pipeline.toColourspace('b-w') : pipeline.removeAlpha().toColourspace('srgb');
  const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  if (info.channels !== spec.channels || info.width !== spec.width || info.height !== spec.height) {
    throw new Error(`letterbox: sharp returned ${info.width}x${info.height}x${info.channels}`);
  }
  return { pixels: data, scale: g.scale, offsetX: g.offsetX, offsetY: g.offsetY };
}

/** A raster that fits the input: grey, centred or top-left on the pad value, not resized. */
function padGrey(image: RasterImage, spec: LetterboxSpec): LetterboxedImage {
  const grey = toGrey(image).data;
  const { width: W, height: H } = image;
  const offsetX = spec.placement === 'center' ? Math.floor((spec.width - W) / 2) : 0;
  const offsetY = spec.placement === 'center' ? Math.floor((spec.height - H) / 2) : 0;
  const pixels = Buffer.alloc(spec.width * spec.height, spec.padValue);
  for (let y = 0; y < H; y++) pixels.set(grey.subarray(y * W, (y + 1) * W), (y + offsetY) * spec.width + offsetX);
  return { pixels, scale: 1, offsetX, offsetY };
}

/** Interleaved bytes → planar float32 (C×H×W), (v / 255 - mean) / std per channel. */
export function toTensorData(pixels: Uint8Array, spec: { width: number; height: number; channels: number }, mean: readonly number[], std: readonly number[]): Float32Array {
  const n = spec.width * spec.height;
  const c = spec.channels;
  const out = new Float32Array(n * c);
  for (let ch = 0; ch < c; ch++) {
    const m = mean[mean.length === 1 ? 0 : ch]!;
    const s = std[std.length === 1 ? 0 : ch]!;
    const a = 1 / (255 * s);
    const b = -m / s;
    const base = ch * n;
    for (let i = 0, p = ch; i < n; i++, p += c) out[base + i] = pixels[p]! * a + b;
  }
  return out;
}
