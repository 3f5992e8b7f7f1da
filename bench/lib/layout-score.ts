/**
 * Scoring of parse segments against layout ground truth (bench/layout-eval-parse.ts,
 * bench/ocr-fusion-eval.ts share it so both print comparable figures): mAP@0.5 over the
 * classes each dataset annotates, and word recall against a dataset's words (DocBank).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { averagePrecision, type ScoredBox } from './detection-ap.js';
import type { CommonClass, GtPage } from './layout-gt.js';
import { bagOfWords } from './text-metrics.js';
import { openPdf } from '../../src/formats/pdf/open-document.js';
import { renderPdfPage } from '../../src/formats/pdf/render-page.js';

export interface Seg {
  segment_type: string;
  page_width: number;
  page_height: number;
  bbox: { left: number; top: number; width: number; height: number };
  confidence: number | null;
  content: string;
  page_number: number;
}

/** The page as a user's page image: the dataset's image, or CVAT's born-digital page at 100 DPI. */
export async function pageImage(gt: GtPage): Promise<Buffer> {
  if (gt.image) return fs.readFileSync(gt.image);
  const doc = await openPdf(new Uint8Array(fs.readFileSync(gt.pdf!.path)));
  const r = await renderPdfPage(await doc.getPage(gt.pdf!.page), 100);
  await doc.destroy();
  return sharp(r.data, { raw: { width: r.width, height: r.height, channels: r.channels } }).png().toBuffer();
}
export const pageImageExt = (gt: GtPage) => (gt.image ? path.extname(gt.image) : '.png');

export function evaluateLayout(sel: ReadonlyArray<{ gt: GtPage; segs: readonly Seg[] }>): { perClass: Map<CommonClass, { ap: number; gt: number }>; mAP: number } {
  const preds = new Map<CommonClass, ScoredBox[]>();
  const truth = new Map<CommonClass, Array<Omit<ScoredBox, 'score'>>>();
  for (const { gt, segs } of sel) {
    const page = `${gt.dataset}/${gt.name}`;
    for (const s of segs) {
      const cls = gt.predictionMap[s.segment_type];
      if (!cls || !gt.annotated.has(cls)) continue;
      const b = s.bbox;
      const box = { page, x1: b.left / s.page_width, y1: b.top / s.page_height, x2: (b.left + b.width) / s.page_width, y2: (b.top + b.height) / s.page_height, score: s.confidence ?? 0.5 };
      (preds.get(cls) ?? preds.set(cls, []).get(cls)!).push(box);
    }
    for (const b of gt.boxes) {
      // Whole lists (PubLayNet, DocBank) are matched by list items' union in layout-eval;
      // here they are left out, as they are from its mean.
      if (b.cls === 'list') continue;
      (truth.get(b.cls) ?? truth.set(b.cls, []).get(b.cls)!).push({ page, x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2 });
    }
  }
  const perClass = new Map<CommonClass, { ap: number; gt: number }>();
  for (const [cls, t] of truth) perClass.set(cls, { ap: averagePrecision(preds.get(cls) ?? [], t).ap, gt: t.length });
  const aps = [...perClass.values()].map((v) => v.ap);
  return { perClass, mAP: aps.reduce((a, b) => a + b, 0) / Math.max(1, aps.length) };
}

/** Words as compared: lower case, letters and digits only; tokens without one are not words. */
export function wordsOf(text: string): string[] {
  return text.split(/\s+/).map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')).filter((w) => w.length > 0);
}

/** Share of the ground truth's words (as a multiset) found in the segments' text. */
export function wordRecall(gtWords: readonly string[], segs: readonly Seg[]): { found: number; total: number } {
  const want = wordsOf(gtWords.join(' '));
  return { found: bagOfWords(wordsOf(segs.map((s) => s.content).join(' ')), want).tp, total: want.length };
}
