/**
 * The auto_ocr rule: does a page's (or region's) text layer need OCR? Pure function of the
 * text runs, the page size and, optionally, where the page has images and ink.
 *
 * OCR is needed when the text layer is
 * - missing: no visible character;
 * - garbage: unmapped glyphs (U+FFFD, private-use, control or unassigned code points), mostly
 *   symbols, or letter strings that are not words (fonts whose glyphs map to wrong letters);
 * - too sparse for the page: a page-filling image with almost no text (a scan with a stamp
 *   or Bates number as its only text), or, when an ink map is given, ink that the text
 *   layer does not explain (scans, text drawn as vector outlines).
 */
import type { BBox } from '../../model/document.js';
import type { TextRun } from '../../model/page.js';
import type { InkCoverage } from './ink-coverage.js';
import { alnumCount, BAD_CHAR, isFunctionWord, isWordlike } from './text-quality.js';

export interface TextLayerPage {
  width: number;
  height: number;
  /** Placed raster images (PageContent.images), page units. */
  images?: readonly BBox[];
  /** Ink map of the rendered page (measureInkCoverage), to catch ink the text does not explain. */
  ink?: InkCoverage;
  /** Regions whose ink is not text (detected charts, photos): ignored by the ink rule. */
  exclude?: readonly BBox[];
}

export type NeedsOcrReason = 'no_text' | 'bad_characters' | 'mostly_symbols' | 'not_words' | 'scanned_image' | 'unexplained_ink';

export interface TextLayerAssessment {
  needsOcr: boolean;
  reason: NeedsOcrReason | null;
  stats: {
    chars: number;
    badChars: number;
    alnumRatio: number;
    tokens: number;
    wordlikeRatio: number;
    functionWordRatio: number;
    imageCoverage: number;
    charsPerSquareInch: number;
    charsPerSquareEm: number;
    unexplainedInk: number | null;
  };
}

/** Thresholds, exported for tests and tuning. */
export const TEXT_LAYER_RULES = {
  /** Share of replacement/private-use/control characters that marks a broken text layer. */
  maxBadCharRatio: 0.1,
  /** Below this share of letters and digits (leaders like "....." excluded) text is symbol soup. */
  minAlnumRatio: 0.4,
  /** Word checks need this many letter tokens to mean anything. */
  minTokensForWordCheck: 20,
  /** Share of tokens that read like words, below which the layer is not text. */
  minWordlikeRatio: 0.5,
  /**
   * Prose has 30–50% function words ("the", "und", "de"…); text from a font whose glyphs map
   * to shifted letters has next to none (0–2% on Caesar-shifted English, whose tokens are
   * still 43–77% wordlike; a table of school names and addresses: 3% and 88%).
   */
  minTokensForFunctionWords: 40,
  minFunctionWordRatio: 0.05,
  maxWordlikeWithoutFunctionWords: 0.8,
  /** A "scan": images cover this much of the page… */
  scanImageCoverage: 0.8,
  /** …and the text layer holds fewer characters per square inch than this (prose: 30–60)… */
  scanMaxCharsPerSquareInch: 1,
  /**
   * …and fewer per square em of its median font size (prose: 0.3–0.5; a stamp or a Bates
   * number on a letter page: under 0.005). A scan without a resolution becomes a page of
   * 72 dpi, several feet wide, whose good OCR layer holds 0.2–0.6 characters per square
   * inch but its usual 0.05–0.5 per square em (typewriter.png, receipts).
   */
  scanMaxCharsPerSquareEm: 0.02,
  /** Ink rule: share of inky cells no text run explains, and their minimum share of the page. */
  maxUnexplainedInk: 0.5,
  minUnexplainedPageShare: 0.03,
};

