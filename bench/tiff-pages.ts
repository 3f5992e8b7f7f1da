/**
 * TIFF page counting cost: `loadImagePages` (every page's header, before any decode) on
 * generated TIFFs of N pages, beside sharp's own page count and the decode of the last page.
 *
 *   npx tsx bench/tiff-pages.ts [1000 10000 ...]
 *
 * Before the directory walk (tiff-directories.ts) loadImagePages asked sharp for every
 * page's header, each walking the chain from the start: quadratic in N.
 */
import sharp from 'sharp';
import { buildTiff } from './lib/hostile/tiff.js';
import { loadImagePages } from '../src/formats/image/load-image-pages.js';

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
for (const n of sizes.length ? sizes : [1000, 10_000]) {
  const tiff = buildTiff({ pages: n });
  let t0 = performance.now();
  const meta = await sharp(tiff).metadata();
  const sharpMs = performance.now() - t0;
  t0 = performance.now();
  const pages = await loadImagePages(tiff);
  const loadMs = performance.now() - t0;
  t0 = performance.now();
  await pages.getPage(n - 1);
  const lastMs = performance.now() - t0;
  console.log(`${n} pages (${tiff.length} bytes): sharp page count ${meta.pages} in ${sharpMs.toFixed(0)} ms; loadImagePages ${pages.pageCount} pages in ${loadMs.toFixed(0)} ms; decode of the last page ${lastMs.toFixed(0)} ms`);
}
