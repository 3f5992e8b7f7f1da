/**
 * Raster ↔ sharp. sharp widens 1-channel raw input to sRGB on output unless told
 * otherwise, so grey rasters are pinned to the b-w colourspace on the way back.
 */
import { createRequire } from 'node:module';
import type { Sharp } from 'sharp';
import type { RasterImage } from './raster-image.js';

const require = createRequire(import.meta.url);
type SharpFactory = typeof import('sharp').default;
let sharpModule: SharpFactory | undefined;

export function sharpFromRaster(image: RasterImage): Sharp {
  // Required on first use: most text-layer pages never touch a raster, and loading the
  // native module costs a worker tens of milliseconds at start-up.
  sharpModule ??= require('sharp') as SharpFactory;
  return sharpModule(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
}

/** Run `pipeline` and return its pixels with the channel layout of `like`. */
export async function rasterFromSharp(pipeline: Sharp, like: Pick<RasterImage, 'channels' | 'dpi'>): Promise<RasterImage> {
  const shaped = like.channels === 1 ? pipeline.toColourspace('b-w') : pipeline;
  const { data, info } = await shaped.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  if (info.channels !== like.channels) throw new Error(`sharp returned ${info.channels} channels, expected ${like.channels}`);
  return { data, width: info.width, height: info.height, channels: like.channels, dpi: like.dpi };
}
