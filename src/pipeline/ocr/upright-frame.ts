/**
 * Layout of a turned or skewed scan runs in the upright frame: OCR words (in page space)
 * are rotated so lines are horizontal, grouped there, and the resulting boxes are rotated
 * back to page space (as the axis-aligned box around the rotated corners).
 */
import type { BBox } from '../../model/document.js';
import type { PageLayout } from '../../model/layout.js';
import type { PageContent } from '../../model/page.js';

export interface Frame {
  width: number;
  height: number;
  /** Page box → upright-frame box. */
  forward(b: BBox): BBox;
  /** Upright-frame box → page box. */
  back(b: BBox): BBox;
}

/**
 * The frame in which the content reads upright: the page turned clockwise by
 * `rotation` (a quarter turn) and by −`skew` degrees, about its centre.
 */
export function uprightFrame(width: number, height: number, rotation: number, skewDegrees: number): Frame {
  const quarter = ((rotation % 360) + 360) % 360;
  const theta = ((quarter - skewDegrees) * Math.PI) / 180;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const swap = quarter === 90 || quarter === 270;
  const fw = swap ? height : width;
  const fh = swap ? width : height;
  const rot = (x: number, y: number, c: number, s: number, from: [number, number], to: [number, number]): [number, number] => {
    const dx = x - from[0];
    const dy = y - from[1];
    return [to[0] + dx * c - dy * s, to[1] + dx * s + dy * c];
  };
  const pc: [number, number] = [width / 2, height / 2];
  const fc: [number, number] = [fw / 2, fh / 2];
  const corners = (b: BBox, f: (x: number, y: number) => [number, number]): BBox => {
    const pts = [f(b.left, b.top), f(b.left + b.width, b.top), f(b.left, b.top + b.height), f(b.left + b.width, b.top + b.height)];
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const left = Math.min(...xs);
    const top = Math.min(...ys);
    return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
  };
  return {
    width: fw,
    height: fh,
    // A word's centre moves; its size is the upright word's, recovered from its page box
    // (the box around the word turned by the skew, taller by its width × sin(skew)). Kept
    // enlarged, a long word's box reached into the next line, and rows chained two lines
    // into one, gluing their words ("mayFASTbeusedFORWARD,").
    forward: (b) => {
      const [cx, cy] = rot(b.left + b.width / 2, b.top + b.height / 2, cos, sin, pc, fc);
      const [bw, bh] = swap ? [b.height, b.width] : [b.width, b.height];
      const [w, h] = unturnedSize(bw, bh, skewDegrees);
      return { left: cx - w / 2, top: cy - h / 2, width: w, height: h };
    },
    back: (b) => corners(b, (x, y) => rot(x, y, cos, -sin, fc, pc)),
  };
}

/**
 * Size of the rectangle whose box, turned by `degrees`, is `width` × `height`: the box is
 * w·cos + h·sin wide and w·sin + h·cos tall. Boxes that are not turned rectangles (clamped
 * at the page edge, rounded) would solve to tiny or negative sides: each side keeps at least
 * half its box.
 */
export function unturnedSize(width: number, height: number, degrees: number): [number, number] {
  const t = (Math.abs(degrees) * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  const det = c * c - s * s;
  if (s < 1e-3 || det < 0.5) return [width, height];
  const w = (width * c - height * s) / det;
  const h = (height * c - width * s) / det;
  return [Math.max(w, width / 2), Math.max(h, height / 2)];
}

export function isIdentity(rotation: number, skewDegrees: number): boolean {
  return rotation % 360 === 0 && Math.abs(skewDegrees) < 0.2;
}

export function contentToFrame(c: PageContent, f: Frame): PageContent {
  return { ...c, width: f.width, height: f.height, runs: c.runs.map((r) => ({ ...r, bbox: f.forward(r.bbox) })), rules: [], rects: [], images: [], graphics: [] };
}

/** Map every box of a layout made in the upright frame back to page space. */
export function layoutToPage(l: PageLayout, f: Frame, width: number, height: number): PageLayout {
  return {
    ...l,
    width,
    height,
    blocks: l.blocks.map((b) => ({
      ...b,
      bbox: f.back(b.bbox),
      lines: b.lines.map((line) => ({ ...line, bbox: f.back(line.bbox), words: line.words.map((w) => ({ ...w, bbox: f.back(w.bbox) })) })),
      ...(b.table ? { table: { ...b.table, bbox: f.back(b.table.bbox), cells: b.table.cells.map((c) => ({ ...c, bbox: f.back(c.bbox) })) } } : {}),
    })),
  };
}
