/**
 * DrawingML geometry: shape boxes from `a:xfrm` (EMU) to points, through the child
 * coordinate spaces of group shapes (`a:chOff`/`a:chExt`), so a shape inside nested groups
 * gets its box on the slide.
 */
import type { BBox } from '../../model/document.js';
import { child, type XmlNode } from '../office/xml-tree.js';

export const EMU_PER_PT = 12_700;

/** Maps a child-space rectangle (EMU) to slide space (EMU). */
export type Transform = (x: number, y: number, w: number, h: number) => [number, number, number, number];

export const identity: Transform = (x, y, w, h) => [x, y, w, h];

function num(v: string | undefined): number {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
}

function rect(xfrm: XmlNode | undefined): [number, number, number, number] | undefined {
  const off = child(xfrm, 'a:off');
  const ext = child(xfrm, 'a:ext');
  if (!off || !ext) return undefined;
  return [num(off.attrs.x), num(off.attrs.y), num(ext.attrs.cx), num(ext.attrs.cy)];
}

/** The shape's box in points on the slide, or null when it inherits its position (placeholders). */
export function shapeBox(spPr: XmlNode | undefined, t: Transform): BBox | null {
  const r = rect(child(spPr, 'a:xfrm') ?? child(spPr, 'p:xfrm'));
  if (!r) return null;
  const [x, y, w, h] = t(...r);
  return { left: x / EMU_PER_PT, top: y / EMU_PER_PT, width: w / EMU_PER_PT, height: h / EMU_PER_PT };
}

/** The transform a group (`p:grpSpPr`) applies to its children. */
export function groupTransform(grpSpPr: XmlNode | undefined, parent: Transform): Transform {
  const xfrm = child(grpSpPr, 'a:xfrm');
  const r = rect(xfrm);
  const chOff = child(xfrm, 'a:chOff');
  const chExt = child(xfrm, 'a:chExt');
  if (!r || !chOff || !chExt) return parent;
  const [ox, oy, ew, eh] = r;
  const cx = num(chOff.attrs.x);
  const cy = num(chOff.attrs.y);
  const sx = num(chExt.attrs.cx) ? ew / num(chExt.attrs.cx) : 1;
  const sy = num(chExt.attrs.cy) ? eh / num(chExt.attrs.cy) : 1;
  return (x, y, w, h) => parent(ox + (x - cx) * sx, oy + (y - cy) * sy, w * sx, h * sy);
}
