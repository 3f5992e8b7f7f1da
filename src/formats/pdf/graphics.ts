/**
 * Walks a pdf.js operator list once with a graphics-state stack and collects everything
 * layout needs: text runs (replayed text state), ruling lines (stroked segments, thin
 * filled rectangles), filled rectangles, placed images and the boxes of other vector
 * paths (charts, diagrams).
 */
import type { BBox } from '../../model/document.js';
import type { PlacedImage, RuleLine, TextRun, VectorShape } from '../../model/page.js';
import { multiply, showText, TextState, type FontFace, type Glyph } from './text-state.js';

export interface GraphicsContent {
  runs: TextRun[];
  rules: RuleLine[];
  rects: BBox[];
  images: PlacedImage[];
  /** Boxes of vector paths that are neither rules nor plain rectangles. */
  paths: BBox[];
  /** Every painted subpath with vertices and colours (capped), for reading charts. */
  shapes: VectorShape[];
}

/** pdf.js OPS / DrawOPS codes (stable across 5.x; see pdf.mjs). */
export interface OpCodes {
  save: number;
  restore: number;
  transform: number;
  setLineWidth: number;
  constructPath: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
  paintImageXObjectRepeat: number;
  paintImageMaskXObjectRepeat: number;
  paintSolidColorImageMask: number;
  paintInlineImageXObjectGroup: number;
  paintImageMaskXObjectGroup: number;
  beginMarkedContent: number;
  beginMarkedContentProps: number;
  endMarkedContent: number;
  beginText: number;
  setFont: number;
  setTextMatrix: number;
  moveText: number;
  setLeadingMoveText: number;
  nextLine: number;
  setLeading: number;
  setCharSpacing: number;
  setWordSpacing: number;
  setHScale: number;
  setTextRise: number;
  showText: number;
  showSpacedText: number;
  nextLineShowText: number;
  nextLineSetSpacingShowText: number;
  stroke: number;
  closeStroke: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
  /** pdf.js turns every fill colour (gray, CMYK, RGB, named spaces) into this, args [hex]. */
  setFillRGBColor: number;
  setStrokeRGBColor: number;
}

const DRAW_MOVE = 0;
const DRAW_LINE = 1;
const DRAW_CURVE = 2;
const DRAW_QUAD = 3;
const DRAW_CLOSE = 4;

/** A rule is a filled rectangle at most this thick (points). */
const THIN = 2.5;
/** Paths smaller than this in both directions are glyph-like noise. */
const MIN_PATH = 1;
/** Stop collecting after this many path boxes: enough to locate graphics regions. */
const MAX_PATHS = 20000;
/** Shapes kept with their vertices: charts have far fewer; maps and plots past it are not read. */
const MAX_SHAPES = 5000;
/** Vertices kept over all of a page's shapes (a few MB at most). */
const MAX_SHAPE_POINTS = 200000;

function apply(m: readonly number[], x: number, y: number): [number, number] {
  return [m[0]! * x + m[2]! * y + m[4]!, m[1]! * x + m[3]! * y + m[5]!];
}

