/**
 * Checkboxes on a scanned page: a checkbox is too short for the ruling-line finder
 * (tables/raster-lines.ts keeps rules a quarter inch long), so it is found as what it is,
 * a small hollow square of ink: a connected ink component 0.06-0.3 inch a side, about as
 * tall as wide, whose ink lies mostly along its border. Ink well inside the border (an X, a
 * tick, a filled dot) makes it checked. Letters ("O", "D", "0") are hollow too, but not
 * square with straight sides: each side must be inked along most of its length.
 */
import type { BBox } from '../../model/document.js';
import type { RasterImage } from '../../raster/raster-image.js';
import { toGrey } from '../../raster/raster-grey.js';
import { otsuThreshold } from '../tables/raster-lines.js';

export interface RasterCheckbox {
  box: BBox;
  checked: boolean;
}

/** Checkboxes of `raster`, boxes in page units (`scale`: page units per pixel). */
export function findRasterCheckboxes(raster: RasterImage, scale: number): RasterCheckbox[] {
  const grey = raster.channels === 1 ? raster : toGrey(raster);
  const { width: w, height: h, data } = grey;
  if (w === 0 || h === 0) return [];
  const dpi = raster.dpi ?? 200;
  const minSide = Math.max(6, Math.round(0.06 * dpi));
  const maxSide = Math.round(0.3 * dpi);
  const t = Math.min(otsuThreshold(data), 200);
  const ink = new Uint8Array(w * h);
  for (let i = 0; i < ink.length; i++) ink[i] = data[i]! <= t ? 1 : 0;
  const label = new Int32Array(w * h);
  const out: RasterCheckbox[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < ink.length; start++) {
    if (ink[start] !== 1 || label[start] !== 0) continue;
    next++;
    label[start] = next;
    stack.push(start);
    let [x0, y0, x1, y1, n] = [w, h, -1, -1, 0];
    while (stack.length > 0) {
      const p = stack.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      n++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (const q of [p - 1, p + 1, p - w, p + w]) {
        if (q < 0 || q >= ink.length || (q === p - 1 && x === 0) || (q === p + 1 && x === w - 1)) continue;
        if (ink[q] === 1 && label[q] === 0) {
          label[q] = next;
          stack.push(q);
        }
      }
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (bw < minSide || bh < minSide || bw > maxSide || bh > maxSide || Math.abs(bw - bh) > 0.2 * Math.max(bw, bh)) continue;
    const box = square(ink, label, next, w, x0, y0, x1, y1);
    if (box) out.push({ box: { left: x0 * scale, top: y0 * scale, width: bw * scale, height: bh * scale }, checked: box.checked });
  }
  return out;
}

/** Whether the component is a square outline (each side inked along ≥ 85 %), and marked. */
function square(ink: Uint8Array, label: Int32Array, id: number, w: number, x0: number, y0: number, x1: number, y1: number): { checked: boolean } | null {
  const band = Math.max(1, Math.round((x1 - x0 + 1) / 8));
  const sideInk = (horizontal: boolean, from: number) => {
    let hit = 0;
    const len = horizontal ? x1 - x0 + 1 : y1 - y0 + 1;
    for (let i = 0; i < len; i++) {
      let any = false;
      for (let d = 0; d < band && !any; d++) {
        const x = horizontal ? x0 + i : from === 0 ? x0 + d : x1 - d;
        const y = horizontal ? (from === 0 ? y0 + d : y1 - d) : y0 + i;
        any = label[y * w + x] === id;
      }
      if (any) hit++;
    }
    return hit / len;
  };
  if (sideInk(true, 0) < 0.85 || sideInk(true, 1) < 0.85 || sideInk(false, 0) < 0.85 || sideInk(false, 1) < 0.85) return null;
  // Inside the border: a mark makes it checked (any ink, connected to the border or not).
  const inset = band + 1;
  let inner = 0;
  let area = 0;
  for (let y = y0 + inset; y <= y1 - inset; y++) {
    for (let x = x0 + inset; x <= x1 - inset; x++) {
      area++;
      if (ink[y * w + x] === 1) inner++;
    }
  }
  if (area === 0) return null;
  return { checked: inner / area > 0.08 };
}