/** A letter outside the Latin, Greek and Cyrillic scripts. */
const OTHER_SCRIPT_LETTER = /(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{L}/u;
const EDGE_PUNCT = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;

export function textLayerNeedsOcr(runs: readonly TextRun[], page: TextLayerPage): boolean {
  return assessTextLayer(runs, page).needsOcr;
}

export function assessTextLayer(runs: readonly TextRun[], page: TextLayerPage): TextLayerAssessment {
  const R = TEXT_LAYER_RULES;
  const visible = runs.filter((r) => r.text.trim() !== '');
  const text = visible.map((r) => r.text).join(' ');
  const { chars, badChars, compactLength, alnumRatio, tokens, wordlikeRatio, functionWordRatio } = simpleTextStats(text) ?? textStats(text);
  const pageArea = Math.max(1e-9, page.width * page.height);
  const imageCoverage = coverage(page.images ?? [], page.width, page.height);
  const squareInches = pageArea / (72 * 72);
  const charsPerSquareInch = chars / squareInches;
  const em = medianFontSize(visible);
  const charsPerSquareEm = (chars * em * em) / pageArea;
  const unexplainedInk = page.ink ? unexplainedInkShare(page.ink, visible, page.exclude ?? []) : null;

  const stats = { chars, badChars, alnumRatio, tokens, wordlikeRatio, functionWordRatio, imageCoverage, charsPerSquareInch, charsPerSquareEm, unexplainedInk: unexplainedInk?.share ?? null };
  const verdict = (reason: NeedsOcrReason | null): TextLayerAssessment => ({ needsOcr: reason !== null, reason, stats });

  if (page.ink && page.ink.inkyCells === 0) return verdict(null); // blank page: nothing to read
  if (chars === 0) return verdict('no_text');
  if (badChars / chars > R.maxBadCharRatio) return verdict('bad_characters');
  if (compactLength >= 4 && alnumRatio < R.minAlnumRatio) return verdict('mostly_symbols');
  if (tokens >= R.minTokensForWordCheck && wordlikeRatio < R.minWordlikeRatio) return verdict('not_words');
  if (tokens >= R.minTokensForFunctionWords && functionWordRatio < R.minFunctionWordRatio && wordlikeRatio < R.maxWordlikeWithoutFunctionWords) {
    return verdict('not_words');
  }
  if (imageCoverage >= R.scanImageCoverage && charsPerSquareInch < R.scanMaxCharsPerSquareInch && charsPerSquareEm < R.scanMaxCharsPerSquareEm) return verdict('scanned_image');
  if (unexplainedInk && unexplainedInk.share > R.maxUnexplainedInk && unexplainedInk.pageShare >= R.minUnexplainedPageShare) {
    return verdict('unexplained_ink');
  }
  return verdict(null);
}

export interface TextStats {
  /** Non-space code points, and how many of them are BAD_CHAR. */
  chars: number;
  badChars: number;
  /** UTF-16 length of the text without spaces, So symbols and repeats (leaders). */
  compactLength: number;
  alnumRatio: number;
  /** Letter tokens judged by words, their distinct wordlike share and function-word share. */
  tokens: number;
  wordlikeRatio: number;
  functionWordRatio: number;
}

/**
 * The statistics the rule reads, by regular expressions: the reference for simpleTextStats,
 * and what text in other scripts goes through.
 */
export function textStats(text: string): TextStats {
  const chars = [...text.replace(/\s+/g, '')];
  const badChars = chars.filter((c) => BAD_CHAR.test(c)).length;
  // Dot leaders and rules ("......", "____") are layout, not evidence of symbol soup.
  // Real symbol characters (dingbats, arrows, box drawing: category So) decorate pages; the
  // soup of a broken encoding is punctuation and ASCII symbols.
  const compact = text.replace(/([^\p{L}\p{N}\s])\1{2,}/gu, '$1').replace(/[\s\p{So}]+/gu, '');
  const alnumRatio = compact.length ? alnumCount(compact) / [...compact].length : 0;
  // Word checks look at letter tokens of scripts written with spaces; tokens with digits
  // (codes like "T0-C1", dates, amounts) are neither words nor garbage and single letters
  // ("a", "I", list markers) say nothing. A page mostly in CJK or another unspaced script
  // is not judged by words at all.
  const letterTokens = text.split(/\s+/).map((t) => t.replace(EDGE_PUNCT, '')).filter((t) => /\p{L}/u.test(t));
  const otherScript = letterTokens.filter((t) => OTHER_SCRIPT_LETTER.test(t)).length;
  const tokens = otherScript * 2 > letterTokens.length ? [] : letterTokens.filter((t) => t.length >= 2 && !/\p{N}/u.test(t) && !OTHER_SCRIPT_LETTER.test(t));
  // Distinct tokens, so that a column repeating "GmbH" or "XXXX" does not outvote the rest.
  const lower = tokens.map((t) => t.toLowerCase());
  const distinct = [...new Set(lower)];
  const wordlikeRatio = distinct.length ? distinct.filter(isWordlike).length / distinct.length : 0;
  const functionWordRatio = tokens.length ? lower.filter(isFunctionWord).length / tokens.length : 0;
  return { chars: chars.length, badChars, compactLength: compact.length, alnumRatio, tokens: tokens.length, wordlikeRatio, functionWordRatio };
}

/** Character classes for the one-pass statistics, as bit flags; 0 = not yet classified. */
const enum Cls {
  Known = 1,
  Space = 2,
  Letter = 4,
  Number = 8,
  /** Punctuation or symbol (P, S): stripped from token edges. */
  Mark = 16,
  /** Other symbol (So): dropped from the compact text. */
  OtherSymbol = 32,
  Bad = 64,
  /** A letter of a script other than Latin, Greek, Cyrillic, or half of a surrogate pair. */
  Unsupported = 128,
}

/** Per UTF-16 code unit, filled on first sight (64 KB per thread). */
const CLASS = new Uint8Array(65536);

function classify(code: number): number {
  let k = CLASS[code]!;
  if (k !== 0) return k;
  const c = String.fromCharCode(code);
  k = Cls.Known;
  if (/\s/.test(c)) k |= Cls.Space;
  if (/\p{L}/u.test(c)) k |= Cls.Letter;
  if (/\p{N}/u.test(c)) k |= Cls.Number;
  if (/[\p{P}\p{S}]/u.test(c)) k |= Cls.Mark;
  if (/\p{So}/u.test(c)) k |= Cls.OtherSymbol;
  if (BAD_CHAR.test(c)) k |= Cls.Bad;
  if (OTHER_SCRIPT_LETTER.test(c) || (code >= 0xd800 && code <= 0xdfff)) k |= Cls.Unsupported;
  CLASS[code] = k;
  return k;
}

/**
 * textStats in one pass, without regexes over the page or intermediate arrays: the rule runs
 * on every page of every document. Covers text whose letters are Latin, Greek or Cyrillic
 * with no astral characters (null otherwise, for textStats); gives exactly textStats' numbers.
 */
export function simpleTextStats(text: string): TextStats | null {
  let chars = 0, badChars = 0, compactLength = 0, alnum = 0;
  let tokens = 0, functionWords = 0, distinct = 0, wordlike = 0;
  const seen = new Set<string>();
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (classify(text.charCodeAt(i)) & Cls.Space) {
      i++;
      continue;
    }
    // One whitespace-separated token: [start, i).
    const start = i;
    let letter = false, digit = false;
    while (i < n) {
      const c = text.charCodeAt(i);
      const k = classify(c);
      if (k & Cls.Space) break;
      if (k & Cls.Unsupported) return null;
      if (k & (Cls.Letter | Cls.Number)) {
        chars++;
        alnum++;
        compactLength++;
        if (k & Cls.Letter) letter = true;
        if (k & Cls.Number) digit = true;
        i++;
        continue;
      }
      // Any other character repeated three times or more counts once in the compact text
      // (leaders), where So symbols do not count at all.
      let end = i + 1;
      while (end < n && text.charCodeAt(end) === c) end++;
      const len = end - i;
      chars += len;
      if (k & Cls.Bad) badChars += len;
      if (!(k & Cls.OtherSymbol)) compactLength += len >= 3 ? 1 : len;
      i = end;
    }
    // Stripping edge punctuation removes no letter or digit, so the flags hold for the token.
    if (!letter || digit) continue;
    let a = start, b = i;
    while (a < b && classify(text.charCodeAt(a)) & Cls.Mark) a++;
    while (b > a && classify(text.charCodeAt(b - 1)) & Cls.Mark) b--;
    if (b - a < 2) continue;
    tokens++;
    const lower = text.slice(a, b).toLowerCase();
    if (isFunctionWord(lower)) functionWords++;
    if (!seen.has(lower)) {
      seen.add(lower);
      distinct++;
      if (isWordlike(lower)) wordlike++;
    }
  }
  return {
    chars,
    badChars,
    compactLength,
    alnumRatio: compactLength ? alnum / compactLength : 0,
    tokens,
    wordlikeRatio: distinct ? wordlike / distinct : 0,
    functionWordRatio: tokens ? functionWords / tokens : 0,
  };
}

