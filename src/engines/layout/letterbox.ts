/**
 * Page raster → model input: resize to fit, pad to the network size, normalise, planar
 * float32. Resizing and padding are sharp's; the geometry is returned so that boxes can
 * be mapped back to the raster.
 */
import { sharpFromRaster } from '../../raster/raster-sharp.js';
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

export async function letterbox(image: RasterImage, spec: LetterboxSpec): Promise<LetterboxedImage> {
  const g = letterboxGeometry(image.width, image.height, spec);
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
