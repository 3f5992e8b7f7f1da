/**
 * OCR of one page raster → word runs in page units.
 *
 * 1. grey + a small ink mask; a blank page ends here with no runs;
 * 2. text direction and skew from projection profiles; which way is up from the
 *    ascender/descender asymmetry of the lines (a guess, verified by step 4);
 * 3. measure the smallest text; a page of large print is read from a smaller copy
 *    (glyph-size.ts), since more pixels than its glyphs need only cost time;
 * 4. rotate (quarter turns + skew in one resampling) and OCR the page;
 * 5. if that reading is poor, OCR a dense crop in the other orientations and re-read the
 *    page in the one that reads clearly better (upright pages never pay for this);
 * 6. map word boxes back to the original raster, then to page units.
 */
import type { PageSegmentation, OcrEngine, OcrPageResult, RasterImage } from '../../engines/ocr/interface.js';
import type { BBox } from '../../model/document.js';
import type { TextRun } from '../../model/page.js';
import { toGrey } from '../../raster/raster-grey.js';
import { cropRaster } from '../../raster/crop-raster.js';
import { densestWindow, inkMask, isBlank, type InkMask } from './ink-mask.js';
import { glyphSizes, maskComponents, ocrEnlargeFactor, ocrScaleFactor, textInkPoints, textLargeEnough } from './glyph-size.js';
import { rasterFromSharp, sharpFromRaster } from '../../raster/raster-sharp.js';
import { estimateTextDirection, uprightEvidence } from './text-direction.js';
import { rotateRaster, toSourceBox, type RasterRotation } from './rotate-raster.js';
import { readingQuality, type ReadingQuality } from './text-quality.js';
import { wordsToRuns } from './words-to-runs.js';
import { sauvolaBinarize } from './adaptive-threshold.js';

export interface OcrPageOptions {
  /** Page size in page units (PDF points) when the raster shows the whole page; default: the raster's pixels. */
  pageWidth?: number;
  pageHeight?: number;
  /**
   * The raster shows only this box of the page (page units), e.g. a segment cropped for
   * region OCR: runs are then placed at their page position. Overrides pageWidth/Height.
   */
  region?: BBox;
  /** Find and undo quarter-turn rotation. Default true. */
  detectOrientation?: boolean;
  /** Straighten small skew. Default true. */
  deskew?: boolean;
  /**
   * Read pages whose smallest text is large from a smaller copy of the raster (never under
   * 150 DPI). Default true; false reads every page at the raster's own resolution.
   */
  adaptiveResolution?: boolean;
  /**
   * A sharper raster of the same page (say 300 DPI where `raster` is 150), asked for when
   * the text on `raster` is too small to read: callers render pages that are likely to hold
   * large print (covers) cheaply first. Orientation is still judged on `raster`.
   */
  sharper?: () => Promise<RasterImage>;
  /**
   * A page with ink that reads poorly or as almost nothing is read again from a locally
   * binarised copy (cards, tinted backgrounds, uneven light). Default true.
   */
  binarizedRetry?: boolean;
  /** Largest skew searched, degrees. Default 10. */
  maxSkewDegrees?: number;
  segmentation?: PageSegmentation;
  /** Words read with less confidence are dropped. Default 0 (keep all). */
  minWordConfidence?: number;
  /**
   * A page whose best reading has a lower letter-weighted confidence is treated as having no
   * readable text (photos, patterns, scripts no loaded language covers) and returns no runs.
   * Default 0.3: junk reads at 0.1–0.25, poor but real scans at 0.5 and above.
   */
  minPageQuality?: number;
}

export type QuarterTurn = 0 | 90 | 180 | 270;

export interface OcrPageMeta {
  /** Clockwise quarter turn that made the page read upright. */
  rotation: QuarterTurn;
  /** Skew of the content in degrees (clockwise positive); the OCR raster was rotated by −skew. */
  skewDegrees: number;
  meanConfidence: number | null;
  wordCount: number;
  /** No ink worth reading: OCR was skipped. */
  blank: boolean;
  /** Ink, but nothing read with the minimum page quality: runs dropped. */
  unreadable: boolean;
  /** Scale of the raster the engine read, relative to the page raster (1, less for large print, more for small). */
  ocrScale: number;
  /** The `sharper` raster was needed (and is the page raster). */
  sharpened: boolean;
  /** The reading kept came from the locally binarised copy (a poor first reading). */
  binarized?: boolean;
  /** OCR calls made (1 for an upright page; more when orientation had to be probed). */
  ocrCalls: number;
  engine: string;
  elapsedMs: number;
}

