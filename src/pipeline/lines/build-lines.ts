/**
 * Text runs → lines. Runs join a line when they share a baseline band and the gap between
 * them is small; a wide gap starts a new line so columns and table cells stay apart.
 */
import type { OcrEntry } from '../../model/document.js';
import type { Line } from '../../model/layout.js';
import type { TextRun } from '../../model/page.js';

/** Gap (in font sizes) above which two runs on one baseline belong to different lines. */
const SPLIT_GAP_EM = 1.25;
/** Gap (in font sizes) above which a space is inserted between runs. */
const SPACE_GAP_EM = 0.12;

interface OpenLine {
  runs: TextRun[];
  top: number;
  bottom: number;
  right: number;
  size: number;
}

function verticalOverlap(aTop: number, aBottom: number, bTop: number, bBottom: number): number {
  const inter = Math.min(aBottom, bBottom) - Math.max(aTop, bTop);
  const minH = Math.min(aBottom - aTop, bBottom - bTop);
  return minH > 0 ? inter / minH : 0;
}

/** Group runs into lines. Input order does not matter; output is sorted top-to-bottom. */
export function buildLines(runs: readonly TextRun[]): Line[] {
  const sorted = runs
    .filter((r) => r.text.trim().length > 0 && r.bbox.width >= 0 && r.bbox.height > 0)
    .slice()
    .sort((a, b) => a.bbox.top + a.bbox.height / 2 - (b.bbox.top + b.bbox.height / 2) || a.bbox.left - b.bbox.left);
  const done: OpenLine[] = [];
  let active: OpenLine[] = [];
  for (const run of sorted) {
    const top = run.bbox.top;
    const bottom = run.bbox.top + run.bbox.height;
    // Lines entirely above this run can no longer grow.
    if (active.length > 8) {
      const still: OpenLine[] = [];
      for (const l of active) (l.bottom < top - l.size ? done : still).push(l);
      active = still;
    }
    let best: OpenLine | undefined;
    let bestGap = Infinity;
    for (const l of active) {
      if (verticalOverlap(l.top, l.bottom, top, bottom) < 0.5) continue;
      const size = Math.max(l.size, run.fontSize);
      const gap = run.bbox.left - l.right;
      if (gap > SPLIT_GAP_EM * size || gap < -0.5 * size) continue;
      if (Math.abs(gap) < bestGap) {
        bestGap = Math.abs(gap);
        best = l;
      }
    }
    if (best) {
      best.runs.push(run);
      best.top = Math.min(best.top, top);
      best.bottom = Math.max(best.bottom, bottom);
      best.right = Math.max(best.right, run.bbox.left + run.bbox.width);
      best.size = Math.max(best.size, run.fontSize);
    } else {
      active.push({ runs: [run], top, bottom, right: run.bbox.left + run.bbox.width, size: run.fontSize });
    }
  }
  done.push(...active);
  return done.map(finishLine).sort((a, b) => a.bbox.top - b.bbox.top || a.bbox.left - b.bbox.left);
}

function finishLine(l: OpenLine): Line {
  const runs = l.runs.sort((a, b) => a.bbox.left - b.bbox.left);
  let text = '';
  const words: OcrEntry[] = [];
  let prevRight = -Infinity;
  const chars = new Map<number, number>();
  let boldChars = 0;
  let italicChars = 0;
  let total = 0;
  let confSum = 0;
  let confN = 0;
  let left = Infinity;
  let right = -Infinity;
  const fontChars = new Map<string, number>();
  for (const r of runs) {
    const gap = r.bbox.left - prevRight;
    const t = r.text;
    if (text.length > 0 && gap > SPACE_GAP_EM * r.fontSize && !/\s$/.test(text) && !/^\s/.test(t)) text += ' ';
    text += t;
    prevRight = r.bbox.left + r.bbox.width;
    left = Math.min(left, r.bbox.left);
    right = Math.max(right, prevRight);
    const n = t.replace(/\s/g, '').length;
    total += n;
    const key = Math.round(r.fontSize * 10);
    chars.set(key, (chars.get(key) ?? 0) + n);
    fontChars.set(r.fontName, (fontChars.get(r.fontName) ?? 0) + n);
    if (r.bold) boldChars += n;
    if (r.italic) italicChars += n;
    if (r.confidence !== null) {
      confSum += r.confidence * n;
      confN += n;
    }
    words.push({ text: t.trim(), bbox: r.bbox, confidence: r.confidence });
  }
  let fontSize = l.size;
  let bestN = -1;
  for (const [k, n] of chars) {
    if (n > bestN) {
      bestN = n;
      fontSize = k / 10;
    }
  }
  let fontName = '';
  bestN = -1;
  for (const [k, n] of fontChars) {
    if (n > bestN) {
      bestN = n;
      fontName = k;
    }
  }
  return {
    text: text.replace(/\s+/g, ' ').trim(),
    bbox: { left, top: l.top, width: right - left, height: l.bottom - l.top },
    fontSize,
    bold: total > 0 && boldChars / total > 0.6,
    italic: total > 0 && italicChars / total > 0.6,
    fontName,
    words,
    confidence: confN > 0 ? confSum / confN : null,
  };
}
