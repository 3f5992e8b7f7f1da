/** Average precision at one IoU threshold, COCO-style 101-point interpolation. */
import { iouCorners } from '../../src/model/document.js';

export interface ScoredBox {
  page: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  score: number;
}

/** AP of `preds` against `truth` (both of one class), greedy matching by descending score. */
export function averagePrecision(preds: readonly ScoredBox[], truth: readonly Omit<ScoredBox, 'score'>[], iouThreshold = 0.5): { ap: number; tp: number; fp: number; gt: number } {
  const byPage = new Map<string, Array<{ box: Omit<ScoredBox, 'score'>; used: boolean }>>();
  for (const t of truth) (byPage.get(t.page) ?? byPage.set(t.page, []).get(t.page)!).push({ box: t, used: false });
  const sorted = preds.slice().sort((a, b) => b.score - a.score);
  const tps: number[] = [];
  let tp = 0;
  let fp = 0;
  for (const p of sorted) {
    let best: { box: Omit<ScoredBox, 'score'>; used: boolean } | undefined;
    let bestIou = iouThreshold;
    for (const g of byPage.get(p.page) ?? []) {
      if (g.used) continue;
      const iou = iouCorners(p, g.box);
      if (iou >= bestIou) {
        bestIou = iou;
        best = g;
      }
    }
    if (best) {
      best.used = true;
      tp++;
      tps.push(1);
    } else {
      fp++;
      tps.push(0);
    }
  }
  const n = truth.length;
  if (n === 0) return { ap: NaN, tp, fp, gt: 0 };
  const prec: number[] = [];
  const rec: number[] = [];
  let c = 0;
  tps.forEach((t, i) => {
    c += t;
    prec.push(c / (i + 1));
    rec.push(c / n);
  });
  for (let i = prec.length - 2; i >= 0; i--) prec[i] = Math.max(prec[i]!, prec[i + 1]!);
  let ap = 0;
  for (let k = 0; k <= 100; k++) {
    const r = k / 100;
    const idx = rec.findIndex((x) => x >= r);
    ap += idx < 0 ? 0 : prec[idx]!;
  }
  return { ap: ap / 101, tp, fp, gt: n };
}