export interface OcrPageOutput {
  runs: TextRun[];
  meta: OcrPageMeta;
  /** The page raster read: the input, or the `sharper` one when it was needed. */
  raster: RasterImage;
  /**
   * The grey raster the engine read, unrotated (the input raster or its smaller copy), for
   * later raster stages that need no more detail than OCR did. Absent when nothing was read.
   */
  ocrRaster?: RasterImage;
}

/** A first reading at least this good (letter-weighted confidence) is accepted as upright. */
const ACCEPT_QUALITY = 0.6;
/**
 * Skew below this is left to the engine, which follows slightly sloped lines by itself;
 * resampling costs time and a little sharpness (eurotext, 0.8°: CER 0.024 unrotated,
 * 0.027 rotated). At 1.9° and 2.8° (OCRmyPDF skew tests) deskewing cuts CER from 0.10
 * and 0.37 to under 0.005.
 */
const MIN_DESKEW_DEGREES = 1;
/** Skews within this many degrees of the largest searched are not undone (see planOrientation). */
const SKEW_BOUND_MARGIN = 0.5;
/** |evidence| below this is too weak to put 180° first (receipts, all-caps text). */
const UPRIGHT_EVIDENCE = 0.35;
/** Side of the square crop, in raster pixels, used to compare orientations (≈ 3 in at 300 DPI). */
const PROBE_SIDE = 1000;
/** Another orientation must read this much more text, and better, to be chosen. */
const PROBE_MARGIN = 1.25;
/** Fewer letters than this in the first reading: no text, nothing to probe. */
const MIN_PROBE_CHARS = 3;
const DEFAULT_MIN_PAGE_QUALITY = 0.3;
/** Probe readings within this share of the best read alike (see probeWinner). */
const PROBE_TIE = 0.95;

/**
 * The orientation that read best on the probe. Tesseract follows vertical text lines by
 * itself, so a quarter-turned crop can read as well as the upright one (a 100-DPI journal
 * page first read upside down: 0° and 90° scored 2393 and 2398, and 90° made the page word
 * salad). Among readings that tie, the one along the lines' direction the ink showed
 * (the first tried, or its opposite) wins: that direction is robust, only up and down are not.
 */
function probeWinner<T extends { turn: QuarterTurn; q: ReadingQuality }>(scored: readonly T[]): T {
  const best = scored.reduce((a, b) => (b.q.score > a.q.score ? b : a));
  const axis = scored[0]!.turn % 180;
  const along = scored.filter((s) => s.turn % 180 === axis && s.q.score >= PROBE_TIE * best.q.score);
  return along.length ? along.reduce((a, b) => (b.q.score > a.q.score ? b : a)) : best;
}
/** Rasters smaller than this are not worth a geometry analysis (or an OCR call). */
const MIN_SIDE = 8;

/**
 * OCR of a page raster; a page with ink that reads as little or nothing (a card on a tinted
 * or patterned background, a photo lit unevenly) is read again from a locally binarised
 * copy (adaptive-threshold.ts), and the better reading is kept.
 */
export async function ocrPage(raster: RasterImage, engine: OcrEngine, options: OcrPageOptions = {}): Promise<OcrPageOutput> {
  const first = await readPage(raster, engine, options);
  if (options.binarizedRetry === false || !needsBinarizedRetry(first)) return withoutQuality(first);
  const binary = sauvolaBinarize(first.raster);
  const second = await readPage(binary, engine, { ...options, sharper: undefined });
  const calls = first.meta.ocrCalls + second.meta.ocrCalls;
  if (!isClearlyBetter(second.quality, first.quality) || variedWords(second.runs) < MIN_VARIED_WORDS) {
    return withoutQuality({ ...first, meta: { ...first.meta, ocrCalls: calls } });
  }
  // The binary copy has the page raster's size: boxes are already in page units. Later
  // stages (layout model, crops) keep the original page raster. Confident words of the first
  // reading where the second read nothing are kept: light text on a dark band (a card's
  // title) reads from the grey page, and binarised, it is a white hole in a black block.
  const runs = [...second.runs, ...first.runs.filter((r) => (r.confidence ?? 0) >= KEEP_FIRST_CONFIDENCE && !second.runs.some((o) => overlaps(r.bbox, o.bbox)))];
  return withoutQuality({ ...second, runs, raster: first.raster, meta: { ...second.meta, wordCount: runs.length, ocrCalls: calls, sharpened: first.meta.sharpened, binarized: true, elapsedMs: first.meta.elapsedMs + second.meta.elapsedMs } });
}