/** Median font size of the runs (page units; 12 when there are none). */
function medianFontSize(runs: readonly TextRun[]): number {
  // A typed array sorts numbers natively, several times faster than a comparator (the sizes
  // are all > 0, so the order, and the median, are the same).
  const sizes = Float64Array.from(runs.map((r) => r.fontSize).filter((f) => f > 0)).sort();
  return sizes.length ? sizes[Math.floor(sizes.length / 2)]! : 12;
}

/** Share of the page under its images: the scan test of assessTextLayer, alone (no text statistics). */
export function imageCoverage(page: TextLayerPage): number {
  return coverage(page.images ?? [], page.width, page.height);
}

/**
 * Whether the images could cover `share` of the page on coverage()'s grid: false when even
 * counting every grid point each image's box could reach (⌊w/dx⌋ + 1 columns, plus one for
 * rounding) they are too few. Lets a born-digital page (no image, or small ones) skip the grid.
 */
export function imagesMayCover(page: TextLayerPage, share: number): boolean {
  const images = page.images ?? [];
  if (images.length === 0 || page.width <= 0 || page.height <= 0) return false;
  const dx = page.width / COVERAGE_GRID;
  const dy = page.height / COVERAGE_GRID;
  let points = 0;
  // (A NaN or negative side covers nothing there, so it counts as 0 here too.)
  for (const b of images) points += (Math.floor((b.width > 0 ? b.width : 0) / dx) + 2) * (Math.floor((b.height > 0 ? b.height : 0) / dy) + 2);
  return points >= share * COVERAGE_GRID * COVERAGE_GRID;
}

