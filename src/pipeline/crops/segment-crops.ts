/**
 * Segment images: each block's box is cut out of the page raster and written to the job's
 * folder; the segment's `image` is the file URL (getParseJob can turn it into a data URI).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RasterImage } from '../../engines/ocr/interface.js';
import type { BBox } from '../../model/document.js';
import type { PageLayout } from '../../model/layout.js';
import { encodeCrop, pageBoxToPixels } from '../../raster/crop-raster.js';

/** Longer side of a crop, in pixels: enough to read, small enough to ship inline. */
const MAX_SIDE = 2000;

/** Where crop pixels come from: a page raster, or a renderer of page regions. */
export type CropSource = { raster: RasterImage } | { renderRegion: (box: BBox) => Promise<RasterImage> };

export async function writeSegmentCrops(layout: PageLayout, source: CropSource, dir: string, which: (blockIndex: number) => boolean): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (let i = 0; i < layout.blocks.length; i++) {
    if (!which(i)) continue;
    const b = layout.blocks[i]!;
    if (b.bbox.width <= 0 || b.bbox.height <= 0) continue;
    const photo = b.type === 'Picture';
    const opts = { format: photo ? ('jpeg' as const) : ('png' as const), quality: 85, maxSide: MAX_SIDE };
    let bytes: Buffer;
    if ('raster' in source) {
      bytes = await encodeCrop(source.raster, pageBoxToPixels(b.bbox, source.raster, layout.width, layout.height, 2), opts);
    } else {
      const box = pad(b.bbox, 2, layout.width, layout.height);
      const region = await source.renderRegion(box);
      bytes = await encodeCrop(region, { left: 0, top: 0, width: region.width, height: region.height }, opts);
    }
    const file = path.join(dir, `p${layout.pageNumber}-b${i}.${photo ? 'jpg' : 'png'}`);
    await fs.writeFile(file, bytes);
    b.image = pathToFileURL(file).href;
  }
}

function pad(b: BBox, by: number, width: number, height: number): BBox {
  const left = Math.max(0, b.left - by);
  const top = Math.max(0, b.top - by);
  return { left, top, width: Math.min(width, b.left + b.width + by) - left, height: Math.min(height, b.top + b.height + by) - top };
}
