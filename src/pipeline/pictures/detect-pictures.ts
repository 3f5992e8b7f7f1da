/**
 * Picture regions: placed raster images, and clusters of vector paths dense enough to be
 * a chart or diagram. Full-page images (scans, backgrounds) are not pictures: their text
 * is the page's text.
 */
import { intersectionArea, unionBBox, type BBox } from '../../model/document.js';

const MIN_SIDE = 24; // points
const GAP = 6; // points: paths closer than this belong to one drawing
const MIN_PATHS = 6;

function near(a: BBox, b: BBox, gap: number): boolean {
  return a.left - gap <= b.left + b.width && b.left - gap <= a.left + a.width && a.top - gap <= b.top + b.height && b.top - gap <= a.top + a.height;
}

/** Merge boxes that touch (within `gap`) into clusters; returns each cluster's union and size. */
export function clusterBoxes(boxes: readonly BBox[], gap: number): Array<{ box: BBox; count: number }> {
  const sorted = boxes.slice().sort((a, b) => a.left - b.left);
  const parent = sorted.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j]!;
      if (b.left > a.left + a.width + gap) break;
      if (near(a, b, gap)) parent[find(j)] = find(i);
    }
  }
  const groups = new Map<number, BBox[]>();
  sorted.forEach((b, i) => {
    const g = groups.get(find(i)) ?? [];
    g.push(b);
    groups.set(find(i), g);
  });
  // Cluster unions can overlap each other after merging; one more pass joins those.
  let out = [...groups.values()].map((g) => ({ box: unionBBox(g), count: g.length }));
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < out.length && !changed; i++) {
      for (let j = i + 1; j < out.length; j++) {
        if (near(out[i]!.box, out[j]!.box, 0)) {
          out[i] = { box: unionBBox([out[i]!.box, out[j]!.box]), count: out[i]!.count + out[j]!.count };
          out.splice(j, 1);
          changed = true;
          break;
        }
      }
    }
  }
  return out;
}

export interface PictureInput {
  images: readonly BBox[];
  paths: readonly BBox[];
  rects: readonly BBox[];
  page: BBox;
  /** Regions already claimed (tables): drawings inside them are table borders. */
  exclude: readonly BBox[];
}

/** Points a drawn shape may pass the page's edge by (a hairline's width) and still be drawn on the page. */
const BLEED = 2;

/**
 * A page's backdrop: one drawn shape over a quarter of the page or more that runs off the
 * page's edge (a designer's background band or disc). A figure is drawn inside the page;
 * a backdrop joined to the figures on it made one picture of half a page, headings and all.
 * (Filled rectangles of that size are backgrounds wherever they lie; other shapes of that
 * size inside the page can be a diagram's frame or a chart drawn as one path, and stay.)
 */
function isBackdrop(b: BBox, page: BBox): boolean {
  if (b.width * b.height < 0.25 * page.width * page.height) return false;
  return b.left < page.left - BLEED || b.top < page.top - BLEED || b.left + b.width > page.left + page.width + BLEED || b.top + b.height > page.top + page.height + BLEED;
}

export function detectPictures(input: PictureInput): BBox[] {
  const pageArea = input.page.width * input.page.height;
  const inExcluded = (b: BBox) => input.exclude.some((e) => intersectionArea(b, e) > 0.5 * b.width * b.height);
  // Bands of the page's background, joined first: together they are often the whole page.
  const bandImages = input.images.filter((img) => isBand(img, input.page));
  const pictures: BBox[] = clusterBoxes(bandImages, BLEED)
    .map((c) => c.box)
    .filter((b) => b.width * b.height <= 0.7 * pageArea && !inExcluded(b));
  for (const img of input.images) {
    if (img.width < MIN_SIDE || img.height < MIN_SIDE || bandImages.includes(img)) continue;
    if (img.width * img.height > 0.7 * pageArea) continue;
    if (inExcluded(img)) continue;
    pictures.push(img);
  }
  const drawing = [...input.paths.filter((p) => !isBackdrop(p, input.page)), ...input.rects.filter((r) => r.width * r.height < 0.25 * pageArea)].filter((b) => !inExcluded(b));
  for (const c of clusterBoxes(drawing, GAP)) {
    if (c.count < MIN_PATHS) continue;
    if (c.box.width < MIN_SIDE * 2 || c.box.height < MIN_SIDE * 2) continue;
    if (c.box.width * c.box.height > 0.8 * pageArea) continue;
    pictures.push(c.box);
  }
  // Overlapping pictures (an image inside a drawn frame) become one.
  return clusterBoxes(pictures, 0).map((c) => c.box);
}

/**
 * An image from one edge of the page to the other, a tenth of its height or more: a page
 * whose background is drawn as image bands (ICDAR eu-011: nine bands of 94 pt, touching).
 * Each band is under 70 % of the page, so each was a picture, and joined to a chart drawn on
 * them they made one picture of most of the page, which its body text then disqualified
 * (analyze-page.ts): the chart was lost with it. Bands are joined first: over 70 % of the
 * page together, they are its background, as a full-page image is. A band that stays a
 * picture (a photograph across the page's top, with charts drawn on it) is one as before, and
 * bands are joined before any is set aside for a table or chart over it (a band cut out of
 * the background would be a picture taking the lines it crosses).
 */
function isBand(b: BBox, page: BBox): boolean {
  return b.left <= page.left + BLEED && b.left + b.width >= page.left + page.width - BLEED && b.height >= 0.1 * page.height;
}
