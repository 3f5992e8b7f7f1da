/**
 * Vertical Japanese pages for tests and benches. No CJK font is installed here (nor on CI),
 * so a page cannot be typeset from scratch: the corpus's one vertical image (unstructured's
 * `jpn-vert.jpeg`, five columns, ground truth transcribed in bench/vertical-cjk/) is cut into
 * its columns by the ink's empty pixel columns, and new pages are composed from them: another
 * column order, spacing, margins and scale. The expected text follows the composition, so a
 * reader that keeps the source's order, or reads left to right, fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { corpusPath } from './corpus.js';

export const JPN_VERT = 'office/unstructured/example-docs/img/jpn-vert.jpeg';
const GT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../vertical-cjk/jpn-vert.gt.txt');

/** The source image's columns, right to left (its reading order). */
export function jpnVertColumnsText(): string[] {
  return fs.readFileSync(GT, 'utf8').split('\n').filter((l) => l.trim());
}

interface Strip { left: number; right: number }

/** Columns of ink (any pixel darker than mid-grey), right to left. */
async function columnStrips(file: string): Promise<{ grey: Buffer; width: number; height: number; strips: Strip[] }> {
  const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
  const strips: Strip[] = [];
  let start = -1;
  for (let x = 0; x <= info.width; x++) {
    let ink = false;
    if (x < info.width) for (let y = 0; y < info.height && !ink; y++) ink = data[y * info.width + x]! < 128;
    if (ink && start < 0) start = x;
    if (!ink && start >= 0) {
      if (x - start >= 4) strips.push({ left: start, right: x });
      start = -1;
    }
  }
  return { grey: data, width: info.width, height: info.height, strips: strips.reverse() };
}

/**
 * A page of the source's columns `order` (indices into its reading order) set right to left
 * with `gap` pixels between them, `margin` around, enlarged `scale` times. PNG bytes and the
 * text it reads as.
 */
export async function composeVerticalPage(order: number[], opts: { gap?: number; margin?: number; scale?: number } = {}): Promise<{ png: Buffer; text: string }> {
  const { gap = 14, margin = 40, scale = 1 } = opts;
  const src = await columnStrips(corpusPath(JPN_VERT));
  const texts = jpnVertColumnsText();
  if (src.strips.length !== texts.length) throw new Error(`expected ${texts.length} columns in ${JPN_VERT}, found ${src.strips.length}`);
  const widths = order.map((i) => src.strips[i]!.right - src.strips[i]!.left);
  const width = 2 * margin + widths.reduce((a, b) => a + b, 0) + gap * (order.length - 1);
  const height = src.height + 2 * margin;
  const composites: Array<{ input: Buffer; left: number; top: number }> = [];
  let right = width - margin;
  for (const [k, i] of order.entries()) {
    const s = src.strips[i]!;
    const crop = await sharp(src.grey, { raw: { width: src.width, height: src.height, channels: 1 } }).extract({ left: s.left, top: 0, width: s.right - s.left, height: src.height }).png().toBuffer();
    right -= widths[k]!;
    composites.push({ input: crop, left: right, top: margin });
    right -= gap;
  }
  let page = sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).composite(composites);
  if (scale !== 1) page = sharp(await page.png().toBuffer()).resize({ width: Math.round(width * scale), kernel: 'lanczos3' });
  return { png: await page.png().toBuffer(), text: order.map((i) => texts[i]!).join('') };
}
