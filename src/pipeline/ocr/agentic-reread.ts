/**
 * `agentic_ocr` (spec: "per-segment OCR enhancement"; issue 29 item 8): the lines of an OCR
 * page that were read with low confidence are read again, each from its own crop, enlarged,
 * told it is one line, by the most accurate local engine (ServiceBeta: tessdata_best's
 * `Lfx512` network, integerised); a re-reading replaces the line only when it is more
 * confident word by word and keeps as many letters. Work is per line, not per segment: segments are made
 * of lines, and a line's crop is what the engine reads best alone (the same finding as
 * extraction's line re-read, reread-lines.ts).
 *
 * - `standard`: lines under 0.80 mean word confidence, read at 2×; at most 40 lines a page.
 * - `advanced`: lines under 0.90, or with a word under 0.60, read at 2× and 3× (the more
 *   confident reading competes); at most 120 lines a page.
 *
 * Only pages read upright (no quarter turn, skew under 1°) are re-read: a line's box is then a
 * straight strip of the raster. Measured gain and cost: README.md, `bench/agentic-ocr.ts`.
 */
import type { OcrEngine, RasterImage } from '../../engines/ocr/interface.js';
import type { TextRun } from '../../model/page.js';
import { cropRaster } from '../../raster/crop-raster.js';
import { toGrey } from '../../raster/raster-grey.js';
import { rasterFromSharp, sharpFromRaster } from '../../raster/raster-sharp.js';
import { roundBBox } from '../../model/document.js';
import { consistentLineCase } from './case-consistency.js';

export type AgenticLevel = 'standard' | 'advanced';

interface LevelSettings {
  lineConfidence: number;
  wordConfidence: number;
  scales: number[];
  maxLines: number;
}

export const AGENTIC_LEVELS: Record<AgenticLevel, LevelSettings> = {
  standard: { lineConfidence: 0.8, wordConfidence: 0, scales: [2], maxLines: 40 },
  advanced: { lineConfidence: 0.9, wordConfidence: 0.6, scales: [2, 3], maxLines: 120 },
};

/**
 * A re-reading must beat the line's confidence by this much (the two networks' confidences
 * are not calibrated alike: a small gain is no evidence)…
 */
const MIN_GAIN = 0.05;
/** …and keep at least this share of its letters and digits (a crop read only in part loses words). */
const MIN_LETTER_SHARE = 0.95;
/** Padding of a line's crop, in line heights (as reread-lines.ts). */
const PAD_X = 1;
const PAD_Y = 0.35;

export interface AgenticStats {
  /** Lines chosen for a re-reading. */
  reread: number;
  /** Lines whose re-reading was kept. */
  replaced: number;
  /** OCR calls made. */
  calls: number;
}

export interface AgenticInput {
  runs: TextRun[];
  /** The page raster the runs were read from, and its pixels per page unit. */
  raster: RasterImage;
  scale: number;
  /** The page was read upright (rotation 0, skew under 1°). */
  upright: boolean;
}

/** Runs with low-confidence lines replaced by better re-readings, and what it did. */
export async function agenticReread(input: AgenticInput, level: AgenticLevel, engine: OcrEngine): Promise<{ runs: TextRun[]; stats: AgenticStats }> {
  const stats: AgenticStats = { reread: 0, replaced: 0, calls: 0 };
  if (!input.upright || input.runs.length === 0) return { runs: input.runs, stats };
  const cfg = AGENTIC_LEVELS[level];
  const lines = splitLines(input.runs);
  const chosen = lines
    .map((line, i) => ({ i, conf: letterConfidence(line) }))
    .filter(({ i, conf }) => conf < cfg.lineConfidence || lines[i]!.some((r) => (r.confidence ?? 1) < cfg.wordConfidence))
    .sort((a, b) => a.conf - b.conf)
    .slice(0, cfg.maxLines);
  if (chosen.length === 0) return { runs: input.runs, stats };
  const grey = toGrey(input.raster);
  for (const { i, conf } of chosen) {
    const line = lines[i]!;
    stats.reread++;
    let best: TextRun[] | null = null;
    let bestConf = conf + MIN_GAIN;
    for (const scale of cfg.scales) {
      stats.calls++;
      const words = wordByWord(line, await readLine(line, grey, input.scale, scale, engine));
      const c = words ? letterConfidence(words) : 0;
      if (words && c > bestConf && letters(words) >= MIN_LETTER_SHARE * letters(line)) {
        best = words;
        bestConf = c;
      }
    }
    if (best) {
      lines[i] = best;
      stats.replaced++;
    }
  }
  return { runs: lines.flat(), stats };
}