function unitSquareBox(m: readonly number[]): BBox {
  const pts = [apply(m, 0, 0), apply(m, 1, 0), apply(m, 0, 1), apply(m, 1, 1)];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

export function walkGraphics(
  fnArray: ArrayLike<number>,
  argsArray: ArrayLike<unknown>,
  ops: OpCodes,
  baseTransform: readonly number[],
  pageBox: BBox,
  fontOf: (loadedName: string) => FontFace,
  /** Optional-content visibility (pdf.js OptionalContentConfig.isVisible); hidden layers are skipped. */
  isVisible: (props: unknown) => boolean = () => true,
  /** Give each text run the fill colour it was painted with (`TextRun.color`). */
  withColor = false,
): GraphicsContent {
  const out: GraphicsContent = { runs: [], rules: [], rects: [], images: [], paths: [], shapes: [] };
  shapePoints = 0;
  let ctm: readonly number[] = baseTransform;
  let lineWidth = 1;
  let ts = new TextState();
  // Fill colour as pdf.js reports it ('#rrggbb'); black until set, as in PDF.
  let fill = '#000000';
  let stroke = '#000000';
  const stack: Array<{ ctm: readonly number[]; lineWidth: number; ts: TextState; fill: string; stroke: string }> = [];
  const strokeOps = new Set([ops.stroke, ops.closeStroke, ops.fillStroke, ops.eoFillStroke, ops.closeFillStroke, ops.closeEOFillStroke]);
  const fillOps = new Set([ops.fill, ops.eoFill, ops.fillStroke, ops.eoFillStroke, ops.closeFillStroke, ops.closeEOFillStroke]);
  const imageOps = new Set([
    ops.paintImageXObject,
    ops.paintInlineImageXObject,
    ops.paintImageMaskXObject,
    ops.paintImageXObjectRepeat,
    ops.paintImageMaskXObjectRepeat,
    ops.paintSolidColorImageMask,
    ops.paintInlineImageXObjectGroup,
    ops.paintImageMaskXObjectGroup,
  ]);
  const scale = Math.hypot(baseTransform[0]!, baseTransform[1]!) || 1;
  // One entry per open marked-content section; content is visible when all are.
  const marked: boolean[] = [];
  let hidden = 0;

  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i]!;
    const args = argsArray[i] as unknown[] | null;
    if (fn === ops.beginMarkedContentProps || fn === ops.beginMarkedContent) {
      const visible = fn === ops.beginMarkedContentProps && args?.[0] === 'OC' ? safeVisible(isVisible, args[1]) : true;
      marked.push(visible);
      if (!visible) hidden++;
      continue;
    }
    if (fn === ops.endMarkedContent) {
      if (marked.pop() === false) hidden--;
      continue;
    }
    const sink = hidden > 0 ? [] : out.runs;
    const painted = sink.length;
    if (fn === ops.showText || fn === ops.showSpacedText) {
      if (args) showText(ts, args[0] as ArrayLike<Glyph | number>, ctm, sink);
    } else if (fn === ops.setTextMatrix && args) {
      ts.setTextMatrix((args.length === 1 ? args[0] : args) as ArrayLike<number>);
    } else if (fn === ops.moveText && args) {
      ts.moveText(Number(args[0]), Number(args[1]));
    } else if (fn === ops.setLeadingMoveText && args) {
      ts.leading = Number(args[1]);
      ts.moveText(Number(args[0]), Number(args[1]));
    } else if (fn === ops.nextLine) {
      ts.nextLine();
    } else if (fn === ops.nextLineShowText && args) {
      ts.nextLine();
      showText(ts, args[0] as ArrayLike<Glyph | number>, ctm, sink);
    } else if (fn === ops.nextLineSetSpacingShowText && args) {
      ts.wordSpacing = Number(args[0]);
      ts.charSpacing = Number(args[1]);
      ts.nextLine();
      showText(ts, args[2] as ArrayLike<Glyph | number>, ctm, sink);
    } else if (fn === ops.beginText) {
      ts.beginText();
    } else if (fn === ops.setFont && args) {
      ts.setFont(fontOf(String(args[0])), Number(args[1]));
    } else if (fn === ops.setLeading && args) {
      ts.leading = -Number(args[0]);
    } else if (fn === ops.setCharSpacing && args) {
      ts.charSpacing = Number(args[0]) || 0;
    } else if (fn === ops.setWordSpacing && args) {
      ts.wordSpacing = Number(args[0]) || 0;
    } else if (fn === ops.setHScale && args) {
      ts.hScale = (Number(args[0]) || 100) / 100;
    } else if (fn === ops.setTextRise && args) {
      ts.rise = Number(args[0]) || 0;
    } else if (fn === ops.setFillRGBColor && args) {
      if (typeof args[0] === 'string') fill = args[0];
    } else if (fn === ops.setStrokeRGBColor && args) {
      if (typeof args[0] === 'string') stroke = args[0];
    } else if (fn === ops.save) {
      stack.push({ ctm, lineWidth, ts: ts.clone(), fill, stroke });
    } else if (fn === ops.restore) {
      const s = stack.pop();
      if (s) ({ ctm, lineWidth, ts, fill, stroke } = s);
    } else if (fn === ops.transform && args) {
      ctm = multiply(ctm, args as number[]);
    } else if (fn === ops.paintFormXObjectBegin && args) {
      stack.push({ ctm, lineWidth, ts: ts.clone(), fill, stroke });
      const matrix = args[0] as number[] | null;
      if (matrix && matrix.length === 6) ctm = multiply(ctm, matrix);
    } else if (fn === ops.paintFormXObjectEnd) {
      const s = stack.pop();
      if (s) ({ ctm, lineWidth, ts, fill, stroke } = s);
    } else if (fn === ops.setLineWidth && args) {
      lineWidth = Number(args[0]) || 0;
    } else if (hidden > 0) {
      continue; // nothing painted in a hidden layer counts
    } else if (imageOps.has(fn)) {
      const box = unitSquareBox(ctm);
      if (box.width > 2 && box.height > 2) {
        const placed: PlacedImage = clip(box, pageBox);
        const ppi = imagePpi(ops, fn, args, ctm);
        if (ppi) placed.ppi = ppi;
        out.images.push(placed);
      }
    } else if (fn === ops.constructPath && args) {
      const paintOp = args[0] as number;
      const data = (args[1] as ArrayLike<number>[] | undefined)?.[0];
      if (!data) continue;
      const stroked = strokeOps.has(paintOp);
      const filled = fillOps.has(paintOp);
      if (!stroked && !filled) continue; // clipping paths and endPath paint nothing
      const ctmScale = Math.sqrt(Math.abs(ctm[0]! * ctm[3]! - ctm[1]! * ctm[2]!)) || 1;
      const paint = { fill: filled ? fill : null, stroke: stroked ? stroke : null };
      collectPath(data, ctm, stroked, filled, Math.max(lineWidth * ctmScale, 0.1 * scale), out, paint);
    }
    if (withColor) for (let k = painted; k < sink.length; k++) sink[k]!.color = fill;
  }
  return out;
}

