/**
 * YOLOv8-style detector output → boxes: [1, 4 + C, N] (or transposed [1, N, 4 + C]) of
 * centre-x, centre-y, width, height in input pixels and C class scores; best class per
 * candidate, score threshold, then class-wise non-maximum suppression.
 */
import { iouCorners } from '../../model/document.js';

export interface RawDetection {
  classIndex: number;
  score: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export function decodeYolo(data: Float32Array, dims: readonly number[], classCount: number, scoreThreshold: number): RawDetection[] {
  if (dims.length !== 3 || dims[0] !== 1) throw new Error(`layout model output must be [1, 4+C, N]; got [${dims.join(', ')}]`);
  const attrs = 4 + classCount;
  let n: number;
  let at: (i: number, k: number) => number;
  if (dims[1] === attrs) {
    n = dims[2]!;
    at = (i, k) => data[k * n + i]!;
  } else if (dims[2] === attrs) {
    n = dims[1]!;
    at = (i, k) => data[i * attrs + k]!;
  } else {
    throw new Error(`layout model output [${dims.join(', ')}] does not hold 4 + ${classCount} values per box`);
  }
  const out: RawDetection[] = [];
  for (let i = 0; i < n; i++) {
    let best = -1;
    let score = scoreThreshold;
    for (let c = 0; c < classCount; c++) {
      const s = at(i, 4 + c);
      if (s >= score) {
        score = s;
        best = c;
      }
    }
    if (best < 0) continue;
    const cx = at(i, 0);
    const cy = at(i, 1);
    const w = at(i, 2);
    const h = at(i, 3);
    if (!(w > 0 && h > 0)) continue;
    out.push({ classIndex: best, score, x1: cx - w / 2, y1: cy - h / 2, x2: cx + w / 2, y2: cy + h / 2 });
  }
  return out;
}

/** Greedy NMS within each class; highest scores first. */
export function nonMaxSuppression(dets: RawDetection[], iouThreshold: number, maxDetections = 300): RawDetection[] {
  const sorted = dets.slice().sort((a, b) => b.score - a.score);
  const kept: RawDetection[] = [];
  for (const d of sorted) {
    if (kept.length >= maxDetections) break;
    if (kept.some((k) => k.classIndex === d.classIndex && iouCorners(k, d) > iouThreshold)) continue;
    kept.push(d);
  }
  return kept;
}
