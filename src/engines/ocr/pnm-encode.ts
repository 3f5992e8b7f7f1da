/**
 * Raster → binary PNM (P5 grey / P6 RGB). Both tesseract builds read PNM through leptonica;
 * it costs one copy and no compression, unlike PNG, so it is the cheapest way to hand a
 * raster to an engine.
 */
import type { RasterImage } from './interface.js';

export function encodePnm(image: RasterImage): Buffer {
  const { width, height, channels, data } = image;
  const pixels = width * height;
  if (data.length < pixels * channels) throw new RangeError(`raster data too short for ${width}x${height}x${channels}`);
  const magic = channels === 1 ? 'P5' : 'P6';
  const header = Buffer.from(`${magic}\n${width} ${height}\n255\n`, 'latin1');
  const outChannels = channels === 1 ? 1 : 3;
  const out = Buffer.allocUnsafe(header.length + pixels * outChannels);
  header.copy(out, 0);
  const body = out.subarray(header.length);
  if (channels === 1 || channels === 3) {
    body.set(data.subarray(0, pixels * channels));
  } else {
    // RGBA: composite on white, as a scanner or a printed page would show it.
    for (let i = 0, o = 0; i < pixels * 4; i += 4, o += 3) {
      const a = data[i + 3]!;
      const inv = 255 - a;
      body[o] = (data[i]! * a + 255 * inv + 127) / 255;
      body[o + 1] = (data[i + 1]! * a + 255 * inv + 127) / 255;
      body[o + 2] = (data[i + 2]! * a + 255 * inv + 127) / 255;
    }
  }
  return out;
}
