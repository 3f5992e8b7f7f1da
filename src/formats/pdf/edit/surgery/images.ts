/**
 * Cutting the pixels of an image XObject that lie under a box (the spec: an image partly
 * inside has those pixels replaced), without touching the rest of the page. Which pixels: those
 * whose centre maps (through the image's CTM) inside a box — decided from the image's size and
 * CTM alone, so the walk knows synchronously whether an image needs a cut. The cut itself
 * decodes the samples (DCT through sharp, Flate without predictor through zlib, or raw; a
 * Flate layer over a DCT one too), paints the covered pixels white (an indexed image: its white
 * entry) and writes a Flate copy with the same colour space and masks; the page's Do is
 * pointed at the copy (the original may be drawn elsewhere). Anything else
 * (other filters, predictors, /Decode, image masks, bit depths other than 8, CMYK JPEGs) is
 * Unsupported and the edit takes PDFium's path. Decoded JPEG samples may differ from another
 * decoder's by a level or two: the copy is lossless from sharp's decode.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFHexString, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFString, type PDFContext, type PDFDict, type PDFObject } from 'pdf-lib';
import { mul, Unsupported, type Matrix, type Rect } from './walk.js';

export interface ImageCut {
  ref: PDFRef;
  image: PDFRawStream;
  ctm: Matrix;
  rects: Rect[];
}

const N = (s: string) => PDFName.of(s);

function invert(m: Matrix): Matrix | null {
  const det = m[0] * m[3] - m[1] * m[2];
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  return [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, (m[2] * m[5] - m[3] * m[4]) / det, (m[1] * m[4] - m[0] * m[5]) / det];
}

/** Calls `hit(x, y)` for every pixel (column x, row y from the top) whose centre lies in a rect. */
export function coveredPixels(w: number, h: number, ctm: Matrix, rects: Rect[], hit: (x: number, y: number) => void): void {
  // Image space: the unit square, row 0 at the top (y = 1); pixel (x, y) ↔ ((x + .5) / w, 1 - (y + .5) / h).
  const toImage = invert(ctm);
  if (!toImage) return;
  const pixel = mul([1 / w, 0, 0, -1 / h, 0, 1], ctm); // pixel coordinates → user space
  for (const r of rects) {
    const inv = invert(pixel);
    if (!inv) return;
    const corners = [[r.l, r.b], [r.r, r.b], [r.l, r.t], [r.r, r.t]].map(([x, y]) => [inv[0] * x + inv[2] * y + inv[4], inv[1] * x + inv[3] * y + inv[5]]);
    const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0]))));
    const x1 = Math.min(w - 1, Math.ceil(Math.max(...corners.map((c) => c[0]))));
    const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1]))));
    const y1 = Math.min(h - 1, Math.ceil(Math.max(...corners.map((c) => c[1]))));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const ux = pixel[0] * (x + 0.5) + pixel[2] * (y + 0.5) + pixel[4];
        const uy = pixel[1] * (x + 0.5) + pixel[3] * (y + 0.5) + pixel[5];
        if (ux > r.l && ux < r.r && uy > r.b && uy < r.t) hit(x, y);
      }
    }
  }
}

const num = (ctx: PDFContext, o: PDFObject | undefined) => {
  const v = o ? ctx.lookup(o) : undefined;
  return v instanceof PDFNumber ? v.asNumber() : undefined;
};

/**
 * Components of an image's colour space (DeviceGray/RGB, ICCBased with /N 1 or 3, Indexed over
 * those with a white entry) and the sample value(s) that paint white; else Unsupported.
 */
function colourSpace(ctx: PDFContext, cs: PDFObject | undefined): { comps: number; white: number[] } {
  const v = cs ? ctx.lookup(cs) : undefined;
  if (v === N('DeviceGray') || v === N('CalGray')) return { comps: 1, white: [255] };
  if (v === N('DeviceRGB') || v === N('CalRGB')) return { comps: 3, white: [255, 255, 255] };
  if (v instanceof PDFArray && v.size() === 2 && ctx.lookup(v.get(0)) === N('ICCBased')) {
    const n = num(ctx, (ctx.lookup(v.get(1)) as { dict?: PDFDict })?.dict?.get(N('N')));
    if (n === 1 || n === 3) return { comps: n, white: new Array(n).fill(255) };
  }
  if (v instanceof PDFArray && v.size() === 4 && ctx.lookup(v.get(0)) === N('Indexed')) {
    const base = colourSpace(ctx, v.get(1));
    const hival = num(ctx, v.get(2)) ?? -1;
    const lookup = ctx.lookup(v.get(3));
    const table = lookup instanceof PDFString || lookup instanceof PDFHexString ? lookup.asBytes() : lookup instanceof PDFRawStream ? decodeSamples(ctx, lookup, 0) : undefined;
    for (let i = 0; table && i <= hival; i++) if (table.subarray(i * base.comps, (i + 1) * base.comps).every((c) => c === 255)) return { comps: 1, white: [i] };
    throw new Unsupported('an indexed image under a box has no white in its palette');
  }
  throw new Unsupported('an image under a box has a colour space the surgery does not cut');
}