function safeVisible(isVisible: (props: unknown) => boolean, props: unknown): boolean {
  try {
    return isVisible(props);
  } catch {
    return true; // malformed optional-content data: show rather than lose text
  }
}

/**
 * Pixels per inch of an image drawn with `ctm` (page units are points), along its coarser
 * axis; null when the operator does not say the image's size in pixels.
 */
function imagePpi(ops: OpCodes, fn: number, args: unknown[] | null, ctm: readonly number[]): number | null {
  let w = 0, h = 0;
  if (fn === ops.paintImageXObject) [w, h] = [Number(args?.[1]), Number(args?.[2])];
  else if (fn === ops.paintInlineImageXObject || fn === ops.paintImageMaskXObject) {
    const d = args?.[0] as { width?: unknown; height?: unknown } | null | undefined;
    [w, h] = [Number(d?.width), Number(d?.height)];
  }
  const xLen = Math.hypot(ctm[0]!, ctm[1]!); // the unit square's edges: the image's x and y axes
  const yLen = Math.hypot(ctm[2]!, ctm[3]!);
  if (!(w > 0 && h > 0 && xLen > 0 && yLen > 0)) return null;
  return Math.min(w / xLen, h / yLen) * 72;
}

function clip(b: BBox, page: BBox): BBox {
  const x0 = Math.max(b.left, page.left);
  const y0 = Math.max(b.top, page.top);
  const x1 = Math.min(b.left + b.width, page.left + page.width);
  const y1 = Math.min(b.top + b.height, page.top + page.height);
  return { left: x0, top: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** Split a path into subpaths; classify each as rule(s), rectangle, or generic path. */
/** Vertices kept in `shapes` so far on the page being walked (walkGraphics resets it). */
let shapePoints = 0;

function collectPath(
  data: ArrayLike<number>,
  ctm: readonly number[],
  stroked: boolean,
  filled: boolean,
  strokeWidth: number,
  out: GraphicsContent,
  paint: { fill: string | null; stroke: string | null },
): void {
  let pts: Array<[number, number]> = [];
  let curves: boolean[] = [];
  let curved = false;
  let closed = false;
  const flush = () => {
    if (pts.length >= 2) {
      classifySubpath(pts, curved, stroked, filled, strokeWidth, out);
      if (out.shapes.length < MAX_SHAPES && shapePoints + pts.length <= MAX_SHAPE_POINTS) {
        out.shapes.push({ points: pts, curve: curves, ...paint, closed });
        shapePoints += pts.length;
      }
    }
    pts = [];
    curves = [];
    curved = false;
    closed = false;
  };
  for (let i = 0; i < data.length; ) {
    const op = data[i++];
    if (op === DRAW_MOVE) {
      flush();
      pts.push(apply(ctm, data[i++]!, data[i++]!));
      curves.push(false);
    } else if (op === DRAW_LINE) {
      pts.push(apply(ctm, data[i++]!, data[i++]!));
      curves.push(false);
    } else if (op === DRAW_CURVE) {
      curved = true;
      i += 4;
      pts.push(apply(ctm, data[i++]!, data[i++]!));
      curves.push(true);
    } else if (op === DRAW_QUAD) {
      curved = true;
      i += 2;
      pts.push(apply(ctm, data[i++]!, data[i++]!));
      curves.push(true);
    } else if (op === DRAW_CLOSE) {
      if (pts.length > 0) {
        pts.push(pts[0]!);
        curves.push(false);
        closed = true;
      }
    } else {
      break; // unknown opcode: stop rather than misread the rest
    }
  }
  flush();
}

function classifySubpath(
  pts: Array<[number, number]>,
  curved: boolean,
  stroked: boolean,
  filled: boolean,
  strokeWidth: number,
  out: GraphicsContent,
): void {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of pts) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  if (!Number.isFinite(x0)) return;
  const w = x1 - x0;
  const h = y1 - y0;
  const axisAligned = !curved && pts.every((p, k) => k === 0 || Math.abs(p[0] - pts[k - 1]![0]) < 0.5 || Math.abs(p[1] - pts[k - 1]![1]) < 0.5);

  if (axisAligned && filled && (w <= THIN || h <= THIN) && Math.max(w, h) > 3) {
    // A thin filled rectangle draws a rule along its long axis.
    if (w >= h) out.rules.push({ x0, y0: (y0 + y1) / 2, x1, y1: (y0 + y1) / 2, width: h });
    else out.rules.push({ x0: (x0 + x1) / 2, y0, x1: (x0 + x1) / 2, y1, width: w });
    return;
  }
  if (axisAligned && stroked) {
    // Each straight stroked segment is a rule (rectangles give their four sides).
    for (let k = 1; k < pts.length; k++) {
      const [ax, ay] = pts[k - 1]!;
      const [bx, by] = pts[k]!;
      const len = Math.hypot(bx - ax, by - ay);
      if (len < 3) continue;
      out.rules.push({ x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by), width: strokeWidth });
    }
    if (!filled) return;
  }
  if (axisAligned && filled && pts.length <= 6) {
    if (w > MIN_PATH && h > MIN_PATH) out.rects.push({ left: x0, top: y0, width: w, height: h });
    return;
  }
  if ((w > MIN_PATH || h > MIN_PATH) && out.paths.length < MAX_PATHS) {
    out.paths.push({ left: x0, top: y0, width: w, height: h });
  }
}