/**
 * Read again when the page has ink but the reading is poor (letter-weighted confidence under
 * ACCEPT_QUALITY) or holds fewer letters than RETRY_LETTERS_PER_GLYPH of the glyph-like
 * components its ink mask shows, or when a global threshold calls over INKY_PAGE of the page
 * ink and its mask shows far fewer glyph-like components than the letters read (a receipt
 * photographed on a dark table, a card on a coloured ground: the mask is not text against
 * paper). A page of text read well, however short (a one-line label), never pays; nor does
 * an inky page whose mask does show its glyphs (a book cover with a dark ground: a second
 * reading there doubled the page's OCR for nothing — freeculture's cover, 96 letters over
 * 100 glyphs; a résumé with a dark sidebar, 990 over 359; the cards it helps, 66 over 8 and
 * 28 over 0; `npx tsx bench/photo-ocr.ts`).
 */
const RETRY_LETTERS_PER_GLYPH = 0.5;
const INKY_PAGE = 0.3;
const MASK_GLYPHS_PER_LETTER = 0.25;
function needsBinarizedRetry(o: ReadOutput): boolean {
  if (o.meta.blank) return false;
  if (o.raster.width < MIN_SIDE || o.raster.height < MIN_SIDE) return false;
  if (o.quality.quality < ACCEPT_QUALITY || o.quality.chars < RETRY_LETTERS_PER_GLYPH * o.glyphs) return true;
  return o.inkFraction > INKY_PAGE && o.glyphs < MASK_GLYPHS_PER_LETTER * o.quality.chars;
}

/**
 * The binarised reading must read clearly more confident text (score: confidence-weighted
 * letters), at a confidence not far under the first reading's or ACCEPT_QUALITY: a photo
 * of receipts read 21 letters at 0.71 plainly and 1,245 at 0.52 binarised.
 */
function isClearlyBetter(b: ReadingQuality, a: ReadingQuality): boolean {
  return b.score > a.score * 1.25 + 5 && b.quality >= Math.min(a.quality, ACCEPT_QUALITY) - 0.15;
}

const KEEP_FIRST_CONFIDENCE = 0.6;

/**
 * A binarised reading is text only if it holds a few words of two or more different letters
 * or digits: shapes binarise into strokes that OCR reads as runs of one letter (twelve drawn
 * circles read "OOO OOO OOO O OC O"), which no real card or receipt consists of.
 */
const MIN_VARIED_WORDS = 3;
function variedWords(runs: readonly { text: string }[]): number {
  let n = 0;
  for (const r of runs) {
    for (const word of r.text.split(/\s+/)) {
      const distinct = new Set(word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''));
      if (distinct.size >= 2) n++;
    }
  }
  return n;
}

/** Two boxes share over a fifth of the smaller one's area. */
function overlaps(a: BBox, b: BBox): boolean {
  const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return w > 0 && h > 0 && w * h > 0.2 * Math.min(a.width * a.height, b.width * b.height);
}

function withoutQuality(o: ReadOutput): OcrPageOutput {
  const { quality: _q, glyphs: _g, inkFraction: _i, ...rest } = o;
  return rest;
}

/** A reading, how good it is, and how many glyph-like components the page's ink mask holds. */
type ReadOutput = OcrPageOutput & { quality: ReadingQuality; glyphs: number; inkFraction: number };