/**
 * The line with each word taken from whichever reading is more confident, when the re-reading
 * found the same words (as many, in order, each overlapping its counterpart); null otherwise.
 * Whole-line replacement lost more than it gained on receipts: the enlarged single-line crop
 * reads spaced columns glued ("SALTED EGG" → "SALTEDEGG", "6.50" → "650") with confidence.
 */
function wordByWord(line: TextRun[], reread: TextRun[]): TextRun[] | null {
  if (reread.length !== line.length) return null;
  const out: TextRun[] = [];
  for (let i = 0; i < line.length; i++) {
    const a = line[i]!;
    const b = reread[i]!;
    const overlap = Math.min(a.bbox.left + a.bbox.width, b.bbox.left + b.bbox.width) - Math.max(a.bbox.left, b.bbox.left);
    if (overlap <= 0.5 * Math.min(a.bbox.width, b.bbox.width)) return null;
    out.push(betterWord(a, b) ? { ...a, text: b.text, confidence: b.confidence } : a);
  }
  return out;
}

/** A word swap needs this much more confidence (the two networks' scores differ in scale). */
const WORD_GAIN = 0.15;
const digits = (t: string) => t.replace(/[^0-9]/g, '').length;

/**
 * The re-read word replaces the first when clearly more confident, and a short token keeps its
 * kind: a receipt's item number "8" re-read from a padded crop as "g" is the crop's edge.
 */
function betterWord(a: TextRun, b: TextRun): boolean {
  if ((b.confidence ?? 0) < (a.confidence ?? 0) + WORD_GAIN) return false;
  if (a.text.length <= 2 && (digits(a.text) !== digits(b.text) || b.text.length !== a.text.length)) return false;
  return true;
}

/** OCR runs grouped into lines (the last word of each carries `eol`). */
function splitLines(runs: TextRun[]): TextRun[][] {
  const out: TextRun[][] = [];
  let cur: TextRun[] = [];
  for (const r of runs) {
    cur.push(r);
    if (r.eol) {
      out.push(cur);
      cur = [];
    }
  }
  if (cur.length) out.push(cur);
  return out;
}

const letters = (runs: readonly TextRun[]) => runs.reduce((n, r) => n + (r.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0);

/** Mean word confidence weighted by letters (a misread "1" weighs less than a long word). */
function letterConfidence(runs: readonly TextRun[]): number {
  let w = 0;
  let s = 0;
  for (const r of runs) {
    const n = Math.max(1, r.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0);
    w += n;
    s += n * (r.confidence ?? 0);
  }
  return w ? s / w : 0;
}

/** One line's crop (page units → raster pixels), enlarged `factor`×, read as a single line; runs in page units. */
async function readLine(line: TextRun[], grey: RasterImage, scale: number, factor: number, engine: OcrEngine): Promise<TextRun[]> {
  const x0 = Math.min(...line.map((r) => r.bbox.left));
  const y0 = Math.min(...line.map((r) => r.bbox.top));
  const x1 = Math.max(...line.map((r) => r.bbox.left + r.bbox.width));
  const y1 = Math.max(...line.map((r) => r.bbox.top + r.bbox.height));
  const h = Math.max(1, y1 - y0);
  const left = Math.max(0, Math.floor((x0 - PAD_X * h) * scale));
  const top = Math.max(0, Math.floor((y0 - PAD_Y * h) * scale));
  const right = Math.min(grey.width, Math.ceil((x1 + PAD_X * h) * scale));
  const bottom = Math.min(grey.height, Math.ceil((y1 + PAD_Y * h) * scale));
  if (right - left < 3 || bottom - top < 3) return [];
  const crop = cropRaster(grey, { left, top, width: right - left, height: bottom - top });
  const big = await rasterFromSharp(sharpFromRaster(crop).resize(crop.width * factor, crop.height * factor, { kernel: 'lanczos3' }), crop);
  const res = await engine.recognize(big, { segmentation: 'single_line', dpi: grey.dpi ? grey.dpi * factor : undefined });
  const words = res.words.filter((w) => w.text.trim());
  const texts = consistentLineCase(words.map((w) => w.text));
  const k = 1 / (scale * factor);
  const fontSize = line[0]!.fontSize;
  const out: TextRun[] = [];
  words.forEach((w, j) => {
    const bbox = roundBBox({ left: left / scale + w.bbox.left * k, top: top / scale + w.bbox.top * k, width: w.bbox.width * k, height: w.bbox.height * k });
    const mid = bbox.top + bbox.height / 2;
    // A neighbouring line's ascenders or descenders in the padding are not this line.
    if (mid < y0 || mid > y1) return;
    out.push({ text: texts[j]!, bbox, fontSize, fontName: line[0]!.fontName, bold: false, italic: false, confidence: Math.round(w.confidence * 1000) / 1000, source: 'ocr' });
  });
  if (out.length) out[out.length - 1]!.eol = true;
  return out;
}
