/**
 * Ruling lines on a raster (scanned tables). Ink is separated from paper with Otsu's
 * threshold; a morphological opening with a long horizontal (vertical) structuring element
 * keeps only ink runs at least a quarter inch long — rules, not glyph strokes — after
 * closing gaps of a couple of pixels (scanner dropouts, dashed borders). Runs on
 * neighbouring rows (columns) that overlap form one line, whose thickness is the number of
 * rows it covers; blocks thicker than a rule, and "rules" with ink along their sides (the
 * gaps between letters of white text on a dark bar), are dropped.
 */
import type { RuleLine } from '../../model/page.js';
import { otsu } from '../ocr/ink-mask.js';

export interface GreyRaster {
  width: number;
  height: number;
  /** One byte per pixel, row-major, 0 = black. */
  data: Uint8Array;
  /** Pixels per inch, when known (default 200). */
  dpi?: number | null;
}

export interface RasterLineOptions {
  /** Shortest rule, pixels (default: a quarter inch). */
  minLength?: number;
  /** Gaps bridged along a rule, pixels (default: 1/100 inch, at least 2). */
  maxGap?: number;
  /** Thickest rule, pixels (default: 1/20 inch). */
  maxThickness?: number;
}

/** Otsu's threshold of an 8-bit histogram: the level that best separates ink from paper. */
export function otsuThreshold(data: Uint8Array): number {
  return otsu(data, data.length).threshold;
}

interface Run {
  /** Row (or column) index. */
  line: number;
  a: number;
  b: number;
}

/** Appends the run [start, lastInk] of `line` when it is long enough. */
function emit(out: Run[], line: number, start: number, lastInk: number, minLength: number): void {
  if (lastInk - start + 1 >= minLength) out.push({ line, a: start, b: lastInk + 1 });
}

/**
 * Long ink runs along the rows of a row-major mask, gaps up to `maxGap` bridged; by row, then
 * position.
 */
function rowRuns(ink: Uint8Array, width: number, height: number, minLength: number, maxGap: number): Run[] {
  const out: Run[] = [];
  for (let y = 0, row = 0; y < height; y++, row += width) {
    let start = -1;
    let lastInk = -1;
    for (let x = 0; x < width; x++) {
      if (ink[row + x] === 1) {
        if (start < 0) start = x;
        else if (x - lastInk - 1 > maxGap) {
          emit(out, y, start, lastInk, minLength);
          start = x;
        }
        lastInk = x;
      } else if (start >= 0 && x - lastInk > maxGap) {
        emit(out, y, start, lastInk, minLength);
        start = -1;
      }
    }
    if (start >= 0) emit(out, y, start, lastInk, minLength);
  }
  return out;
}

/**
 * The same along the columns (by column, then position), read row by row with one run state
 * per column: walking down a column touches a new cache line at every pixel.
 */
function columnRuns(ink: Uint8Array, width: number, height: number, minLength: number, maxGap: number): Run[] {
  const start = new Int32Array(width).fill(-1);
  const lastInk = new Int32Array(width).fill(-1);
  const perColumn: Run[][] = Array.from({ length: width }, () => []);
  for (let y = 0, row = 0; y < height; y++, row += width) {
    for (let x = 0; x < width; x++) {
      if (ink[row + x] === 1) {
        const s = start[x]!;
        if (s < 0) start[x] = y;
        else if (y - lastInk[x]! - 1 > maxGap) {
          emit(perColumn[x]!, x, s, lastInk[x]!, minLength);
          start[x] = y;
        }
        lastInk[x] = y;
      } else if (start[x]! >= 0 && y - lastInk[x]! > maxGap) {
        emit(perColumn[x]!, x, start[x]!, lastInk[x]!, minLength);
        start[x] = -1;
      }
    }
  }
  for (let x = 0; x < width; x++) if (start[x]! >= 0) emit(perColumn[x]!, x, start[x]!, lastInk[x]!, minLength);
  return perColumn.flat();
}

interface Band {
  first: number;
  last: number;
  a: number;
  b: number;
  weight: number;
  sum: number;
}

/** Runs on consecutive lines that overlap → one band (a rule and its thickness). */
function bands(runs: readonly Run[]): Band[] {
  const done: Band[] = [];
  let active: Band[] = [];
  for (let i = 0; i < runs.length; ) {
    const line = runs[i]!.line;
    const continued: Band[] = [];
    for (; i < runs.length && runs[i]!.line === line; i++) {
      const r = runs[i]!;
      const len = r.b - r.a;
      const hit = active.find((b) => b.last === line - 1 && !continued.includes(b) && Math.min(b.b, r.b) - Math.max(b.a, r.a) > 0.5 * Math.min(len, b.b - b.a));
      if (hit) {
        hit.last = line;
        hit.a = Math.min(hit.a, r.a);
        hit.b = Math.max(hit.b, r.b);
        hit.weight += len;
        hit.sum += line * len;
        continued.push(hit);
      } else continued.push({ first: line, last: line, a: r.a, b: r.b, weight: len, sum: line * len });
    }
    for (const b of active) if (!continued.includes(b)) done.push(b);
    active = continued;
  }
  return [...done, ...active];
}

/**
 * Rules found on the raster, in page units: `scale` maps pixels to page units (page width
 * ÷ raster width; 1 keeps pixels).
 */
export function findRasterLines(raster: GreyRaster, scale = 1, opts: RasterLineOptions = {}): RuleLine[] {
  const { width, height, data } = raster;
  if (width === 0 || height === 0) return [];
  const dpi = raster.dpi ?? 200;
  const minLength = opts.minLength ?? Math.round(dpi / 4);
  const maxGap = opts.maxGap ?? Math.max(2, Math.round(dpi / 100));
  const maxThickness = opts.maxThickness ?? Math.max(3, Math.round(dpi / 20));
  const t = otsuThreshold(data);
  // Paper-only rasters (no ink at all) give a threshold at the paper level: nothing is ink.
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) ink[i] = data[i]! <= t && data[i]! < 200 ? 1 : 0;
  const out: RuleLine[] = [];
  const at = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && ink[y * width + x] === 1;
  // A rule has paper along both sides; inside a filled area (inverse text on a dark bar)
  // the gaps between letters look like rules but are surrounded by ink.
  const sidesClear = (b: Band, horizontalBand: boolean) => {
    const off = maxGap + 1;
    let inked = 0;
    let n = 0;
    for (let j = b.a; j < b.b; j += 2) {
      for (const side of [b.first - off, b.last + off]) {
        n++;
        if (horizontalBand ? at(j, side) : at(side, j)) inked++;
      }
    }
    return inked <= 0.5 * n;
  };
  const horizontal = bands(rowRuns(ink, width, height, minLength, maxGap));
  for (const b of horizontal) {
    const thick = b.last - b.first + 1;
    if (thick > maxThickness || !sidesClear(b, true)) continue;
    const y = (b.sum / b.weight + 0.5) * scale;
    out.push({ x0: b.a * scale, y0: y, x1: b.b * scale, y1: y, width: thick * scale });
  }
  const vertical = bands(columnRuns(ink, width, height, minLength, maxGap));
  for (const b of vertical) {
    const thick = b.last - b.first + 1;
    if (thick > maxThickness || !sidesClear(b, false)) continue;
    const x = (b.sum / b.weight + 0.5) * scale;
    out.push({ x0: x, y0: b.a * scale, x1: x, y1: b.b * scale, width: thick * scale });
  }
  return out;
}