/** Points per side of coverage()'s sampling grid. */
const COVERAGE_GRID = 64;

/** Share of the page covered by the union of boxes (on a coarse grid: exact enough, robust to overlaps). */
function coverage(boxes: readonly BBox[], width: number, height: number): number {
  if (boxes.length === 0 || width <= 0 || height <= 0) return 0;
  const N = COVERAGE_GRID;
  let covered = 0;
  for (let gy = 0; gy < N; gy++) {
    const y = ((gy + 0.5) / N) * height;
    for (let gx = 0; gx < N; gx++) {
      const x = ((gx + 0.5) / N) * width;
      if (boxes.some((b) => x >= b.left && x <= b.left + b.width && y >= b.top && y <= b.top + b.height)) covered++;
    }
  }
  return covered / (N * N);
}

/** Inky cells not touched by any run (grown by half its height) nor inside an excluded region. */
function unexplainedInkShare(ink: InkCoverage, runs: readonly TextRun[], exclude: readonly BBox[]): { share: number; pageShare: number } {
  const explained = new Uint8Array(ink.cols * ink.rows);
  const mark = (b: BBox, grow: number) => {
    const x0 = Math.max(0, Math.floor(((b.left - grow) / ink.pageWidth) * ink.cols));
    const x1 = Math.min(ink.cols - 1, Math.floor(((b.left + b.width + grow) / ink.pageWidth) * ink.cols));
    const y0 = Math.max(0, Math.floor(((b.top - grow) / ink.pageHeight) * ink.rows));
    const y1 = Math.min(ink.rows - 1, Math.floor(((b.top + b.height + grow) / ink.pageHeight) * ink.rows));
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) explained[y * ink.cols + x] = 1;
  };
  for (const r of runs) mark(r.bbox, r.bbox.height / 2);
  for (const b of exclude) mark(b, 0);
  let inky = 0, unexplained = 0;
  for (let i = 0; i < explained.length; i++) {
    if (!ink.cells[i]) continue;
    inky++;
    if (!explained[i]) unexplained++;
  }
  return { share: inky ? unexplained / inky : 0, pageShare: unexplained / explained.length };
}