async function readPage(raster: RasterImage, engine: OcrEngine, options: OcrPageOptions): Promise<ReadOutput> {
  const started = performance.now();
  const area = options.region ?? { left: 0, top: 0, width: options.pageWidth ?? raster.width, height: options.pageHeight ?? raster.height };
  const meta: OcrPageMeta = { rotation: 0, skewDegrees: 0, meanConfidence: null, wordCount: 0, blank: false, unreadable: false, ocrScale: 1, sharpened: false, ocrCalls: 0, engine: engine.description, elapsedMs: 0 };
  let ocrRaster: RasterImage | undefined;
  let page = raster;
  let quality: ReadingQuality = { score: 0, quality: 0, chars: 0 };
  let glyphs = 0;
  let inkFraction = 0;
  const done = (runs: TextRun[]): ReadOutput => {
    meta.wordCount = runs.length;
    meta.elapsedMs = Math.round(performance.now() - started);
    return { runs, meta, raster: page, quality, glyphs, inkFraction, ...(ocrRaster ? { ocrRaster } : {}) };
  };

  if (raster.width < MIN_SIDE || raster.height < MIN_SIDE) return done([]);
  let grey = toGrey(raster);
  const mask = await inkMask(grey);
  inkFraction = mask.inkFraction;
  if (isBlank(mask)) {
    meta.blank = true;
    return done([]);
  }

  const comps = maskComponents(mask);
  const { skew, order, sideways } = planOrientation(mask, options, textInkPoints(mask, comps));
  const sizes = glyphSizes(mask, { sideways }, comps);
  glyphs = sizes.heights.length;
  // Mask pixels per pixel of the page raster (the sharper one once it is taken).
  let maskScale = mask.scale;
  if (options.sharper && !textLargeEnough(sizes, mask)) {
    page = await options.sharper();
    grey = toGrey(page);
    maskScale = mask.width / grey.width;
    meta.sharpened = true;
  }
  // Orientation is judged on the page raster's mask; only the engine reads the smaller copy.
  const adaptive = options.adaptiveResolution !== false;
  const reduce = adaptive ? ocrScaleFactor(sizes, { scale: maskScale }, page.dpi ?? 0, grey.width * grey.height) : 1;
  const enlarge = adaptive && reduce === 1 ? ocrEnlargeFactor(sizes, { scale: maskScale }, grey.width * grey.height) : 1;
  const factor = reduce < 1 ? reduce : enlarge;
  // A mild reduction (3/4) of a skewed page is made with the deskew, in one resampling.
  const joint = factor < 1 && factor > 2 / 3 && skew !== 0 ? factor : 1;
  const source = factor !== 1 && joint === 1 ? await resample(grey, factor) : grey;
  meta.ocrScale = joint !== 1 ? joint : source.width / grey.width;
  ocrRaster = source;
  const segmentation = options.segmentation ?? 'auto';
  const read = async (image: RasterImage, turn: QuarterTurn, scale = 1) => {
    const { image: rotated, rotation } = await rotateRaster(image, turn + skew, scale);
    meta.ocrCalls++;
    const result = await engine.recognize(rotated, { segmentation, dpi: scale !== 1 ? rotated.dpi : source.dpi });
    return { result, rotation, quality: readingQuality(result.words) };
  };

  let best = { turn: order[0]!, ...(await read(source, order[0]!, joint)) };
  // Probing other orientations only pays when something was read; a reading without a
  // single letter means no text (sideways or upside-down text still reads as junk letters).
  const poor = best.quality.quality < ACCEPT_QUALITY && best.quality.chars >= MIN_PROBE_CHARS;
  if (options.detectOrientation !== false && poor && order.length > 1) {
    const sourceScale = source.width / grey.width;
    const probe = cropRaster(source, densestWindow({ ...mask, scale: maskScale / sourceScale }, PROBE_SIDE * sourceScale));
    const scored: { turn: QuarterTurn; q: ReadingQuality }[] = [];
    for (const turn of order) scored.push({ turn, q: (await read(probe, turn)).quality });
    const first = scored[0]!;
    const winner = probeWinner(scored);
    if (winner.turn !== first.turn && winner.q.score > first.q.score * PROBE_MARGIN && winner.q.quality > first.q.quality) {
      const again = { turn: winner.turn, ...(await read(source, winner.turn, joint)) };
      if (again.quality.score > best.quality.score) best = again;
    }
  }

  meta.rotation = best.turn;
  meta.skewDegrees = -skew;
  quality = best.quality;
  meta.meanConfidence = best.result.meanConfidence;
  if (best.quality.quality < (options.minPageQuality ?? DEFAULT_MIN_PAGE_QUALITY)) {
    meta.unreadable = best.result.words.length > 0;
    // No reading confirmed a turn or a skew: the page is laid out as given. (A drawing's
    // strokes can pass for lines upside down; laid out turned, a cartoon page lost its Picture.)
    meta.rotation = 0;
    meta.skewDegrees = 0;
    return done([]);
  }
  const result = backToSource(best.result, best.rotation);
  return done(wordsToRuns(result, { area, minWordConfidence: options.minWordConfidence ?? 0, uprightScale: lineScale(best.rotation, area.width, area.height) }));
}

