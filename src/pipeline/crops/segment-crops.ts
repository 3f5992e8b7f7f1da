/**
 * Segment images: each block's box is cut out of the page raster and written to the job's
 * folder; the segment's `image` is the file URL (getParseJob can turn it into a data URI).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RasterImage } from '../../engines/ocr/interface.js';
import type { PageLayout } from '../../model/layout.js';
import { encodeCrop, pageBoxToPixels } from '../rasterize/crop-raster.js';

/** Longer side of a crop, in pixels: enough to read, small enough to ship inline. */
const MAX_SIDE = 2000;

export async function writeSegmentCrops(layout: PageLayout, raster: RasterImage, dir: string, which: (blockIndex: number) => boolean): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (let i = 0; i < layout.blocks.length; i++) {
    if (!which(i)) continue;
    const b = layout.blocks[i]!;
    if (b.bbox.width <= 0 || b.bbox.height <= 0) continue;
    const rect = pageBoxToPixels(b.bbox, raster, layout.width, layout.height, 2);
    const photo = b.type === 'Picture';
    const bytes = await encodeCrop(raster, rect, { format: photo ? 'jpeg' : 'png', quality: 85, maxSide: MAX_SIDE });
    const file = path.join(dir, `p${layout.pageNumber}-b${i}.${photo ? 'jpg' : 'png'}`);
    await fs.writeFile(file, bytes);
    b.image = pathToFileURL(file).href;
  }
}