/** The filters of a stream, first to last. */
function filters(ctx: PDFContext, s: PDFRawStream): string[] {
  const f = ctx.lookup(s.dict.get(N('Filter')));
  const list = f === undefined ? [] : f instanceof PDFArray ? f.asArray().map((o) => ctx.lookup(o)) : [f];
  return list.map((o) => (o instanceof PDFName ? o.decodeText() : '?'));
}

/** Undoes Flate filters (no predictor); `keepLast` leaves that many filters (DCT) to the caller. */
function decodeSamples(ctx: PDFContext, s: PDFRawStream, keepLast: number): Uint8Array {
  const list = filters(ctx, s);
  let bytes: Uint8Array = s.contents;
  for (const f of list.slice(0, list.length - keepLast)) {
    if (f !== 'FlateDecode') throw new Unsupported(`an image under a box with filter ${f}`);
    bytes = inflateSync(bytes);
  }
  return bytes;
}

/** Checks the image can be cut; returns its geometry (throws Unsupported otherwise). */
export function cuttable(ctx: PDFContext, img: PDFRawStream): { w: number; h: number; comps: number; white: number[]; jpeg: boolean } {
  const d = img.dict;
  const w = num(ctx, d.get(N('Width')));
  const h = num(ctx, d.get(N('Height')));
  if (!w || !h || w * h > 40e6) throw new Unsupported('an image under a box has no usable size');
  if (d.has(N('ImageMask')) && ctx.lookup(d.get(N('ImageMask')))?.toString() === 'true') throw new Unsupported('an image mask under a box');
  if (d.has(N('Decode')) || num(ctx, d.get(N('BitsPerComponent'))) !== 8) throw new Unsupported('an image under a box with /Decode or not 8 bits');
  const list = filters(ctx, img);
  const jpeg = list[list.length - 1] === 'DCTDecode';
  if (list.slice(0, jpeg ? -1 : undefined).some((f) => f !== 'FlateDecode')) throw new Unsupported(`an image under a box with filters ${list.join(', ')}`);
  if (d.has(N('DecodeParms'))) throw new Unsupported('an image under a box with /DecodeParms');
  return { w, h, jpeg, ...colourSpace(ctx, d.get(N('ColorSpace'))) };
}

export async function cutImage(ctx: PDFContext, cut: ImageCut): Promise<void> {
  const { w, h, comps, white, jpeg } = cuttable(ctx, cut.image);
  let px: Uint8Array;
  if (jpeg) {
    const sharp = (await import('sharp')).default;
    const jpg = decodeSamples(ctx, cut.image, 1);
    // sharp outputs sRGB unless told otherwise: keep the JPEG's own components (grey stays grey).
    const meta = await sharp(jpg).metadata();
    if (meta.channels !== comps) throw new Unsupported('a JPEG under a box has another channel count than its colour space');
    const { data, info } = await sharp(jpg).toColourspace(comps === 1 ? 'b-w' : 'srgb').raw().toBuffer({ resolveWithObject: true });
    if (info.width !== w || info.height !== h || info.channels !== comps) throw new Unsupported('a JPEG under a box decodes to another size or channel count');
    px = new Uint8Array(data);
  } else {
    px = decodeSamples(ctx, cut.image, 0);
    if (px.length < w * h * comps) throw new Unsupported('an image under a box is shorter than its size');
    px = px.slice(0, w * h * comps);
  }
  coveredPixels(w, h, cut.ctm, cut.rects, (x, y) => px.set(white, (y * w + x) * comps));
  const entries: Record<string, PDFObject> = {};
  for (const [k, v] of cut.image.dict.entries()) if (!['Length', 'Filter', 'DecodeParms'].includes(k.decodeText())) entries[k.decodeText()] = v;
  ctx.assign(cut.ref, ctx.flateStream(px, entries as never));
}