/**
 * Skew to undo and quarter turns to try, most likely first; whether the lines run vertically.
 * The lines' direction comes from `textPoints` when there are any (text ink alone, so that a
 * picture does not decide it); which way is up from all the ink, unless the text's says otherwise.
 */
function planOrientation(mask: InkMask, options: OcrPageOptions, textPoints: Float32Array | null): { skew: number; order: QuarterTurn[]; sideways: boolean } {
  const dir = estimateTextDirection(mask, options.maxSkewDegrees ?? 10, textPoints);
  if (!dir) return { skew: 0, order: options.detectOrientation === false ? [0] : [0, 180, 90, 270], sideways: false };
  const axis: QuarterTurn = Math.abs(dir.angle) > 45 ? 90 : 0;
  const sideways = axis === 90;
  const rawSkew = dir.angle - axis;
  // A skew at the edge of the search is the search running out, not a measurement: a card's
  // diagonal guilloche pattern measured -9.7° of ±10° and the page, read turned, gave no word.
  const atBound = Math.abs(rawSkew) >= (options.maxSkewDegrees ?? 10) - SKEW_BOUND_MARGIN;
  const skew = options.deskew === false || atBound || Math.abs(rawSkew) < MIN_DESKEW_DEGREES ? 0 : rawSkew;
  if (options.detectOrientation === false) return { skew: axis === 0 ? skew : 0, order: [0], sideways };
  // All the ink says which way is up; the text's own ink can only veto a turn (a photo has no
  // x-height band and, darker at its foot, turned a report page; a striped cover's text ink alone
  // read upside down), so each measure's misreadings need the other's to turn a page.
  const evidence = uprightEvidence(mask, dir.angle);
  const turn = evidence < -UPRIGHT_EVIDENCE && !(textPoints && uprightEvidence(mask, dir.angle, textPoints) > UPRIGHT_EVIDENCE);
  const primary: QuarterTurn = turn ? ((axis + 180) as QuarterTurn) : axis;
  const flipped = ((primary + 180) % 360) as QuarterTurn;
  const others: QuarterTurn[] = axis === 0 ? [90, 270] : [0, 180];
  return { skew, order: [primary, flipped, ...others], sideways };
}

/**
 * A smaller copy of a grey raster (area-averaging, so thin strokes keep their weight), or a
 * larger one for small print (cubic, so strokes stay smooth rather than blocky).
 */
async function resample(grey: RasterImage, factor: number): Promise<RasterImage> {
  const width = Math.max(1, Math.round(grey.width * factor));
  const height = Math.max(1, Math.round(grey.height * factor));
  const out = await rasterFromSharp(sharpFromRaster(grey).resize({ width, height, fit: 'fill', kernel: factor < 1 ? 'linear' : 'cubic' }), grey);
  return { ...out, dpi: grey.dpi ? (grey.dpi * width) / grey.width : grey.dpi };
}

function backToSource(result: OcrPageResult, rotation: RasterRotation): OcrPageResult & { uprightLineHeights: number[] } {
  const uprightLineHeights = result.lines.map((l) => l.bbox.height);
  return {
    ...result,
    width: rotation.srcWidth,
    height: rotation.srcHeight,
    words: result.words.map((w) => ({ ...w, bbox: toSourceBox(rotation, w.bbox) })),
    lines: result.lines.map((l) => ({ ...l, bbox: toSourceBox(rotation, l.bbox) })),
    uprightLineHeights,
  };
}

/** Page units per upright-raster pixel along the upright vertical (for font sizes). */
function lineScale(rotation: RasterRotation, pageWidth: number, pageHeight: number): number {
  const sideways = Math.round(rotation.angle / 90) % 2 === 1;
  return (sideways ? pageWidth / rotation.srcWidth : pageHeight / rotation.srcHeight) / (rotation.scale ?? 1);
}
